//! The contract every game of the `variants` workspace implements, and the machinery written
//! once for all of them.
//!
//! - [`Game`]: a small, `Clone`, validated position with `Copy` moves, legal move generation
//!   into a fixed-capacity [`MoveList`], copy-make play ([`Game::play_unchecked`],
//!   [`Game::try_play`]), notation in and out, status and Zobrist hash.
//! - [`perft`](perft::perft) with bulk counting and [`divide`](perft::divide), on one thread
//!   (threads, transposition tables, stop flags and progress are the crate `variant-perft`).
//! - [`History`]: the game record with undo, repetitions, draw claims, resignation and
//!   agreement; [`Record`] (serde, moves as canonical text) and the compact [`binary`] format
//!   (the Cargo feature `binary`, on by default).
//! - Each game's knowledge for programs outside Rust, behind traits every game implements:
//!   [`codec::MoveCode`] (moves as 64-bit codes), [`actions::ActionSpace`] (moves as action
//!   indices for learning) and [`planes::Observation`] (boards as numbers).
//! - Shared pieces of the parallelepiped games: [`grid3::Cell3`] (cells `e2@1`) and
//!   [`RemovalTable`] (height removal).
//!
//! # Example
//!
//! Any game can be counted, played and recorded through the same functions:
//!
//! ```
//! use variant_core::{Game, History, perft::perft};
//!
//! /// Perft to `depth`, then a record of the first legal move.
//! fn explore<G: Game>(start: G, depth: u32) -> (u64, String) {
//!     let nodes = perft(&start, depth);
//!     let mut moves = G::MoveList::default();
//!     start.legal_moves_into(&mut moves);
//!     let mut history = History::new(start);
//!     if let Some(&first) = moves.first() {
//!         history.play(first).expect("a generated move is legal");
//!     }
//!     (nodes, history.to_json())
//! }
//!
//! // On the docs' one-heap Nim (take 1, 2 or 3 of 10 counters): 9 move pairs, and the record
//! // of taking 1.
//! let (nodes, json) = explore(variant_core::doc_game::Nim::default(), 2);
//! assert_eq!(nodes, 9);
//! assert!(json.contains("\"1\""));
//! ```
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

pub mod actions;
#[cfg(feature = "binary")]
pub mod binary;
pub mod bits;
pub mod codec;
pub mod config;
mod contract;
mod data_file;
pub mod diagram;
#[doc(hidden)]
pub mod doc_game;
pub mod error;
mod game;
pub mod grid3;
mod history;
mod movelist;
pub mod perft;
pub mod perft_data;
pub mod planes;
pub mod presentation;
mod record;
mod removal;
mod seat;
mod status;
pub mod test_positions;
mod values;
pub mod view;
pub mod zobrist;

pub use config::{ConfigKey, GameConfig};
pub use contract::GameCrate;
pub use error::{
    ActionError, ConfigError, EncodeError, Error, IllegalMove, MoveError, PerftError,
    PositionError, RecordError,
};
pub use game::{Game, RepetitionRules};
pub use history::{Action, Ending, History, RESIGN_PREFIX};
pub use movelist::{MoveBuffer, MoveCounter, MoveList, MoveSink, SpillList};
pub use record::{Record, json_record_game};
pub use removal::RemovalTable;
pub use seat::Seat;
pub use status::{DrawReason, GameReason, Status, WinReason};
pub use view::{BoardGrid, BoardView, CellView, PieceView};

/// The examples of the crate's README (its crates.io page), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
