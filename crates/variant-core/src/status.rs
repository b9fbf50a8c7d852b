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
    /// The game was called off before it really started (before every player had moved): it
    /// has no result, as a lichess "aborted" game. Only a game record ends this way
    /// ([`History::abort`](crate::History::abort)); a position never does.
    Aborted,
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
    /// A rule of the game's own (four in a line, a goal reached…), named by the game.
    Game(GameReason),
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
    /// A rule of the game's own (a full board…), named by the game.
    Game(GameReason),
}

/// A game's own reason for an outcome, for the rules no other game shares: a short id, the
/// rule it comes from, and the words shown to players. A game crate declares its reasons as
/// constants and returns them in [`WinReason::Game`] or [`DrawReason::Game`], so a new game
/// needs no change here, in the frontends or in the C header.
///
/// # Example
///
/// ```
/// use variant_core::{GameReason, Seat, Status, WinReason};
///
/// const FOUR_IN_A_LINE: GameReason = GameReason {
///     id: "four-in-a-line",
///     rule: "Q-5",
///     text: "four in a line",
/// };
/// let status = Status::Win { winner: Seat(0), reason: WinReason::Game(FOUR_IN_A_LINE) };
/// assert_eq!(status.to_string(), "seat 0 wins (four in a line)");
/// assert_eq!(WinReason::Game(FOUR_IN_A_LINE).rule(), "Q-5");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameReason {
    /// A short id, lower case with dashes (`four-in-a-line`): what programs compare.
    pub id: &'static str,
    /// The rule's id on the game's rules page (`Q-5`).
    pub rule: &'static str,
    /// The words shown to players, lower case (`four in a line`), as in "white wins (…)".
    pub text: &'static str,
}

/// Written as its id.
impl Serialize for GameReason {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id)
    }
}

/// A game's own reason is the game's constant: it cannot be read back without the game, so
/// reading one is refused (statuses are not stored: records keep the moves and the position
/// decides).
impl<'de> Deserialize<'de> for GameReason {
    fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<Self, D::Error> {
        Err(serde::de::Error::custom(
            "a game's own outcome reason is read from its game, not from text",
        ))
    }
}

impl WinReason {
    /// A short id for programs: `checkmate`, `no-legal-moves`, … or the game's own id.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::WinReason;
    /// assert_eq!(WinReason::Checkmate.id(), "checkmate");
    /// assert_eq!(WinReason::LastPlayerStanding.id(), "last-player-standing");
    /// ```
    pub fn id(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::NoLegalMoves => "no-legal-moves",
            WinReason::KingCaptured => "king-captured",
            WinReason::CastleCaptured => "castle-captured",
            WinReason::Resignation => "resignation",
            WinReason::LastPlayerStanding => "last-player-standing",
            WinReason::Game(reason) => reason.id,
        }
    }

    /// The rule id of a game's own reason; empty for the reasons games share (the game's
    /// rules page says which of its rules they come from).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(variant_core::WinReason::Checkmate.rule(), "");
    /// ```
    pub fn rule(self) -> &'static str {
        match self {
            WinReason::Game(reason) => reason.rule,
            _ => "",
        }
    }
}

impl DrawReason {
    /// A short id for programs: `stalemate`, `repetition`, … or the game's own id.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::DrawReason;
    /// assert_eq!(DrawReason::AutomaticMoveRule.id(), "automatic-move-rule");
    /// ```
    pub fn id(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::DeadPosition => "dead-position",
            DrawReason::AutomaticRepetition => "automatic-repetition",
            DrawReason::Repetition => "repetition",
            DrawReason::AutomaticMoveRule => "automatic-move-rule",
            DrawReason::MoveRule => "move-rule",
            DrawReason::Passes => "passes",
            DrawReason::Agreement => "agreement",
            DrawReason::Game(reason) => reason.id,
        }
    }

    /// The rule id of a game's own reason; empty for the reasons games share.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(variant_core::DrawReason::Stalemate.rule(), "");
    /// ```
    pub fn rule(self) -> &'static str {
        match self {
            DrawReason::Game(reason) => reason.rule,
            _ => "",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Win { winner, reason } => write!(f, "{winner} wins ({reason})"),
            Status::Draw { reason } => write!(f, "draw ({reason})"),
            Status::Aborted => f.write_str("aborted"),
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
            WinReason::Game(reason) => reason.text,
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
            DrawReason::Game(reason) => reason.text,
        })
    }
}
