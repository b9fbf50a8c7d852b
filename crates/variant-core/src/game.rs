//! The `Game` trait: the contract every game of the workspace implements.

use crate::{
    ConfigError, DrawReason, GameConfig, IllegalMove, MoveBuffer, MoveError, PositionError, Seat,
    Status,
};
use std::fmt::Debug;
use std::hash::Hash;

/// How repetitions of a position end a game: after how many occurrences a player may claim a
/// draw, and after how many the game is drawn by itself. Judged by [`History`](crate::History),
/// which alone knows the earlier positions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RepetitionRules {
    /// Occurrences that allow a claim (chess: 3).
    pub claim: Option<u32>,
    /// Occurrences that draw the game by themselves (chess: 5, Russian draughts: 3).
    pub automatic: Option<u32>,
}

/// A game position together with its configuration: a small, `Clone`, always valid value.
///
/// Moves are small `Copy` values; legal moves are generated into a fixed-capacity list
/// without heap allocation; [`Game::play_unchecked`] is copy-make's fast path and
/// [`Game::try_play`] its checked form.
pub trait Game: Clone + Debug + Send + Sync + Sized + 'static {
    /// The configuration (rule switches, geometry).
    type Config: GameConfig;
    /// A move.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The list legal moves are generated into.
    type MoveList: MoveBuffer<Self::Move>;

    /// The game's registry name (`chess3d`, `checkers3d`, `bishops4p`, `chess-t`).
    const NAME: &'static str;

    /// The start position under `config`.
    fn new(config: &Self::Config) -> Result<Self, ConfigError>;

    /// The configuration this position is played under. When the position was read from text
    /// it carries what the text fixes (for the 3D games the heights and base heights).
    fn config(&self) -> &Self::Config;

    /// Reads a position in the game's notation. What the text carries overrides `config`;
    /// everything else comes from `config`.
    fn from_text(config: &Self::Config, text: &str) -> Result<Self, PositionError>;

    /// The position in the game's notation.
    fn to_text(&self) -> String;

    /// How many seats the game has (2, or 4 for "Bishops").
    fn seat_count(&self) -> usize;

    /// The name of a seat (`white`, `black`, `grey`, `pink`).
    fn seat_name(&self, seat: Seat) -> &'static str;

    /// The seat to move.
    fn side_to_move(&self) -> Seat;

    /// Writes every legal move into `moves` (which it clears first).
    fn legal_moves(&self, moves: &mut Self::MoveList);

    /// The number of legal moves (perft's bulk count). Games may count without listing.
    fn count_legal_moves(&self) -> u64 {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// Plays a move known to be legal in this position. Playing any other move leaves the
    /// position unspecified (but never unsafe).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal here; otherwise leaves the position unchanged.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove {
                mv: self.format_move(mv),
                reason: "not a legal move in this position".to_string(),
            })
        }
    }

    /// Reads a move in the game's notation and returns the legal move it names.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The canonical text of a move of this position.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Parses and plays a move.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, MoveError> {
        let mv = self.parse_move(text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// The result decided by the position alone (mate, stalemate, dead position, move-count
    /// rules that end the game by themselves). Repetitions, claims, resignations and agreements
    /// are judged by [`History`](crate::History).
    fn status(&self) -> Status;

    /// The Zobrist hash of the whole position.
    fn zobrist(&self) -> u64;

    /// The Zobrist hash computed from scratch from the position's contents. Games that update
    /// their hash incrementally override this, and tests check that both agree after every
    /// move.
    fn recompute_zobrist(&self) -> u64 {
        self.zobrist()
    }

    /// The hash that identifies positions for repetition (by default the Zobrist hash; games
    /// whose repetition identity differs from the full position override it).
    fn repetition_key(&self) -> u64 {
        self.zobrist()
    }

    /// How repetitions end the game.
    fn repetition_rules(&self) -> RepetitionRules;

    /// A draw that the side to move may claim in this position by a move-count rule
    /// (50-move rule and the like), if any. Repetition claims are judged by the history.
    fn claimable_draw(&self) -> Option<DrawReason> {
        None
    }

    /// A picture of the position for people (boards, pieces, marks, notes). Games that do not
    /// draw themselves return `None` and frontends show the position text instead.
    fn board_view(&self) -> Option<crate::BoardView> {
        None
    }

    /// What a resignation by `seat` does. By default (two players) the other seat wins and the
    /// game ends: `Ok(Some(status))`. A multi-player game may instead change the position and go
    /// on (`Ok(None)`), e.g. by removing the resigning army.
    fn resign(&mut self, seat: Seat) -> Result<Option<Status>, String> {
        if seat.index() >= self.seat_count() {
            return Err(format!("there is no {seat}"));
        }
        if self.seat_count() != 2 {
            return Err("this game does not define resignation".to_string());
        }
        Ok(Some(Status::Win {
            winner: Seat(1 - seat.0),
            reason: crate::WinReason::Resignation,
        }))
    }
}
