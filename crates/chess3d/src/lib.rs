//! Chess in the chess parallelepiped: an 8×8×H box of 1 to 8 heights, with the base-cube
//! barrier, 3D pawns, castling on the base heights and height removal as material goes
//! (rules: `rules/chess3d.md`, ids C3-1 … C3-52). With one height it is exactly FIDE chess.
//!
//! The engine keeps one 64-bit bitboard per piece kind and colour for each height, uses magic
//! bitboards inside a plane and short loops or ring tables across heights, and generates legal
//! moves with check and pin masks (make-and-test only for en passant and when a height removal
//! can follow the move).
//!
//! # Example
//!
//! ```
//! use chess3d::{Chess3d, Chess3dConfig};
//! use variant_core::{Game, perft::perft};
//!
//! // FIDE chess: one height.
//! let fide = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
//! assert_eq!(perft(&fide, 3), 8_902);
//!
//! // The default box: 8 heights, White on height 1, Black on height 8.
//! let mut game = Chess3d::new(&Chess3dConfig::default()).unwrap();
//! assert_eq!(game.count_legal_moves(), 122);
//! game.play_text("e2@1e4@1").unwrap();
//! assert_eq!(game.to_text().split(' ').nth(3), Some("e3@1"));
//! ```
// Helpers are `pub(crate)`: whatever is `pub` must be part of the API.
#![warn(unreachable_pub)]
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod actions;
mod attacks;
mod codec;
mod config;
mod game;
mod magic;
mod movegen;
mod moves;
mod notation;
mod piece;
mod plane;
pub mod plane_attacks;
mod planes;
mod position;
mod san;
mod tables;
mod view;

#[cfg(test)]
mod rule_tests;

pub use config::{Chess3dConfig, DEFAULT_REMOVAL};
pub use game::FIDE_START;
pub use movegen::MAX_MOVES;
pub use moves::Move;
pub use piece::{Color, Piece};
pub use position::Chess3d;

/// The one-line import for users of this crate: the game's types and the core items its API
/// needs (the `Game` trait, configurations, status, seats, errors).
///
/// # Example
///
/// ```
/// use chess3d::prelude::*;
///
/// let game = Chess3d::default();
/// let moves = game.legal_moves();
/// assert!(!moves.is_empty());
/// let config: Chess3dConfig = "heights=1".parse().unwrap();
/// assert!(Chess3d::new(&config).is_ok());
/// ```
pub mod prelude {
    pub use crate::{Chess3d, Chess3dConfig, Move};
    pub use variant_core::{
        Error, Game, GameConfig, History, IllegalMove, MoveError, PositionError, Seat, Status,
    };
}

/// The core crate this game is built on, for what the prelude does not bring.
pub use variant_core;

/// One line saying what this game is (the registries of the frontends show it).
pub const DESCRIPTION: &str =
    "chess in the 8x8xH parallelepiped of cubes (FIDE chess with one height)";

/// The perft reference counts of this game, each with its source, in the text format of
/// [`variant_core::perft_data`]: another move generator can check itself against them.
/// Sources: published FIDE tables (one height), the rules page's tables, counts made here.
///
/// # Example
///
/// ```
/// use variant_core::perft_data::PerftFile;
///
/// let file = PerftFile::parse(chess3d::PERFT_DATA).unwrap();
/// assert_eq!(file.game, "chess3d");
/// assert_eq!(file.entry("fide-start").unwrap().nodes(4), Some(197_281));
/// ```
pub const PERFT_DATA: &str = include_str!("../data/chess3d.perft");

/// The test positions of this game, in the text format of [`variant_core::test_positions`]:
/// the configurations the workspace's tests run it under and positions such as wins in one,
/// each with the rule ids that make it what it is. The facade hands them to the tests of every
/// frontend (`variant_games::registry::test_positions`), so no test outside this crate names
/// this game's positions.
///
/// # Example
///
/// ```
/// use variant_core::test_positions::TestPositions;
///
/// let file = TestPositions::parse(chess3d::TEST_POSITIONS).unwrap();
/// assert_eq!(file.game, "chess3d");
/// assert_eq!(file.entry("fide-back-rank").unwrap().wins, ["a1a8"]);
/// assert!(file.verify::<chess3d::Chess3d>().unwrap() >= 1);
/// ```
pub const TEST_POSITIONS: &str = include_str!("../data/chess3d.positions");

variant_core::impl_game_values!(Chess3d);

/// The game's side of the workspace's contract (`variant_core::GameCrate`): the texts above.
impl variant_core::GameCrate for Chess3d {
    const DESCRIPTION: &'static str = DESCRIPTION;
    const PERFT_DATA: &'static str = PERFT_DATA;
    const TEST_POSITIONS: &'static str = TEST_POSITIONS;
}
variant_core::impl_config_text!(Chess3dConfig);

/// The examples of the crate's README (its crates.io page), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
