//! Seats: who is to move.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's seat, numbered in turn order from 0 (White in every game of the workspace).
///
/// Two-player games use seats 0 (White) and 1 (Black); "Bishops" uses 0 … 3
/// (White, Grey, Black, Pink). The game gives each seat its name
/// ([`Game::seat_name`](crate::Game::seat_name)).
///
/// # Example
///
/// ```
/// use variant_core::{Game, Seat};
/// use variant_core::doc_game::Nim;
///
/// let game = Nim::default();
/// assert_eq!(game.side_to_move(), Seat::FIRST);
/// assert_eq!(game.seat_name(Seat::SECOND), "second");
/// assert_eq!(Seat(1).to_string(), "seat 1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The first player (White).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, Seat};
    /// use variant_core::doc_game::Nim;
    ///
    /// assert_eq!(Nim::default().side_to_move(), Seat::FIRST); // the first seat moves first
    /// ```
    pub const FIRST: Seat = Seat(0);
    /// The second player of a two-player game (Black).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, Seat};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut game = Nim::default();
    /// game.play_text("1").unwrap();
    /// assert_eq!(game.side_to_move(), Seat::SECOND);
    /// ```
    pub const SECOND: Seat = Seat(1);

    /// The seat's index, usable for arrays indexed by seat.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Seat;
    ///
    /// let mut score = [0u32; 2];
    /// score[Seat(1).index()] += 1;
    /// assert_eq!(score, [0, 1]);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}
