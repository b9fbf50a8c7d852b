//! When a search gives up: its node budget, the stop flag and the deadline, read as nodes are
//! counted.

use super::Searcher;
use crate::SearchGame;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// When to give up: the node budget, read at every node; the stop flag and the deadline,
/// every 1 024 nodes.
pub(super) struct Control<'a> {
    pub(super) stop: Option<&'a AtomicBool>,
    pub(super) node_limit: u64,
    pub(super) deadline: Option<Instant>,
}

impl<G: SearchGame> Searcher<G> {
    /// Counts a node; raises `aborted` when a limit is reached.
    pub(super) fn count_node(&mut self, ctl: &Control) {
        self.nodes += 1;
        // The node budget exactly (a compare); the stop signal and the clock, which cost an
        // atomic load and a system call, every 1 024 nodes.
        if self.nodes >= ctl.node_limit
            || (self.nodes & 1023 == 0
                && (ctl.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                    || ctl.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
    }
}
