//! Players and matches for every game of the workspace, one library for all frontends: the
//! command line's `play` and `match`, the web server's engine seats, Python's
//! `variant_games.match(...)` and distributed runners.
//!
//! - [`spec`]: the one grammar of players (`human`, `random`, `greedy`,
//!   `engine[:depth=N,movetime=MS,nodes=N,hash=MB,eval=E]`, `uci:PATH[,option=value…]`):
//!   the options as given, read back from their text, changed with typed edits.
//! - [`player`]: players made from specs; the engine keeps one [`variant_engine::AnyEngine`]
//!   a game and sees the game's earlier positions.
//! - [`external`]: an external engine process speaking the protocol of docs/protocol.md.
//! - [`game`]: one game between players.
//! - [`opening`]: random plies or an openings file.
//! - [`runner`]: a match ([`run_match`]), or one of its games alone ([`play_one_game`]).
//! - [`report`]: W/D/L, score and Elo; [`sprt`]: fishtest's GSPRT.
//!
//! # Example
//!
//! ```
//! use variant_match::{MatchOptions, run_match};
//!
//! let mut options = MatchOptions::new("checkers3d", &["engine:depth=2", "random"]);
//! options.config = "heights=1".to_string();
//! options.games = 4;
//! let report = run_match(&options, &|_| {}).unwrap();
//! let engine = &report.players[0];
//! assert_eq!(engine.wins + engine.draws + engine.losses, 4);
//! ```

mod error;

pub mod builtin;
pub mod external;
pub mod game;
pub mod opening;
pub mod player;
pub mod protocol;
pub mod report;
pub mod rng;
pub mod runner;
pub mod spec;
pub mod sprt;

pub use error::MatchError;
pub use external::UciEngine;
pub use game::Outcome;
pub use player::Player;
pub use report::{GameResult, MatchReport, PlayerReport};
pub use rng::Rng;
pub use runner::{Match, MatchOptions, MatchProgress, play_one_game, run_match};
pub use spec::{EngineSpec, PlayerSpec, UciSpec};
pub use sprt::{Hypothesis, Sprt, SprtReport};

/// The examples of the crate's README (its crates.io page), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
