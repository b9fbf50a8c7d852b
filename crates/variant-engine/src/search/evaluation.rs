//! A node's static evaluation: the net's or the game's own, through a small cache with two
//! players, and turned to the view of the team to move.

use super::Searcher;
use crate::SearchGame;
use crate::score::MATE_BOUND;

/// Entries of the evaluation cache (a power of two; 16 bytes each).
pub(super) const EVAL_CACHE_SIZE: usize = 1 << 16;
/// Mixed into the evaluation cache's keys by the searching seat (the evaluation is its view).
const SEAT_KEY: u64 = 0xD6E8_FEB8_6659_FD93;

impl<G: SearchGame> Searcher<G> {
    /// The static evaluation of `pos` (at `ply`) for the team to move.
    pub(super) fn evaluate(&mut self, pos: &G, ply: usize) -> i32 {
        // Two players only: with four ("Bishops") fewer positions come back, at depths of 2
        // to 4, and the cache costs more node rate than it saves
        // (docs/notes/2026-12-code-comment-figures.md).
        let e = if self.multi {
            self.static_evaluation(pos, ply)
                .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        } else {
            self.cached_evaluation(pos, ply)
        };
        if self.team(pos) { e } else { -e }
    }

    /// The evaluation of `pos` for the searching player, through a small cache: the same
    /// position comes back often (re-searches, iterative deepening, the node's own static
    /// evaluation and its quiescence stand-pat).
    fn cached_evaluation(&mut self, pos: &G, ply: usize) -> i32 {
        let key =
            pos.zobrist() ^ self.salt ^ SEAT_KEY.wrapping_mul(u64::from(self.root_seat.0) + 1);
        let slot = (key as usize) & (EVAL_CACHE_SIZE - 1);
        if let Some(&(k, v)) = self.eval_cache.get(slot)
            && k == key
        {
            return v;
        }
        let v = self
            .static_evaluation(pos, ply)
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        if let Some(e) = self.eval_cache.get_mut(slot) {
            *e = (key, v);
        }
        v
    }

    /// The static evaluation of `pos` (at `ply`) for the searching player: the net's where one
    /// is set and reads the game, else the game's own.
    fn static_evaluation(&mut self, pos: &G, ply: usize) -> i32 {
        match &mut self.net_frames {
            Some(frames) => frames.evaluate(pos, ply, self.root_seat),
            None => pos.evaluate(self.root_seat),
        }
    }
}
