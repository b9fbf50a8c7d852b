//! The state of a game: still going, won, or drawn, with the reason.

use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Whether a game goes on, and if not, how it ended.
///
/// # Example
///
/// ```
/// use variant_core::{Game, Seat, Status, WinReason};
/// use variant_core::doc_game::Nim;
///
/// let mut game = Nim::from_text(&Default::default(), "3 1").unwrap();
/// assert_eq!(game.status(), Status::Ongoing);
/// game.play_text("3").unwrap(); // the second seat takes the last counters
/// assert_eq!(game.status(), Status::Win { winner: Seat(1), reason: WinReason::NoLegalMoves });
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The game is won by `winner`.
    Win {
        /// The seat that won.
        winner: Seat,
        /// Why it won.
        reason: WinReason,
    },
    /// The game is drawn.
    Draw {
        /// Why it is drawn.
        reason: DrawReason,
    },
}

impl Status {
    /// Whether the game has ended.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{DrawReason, Status};
    ///
    /// assert!(!Status::Ongoing.is_over());
    /// assert!(Status::Draw { reason: DrawReason::Stalemate }.is_over());
    /// ```
    pub fn is_over(self) -> bool {
        !matches!(self, Status::Ongoing)
    }

    /// The winner, if the game is won.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{DrawReason, Seat, Status, WinReason};
    ///
    /// let won = Status::Win { winner: Seat(0), reason: WinReason::Checkmate };
    /// assert_eq!(won.winner(), Some(Seat(0)));
    /// assert_eq!(Status::Draw { reason: DrawReason::Agreement }.winner(), None);
    /// assert_eq!(Status::Ongoing.winner(), None);
    /// ```
    pub fn winner(self) -> Option<Seat> {
        match self {
            Status::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }
}

/// Why a game was won.
///
/// # Example
///
/// ```
/// use variant_core::{History, Seat, Status, WinReason};
/// use variant_core::doc_game::Nim;
///
/// let mut history = History::new(Nim::default());
/// let status = history.resign(Seat(1)).unwrap();
/// assert!(matches!(status, Status::Win { reason: WinReason::Resignation, .. }));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum WinReason {
    /// The loser is in check and has no legal move.
    Checkmate,
    /// The loser has no legal move (draughts; chess-T blockade).
    NoLegalMoves,
    /// The loser's king was captured (chess-T).
    KingCaptured,
    /// The winner holds the loser's castle (chess-T).
    CastleCaptured,
    /// The loser resigned.
    Resignation,
    /// Every other player has been eliminated (the long game of "Bishops").
    LastPlayerStanding,
}

/// Why a game was drawn.
///
/// # Example
///
/// ```
/// use variant_core::{DrawReason, History, Status};
/// use variant_core::doc_game::Nim;
///
/// let mut history = History::new(Nim::default());
/// history.agree_draw().unwrap();
/// assert_eq!(history.status(), Status::Draw { reason: DrawReason::Agreement });
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum DrawReason {
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// No sequence of legal moves can lead to a mate.
    DeadPosition,
    /// The same position occurred the number of times that ends the game by itself.
    AutomaticRepetition,
    /// The same position occurred often enough for a claim (threefold).
    Repetition,
    /// A move-count rule that ends the game by itself (75-move rule).
    AutomaticMoveRule,
    /// A move-count rule that allows a claim (50-move rule, chess-T's 40 moves, draughts'
    /// king-only moves).
    MoveRule,
    /// Every active player passed in a row ("Bishops").
    Passes,
    /// The players agreed to a draw.
    Agreement,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Win { winner, reason } => write!(f, "{winner} wins ({reason})"),
            Status::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::Checkmate => "checkmate",
            WinReason::NoLegalMoves => "no legal moves",
            WinReason::KingCaptured => "king captured",
            WinReason::CastleCaptured => "castle captured",
            WinReason::Resignation => "resignation",
            WinReason::LastPlayerStanding => "last player standing",
        })
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::DeadPosition => "dead position",
            DrawReason::AutomaticRepetition => "automatic repetition",
            DrawReason::Repetition => "repetition",
            DrawReason::AutomaticMoveRule => "automatic move-count rule",
            DrawReason::MoveRule => "move-count rule",
            DrawReason::Passes => "every player passed",
            DrawReason::Agreement => "agreement",
        })
    }
}
