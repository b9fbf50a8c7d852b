//! The learned evaluation's entry points for a game chosen at run time ([`AnyGame`]), from
//! the facade's game list: the layout, the board codes and self-play data of the game held.

use crate::SearchGame;
use crate::datagen::{DatagenOptions, play_game};
use crate::nnue::Layout;
use variant_games::{AnyGame, TypedGame};

macro_rules! per_game_nnue {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        /// The learned evaluation's layout of the game held, in its configuration; `None` for
        /// a game without one (or whose evaluation this build of the engine leaves out).
        ///
        /// # Example
        ///
        /// ```
        /// let game = variant_games::new_game("bishops4p", "").unwrap();
        /// let layout = variant_engine::nnue::layout_of(&game).unwrap();
        /// assert_eq!((layout.cells(), layout.seats()), (144, 4));
        /// ```
        pub fn layout_of(game: &AnyGame) -> Option<Layout> {
            match game.typed() {
                $(
                    #[cfg(feature = $feature)]
                    TypedGame::$game(g) => g.nnue_layout(),
                    #[cfg(not(feature = $feature))]
                    TypedGame::$game(_) => None,
                )*
            }
        }

        /// Writes the board codes of the game held into `codes` (as
        /// [`SearchGame::nnue_codes`]).
        ///
        /// # Example
        ///
        /// ```
        /// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
        /// let mut codes = vec![0; 64];
        /// variant_engine::nnue::codes_of(&game, &mut codes);
        /// assert_eq!(codes[4], 1); // White's king (seat 0, kind K) on e1
        /// ```
        pub fn codes_of(game: &AnyGame, codes: &mut [u8]) {
            match game.typed() {
                $(
                    #[cfg(feature = $feature)]
                    TypedGame::$game(g) => g.nnue_codes(codes),
                    #[cfg(not(feature = $feature))]
                    TypedGame::$game(_) => codes.fill(0),
                )*
            }
        }

        /// The records (no header) of self-play games `first .. first + count` from `start`
        /// ([`crate::datagen::play_game`]); `None` when the game has no layout.
        ///
        /// # Example
        ///
        /// ```
        /// use variant_engine::datagen::DatagenOptions;
        ///
        /// let start = variant_games::new_game("checkers3d", "heights=1").unwrap();
        /// let options = DatagenOptions { nodes: 200, random_plies: 2, seed: 5, max_plies: 40 };
        /// let bytes = variant_engine::nnue::datagen_games(&start, 3, 2, &options).unwrap();
        /// assert_eq!(bytes.len() % (10 + 64), 0);
        /// ```
        pub fn datagen_games(
            start: &AnyGame,
            first: u64,
            count: u64,
            options: &DatagenOptions,
        ) -> Option<Vec<u8>> {
            let mut out = Vec::new();
            for index in first..first.saturating_add(count) {
                match start.typed() {
                    $(
                        #[cfg(feature = $feature)]
                        TypedGame::$game(g) => play_game(g, index, options, &mut out)?,
                        #[cfg(not(feature = $feature))]
                        TypedGame::$game(_) => return None,
                    )*
                };
            }
            Some(out)
        }
    };
}

variant_games::with_games!(per_game_nnue, ());
