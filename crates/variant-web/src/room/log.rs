//! A game's log: what happened to it, one entry a step, in order. The room replays it; the
//! store writes it as text (`store`), the only place that knows its stored form.

use variant_games::Seat;

/// One step of a game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogEntry {
    /// A move, in the game's canonical text.
    Move {
        /// The move's canonical text.
        text: String,
        /// Under a clock: the mover's milliseconds left after it, increment included.
        clock: Option<u64>,
    },
    /// A seat resigned.
    Resign(Seat),
    /// A seat's clock reached zero (recorded as its resignation, shown as a loss on time).
    Time(Seat),
    /// Every seat still playing agreed to a draw.
    Agree,
    /// The seat to move claimed a draw.
    Claim,
    /// The game was called off before every seat had moved: `idle` is the seat to move then,
    /// which had not made its first move (`None` in logs written before it was recorded).
    Abort {
        /// The seat that had not moved.
        idle: Option<Seat>,
    },
}

impl LogEntry {
    /// The move's text, for a move.
    pub fn move_text(&self) -> Option<&str> {
        match self {
            LogEntry::Move { text, .. } => Some(text),
            _ => None,
        }
    }
}
