//! What bounds a search (depth, nodes, time) and what it reports while it runs.

use crate::Score;
use std::time::Duration;

/// The limits of one search; the search stops at the first one reached. With none set it
/// runs until the stop flag is raised (or to the maximum depth, 100 plies).
///
/// ```
/// use std::time::Duration;
/// use variant_engine::Limits;
///
/// let limits = Limits::movetime(Duration::from_millis(100));
/// assert_eq!(limits.depth, None);
/// assert_eq!(Limits::depth(4).depth, Some(4));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (plies, ≥ 1).
    pub depth: Option<u32>,
    /// Nodes to search at most (the search stops at the budget; the last completed depth is
    /// used).
    pub nodes: Option<u64>,
    /// Wall-clock time for the whole search.
    pub movetime: Option<Duration>,
}

impl Limits {
    /// A fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth.max(1)),
            ..Limits::default()
        }
    }

    /// A node budget.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes.max(1)),
            ..Limits::default()
        }
    }

    /// A time budget.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }
}

/// One progress report: sent after every completed depth.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Progress<M> {
    /// The depth just completed (plies).
    pub depth: u32,
    /// Its score for the player to move.
    pub score: Score,
    /// Nodes searched so far (all depths).
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation, the best move first.
    pub pv: Vec<M>,
}
