#![doc = include_str!("../README.md")]
//!
//! # In this crate
//!
//! Each game crate re-exported, the generic tools ([`perft`], [`divide`], [`perft_parallel`],
//! [`History`]; all of `variant-perft` as [`variant_perft`]), [`AnyGame`] (a game chosen at run time by name that is itself a [`Game`],
//! with moves as `Copy` values), and a [`registry`] that lists the games with their
//! configuration keys and reference positions.
//!
//! ```
//! use variant_games::prelude::*;
//!
//! let game = variant_games::new_game("chess3d", "heights=1").unwrap();
//! assert_eq!(game.legal_moves().len(), 20); // FIDE chess: 20 first moves
//! assert_eq!(variant_games::perft(&game, 2), 400);
//! ```
//!
//! [`perft_with`] adds threads, a transposition table, a stop flag and progress, and its
//! [`PerftError`] converts into [`Error`], so `?` works in a function returning
//! `Result<_, variant_games::Error>`:
//!
//! ```
//! use variant_games::{PerftOptions, perft_with};
//!
//! fn count() -> Result<u64, variant_games::Error> {
//!     let game = variant_games::new_game("chess-t", "")?;
//!     let options = PerftOptions { threads: 2, hash_mb: 1, ..PerftOptions::default() };
//!     Ok(perft_with(&game, 3, &options)?)
//! }
//! assert_eq!(count().unwrap(), 15_121); // CT-52
//!
//! // Every move list iterates by reference.
//! use variant_games::Game;
//! let game = variant_games::new_game("checkers3d", "heights=1").unwrap();
//! let moves = game.legal_moves();
//! let mut n = 0;
//! for _mv in &moves {
//!     n += 1;
//! }
//! assert_eq!(n, 7); // Russian draughts: seven first moves
//! ```
//!
//! Every game can be left out with Cargo features (`chess3d`, `checkers3d`, `bishops4p`,
//! `chess-t`; all on by default).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod any;
pub mod games;
pub mod page;
pub mod perft_data;
mod records;
pub mod registry;
pub mod svg;

pub use any::{
    ANY_INLINE_MOVES, AnyConfig, AnyGame, AnyMove, AnyMoveList, ListedMoves, TypedGame,
    TypedVisitor, from_text, new_game,
};
pub use records::{history_from_binary, history_from_json, history_san, history_to_pgn};
pub use variant_core;
pub use variant_core::{
    ActionError, ConfigError, DrawReason, Error, Game, GameConfig, GameCrate, GameReason, History,
    IllegalMove, MoveError, PositionError, RecordError, Seat, Status, WinReason,
};
pub use variant_perft;
pub use variant_perft::{
    PerftError, PerftOptions, divide, divide_with, perft, perft_parallel, perft_with,
};

/// The game crates of the list, re-exported, and their position and configuration types in
/// the prelude.
macro_rules! reexport_games {
    (($($prelude:tt)*) $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        $(
            #[cfg(feature = $feature)]
            pub use $krate;
        )*

        /// Everything a program that plays the games needs, in one import: the [`Game`] trait
        /// and its companions, [`AnyGame`]/[`AnyMove`], and the position types of the games of
        /// this build with their configurations.
        ///
        /// # Example
        ///
        /// ```
        /// use variant_games::prelude::*;
        ///
        /// let mut game = Chess3d::default(); // 8 heights
        /// assert_eq!(game.legal_moves().len(), 122);
        /// let mv = game.parse_move("e2@1e4@1").unwrap();
        /// game.try_play(mv).unwrap();
        /// let again: Chess3d = game.to_string().parse().unwrap();
        /// assert_eq!(again, game);
        /// ```
        pub mod prelude {
            $($prelude)*
            $(
                #[cfg(feature = $feature)]
                pub use $krate::{$game, $config};
            )*
        }
    };
}

with_games!(reexport_games, (
    pub use crate::{AnyConfig, AnyGame, AnyMove, TypedGame};
    pub use variant_core::{
        Error, Game, GameConfig, History, IllegalMove, MoveError, PositionError, Seat, Status,
    };
));
