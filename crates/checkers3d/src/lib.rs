//! checkers3d: Russian draughts in the 8×8×H parallelepiped (rules: `docs/rules/checkers3d.md`,
//! rule ids D3-1 … D3-51).
//!
//! Only dark cells are used (32 per height); men step forward on their height or one height up
//! or down, capture in all 12 colour-keeping directions; kings fly. Captures follow the Turkish
//! strike, capture is compulsory, and two switches choose between the majority rule and free
//! choice, and between promotion in passing and at the end of a capture. With one height and
//! the Russian switches this is exactly Russian draughts (D3-40).
//!
//! The position keeps one 32-bit bitboard per height and colour (plus kings); men's quiet
//! moves are whole-height shifts, kings walk a precomputed neighbour table, captures are a
//! depth-first search that merges duplicate paths (D3-14).
//!
//! # Example
//!
//! ```
//! use checkers3d::{Checkers3d, Checkers3dConfig};
//! use variant_core::{Game, GameConfig, perft::perft};
//!
//! // Russian draughts: one height, free capture choice, promotion in passing.
//! let config =
//!     Checkers3dConfig::from_pairs([("heights", "1"), ("capture", "free")]).unwrap();
//! let mut game = Checkers3d::new(&config).unwrap();
//! assert_eq!(perft(&game, 3), 302);
//! game.play_text("c3-d4").unwrap();
//! assert_eq!(
//!     game.to_text(),
//!     "B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
//! );
//!
//! // The default game: 8 heights, White on height 1, Black on height 8.
//! let game = Checkers3d::new(&Checkers3dConfig::default()).unwrap();
//! assert_eq!(game.count_legal_moves(), 28);
//! assert_eq!(game.format_move(game.parse_move("c3@1-d4@2").unwrap()), "c3@1-d4@2");
//! ```
// Helpers are `pub(crate)`: whatever is `pub` must be part of the API.
#![warn(unreachable_pub)]
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod actions;
mod capture;
mod codec;
mod config;
mod game;
mod geometry;
pub mod hostile;
mod movegen;
mod moves;
mod notation;
mod piece;
mod plane;
mod planes;
mod position;
mod view;

pub use config::{CaptureRule, Checkers3dConfig, DEFAULT_REMOVAL, PromotionRule};
pub use moves::{Move, MoveList};
pub use piece::Piece;
pub use position::Checkers3d;

/// The one-line import for users of this crate: the game's types and the core items its API
/// needs (the `Game` trait, configurations, status, seats, errors).
///
/// # Example
///
/// ```
/// use checkers3d::prelude::*;
///
/// let game = Checkers3d::default();
/// let moves = game.legal_moves();
/// assert!(!moves.is_empty());
/// let config: Checkers3dConfig = "heights=1".parse().unwrap();
/// assert!(Checkers3d::new(&config).is_ok());
/// ```
pub mod prelude {
    pub use crate::{Checkers3d, Checkers3dConfig, Move};
    pub use variant_core::{
        Error, Game, GameConfig, History, IllegalMove, MoveError, PositionError, Seat, Status,
    };
}

/// The core crate this game is built on, for what the prelude does not bring.
pub use variant_core;

/// One line saying what this game is (the registries of the frontends show it).
pub const DESCRIPTION: &str =
    "Russian draughts in the 8x8xH parallelepiped (Russian draughts with one height)";

/// The perft reference counts of this game, each with its source, in the text format of
/// [`variant_core::perft_data`]: another move generator can check itself against them.
/// Sources: published draughts tables (one height), the rules page's tables, counts made here.
///
/// # Example
///
/// ```
/// use variant_core::perft_data::PerftFile;
///
/// let file = PerftFile::parse(checkers3d::PERFT_DATA).unwrap();
/// assert_eq!(file.game, "checkers3d");
/// assert_eq!(file.entry("russian").unwrap().nodes(3), Some(302));
/// ```
pub const PERFT_DATA: &str = include_str!("../data/checkers3d.perft");

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
/// let file = TestPositions::parse(checkers3d::TEST_POSITIONS).unwrap();
/// assert_eq!(file.game, "checkers3d");
/// assert_eq!(file.entry("last-man-taken").unwrap().wins, ["h2:f4"]);
/// assert!(file.verify::<checkers3d::Checkers3d>().unwrap() >= 1);
/// ```
pub const TEST_POSITIONS: &str = include_str!("../data/checkers3d.positions");

variant_core::impl_game_values!(Checkers3d);

/// The game's side of the workspace's contract (`variant_core::GameCrate`): the texts above.
impl variant_core::GameCrate for Checkers3d {
    const DESCRIPTION: &'static str = DESCRIPTION;
    const PERFT_DATA: &'static str = PERFT_DATA;
    const TEST_POSITIONS: &'static str = TEST_POSITIONS;
}
variant_core::impl_config_text!(Checkers3dConfig);

/// The examples of the crate's README (its crates.io page), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
