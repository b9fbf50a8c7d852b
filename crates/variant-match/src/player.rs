//! Players made from specs: each chooses a move for the position a game record ends in.

use crate::builtin::{greedy_move, random_move};
use crate::error::MatchError;
use crate::external::UciEngine;
use crate::rng::Rng;
use crate::spec::{EngineSpec, PlayerSpec};
use variant_engine::AnyEngine;
use variant_games::{AnyGame, Game, History};

/// A player ready to play games of one game and configuration.
///
/// An engine player keeps one [`AnyEngine`] for the whole game (its table and what it
/// learnt) and is given the game's earlier positions, so it sees repetitions;
/// [`Player::new_game`] makes it forget between games. An external engine is a running
/// process (ended when the player is dropped).
///
/// # Example
///
/// ```
/// use variant_games::History;
/// use variant_match::{Player, PlayerSpec, Rng};
///
/// let game = variant_games::new_game("chess-t", "").unwrap();
/// let mut player = Player::new(&PlayerSpec::parse("engine:depth=2").unwrap(), &game).unwrap();
/// let history = History::new(game.clone());
/// let mv = player.choose(&history, &mut Rng::new(1)).unwrap().unwrap();
/// assert!(game.legal_move_texts().contains(&mv));
/// ```
#[derive(Debug)]
pub enum Player {
    /// A person: [`Player::choose`] refuses (the frontend asks the person).
    Human,
    /// A legal move at random.
    Random,
    /// The best material one ply deep.
    Greedy,
    /// The built-in engine.
    Engine {
        /// Its settings.
        spec: EngineSpec,
        /// The engine, kept for the game.
        engine: Box<AnyEngine>,
    },
    /// An external engine process.
    Uci(Box<UciEngine>),
}

impl Player {
    /// The player of `spec` for games like `game` (its name and configuration; an external
    /// engine is started and told both).
    ///
    /// # Errors
    ///
    /// An engine's net file that cannot be read or is no net; an external engine that cannot
    /// be started or refuses the game or an option.
    pub fn new(spec: &PlayerSpec, game: &AnyGame) -> Result<Player, MatchError> {
        Ok(match spec {
            PlayerSpec::Human => Player::Human,
            PlayerSpec::Random => Player::Random,
            PlayerSpec::Greedy => Player::Greedy,
            PlayerSpec::Engine(e) => {
                let mut engine = AnyEngine::with_hash_mb(e.table_mb());
                engine.set_evaluation(e.evaluation()?);
                Player::Engine {
                    spec: e.clone(),
                    engine: Box::new(engine),
                }
            }
            PlayerSpec::Uci(u) => Player::Uci(Box::new(UciEngine::start(u, game)?)),
        })
    }

    /// Whether this is a person.
    pub fn is_human(&self) -> bool {
        matches!(self, Player::Human)
    }

    /// Forgets the previous game (call before each game).
    ///
    /// # Errors
    ///
    /// An external engine that died or does not answer `isready`.
    pub fn new_game(&mut self) -> Result<(), MatchError> {
        match self {
            Player::Engine { engine, .. } => engine.clear(),
            Player::Uci(uci) => uci.new_game()?,
            Player::Human | Player::Random | Player::Greedy => {}
        }
        Ok(())
    }

    /// The move (canonical text) for the last position of `history`; `None` when the mover
    /// has no legal move. `rng` serves the random choices of `random` and `greedy`.
    ///
    /// # Errors
    ///
    /// A human player; an external engine that dies, stays silent past its time or answers
    /// with an illegal move.
    pub fn choose(
        &mut self,
        history: &History<AnyGame>,
        rng: &mut Rng,
    ) -> Result<Option<String>, MatchError> {
        let game = history.position();
        match self {
            Player::Human => Err(MatchError::Options(
                "a human player's move is chosen by the person, not the library".to_string(),
            )),
            Player::Random => Ok(random_move(game, rng)),
            Player::Greedy => Ok(greedy_move(game, rng)),
            Player::Engine { spec, engine } => {
                let earlier = earlier_hashes(history);
                let r = engine.search(game, &earlier, &spec.search_limits(), None, |_| {});
                Ok(r.best.map(|m| game.format_move(m)))
            }
            Player::Uci(uci) => uci.choose(history),
        }
    }
}

/// The Zobrist hashes of the positions before the last one of `history` (what the engine
/// needs to see repetitions).
///
/// ```
/// use variant_games::{Game, History};
/// let mut h = History::new(variant_games::new_game("chess3d", "heights=1").unwrap());
/// h.play_text("e2e4").unwrap();
/// assert_eq!(variant_match::player::earlier_hashes(&h), [h.start().zobrist()]);
/// ```
pub fn earlier_hashes(history: &History<AnyGame>) -> Vec<u64> {
    let positions = history.positions();
    positions[..positions.len().saturating_sub(1)]
        .iter()
        .map(|p| p.zobrist())
        .collect()
}
