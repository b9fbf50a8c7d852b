//! Khasanov's chess-T: castles, strength and superiority (rules: `docs/rules/chess-t.md`,
//! rule ids `CT-n`).
//!
//! An 8×8 board with a castle of four cells per side; pieces project their *strength* onto
//! their movement lines, and a capture needs strict superiority of the capturing side's sum on
//! the target cell (CT-10, CT-11). The default ruleset is chess-T1 (2024 edition); the 2021
//! edition and the 2020 fragment's rules are configuration ([`ChessTConfig`]).
//!
//! # Example
//!
//! ```
//! use chess_t::{Cell, ChessT, ChessTConfig};
//! use variant_core::{Game, GameConfig, perft::perft};
//!
//! let game = ChessT::new(&ChessTConfig::default()).unwrap();
//! assert_eq!(perft(&game, 2), 529); // CT-52
//!
//! // The 2020 fragment's rules with Black's impregnable field h5.
//! let config = ChessTConfig::from_pairs([("ruleset", "chess-t-2020"), ("black-impregnable", "h5")]).unwrap();
//! let mut game = ChessT::new(&config).unwrap();
//! game.play_text("d2d4").unwrap();
//! assert_eq!(game.to_text(), "r1pckp1r/nnnnnnnn/8/8/3N4/8/NNN1NNNN/R1PCKP1R b Pp 1 1");
//!
//! // Why a capture is or is not allowed: White's and Black's sums in half-units. On d3 the
//! // Connet d1 (6, jumping) and the Knecht d4 (2, one step back) count for White.
//! let field = game.strength();
//! assert_eq!(field.get(Cell::parse("d3").unwrap()), (8, 0));
//! ```
// Helpers are `pub(crate)`: whatever is `pub` must be part of the API.
#![warn(unreachable_pub)]
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod actions;
mod cell;
mod codec;
mod config;
mod game;
mod movegen;
mod moves;
mod notation;
mod piece;
mod planes;
mod play;
mod position;
mod projection;
mod strength;
mod tables;
mod view;

pub use cell::Cell;
pub use config::{CellSet, ChessTConfig, PromotionEdition, Ruleset};
pub use game::{DRAW_PLIES, MAX_MOVES};
pub use moves::Move;
pub use notation::{START_TEXT, START_TEXT_NO_SCOUTS};
pub use piece::Piece;
pub use position::ChessT;
pub use strength::StrengthField;
pub use variant_core::Seat;

/// The one-line import for users of this crate: the game's types and the core items its API
/// needs (the `Game` trait, configurations, status, seats, errors).
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
///
/// let game = ChessT::default();
/// let moves = game.legal_moves();
/// assert!(!moves.is_empty());
/// let config: ChessTConfig = "".parse().unwrap();
/// assert!(ChessT::new(&config).is_ok());
/// ```
pub mod prelude {
    pub use crate::{ChessT, ChessTConfig, Move};
    pub use variant_core::{
        Error, Game, GameConfig, History, IllegalMove, MoveError, PositionError, Seat, Status,
    };
}

/// The core crate this game is built on, for what the prelude does not bring.
pub use variant_core;

/// One line saying what this game is (the registries of the frontends show it).
pub const DESCRIPTION: &str =
    "Khasanov's chess-T: castles, strength and superiority instead of plain captures";

/// The perft reference counts of this game, each with its source, in the text format of
/// [`variant_core::perft_data`]: another move generator can check itself against them.
/// Sources: the rules page's tables (CT-52), counts made here.
///
/// # Example
///
/// ```
/// use variant_core::perft_data::PerftFile;
///
/// let file = PerftFile::parse(chess_t::PERFT_DATA).unwrap();
/// assert_eq!(file.game, "chess-t");
/// assert_eq!(file.entry("t1-2024").unwrap().nodes(2), Some(529));
/// ```
pub const PERFT_DATA: &str = include_str!("../data/chess-t.perft");

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
/// let file = TestPositions::parse(chess_t::TEST_POSITIONS).unwrap();
/// assert_eq!(file.game, "chess-t");
/// assert_eq!(file.entry("scout-takes-the-king").unwrap().wins, ["a5c4"]);
/// assert!(file.verify::<chess_t::ChessT>().unwrap() >= 1);
/// ```
pub const TEST_POSITIONS: &str = include_str!("../data/chess-t.positions");

variant_core::impl_game_values!(ChessT);

/// The game's side of the workspace's contract (`variant_core::GameCrate`): the texts above.
impl variant_core::GameCrate for ChessT {
    const DESCRIPTION: &'static str = DESCRIPTION;
    const PERFT_DATA: &'static str = PERFT_DATA;
    const TEST_POSITIONS: &'static str = TEST_POSITIONS;
}
variant_core::impl_config_text!(ChessTConfig);

/// The game's registry name.
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
///
/// assert_eq!(ChessT::default().name(), chess_t::NAME);
/// ```
pub const NAME: &str = "chess-t";

/// The examples of the crate's README (its crates.io page), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
