//! Two-player principal variation search: the table's move first, then null windows for the
//! rest, with the pruning and reductions that only pay with two players (reverse futility,
//! null move, futility, late move and SEE pruning, late move reductions, internal iterative
//! reduction), where every move hands the turn to the opponent.

use super::Searcher;
use super::control::Control;
use super::node::{Best, Node};
use super::order::{Keyed, select};
use crate::SearchGame;
use crate::score::{INFINITY, MATE_BOUND};

/// Reverse futility pruning (two players): at most this many plies from the horizon, a
/// node whose static evaluation beats beta by this margin per ply is not searched.
const RFP_DEPTH: i32 = 6;
const RFP_MARGIN: i32 = 80;
/// Futility pruning (two players): quiet moves at most this many plies from the horizon are
/// skipped when the static evaluation plus `FUTILITY_BASE + FUTILITY_MARGIN * depth` cannot
/// reach alpha (unless they check).
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_BASE: i32 = 100;
const FUTILITY_MARGIN: i32 = 100;
/// Late move pruning (two players): quiet moves after this many at depth 1, 2, 3 (plus one
/// for every eight legal moves).
const LMP_COUNT: [usize; 4] = [0, 6, 10, 16];
/// SEE pruning (two players, where the game computes exchanges): at most this many plies
/// from the horizon, a quiet move whose exchange loses more than `SEE_QUIET * depth²` and a
/// capture whose exchange loses more than `SEE_CAPTURE * depth` are skipped.
const SEE_DEPTH: i32 = 4;
const SEE_QUIET: i32 = 50;
const SEE_CAPTURE: i32 = 100;

/// What the search of a two-player node's moves needs to know of the node.
struct Frame<M> {
    depth: i32,
    ply: usize,
    pv_node: bool,
    in_check: bool,
    team: bool,
    /// Outside check, away from mate scores, where the game allows it: the static evaluation
    /// may prune.
    prunable: bool,
    static_eval: i32,
    /// The move that led to the node (counter-move and continuation history).
    prev: Option<M>,
}

impl<G: SearchGame> Searcher<G> {
    /// A two-player node after its opening steps ([`Searcher::enter`]).
    pub(super) fn pvs_node(
        &mut self,
        ctl: &Control,
        pos: &G,
        node: &Node<G::Move>,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let in_check = node.in_check;
        // Internal iterative reduction: a node without a stored move is searched one ply
        // shallower (its ordering is a guess anyway).
        let depth = if node.depth >= 4 && !in_check && node.entry.and_then(|e| e.mv).is_none() {
            node.depth - 1
        } else {
            node.depth
        };
        // Pruning before the moves (outside check, not near a mate score). Null move is asked
        // of the game separately (`SearchGame::null_move`): chess3d with more than one height
        // passes but does not prune on the static evaluation.
        let may_null = !node.pv_node && !in_check && beta.abs() < MATE_BOUND && !pos.in_danger();
        let prunable = may_null && pos.settings().static_pruning;
        let static_eval = if !in_check {
            self.evaluate(pos, ply)
        } else {
            -INFINITY
        };
        let frame = Frame {
            depth,
            ply,
            pv_node: node.pv_node,
            in_check,
            team: node.team,
            prunable,
            static_eval,
            prev: self.previous(ply),
        };
        if let Some(score) =
            self.prune_before_moves(ctl, pos, &frame, may_null, node.after_null, beta)
        {
            return score;
        }
        let mut list = G::MoveList::default();
        pos.legal_moves_into(&mut list);
        if list.is_empty() {
            return self.terminal_score(pos, ply);
        }
        let tt_move = node.entry.and_then(|e| e.mv);
        let mut moves = self.keyed(pos, &list, tt_move, ply, frame.prev);
        let Some((best, best_move)) = self.pvs_moves(ctl, pos, &mut moves, &frame, alpha, beta)
        else {
            return 0;
        };
        self.store_node(node.key, ply, depth, best, best_move, alpha, beta);
        best
    }

    /// Reverse futility and the null move: the node's value when either proves it beats beta.
    fn prune_before_moves(
        &mut self,
        ctl: &Control,
        pos: &G,
        frame: &Frame<G::Move>,
        may_null: bool,
        after_null: bool,
        beta: i32,
    ) -> Option<i32> {
        let (depth, static_eval) = (frame.depth, frame.static_eval);
        // Reverse futility: far enough above beta that a few plies will not bring it down.
        if frame.prunable && depth <= RFP_DEPTH && static_eval - RFP_MARGIN * depth >= beta {
            return Some(static_eval);
        }
        // Null move: if passing still beats beta, a real move will (not twice in a row, and
        // only where the game offers a pass: no draughts, no pawn endings).
        if may_null
            && depth >= 3
            && !after_null
            && static_eval >= beta
            && let Some(null) = pos.null_move()
        {
            let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
            let ply = frame.ply;
            self.path.push(null.zobrist());
            self.stack[ply] = None;
            self.after_null = true;
            let s = self.child_value(
                ctl,
                frame.team,
                &null,
                depth - 1 - r,
                ply + 1,
                beta - 1,
                beta,
                false,
            );
            self.after_null = false;
            self.path.pop();
            if self.aborted {
                return Some(0);
            }
            if s >= beta {
                return Some(if s >= MATE_BOUND { beta } else { s });
            }
        }
        None
    }

    /// Searches the moves of a two-player node: (its value, its best move), or `None` when the
    /// search was stopped.
    fn pvs_moves(
        &mut self,
        ctl: &Control,
        pos: &G,
        moves: &mut [Keyed<G::Move>],
        frame: &Frame<G::Move>,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, Option<G::Move>)> {
        let (depth, ply) = (frame.depth, frame.ply);
        let mut best = Best::new(alpha, beta);
        let mut quiets = 0usize;
        let mut tried_quiets: Vec<G::Move> = Vec::new();
        // Wide boards (chess3d with many heights has hundreds of moves) keep more of them.
        let lmp_limit = LMP_COUNT[depth.clamp(0, FUTILITY_DEPTH) as usize] + moves.len() / 8;
        for i in 0..moves.len() {
            select(moves, i);
            let Keyed { mv, facts, .. } = moves[i];
            let quiet = !facts.is_tactical();
            let late = frame.prunable && i > 0 && best.score > -MATE_BOUND;
            // Late move pruning: at the last plies, quiet moves far down the list are skipped.
            if late && quiet && depth <= FUTILITY_DEPTH && quiets >= lmp_limit {
                continue;
            }
            if late && self.see_prunes(pos, mv, facts, depth) {
                continue;
            }
            if quiet {
                quiets += 1;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            // Futility: a quiet move that does not check cannot lift a hopeless static
            // evaluation to alpha at the last plies.
            if late
                && quiet
                && depth <= FUTILITY_DEPTH
                && frame.static_eval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= best.alpha
                && !child.must_not_stand_pat()
                && !child.in_danger()
            {
                continue;
            }
            if quiet && tried_quiets.len() < 64 {
                tried_quiets.push(mv);
            }
            self.path.push(child.zobrist());
            self.stack[ply] = Some(mv);
            let reduce = (i > 0).then(|| self.late_reduction(frame, mv, quiet, i));
            let score = self.search_move(
                ctl,
                frame.team,
                &child,
                depth,
                ply,
                (best.alpha, beta),
                reduce,
                false,
            );
            self.path.pop();
            if self.aborted {
                return None;
            }
            if best.take(mv, score) {
                if quiet {
                    self.heuristics.reward(mv, ply, depth, frame.prev);
                    // The quiet moves tried before it did not cut.
                    for &q in tried_quiets.iter().filter(|&&q| q != mv) {
                        self.heuristics.penalize(q, depth, frame.prev);
                    }
                }
                break;
            }
        }
        Some((best.score, best.mv))
    }

    /// SEE pruning at the last plies: a move that gives material away by exchange.
    fn see_prunes(&self, pos: &G, mv: G::Move, facts: crate::MoveFacts, depth: i32) -> bool {
        let quiet = !facts.is_tactical();
        if depth > SEE_DEPTH || facts.promotion || !(quiet || facts.captured < facts.mover) {
            return false;
        }
        let limit = if quiet {
            -SEE_QUIET * depth * depth
        } else {
            -SEE_CAPTURE * depth
        };
        pos.exchange_value(mv).is_some_and(|v| v < limit)
    }

    /// Late move reduction of the `i`th move: for quiet moves far down the list, by depth and
    /// move number, less at PV nodes and for killers, more when history says they rarely work.
    fn late_reduction(&self, frame: &Frame<G::Move>, mv: G::Move, quiet: bool, i: usize) -> i32 {
        let depth = frame.depth;
        if depth < 3 || i < 2 || frame.in_check || !quiet {
            return 0;
        }
        let mut r = i32::from(self.lmr[depth.min(63) as usize][i.min(63)]);
        r -= i32::from(frame.pv_node);
        r -= i32::from(
            self.heuristics.is_killer(mv, frame.ply) || self.heuristics.is_counter(mv, frame.prev),
        );
        r += i32::from(self.heuristics.quiet_score(mv, frame.prev) < 0);
        r.clamp(0, depth - 2)
    }
}
