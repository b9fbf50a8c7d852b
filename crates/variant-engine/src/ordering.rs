//! Move ordering: the TT move, then captures and promotions by value (most valuable victim,
//! least valuable attacker), then killer moves, then the counter-move (the quiet move that
//! last refuted the opponent's previous move), then the history heuristic plus the
//! continuation history (how well a quiet move did as the answer to the previous move).

use crate::MoveFacts;
use std::hash::{Hash, Hasher};

/// Slots of the history table (moves are hashed into it; collisions only blur ordering).
const HISTORY_SLOTS: usize = 1 << 16;
/// Slots of the continuation history (pairs of moves are hashed into it).
const CONTINUATION_SLOTS: usize = 1 << 16;
/// Plies with killer moves.
pub(crate) const MAX_PLY: usize = 128;

const TT_MOVE: i64 = 1 << 40;
const TACTICAL: i64 = 1 << 32;
const KILLER: i64 = 1 << 30;
/// Below the killers, above any history count (which stays within ±2^25).
const COUNTER: i64 = 1 << 29;
/// History counts stay within ±this.
const HISTORY_MAX: i32 = 1 << 24;

/// A small multiplicative hasher (FxHash-like) for the history table index.
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(n)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

fn slot<M: Hash>(mv: &M) -> usize {
    let mut h = FxHasher::default();
    mv.hash(&mut h);
    (h.finish() >> 40) as usize & (HISTORY_SLOTS - 1)
}

fn pair_slot<M: Hash>(prev: &M, mv: &M) -> usize {
    let mut h = FxHasher::default();
    prev.hash(&mut h);
    h.write_u64(0x9E37_79B9_7F4A_7C15);
    mv.hash(&mut h);
    (h.finish() >> 40) as usize & (CONTINUATION_SLOTS - 1)
}

/// Killers, history, counter-moves and continuation history, kept between the searches of
/// one game. The counter-move and continuation tables are filled only where the search gives
/// a previous move (two players).
pub(crate) struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    counters: Vec<Option<M>>,
    continuation: Vec<i32>,
}

impl<M: Copy + Eq + Hash> Heuristics<M> {
    pub fn new() -> Self {
        Heuristics {
            killers: vec![[None, None]; MAX_PLY],
            history: vec![0; HISTORY_SLOTS],
            counters: vec![None; HISTORY_SLOTS],
            continuation: vec![0; CONTINUATION_SLOTS],
        }
    }

    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|c| *c = None);
        self.continuation.iter_mut().for_each(|h| *h = 0);
    }

    /// Halves the history between searches so old games fade.
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.continuation.iter_mut().for_each(|h| *h /= 2);
    }

    /// The ordering key of a move (higher first); `prev` is the move that led to the
    /// position, where the search gives it.
    pub fn key(
        &self,
        mv: M,
        facts: MoveFacts,
        tt_move: Option<M>,
        ply: usize,
        prev: Option<M>,
    ) -> i64 {
        if tt_move == Some(mv) {
            return TT_MOVE;
        }
        if facts.is_tactical() {
            let promo = if facts.promotion { 800 } else { 0 };
            return TACTICAL + i64::from(facts.captured + promo) * 64 - i64::from(facts.mover);
        }
        if let Some(k) = self.killers.get(ply)
            && k.contains(&Some(mv))
        {
            return KILLER + i64::from(k[0] == Some(mv));
        }
        if let Some(p) = prev
            && self.counters[slot(&p)] == Some(mv)
        {
            return COUNTER;
        }
        i64::from(self.quiet_score(mv, prev))
    }

    /// History plus continuation history of a quiet move (after `prev`, where known).
    pub fn quiet_score(&self, mv: M, prev: Option<M>) -> i32 {
        let cont = prev.map_or(0, |p| self.continuation[pair_slot(&p, &mv)]);
        self.history[slot(&mv)] + cont
    }

    /// Whether `mv` is the counter-move of `prev`.
    pub fn is_counter(&self, mv: M, prev: Option<M>) -> bool {
        prev.is_some_and(|p| self.counters[slot(&p)] == Some(mv))
    }

    /// A quiet move searched before the one that cut off: its history falls (it may go below
    /// zero, still above losing captures), and so does its continuation history after
    /// `prev`.
    pub fn penalize(&mut self, mv: M, depth: i32, prev: Option<M>) {
        let h = &mut self.history[slot(&mv)];
        *h = (*h - depth * depth).max(-HISTORY_MAX);
        if let Some(p) = prev {
            let c = &mut self.continuation[pair_slot(&p, &mv)];
            *c = (*c - depth * depth).max(-HISTORY_MAX);
        }
    }

    /// Whether `mv` is a killer move at `ply`.
    pub fn is_killer(&self, mv: M, ply: usize) -> bool {
        self.killers.get(ply).is_some_and(|k| k.contains(&Some(mv)))
    }

    /// A quiet move caused a beta cut-off at `ply` with `depth` plies to go, after `prev`
    /// (where known): it becomes a killer, the counter-move of `prev`, and its history and
    /// continuation history rise.
    pub fn reward(&mut self, mv: M, ply: usize, depth: i32, prev: Option<M>) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(mv)
        {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[slot(&mv)];
        *h = (*h + depth * depth).min(HISTORY_MAX);
        if let Some(p) = prev {
            self.counters[slot(&p)] = Some(mv);
            let c = &mut self.continuation[pair_slot(&p, &mv)];
            *c = (*c + depth * depth).min(HISTORY_MAX);
        }
    }
}
