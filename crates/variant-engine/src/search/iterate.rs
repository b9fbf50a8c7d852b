//! Iterative deepening: the root searched one depth deeper at a time, each depth within an
//! aspiration window (two players), until a limit stops it; the principal variation read
//! back from the table after each depth.

use super::Searcher;
use super::control::Control;
use super::result::{SearchResult, nps};
use crate::SearchGame;
use crate::limits::{Limits, Progress};
use crate::score::{INFINITY, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Deepest iteration when no depth limit is given.
const MAX_DEPTH: u32 = 100;

/// Aspiration window at the root (two players), from this depth on.
const ASPIRATION_DEPTH: u32 = 5;
const ASPIRATION_WINDOW: i32 = 35;

impl<G: SearchGame> Searcher<G> {
    /// Searches `root` within `limits`.
    ///
    /// `earlier` holds the Zobrist hashes ([`variant_core::Game::zobrist`]) of the positions
    /// played before `root` in this game, so that repetitions through the history count as
    /// draws. `stop` may be raised from another thread; the search then returns the best move
    /// of the last completed depth. `progress` is called after every completed depth.
    pub fn search(
        &mut self,
        root: &G,
        earlier: &[u64],
        limits: &Limits,
        stop: Option<&AtomicBool>,
        mut progress: impl FnMut(&Progress<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.root_seat = root.side_to_move();
        self.multi = root.seat_count() > 2;
        self.brs = self.multi && root.settings().best_reply_search;
        // Multi-player scores depend on who searches: keep their TT entries apart.
        self.salt = if self.brs {
            0x9E37_79B9_7F4A_7C15u64.wrapping_mul(u64::from(self.root_seat.0) + 1)
        } else {
            0
        };
        self.path.clear();
        self.path.extend_from_slice(earlier);
        self.path.push(root.zobrist());
        self.net_frames = self
            .net
            .as_ref()
            .and_then(|net| crate::nnue::frames::NetFrames::start(net, root));
        self.nodes = 0;
        self.aborted = false;
        let ctl = Control {
            stop,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.movetime.map(|t| start + t),
        };
        self.heuristics.age();

        let mut moves = G::MoveList::default();
        root.legal_moves_into(&mut moves);
        let mut result = SearchResult {
            best: None,
            score: Score(self.terminal_score(root, 0)),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        if moves.is_empty() {
            return result;
        }
        let mut root_moves: Vec<G::Move> = moves.to_vec();
        result.best = Some(root_moves[0]);
        result.score = Score(0);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            // Order the root: the previous best first, then by the usual keys.
            self.order(root, &mut root_moves, result.best, 0, None);
            self.pv_moves.clear();
            let completed = self.aspirate(&ctl, root, &mut root_moves, depth, &mut result);
            if !completed {
                break;
            }
            result.depth = depth;
            let elapsed = start.elapsed();
            result.pv = self.principal_variation(root, result.best, depth as usize + 8);
            progress(&Progress {
                depth,
                score: result.score,
                nodes: self.nodes,
                nps: nps(self.nodes, elapsed),
                elapsed,
                pv: result.pv.clone(),
            });
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                break;
            }
            // A proven mate within the searched depth cannot improve; with one legal move
            // there is nothing to choose (under a time or node limit only: a fixed depth is
            // searched in full for analysis).
            let budgeted = limits.movetime.is_some() || limits.nodes.is_some();
            let proven = result
                .score
                .mate_plies()
                .is_some_and(|p| p.unsigned_abs() <= depth);
            if budgeted && (proven || root_moves.len() == 1) {
                break;
            }
            // With a time budget the search goes on until the deadline: the time of a move is
            // not saved for later, and an unfinished depth still counts when a move beats the
            // first one (the previous best) in it.
        }
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        if result.pv.first() != result.best.as_ref() {
            result.pv = result.best.into_iter().collect();
        }
        result
    }

    /// One depth of iterative deepening, with an aspiration window (two players) that widens
    /// on the side that fails; `result` takes the best move and score found. Returns whether
    /// the depth was completed.
    fn aspirate(
        &mut self,
        ctl: &Control,
        root: &G,
        root_moves: &mut [G::Move],
        depth: u32,
        result: &mut SearchResult<G::Move>,
    ) -> bool {
        // Aspiration (two players): a narrow window around the last score, widened on the
        // side that fails.
        let mut delta = ASPIRATION_WINDOW;
        let aspire = !self.multi && depth >= ASPIRATION_DEPTH && !result.score.is_mate();
        let (mut lo, mut hi) = if aspire {
            (result.score.0 - delta, result.score.0 + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let (best, score, completed) =
                self.root_iteration(ctl, root, root_moves, depth, lo, hi);
            // A fail low proves nothing about the move it names.
            let failed_low = score <= lo && lo > -INFINITY;
            // An unfinished depth counts when its best move was searched in full and beat
            // the first move (the previous best) at this depth, or raised the score.
            let overtook = best.is_some() && best != root_moves.first().copied();
            if let Some(best) = best
                && !failed_low
                && (completed || overtook || score > result.score.0 || result.depth == 0)
            {
                result.best = Some(best);
                result.score = Score(score);
            }
            if !completed {
                break false;
            }
            if failed_low {
                lo = (score - delta).max(-INFINITY);
            } else if score >= hi && hi < INFINITY {
                hi = (score + delta).min(INFINITY);
            } else {
                break true;
            }
            delta *= 3;
            if delta > 1000 {
                (lo, hi) = (-INFINITY, INFINITY);
            }
            // Put the move that failed high first for the next try.
            if let Some(b) = result.best {
                self.order(root, root_moves, Some(b), 0, None);
            }
        }
    }

    /// The principal variation read back from the PV nodes of the last depth, and past them
    /// from the transposition table.
    fn principal_variation(&self, root: &G, best: Option<G::Move>, max: usize) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut pos = root.clone();
        let mut seen = vec![pos.zobrist()];
        let mut next = best;
        while let Some(mv) = next {
            let mut list = G::MoveList::default();
            pos.legal_moves_into(&mut list);
            if !list.contains(&mv) || pv.len() >= max {
                break;
            }
            pv.push(mv);
            pos.play_unchecked(mv);
            if seen.contains(&pos.zobrist()) {
                break;
            }
            seen.push(pos.zobrist());
            let key = pos.zobrist() ^ self.salt;
            next = self
                .pv_moves
                .get(&key)
                .copied()
                .or_else(|| self.tt.probe(key, 0).and_then(|e| e.mv));
        }
        pv
    }
}
