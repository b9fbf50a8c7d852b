//! A match: games between players with the seats rotated, openings from random plies or a
//! file (each played from both sides), several games at once, a progress callback per game,
//! and an optional SPRT that stops the match when it decides.

use crate::error::MatchError;
use crate::game::{outcomes, play};
use crate::opening::{Opening, parse_openings, random_plies};
use crate::player::Player;
use crate::report::{GameResult, MatchReport, add_up};
use crate::rng::Rng;
use crate::spec::PlayerSpec;
use crate::sprt::Sprt;
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use variant_games::{AnyGame, Game, Seat};

/// Plies after which an unfinished game is scored a draw, by default.
pub const DEFAULT_MAX_PLIES: usize = 600;

/// What a match is: the game, the players and how the games are set up. Serde, so it can be
/// sent to the workers of a distributed runner.
///
/// # Example
///
/// ```
/// use variant_match::MatchOptions;
/// let options = MatchOptions::new("checkers3d", &["greedy", "random"]);
/// assert_eq!(options.games, 10);
/// assert_eq!(options.max_plies, 600);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchOptions {
    /// The game's name (see `variant_games::registry::games`).
    pub game: String,
    /// Its configuration: `key=value;…` or a JSON object (empty: the defaults).
    pub config: String,
    /// One player spec per seat that plays (see [`PlayerSpec`]).
    pub players: Vec<String>,
    /// Games to play (with an SPRT: at most).
    pub games: usize,
    /// Seed of the openings and the random choices.
    pub seed: u64,
    /// Random plies at the start of each game (after the opening line, if any).
    pub random_plies: usize,
    /// The text of an openings file (one position text or move list a line), if any.
    pub openings: Option<String>,
    /// Plies of the players after which a game is adjudicated a draw.
    pub max_plies: usize,
    /// Games played at the same time.
    pub concurrency: usize,
    /// `elo0,elo1[,alpha,beta]`: run an SPRT and stop when it decides.
    pub sprt: Option<String>,
}

impl Default for MatchOptions {
    fn default() -> Self {
        MatchOptions {
            game: String::new(),
            config: String::new(),
            players: Vec::new(),
            games: 10,
            seed: 1,
            random_plies: 4,
            openings: None,
            max_plies: DEFAULT_MAX_PLIES,
            concurrency: 1,
            sprt: None,
        }
    }
}

impl MatchOptions {
    /// Options for `game` (default configuration) between `players`, the rest default.
    pub fn new(game: &str, players: &[&str]) -> MatchOptions {
        MatchOptions {
            game: game.to_string(),
            players: players.iter().map(|s| s.to_string()).collect(),
            ..MatchOptions::default()
        }
    }
}

/// A match checked and ready: the game, its playing seats, the parsed players and openings.
#[derive(Clone, Debug)]
pub struct Match {
    options: MatchOptions,
    start: AnyGame,
    seats: Vec<Seat>,
    specs: Vec<PlayerSpec>,
    openings: Vec<Opening>,
    sprt: Option<Sprt>,
}

/// What the progress callback hears after each game.
#[derive(Clone, Debug)]
pub struct MatchProgress<'a> {
    /// The game just finished.
    pub result: &'a GameResult,
    /// Games finished so far.
    pub finished: usize,
    /// Games the match plays at most.
    pub games: usize,
    /// The match so far.
    pub report: &'a MatchReport,
}

impl Match {
    /// Checks the options: the game and configuration, one spec per playing seat (no
    /// `human`, every net file of `eval=` a net), at least one game, the openings and the
    /// SPRT.
    ///
    /// # Errors
    ///
    /// [`MatchError`] naming what is wrong.
    pub fn new(options: MatchOptions) -> Result<Match, MatchError> {
        let start = variant_games::new_game(&options.game, &options.config)?;
        let seats = start.playing_seats();
        if options.players.len() != seats.len() {
            return Err(MatchError::Options(format!(
                "{} needs {} --player specs (one per seat), got {}",
                options.game,
                seats.len(),
                options.players.len()
            )));
        }
        if options.games == 0 {
            return Err(MatchError::Options(
                "--games must be at least 1".to_string(),
            ));
        }
        let specs: Vec<PlayerSpec> = options
            .players
            .iter()
            .map(|s| PlayerSpec::parse(s))
            .collect::<Result<_, _>>()?;
        if let Some(i) = specs.iter().position(PlayerSpec::is_human) {
            return Err(MatchError::spec(
                &options.players[i],
                "a match needs players that move by themselves (random, greedy, engine, uci:…)",
            ));
        }
        // A net file named by `eval=` is read now, so that a bad one is reported before the
        // first game rather than by every game's players.
        for spec in &specs {
            if let PlayerSpec::Engine(engine) = spec {
                engine.evaluation()?;
            }
        }
        let openings = match &options.openings {
            Some(text) => parse_openings(&start, text)?,
            None => Vec::new(),
        };
        let sprt = options.sprt.as_deref().map(Sprt::parse).transpose()?;
        if sprt.is_some() && specs.len() != 2 {
            return Err(MatchError::Options(
                "an SPRT needs a game of two players".to_string(),
            ));
        }
        Ok(Match {
            options,
            start,
            seats,
            specs,
            openings,
            sprt,
        })
    }

    /// The options.
    pub fn options(&self) -> &MatchOptions {
        &self.options
    }

    /// The SPRT, if the match runs one.
    pub fn sprt(&self) -> Option<&Sprt> {
        self.sprt.as_ref()
    }

    /// A fresh set of players (external engines started), one per spec.
    ///
    /// # Errors
    ///
    /// An external engine that cannot be started or refuses the game.
    pub fn players(&self) -> Result<Vec<Player>, MatchError> {
        self.specs
            .iter()
            .map(|s| Player::new(s, &self.start))
            .collect()
    }

    /// Plays game number `index` with `players` (from [`Match::players`]; they are told a new
    /// game begins). Everything random in it comes from the seed and `index`: games `2k` and
    /// `2k + 1` share their opening, and the `s`-th playing seat is played by player
    /// `(s + index) mod n` (the seats rotate from game to game).
    ///
    /// # Errors
    ///
    /// A player that fails.
    pub fn play_game(
        &self,
        players: &mut [Player],
        index: usize,
    ) -> Result<GameResult, MatchError> {
        let seed = self.options.seed;
        let mut rng = Rng::new(seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut opening_rng =
            Rng::new(seed ^ (index as u64 / 2 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let n = self.specs.len();
        let seat_player: Vec<usize> = (0..self.seats.len()).map(|s| (s + index) % n).collect();
        for p in players.iter_mut() {
            p.new_game()?;
        }
        let mut history = match self.openings.get((index / 2) % self.openings.len().max(1)) {
            Some(opening) => opening.history(&self.start)?,
            None => variant_games::History::new(self.start.clone()),
        };
        random_plies(&mut history, self.options.random_plies, &mut opening_rng)?;
        let played = play(
            history,
            players,
            &self.seats,
            &seat_player,
            self.options.max_plies,
            &mut rng,
        )?;
        let status = if played.adjudicated {
            "draw (ply limit)".to_string()
        } else {
            describe(played.history.position(), played.status)
        };
        let start = played.history.start();
        Ok(GameResult {
            index,
            outcomes: outcomes(played.status, &self.seats, &seat_player),
            status,
            start: start.to_text(),
            moves: played
                .history
                .positions()
                .iter()
                .zip(played.history.moves())
                .map(|(p, m)| p.format_move(m))
                .collect(),
            plies: played.plies,
        })
    }

    /// Adds up results of this match's games (from any runner).
    pub fn report(&self, results: &[GameResult]) -> MatchReport {
        add_up(&self.options.players, results, self.sprt.as_ref())
    }

    /// Plays the match: `concurrency` games at once, each worker with its own players;
    /// `on_progress` hears every finished game. With an SPRT the match stops taking new
    /// games once the test decides (games under way are finished and counted).
    ///
    /// # Errors
    ///
    /// The first error of a player (the other games stop).
    pub fn run(
        &self,
        on_progress: &(dyn Fn(&MatchProgress<'_>) + Sync),
    ) -> Result<MatchReport, MatchError> {
        let games = self.options.games;
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let results: Mutex<Vec<GameResult>> = Mutex::new(Vec::new());
        let first_error: Mutex<Option<MatchError>> = Mutex::new(None);
        let fail = |e: MatchError| {
            stop.store(true, Ordering::SeqCst);
            first_error
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get_or_insert(e);
        };
        std::thread::scope(|scope| {
            for _ in 0..self.options.concurrency.clamp(1, games) {
                scope.spawn(|| {
                    let mut players = match self.players() {
                        Ok(p) => p,
                        Err(e) => return fail(e),
                    };
                    while !stop.load(Ordering::SeqCst) {
                        let index = next.fetch_add(1, Ordering::SeqCst);
                        if index >= games {
                            return;
                        }
                        match self.play_game(&mut players, index) {
                            Ok(result) => {
                                let mut all = results.lock().unwrap_or_else(|p| p.into_inner());
                                all.push(result.clone());
                                let report = self.report(&all);
                                if report.sprt.is_some_and(|s| s.result.is_some()) {
                                    stop.store(true, Ordering::SeqCst);
                                }
                                on_progress(&MatchProgress {
                                    result: &result,
                                    finished: all.len(),
                                    games,
                                    report: &report,
                                });
                            }
                            Err(e) => return fail(e),
                        }
                    }
                });
            }
        });
        if let Some(e) = first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(e);
        }
        let results = results.into_inner().unwrap_or_else(|p| p.into_inner());
        Ok(self.report(&results))
    }
}

/// The status in words with the winner's seat name.
fn describe(game: &AnyGame, status: variant_games::Status) -> String {
    match status {
        variant_games::Status::Win { winner, reason } => {
            format!("{} wins ({reason})", game.seat_name(winner))
        }
        other => other.to_string(),
    }
}

/// Plays game number `index` of the match `options` on its own, with fresh players: the same
/// game [`run_match`] plays as its `index`-th (with built-in players that search by depth or
/// nodes, move for move), so a distributed runner can play games anywhere and add them up
/// with [`crate::report::add_up`].
///
/// # Errors
///
/// Bad options or a player that fails.
///
/// # Example
///
/// ```
/// use variant_match::{MatchOptions, play_one_game};
/// let options = MatchOptions::new("checkers3d", &["greedy", "random"]);
/// let a = play_one_game(&options, 3).unwrap();
/// let b = play_one_game(&options, 3).unwrap();
/// assert_eq!(a, b);
/// ```
pub fn play_one_game(options: &MatchOptions, index: usize) -> Result<GameResult, MatchError> {
    let m = Match::new(options.clone())?;
    let mut players = m.players()?;
    m.play_game(&mut players, index)
}

/// Runs the match `options`, calling `on_progress` after each game.
///
/// # Errors
///
/// Bad options or a player that fails.
///
/// # Example
///
/// ```
/// use variant_match::{MatchOptions, run_match};
/// let mut options = MatchOptions::new("chess3d", &["greedy", "random"]);
/// options.config = "heights=1".into();
/// options.games = 2;
/// let report = run_match(&options, &|p| assert!(p.finished <= 2)).unwrap();
/// assert_eq!(report.games, 2);
/// let json = serde_json::to_value(&report).unwrap();
/// assert_eq!(json["players"][0]["spec"], "greedy");
/// ```
pub fn run_match(
    options: &MatchOptions,
    on_progress: &(dyn Fn(&MatchProgress<'_>) + Sync),
) -> Result<MatchReport, MatchError> {
    Match::new(options.clone())?.run(on_progress)
}
