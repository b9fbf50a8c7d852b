//! The four games of the workspace behind one door: each game crate re-exported, and a
//! [`registry`] that lists the games with their configuration keys and builds a
//! [`DynGame`] (string moves, object-safe) from a game name plus configuration given as
//! `key=value` pairs or JSON. The command `variants` and the C library are built on it.
//!
//! # Example
//!
//! ```
//! use variants::registry;
//!
//! let config = registry::parse_config("heights=1").expect("valid configuration text");
//! let game = registry::new_game("chess3d", &config).expect("chess3d with one height");
//! assert_eq!(game.legal_move_texts().len(), 20); // FIDE chess: 20 first moves
//! assert_eq!(game.perft(2), 400);
//! ```
//!
//! Every game can be left out with Cargo features (`chess3d`, `checkers3d`, `bishops4p`,
//! `chess-t`; all on by default).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

pub mod registry;

pub use variant_core;
pub use variant_core::{DynGame, DynHistory, Error, Seat, Status};

#[cfg(feature = "bishops4p")]
pub use bishops4p;
#[cfg(feature = "checkers3d")]
pub use checkers3d;
#[cfg(feature = "chess-t")]
pub use chess_t;
#[cfg(feature = "chess3d")]
pub use chess3d;
