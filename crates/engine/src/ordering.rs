//! Move ordering: the TT move, then captures and promotions by value (most valuable victim,
//! least valuable attacker), then killer moves, then the history heuristic.

use crate::MoveFacts;
use std::hash::{Hash, Hasher};

/// Slots of the history table (moves are hashed into it; collisions only blur ordering).
const HISTORY_SLOTS: usize = 1 << 16;
/// Plies with killer moves.
pub(crate) const MAX_PLY: usize = 128;

const TT_MOVE: i64 = 1 << 40;
const TACTICAL: i64 = 1 << 32;
const KILLER: i64 = 1 << 30;

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

/// Killers and history, kept between the searches of one game.
pub(crate) struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + Eq + Hash> Heuristics<M> {
    pub fn new() -> Self {
        Heuristics {
            killers: vec![[None, None]; MAX_PLY],
            history: vec![0; HISTORY_SLOTS],
        }
    }

    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Halves the history between searches so old games fade.
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    /// The ordering key of a move (higher first).
    pub fn key(&self, mv: M, facts: MoveFacts, tt_move: Option<M>, ply: usize) -> i64 {
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
        i64::from(self.history[slot(&mv)])
    }

    /// A quiet move searched before the one that cut off: its history falls (it may go below
    /// zero, still above losing captures).
    pub fn penalize(&mut self, mv: M, depth: i32) {
        let h = &mut self.history[slot(&mv)];
        *h = (*h - depth * depth).max(-(1 << 24));
    }

    /// Whether `mv` is a killer move at `ply`.
    pub fn is_killer(&self, mv: M, ply: usize) -> bool {
        self.killers.get(ply).is_some_and(|k| k.contains(&Some(mv)))
    }

    /// A quiet move caused a beta cut-off at `ply` with `depth` plies to go.
    pub fn reward(&mut self, mv: M, ply: usize, depth: i32) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(mv)
        {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[slot(&mv)];
        *h = (*h + depth * depth).min(1 << 24);
    }
}
