//! What a search returns.

use crate::score::Score;
use std::time::Duration;

/// The outcome of a search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult<M> {
    /// The best move; `None` when the game is over (no legal move).
    pub best: Option<M>,
    /// Its score for the player to move.
    pub score: Score,
    /// The deepest completed depth (0 when not even depth 1 was completed).
    pub depth: u32,
    /// Nodes searched (all depths, quiescence included).
    pub nodes: u64,
    /// Wall-clock time used.
    pub elapsed: Duration,
    /// The principal variation, `best` first.
    pub pv: Vec<M>,
}

impl<M> SearchResult<M> {
    /// Nodes per second over the whole search.
    ///
    /// ```
    /// use std::time::Duration;
    /// use variant_engine::{Score, SearchResult};
    ///
    /// let r = SearchResult::<u32> {
    ///     best: None, score: Score::default(), depth: 0, nodes: 500,
    ///     elapsed: Duration::from_millis(250), pv: vec![],
    /// };
    /// assert_eq!(r.nps(), 2000);
    /// ```
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

pub(super) fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}
