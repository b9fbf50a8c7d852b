//! An engine for every game of the workspace, generic over [`variant_core::Game`].
//!
//! - Two players (chess3d, checkers3d, chess-T): iterative deepening, principal variation
//!   search with alpha-beta, a transposition table keyed by the Zobrist hash, quiescence on
//!   captures and promotions, move ordering (TT move, captures by value, killers, history),
//!   mate scores that count plies, draws by repetition and by the games' move counters.
//! - Three or four players (bishops4p): the same search run as *Best-Reply Search*: between
//!   two moves of the searching player one opponent replies with all its moves, the others
//!   play their first move in the static order (docs/engine.md explains the choice over
//!   paranoid search).
//! - Limits: depth, nodes, time per move and a stop flag that another thread may set;
//!   progress reports through a callback after every completed depth.
//!
//! A game joins by implementing [`SearchGame`] (move facts and an evaluation); this crate does
//! so for the four games.
//!
//! # Example
//!
//! ```
//! use chess3d::{Chess3d, Chess3dConfig};
//! use variant_core::Game;
//! use variant_engine::{Limits, Searcher};
//!
//! let config = Chess3dConfig { heights: 1, ..Chess3dConfig::default() };
//! // Scholar's mate is one move away: Qxf7#.
//! let text = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
//! let game = Chess3d::from_text(&config, text).expect("a legal position");
//! let mut searcher = Searcher::new();
//! let result = searcher.search(&game, &[], &Limits::depth(2), None, |_| {});
//! assert_eq!(game.format_move(result.best.expect("a move")), "h5f7");
//! assert_eq!(result.score.mate_in(), Some(1));
//! ```
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod any;
pub mod datagen;
pub mod eval;
mod limits;
pub mod nnue;
mod ordering;
mod score;
mod search;
mod search_game;
mod text;
mod tt;

pub use any::{AnyEngine, DEFAULT_ANY_HASH_MB, line_texts};
pub use limits::{Limits, Progress};
pub use score::Score;
pub use search::{SearchResult, Searcher};
pub use search_game::{MoveFacts, SearchGame, SearchSettings};
pub use text::{TextResult, TextSearcher};

/// The examples of the crate's README (its crates.io page), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
