//! One iteration at the root: every root move searched in the window of the iteration.

use super::Searcher;
use super::control::Control;
use crate::SearchGame;
use crate::score::INFINITY;
use crate::tt::{Bound, Entry};

impl<G: SearchGame> Searcher<G> {
    /// One iteration at the root: (best move, its score, whether every move was searched).
    pub(super) fn root_iteration(
        &mut self,
        ctl: &Control,
        root: &G,
        moves: &[G::Move],
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> (Option<G::Move>, i32, bool) {
        let depth = depth as i32;
        let team = true;
        let original_alpha = alpha;
        let mut alpha = alpha;
        let mut best = None;
        let mut best_score = -INFINITY;
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = root.clone();
            child.play_unchecked(mv);
            self.path.push(child.zobrist());
            self.stack[0] = Some(mv);
            let score = if i == 0 {
                self.child_value(ctl, team, &child, depth - 1, 1, alpha, beta, false)
            } else {
                let s = self.child_value(ctl, team, &child, depth - 1, 1, alpha, alpha + 1, false);
                if s > alpha && !self.aborted {
                    self.child_value(ctl, team, &child, depth - 1, 1, alpha, beta, false)
                } else {
                    s
                }
            };
            self.path.pop();
            if self.aborted {
                return (best, best_score, false);
            }
            if score > best_score {
                best_score = score;
                best = Some(mv);
                alpha = alpha.max(score);
                if score >= beta {
                    break;
                }
            }
        }
        if let Some(mv) = best
            && best_score > original_alpha
            && best_score < beta
        {
            let key = root.zobrist() ^ self.salt;
            self.pv_moves.insert(key, mv);
            self.tt.store(
                key,
                0,
                Entry {
                    key,
                    mv: Some(mv),
                    score: best_score,
                    depth: depth as i16,
                    bound: Bound::Exact,
                },
            );
        }
        (best, best_score, true)
    }
}
