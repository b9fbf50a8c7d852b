//! The order in which a node tries its moves: the ordering keys (the table's move, losing
//! captures last, the heuristics' keys for the rest) and the lazy selection by key.

use super::Searcher;
use crate::{MoveFacts, SearchGame};

/// Moves picked one at a time before the rest of a node's list is sorted (most nodes that
/// cut off do so within the first few moves, and then the rest need no order).
const LAZY_PICKS: usize = 3;

/// A move with its ordering key and facts.
#[derive(Clone, Copy)]
pub(super) struct Keyed<M> {
    pub(super) key: i64,
    pub(super) mv: M,
    pub(super) facts: MoveFacts,
}

/// Puts the move due at index `i` there: the `i` before it are the best in order, so the
/// next is the first of the highest key among the rest (the order a stable sort by descending
/// key gives). The first few are picked one by one; at `LAZY_PICKS` the rest are sorted.
pub(super) fn select<M>(moves: &mut [Keyed<M>], i: usize) {
    if i < LAZY_PICKS {
        let mut best = i;
        for j in i + 1..moves.len() {
            if moves[j].key > moves[best].key {
                best = j;
            }
        }
        // Rotating keeps the others in their order, as the stable sort would.
        moves[i..=best].rotate_right(1);
    } else if i == LAZY_PICKS {
        moves[i..].sort_by_key(|k| std::cmp::Reverse(k.key));
    }
}

/// The ordering key of a capture that loses material by exchange (see `losing_capture`).
const BAD_CAPTURE: i64 = -(1 << 40);

/// A capture of a piece worth less than the capturing one whose exchange loses material (a
/// capture of an equal or greater value cannot lose by exchange, so its exchange is not
/// computed).
pub(super) fn losing_capture<G: SearchGame>(pos: &G, mv: G::Move, facts: MoveFacts) -> bool {
    facts.captured > 0
        && !facts.promotion
        && facts.captured < facts.mover
        && pos.exchange_value(mv).is_some_and(|v| v < 0)
}

impl<G: SearchGame> Searcher<G> {
    /// The move that led to the node at `ply` (two players; `None` at the root, after a null
    /// move, and with more players).
    pub(super) fn previous(&self, ply: usize) -> Option<G::Move> {
        if self.multi || ply == 0 {
            None
        } else {
            self.stack[ply - 1]
        }
    }

    /// Sorts `moves` best first; `prev` is the move that led to `pos` (where known).
    pub(super) fn order(
        &self,
        pos: &G,
        moves: &mut [G::Move],
        tt_move: Option<G::Move>,
        ply: usize,
        prev: Option<G::Move>,
    ) {
        let mut keyed = self.keyed(pos, moves, tt_move, ply, prev);
        keyed.sort_by_key(|k| std::cmp::Reverse(k.key));
        for (slot, k) in moves.iter_mut().zip(keyed) {
            *slot = k.mv;
        }
    }

    /// The moves with their ordering keys and facts, in the order given (see [`select`]).
    pub(super) fn keyed(
        &self,
        pos: &G,
        moves: &[G::Move],
        tt_move: Option<G::Move>,
        ply: usize,
        prev: Option<G::Move>,
    ) -> Vec<Keyed<G::Move>> {
        moves
            .iter()
            .map(|&mv| {
                let facts = pos.move_facts(mv);
                let key = if tt_move == Some(mv) {
                    self.heuristics.key(mv, facts, tt_move, ply, prev)
                } else {
                    self.static_key(pos, mv, facts, ply, prev)
                };
                Keyed { key, mv, facts }
            })
            .collect()
    }

    /// The ordering key of a move without the table's move: losing captures after the quiet
    /// moves (whose keys are history counts, never negative), the rest by the usual keys.
    pub(super) fn static_key(
        &self,
        pos: &G,
        mv: G::Move,
        facts: MoveFacts,
        ply: usize,
        prev: Option<G::Move>,
    ) -> i64 {
        if losing_capture(pos, mv, facts) {
            BAD_CAPTURE + i64::from(facts.captured)
        } else {
            self.heuristics.key(mv, facts, None, ply, prev)
        }
    }
}
