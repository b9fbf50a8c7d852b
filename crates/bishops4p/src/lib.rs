//! "Bishops": chess for four players on a 12x12 board (rules: `docs/rules/bishops4p.md`,
//! rule ids `B4-n`).
//!
//! Four armies — White, Grey, Black, Pink, moving in that (clockwise) order — play on a 12x12
//! board with four 2x2 corner blocks on which a king is immune while its colour still has a
//! bishop. Every player may check anyone, but may mate only its left neighbour (the next active
//! player); a checked player moves next. The short game ends with the first mate; in the long
//! game mated players leave until a duel decides. A three-player game leaves Grey out and lets
//! White place its queen and a knight in Grey's area first.
//!
//! # Example
//!
//! ```
//! use bishops4p::{Bishops, BishopsConfig};
//! use variant_core::{Game, perft::perft};
//!
//! let start = Bishops::new(&BishopsConfig::default()).unwrap();
//! assert_eq!(perft(&start, 2), 669); // B4-52
//! let mut game = start.clone();
//! game.play_text("c2c4").unwrap();
//! assert_eq!(game.seat_name(game.side_to_move()), "grey");
//! assert_eq!(Bishops::from_text(&BishopsConfig::default(), &start.to_text()).unwrap().to_text(), start.to_text());
//! ```
// Helpers are `pub(crate)`: whatever is `pub` must be part of the API.
#![warn(unreachable_pub)]
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod actions;
mod cell;
mod codec;
mod config;
mod game;
mod geometry;
mod movegen;
mod moves;
mod notation;
mod planes;
mod position;
mod threats;
mod turn;
mod view;
mod zobrist;

pub use cell::{Cell, ParseCellError};
pub use config::{BishopsConfig, Mode};
pub use game::{Piece, SEAT_NAMES};
pub use moves::{Move, MoveKind};
pub use position::{Bishops, Phase};
pub use threats::LeftNeighbourChecks;

/// The one-line import for users of this crate: the game's types and the core items its API
/// needs (the `Game` trait, configurations, status, seats, errors).
///
/// # Example
///
/// ```
/// use bishops4p::prelude::*;
///
/// let game = Bishops::default();
/// let moves = game.legal_moves();
/// assert!(!moves.is_empty());
/// let config: BishopsConfig = "players=3".parse().unwrap();
/// assert!(Bishops::new(&config).is_ok());
/// ```
pub mod prelude {
    pub use crate::{Bishops, BishopsConfig, Move};
    pub use variant_core::{
        Error, Game, GameConfig, History, IllegalMove, MoveError, PositionError, Seat, Status,
    };
}

/// The core crate this game is built on, for what the prelude does not bring.
pub use variant_core;

/// One line saying what this game is (the registries of the frontends show it).
pub const DESCRIPTION: &str =
    "\"Bishops\": chess for four (or three) players on a 12x12 board with corner blocks";

/// The perft reference counts of this game, each with its source, in the text format of
/// [`variant_core::perft_data`]: another move generator can check itself against them.
/// Sources: the rules page's table (B4-52), counts made here.
///
/// # Example
///
/// ```
/// use variant_core::perft_data::PerftFile;
///
/// let file = PerftFile::parse(bishops4p::PERFT_DATA).unwrap();
/// assert_eq!(file.game, "bishops4p");
/// assert_eq!(file.entry("four-players").unwrap().nodes(2), Some(669));
/// ```
pub const PERFT_DATA: &str = include_str!("../data/bishops4p.perft");

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
/// let file = TestPositions::parse(bishops4p::TEST_POSITIONS).unwrap();
/// assert_eq!(file.game, "bishops4p");
/// assert_eq!(file.entry("grey-mates-black").unwrap().wins, ["b11e11"]);
/// assert!(file.verify::<bishops4p::Bishops>().unwrap() >= 1);
/// ```
pub const TEST_POSITIONS: &str = include_str!("../data/bishops4p.positions");

variant_core::impl_game_values!(Bishops);

/// The game's side of the workspace's contract (`variant_core::GameCrate`): the texts above.
impl variant_core::GameCrate for Bishops {
    const DESCRIPTION: &'static str = DESCRIPTION;
    const PERFT_DATA: &'static str = PERFT_DATA;
    const TEST_POSITIONS: &'static str = TEST_POSITIONS;
}
variant_core::impl_config_text!(BishopsConfig);

/// The examples of the crate's README (its crates.io page), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
