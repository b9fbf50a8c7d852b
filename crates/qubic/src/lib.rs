//! Qubic: tic-tac-toe in the 4×4×4 box (rules: `docs/rules/qubic.md`, rule ids `Q-n`).
//!
//! Two players, x and o, place marks in turn on the empty cells of a 4×4×4 box; four of one
//! player's marks in one of the box's 76 straight lines win, a full box without such a line is
//! a draw. The fifth and smallest game of the workspace, added after the other four by the
//! steps of the workspace's "Adding a game" (its crate, its evaluation and a few lines of the
//! manifests and the facade's list).
//!
//! A position is two 64-bit sets of marks (bit `height * 16 + rank * 4 + file`), the side to
//! move and the winner; the 76 lines are sets of four cells computed at compile time
//! ([`LINES`]), and a move checks only the lines through its cell.
//!
//! # Example
//!
//! ```
//! use qubic::{Qubic, QubicConfig};
//! use variant_core::{Game, Seat, Status, perft::perft};
//!
//! let game = Qubic::new(&QubicConfig::default()).unwrap();
//! // Q-11: no line can be complete before the 7th ply, so every ply before it has one move
//! // per empty cell.
//! assert_eq!(perft(&game, 2), 64 * 63);
//!
//! // x completes the rank a1@1 … d1@1 (Q-5).
//! let mut game = game;
//! for cell in ["a1@1", "a2@1", "b1@1", "b2@1", "c1@1", "c2@1", "d1@1"] {
//!     game.play_text(cell).unwrap();
//! }
//! assert_eq!(game.status().winner(), Some(Seat(0)));
//! assert!(matches!(game.status(), Status::Win { .. }));
//! assert!(game.legal_moves().is_empty());
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
mod view;

pub use cell::Cell;
pub use config::QubicConfig;
pub use game::{FOUR_IN_A_LINE, FULL_BOARD, MAX_MOVES};
pub use geometry::LINES;
pub use moves::Move;
pub use notation::START_TEXT;
pub use position::Qubic;
pub use variant_core::Seat;

/// The one-line import for users of this crate: the game's types and the core items its API
/// needs (the `Game` trait, configurations, status, seats, errors).
///
/// # Example
///
/// ```
/// use qubic::prelude::*;
///
/// let game = Qubic::default();
/// assert_eq!(game.legal_moves().len(), 64);
/// let config: QubicConfig = "".parse().unwrap();
/// assert!(Qubic::new(&config).is_ok());
/// ```
pub mod prelude {
    pub use crate::{Move, Qubic, QubicConfig};
    pub use variant_core::{
        Error, Game, GameConfig, History, IllegalMove, MoveError, PositionError, Seat, Status,
        WinReason,
    };
}

/// The core crate this game is built on, for what the prelude does not bring.
pub use variant_core;

/// The game's registry name.
///
/// # Example
///
/// ```
/// use qubic::prelude::*;
///
/// assert_eq!(Qubic::default().name(), qubic::NAME);
/// ```
pub const NAME: &str = "qubic";

/// One line saying what this game is (the registries of the frontends show it).
pub const DESCRIPTION: &str = "Qubic: tic-tac-toe in the 4x4x4 box, four in a line of the 76 wins";

/// The perft reference counts of this game, each with its source, in the text format of
/// [`variant_core::perft_data`]. Every count is derived by hand on the rules page (Q-11).
///
/// # Example
///
/// ```
/// use variant_core::perft_data::PerftFile;
///
/// let file = PerftFile::parse(qubic::PERFT_DATA).unwrap();
/// assert_eq!(file.game, "qubic");
/// assert_eq!(file.entry("start").unwrap().nodes(2), Some(64 * 63));
/// ```
pub const PERFT_DATA: &str = include_str!("../data/qubic.perft");

/// The test positions of this game, in the text format of [`variant_core::test_positions`]:
/// its one configuration and wins in one, each with the rule ids that make it what it is. The
/// facade hands them to the tests of every frontend (`variant_games::registry::test_positions`).
///
/// # Example
///
/// ```
/// use variant_core::test_positions::TestPositions;
///
/// let file = TestPositions::parse(qubic::TEST_POSITIONS).unwrap();
/// assert_eq!(file.game, "qubic");
/// assert_eq!(file.entry("x-has-two-winning-cells").unwrap().wins, ["d1@1", "a1@4"]);
/// assert_eq!(file.verify::<qubic::Qubic>().unwrap(), 4);
/// ```
pub const TEST_POSITIONS: &str = include_str!("../data/qubic.positions");

variant_core::impl_game_values!(Qubic);

/// The game's side of the workspace's contract (`variant_core::GameCrate`): the texts above.
impl variant_core::GameCrate for Qubic {
    const DESCRIPTION: &'static str = DESCRIPTION;
    const PERFT_DATA: &'static str = PERFT_DATA;
    const TEST_POSITIONS: &'static str = TEST_POSITIONS;
}
variant_core::impl_config_text!(QubicConfig);

/// The examples of the crate's README, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
