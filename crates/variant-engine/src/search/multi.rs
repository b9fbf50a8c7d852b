//! The three- and four-player search: paranoid (every opponent branches, as one team against
//! the searching player) or, where the game asks for it, Best-Reply Search (see
//! [`best_reply`](super::best_reply)). Neither prunes on the static evaluation: with the turn
//! going round the table, a margin measured for two players does not hold.

use super::Searcher;
use super::control::Control;
use super::node::{Best, Node};
use super::order::{Keyed, select};
use crate::SearchGame;

impl<G: SearchGame> Searcher<G> {
    /// A three- or four-player node after its opening steps ([`Searcher::enter`]).
    pub(super) fn multi_node(
        &mut self,
        ctl: &Control,
        pos: &G,
        node: &Node<G::Move>,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut list = G::MoveList::default();
        pos.legal_moves_into(&mut list);
        if list.is_empty() {
            return self.terminal_score(pos, ply);
        }
        // No counter-move or continuation history with more than two players.
        let prev = None;
        // Best-Reply Search at an opponent node: the move that hands the reply on at no cost,
        // and a follower's one move, is the static first (captures that do not lose the
        // capturing piece, by value; killers; history), never the table's move — that is this
        // node's best *reply*, and handing it on for free gave the opponents a second reply
        // every round (docs/engine.md, sixth pass). The static first comes twice: first as
        // the hand-on, then among the replies.
        let tt_move = node.entry.and_then(|e| e.mv).filter(|_| !node.follower);
        let mut moves = self.keyed(pos, &list, tt_move, ply, prev);
        let hand_on = self.brs && !node.team && !node.follower && moves.len() > 1;
        if hand_on {
            self.insert_hand_on(pos, &mut moves, tt_move, ply);
        }
        if node.follower {
            // A follower plays its static first move, unless a move of its ends the game.
            if let Some(score) = self.decisive_move(pos, &list, ply) {
                return score;
            }
            select(&mut moves, 0);
            moves.truncate(1);
        }
        let Some((best, best_move)) =
            self.multi_moves(ctl, pos, node, &mut moves, hand_on, ply, (alpha, beta))
        else {
            return 0;
        };
        self.store_node(node.key, ply, node.depth, best, best_move, alpha, beta);
        best
    }

    /// Searches the moves of a three- or four-player node: (its value, its best move), or
    /// `None` when the search was stopped.
    #[allow(clippy::too_many_arguments)]
    fn multi_moves(
        &mut self,
        ctl: &Control,
        pos: &G,
        node: &Node<G::Move>,
        moves: &mut [Keyed<G::Move>],
        hand_on: bool,
        ply: usize,
        (alpha, beta): (i32, i32),
    ) -> Option<(i32, Option<G::Move>)> {
        let team = node.team;
        let mut best = Best::new(alpha, beta);
        for i in 0..moves.len() {
            select(moves, i);
            let Keyed { mv, facts, .. } = moves[i];
            let quiet = !facts.is_tactical();
            let mut child = pos.clone();
            child.play_unchecked(mv);
            self.path.push(child.zobrist());
            self.stack[ply] = Some(mv);
            let (cost, child_replied) = if self.brs && !team {
                let Some(cost) = self.reply_cost(pos, &child, i, hand_on, node.follower) else {
                    self.path.pop();
                    continue;
                };
                cost
            } else {
                (1, false)
            };
            let depth = node.depth - cost + 1;
            // Late move reduction for quiet moves far down the list, by move number only.
            let reduce = (i > 0).then(|| {
                if depth >= 3 && i >= 4 && !node.in_check && quiet {
                    1 + i32::from(i >= 12 && depth >= 5)
                } else {
                    0
                }
            });
            let score = self.search_move(
                ctl,
                team,
                &child,
                depth,
                ply,
                (best.alpha, beta),
                reduce,
                child_replied,
            );
            self.path.pop();
            if self.aborted {
                return None;
            }
            if best.take(mv, score) {
                if quiet {
                    self.heuristics.reward(mv, ply, depth, None);
                }
                break;
            }
        }
        Some((best.score, best.mv))
    }
}
