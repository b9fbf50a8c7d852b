//! The capture search of one piece (D3-8 … D3-14), depth first, in two modes:
//!
//! - **plain** (move generation): every capture path is followed and duplicate moves are
//!   merged by the sink (D3-14). No bookkeeping per node, which is what ordinary positions
//!   want.
//! - **memo** (notation): every search *state* — landing cell, captured set, crowned or not —
//!   is entered at most once. During a capture the board does not change (captured pieces
//!   stay until the move ends, D3-10), so what can still happen depends only on the state,
//!   not on the path into it: a second path into a state is cut, and a second path onto a
//!   final state is the same move again. Notation also cuts every branch that can no longer
//!   take all of the wanted move's pieces (see [`Search::reach`]), so finding the canonical
//!   path of a move costs the states of that move, not all paths of the piece.
//!
//! Why generation does not use the memo: on the hostile positions of [`crate::hostile`]
//! (docs/benchmarks.md), a king's capture paths in a crowded 3D box almost never meet in one
//! state (the captured sets differ), so the states are nearly as many as the paths and the
//! table only adds cost; a majority bound from the reachable pieces cuts too few nodes to pay
//! for itself (the figures: docs/notes/2026-12-benchmarks-history.md, hostile positions).

// Directions and heights are indices into several tables at once; index loops read best.
#![allow(clippy::needless_range_loop)]

use crate::config::PromotionRule;
use crate::geometry::{JUMP, NEIGHBOR};
use crate::position::Checkers3d;
use arrayvec::ArrayVec;
use variant_core::zobrist::zobrist_keys;

/// Receives every complete capture sequence the search finds, and steers the search.
pub(crate) trait Sink {
    /// A landing cell (or the origin) is entered; only notation keeps the path.
    #[inline]
    fn push(&mut self, _square: u16) {}
    /// The last landing cell is left again.
    #[inline]
    fn pop(&mut self) {}
    /// A complete sequence: origin, destination, captured set, its size, and whether the man
    /// ends promoted.
    fn complete(&mut self, from: u8, to: u8, captured: &[u32; 8], count: u32, promoted: bool);
    /// Pieces every useful completion takes (the move notation is looking for a path of): a
    /// branch that can no longer reach all of them is cut (memo mode).
    #[inline]
    fn required(&self) -> Option<&[u32; 8]> {
        None
    }
    /// Whether the capture of `over` landing on `land` may lead to a useful completion;
    /// `false` cuts the branch. The notation's sinks use it to follow one move's pieces or
    /// path, and `BudgetSink` (movegen.rs) to count steps and stop once its budget is spent.
    #[inline]
    fn allow(&mut self, _over: u16, _land: u16) -> bool {
        true
    }
    /// Whether to try the landing cells in the order of their text (notation: the path whose
    /// text sorts first is found first).
    #[inline]
    fn sorted(&self) -> bool {
        false
    }
    /// Whether the search can stop.
    #[inline]
    fn done(&self) -> bool {
        false
    }
}

/// How the search runs (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    /// Every path.
    Plain,
    /// Every state once; branches cut by the sink's required pieces.
    Memo,
}

#[inline]
fn bit(words: &[u32; 8], square: u16) -> bool {
    words[(square >> 5) as usize & 7] >> (square & 31) & 1 == 1
}

#[inline]
fn flip(words: &mut [u32; 8], square: u16) {
    words[(square >> 5) as usize & 7] ^= 1 << (square & 31);
}

/// Keys of captured squares, to hash a captured set incrementally.
static CAPTURE_KEYS: [u64; 256] = zobrist_keys(0xC4EC_CA97_0D3D_0014);

/// The order of cells by their text (`a1@1` < `a1@2` < `a3@1` < `b2@1`): file, rank, height.
#[inline]
fn text_order(square: u16) -> u16 {
    let c = crate::geometry::cell_of(square as u8);
    u16::from(c.x) << 6 | u16::from(c.y) << 3 | u16::from(c.z)
}

/// One capture step from the current state.
#[derive(Clone, Copy)]
struct Step {
    over: u16,
    land: u16,
    /// Whether a capture goes on from `land` (else the move ends there).
    continues: bool,
    /// Whether a man is crowned on `land` and goes on as a king (passing promotion).
    crowns: bool,
}

/// The most steps of one state: 12 directions with at most 6 landing cells each.
const MAX_STEPS: usize = 72;

/// A set of search states (origin, landing cell, crowned, captured set), open addressing.
struct StateSet {
    slots: Vec<([u32; 8], u32)>,
    len: usize,
}

impl StateSet {
    fn new() -> Self {
        StateSet {
            slots: vec![([0; 8], 0); 64],
            len: 0,
        }
    }

    /// Adds a state; whether it was new. `tag` is never 0 (0 marks an empty slot).
    fn insert(&mut self, hash: u64, tag: u32, captured: &[u32; 8]) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = (hash ^ hash >> 29) as usize & mask;
        loop {
            let slot = &mut self.slots[i];
            if slot.1 == 0 {
                *slot = (*captured, tag);
                self.len += 1;
                if self.len * 2 > self.slots.len() {
                    self.grow();
                }
                return true;
            }
            if slot.1 == tag && slot.0 == *captured {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![([0; 8], 0); size]);
        let mask = self.slots.len() - 1;
        for (captured, tag) in old.into_iter().filter(|s| s.1 != 0) {
            let hash = state_hash(tag, &captured);
            let mut i = (hash ^ hash >> 29) as usize & mask;
            while self.slots[i].1 != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = (captured, tag);
        }
    }
}

/// The hash of a state from its tag and captured set (the search keeps the captured part
/// incrementally; this recomputes it when the table grows).
fn state_hash(tag: u32, captured: &[u32; 8]) -> u64 {
    let mut key = 0;
    for (z, &w) in captured.iter().enumerate() {
        let mut b = w;
        while b != 0 {
            key ^= CAPTURE_KEYS[z * 32 + b.trailing_zeros() as usize];
            b &= b - 1;
        }
    }
    mix(key, tag)
}

#[inline]
fn mix(key: u64, tag: u32) -> u64 {
    key ^ u64::from(tag).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The depth-first capture search (D3-8 … D3-10) of the pieces of one position.
pub(crate) struct Search<'a, S: Sink> {
    /// Occupied squares with the moving piece lifted from its origin; captured pieces stay
    /// (D3-10, Turkish strike).
    occ: [u32; 8],
    /// Enemy pieces not yet captured in this move (D3-10: none is jumped twice).
    takeable: [u32; 8],
    captured: [u32; 8],
    /// The number of pieces in `captured`, and their hash.
    count: u32,
    key: u64,
    /// Directions that exist on this board: the 4 plane diagonals with one height, all 12
    /// otherwise.
    directions: usize,
    /// Squares below this are on the board (32 × heights).
    limit: u16,
    /// Promotion squares of the mover by height (D3-13).
    promo: [u32; 8],
    passing: bool,
    from: u8,
    /// Set once a man has become a king during the capture (passing promotion).
    promoted: bool,
    /// States seen (memo mode).
    seen: Option<StateSet>,
    sink: &'a mut S,
}

impl<'a, S: Sink> Search<'a, S> {
    pub(crate) fn new(pos: &Checkers3d, sink: &'a mut S, mode: Mode) -> Self {
        let us = pos.side as usize;
        let mut occ = [0; 8];
        let mut promo = [0; 8];
        for z in 0..pos.heights as usize {
            occ[z] = pos.occupied(z);
            promo[z] = pos.promotion_squares(us, z);
        }
        let seen = match mode {
            Mode::Plain => None,
            Mode::Memo => Some(StateSet::new()),
        };
        Search {
            occ,
            takeable: pos.pieces[1 - us],
            captured: [0; 8],
            count: 0,
            key: 0,
            directions: if pos.heights == 1 { 4 } else { 12 },
            limit: pos.heights as u16 * 32,
            promo,
            passing: pos.config.promotion == PromotionRule::Passing,
            from: 0,
            promoted: false,
            seen,
            sink,
        }
    }

    /// Searches every capture sequence of the piece on `from`.
    pub(crate) fn run(&mut self, from: u8, king: bool) {
        let f = u16::from(from);
        flip(&mut self.occ, f);
        self.from = from;
        self.promoted = false;
        self.sink.push(f);
        self.explore(f, king);
        self.sink.pop();
        flip(&mut self.occ, f);
    }

    #[inline]
    fn occupied(&self, square: u16) -> bool {
        bit(&self.occ, square)
    }

    #[inline]
    fn take(&mut self, square: u16) {
        flip(&mut self.captured, square);
        flip(&mut self.takeable, square);
        self.key ^= CAPTURE_KEYS[square as usize & 255];
        self.count += 1;
    }

    #[inline]
    fn untake(&mut self, square: u16) {
        flip(&mut self.captured, square);
        flip(&mut self.takeable, square);
        self.key ^= CAPTURE_KEYS[square as usize & 255];
        self.count -= 1;
    }

    /// The tag of a state in [`StateSet`] (never 0).
    #[inline]
    fn tag(&self, at: u16, crowned: bool) -> u32 {
        1 | u32::from(crowned) << 1 | u32::from(at) << 8 | u32::from(self.from) << 16
    }

    /// Whether the state is new (always, outside memo mode), recording it.
    #[inline]
    fn first_visit(&mut self, at: u16, crowned: bool) -> bool {
        let tag = self.tag(at, crowned);
        let hash = mix(self.key, tag);
        match &mut self.seen {
            Some(seen) => seen.insert(hash, tag, &self.captured),
            None => true,
        }
    }

    /// Whether a capture is possible from `at` (D3-8 for a man, D3-9 for a king).
    #[inline]
    fn can_capture(&self, at: u16, king: bool) -> bool {
        for d in 0..self.directions {
            if king {
                let mut c = NEIGHBOR[at as usize & 255][d];
                while c < self.limit && !self.occupied(c) {
                    c = NEIGHBOR[c as usize & 255][d];
                }
                if c < self.limit && bit(&self.takeable, c) {
                    let land = NEIGHBOR[c as usize & 255][d];
                    if land < self.limit && !self.occupied(land) {
                        return true;
                    }
                }
            } else {
                let jump = JUMP[at as usize & 255][d];
                let (over, land) = (jump as u16, (jump >> 16) as u16);
                // An off-box jump is u32::MAX, so `land` is then 0xFFFF and fails this test.
                if land < self.limit
                    && over < self.limit
                    && bit(&self.takeable, over)
                    && !self.occupied(land)
                {
                    return true;
                }
            }
        }
        false
    }

    /// The capture steps from `at`, with D3-10's rule for kings applied: of a king's landing
    /// cells beyond one piece, only those from which the capture goes on, if there are any.
    fn steps(&mut self, at: u16, king: bool, out: &mut ArrayVec<Step, MAX_STEPS>) {
        for d in 0..self.directions {
            if king {
                let mut c = NEIGHBOR[at as usize & 255][d];
                while c < self.limit && !self.occupied(c) {
                    c = NEIGHBOR[c as usize & 255][d];
                }
                if c >= self.limit || !bit(&self.takeable, c) {
                    continue;
                }
                let first = NEIGHBOR[c as usize & 255][d];
                if first >= self.limit || self.occupied(first) {
                    continue;
                }
                // Whether the capture goes on is judged with `c` taken.
                self.take(c);
                let start = out.len();
                let mut any = false;
                let mut land = first;
                while land < self.limit && !self.occupied(land) {
                    let continues = self.can_capture(land, true);
                    any |= continues;
                    out.push(Step {
                        over: c,
                        land,
                        continues,
                        crowns: false,
                    });
                    land = NEIGHBOR[land as usize & 255][d];
                }
                self.untake(c);
                if any {
                    let mut k = start;
                    for i in start..out.len() {
                        if out[i].continues {
                            out[k] = out[i];
                            k += 1;
                        }
                    }
                    out.truncate(k);
                }
            } else {
                let jump = JUMP[at as usize & 255][d];
                let (over, land) = (jump as u16, (jump >> 16) as u16);
                if land >= self.limit
                    || over >= self.limit
                    || !bit(&self.takeable, over)
                    || self.occupied(land)
                {
                    continue;
                }
                // D3-12 passing: a man landing on a promotion cell goes on as a king.
                let crowns = self.passing && bit(&self.promo, land);
                self.take(over);
                let continues = self.can_capture(land, crowns);
                self.untake(over);
                out.push(Step {
                    over,
                    land,
                    continues,
                    crowns,
                });
            }
        }
    }

    /// Enters the state "on `at` with the current captured set" and searches on from it.
    fn explore(&mut self, at: u16, king: bool) {
        if self.sink.done() {
            return;
        }
        if self.seen.is_some() {
            if !self.first_visit(at, self.promoted) {
                return;
            }
            if self.cut(at) {
                return;
            }
        }
        let mut steps = ArrayVec::new();
        self.steps(at, king, &mut steps);
        if self.sink.sorted() {
            steps.sort_unstable_by_key(|s| text_order(s.land));
        }
        for step in steps {
            if self.sink.done() {
                break;
            }
            if !self.sink.allow(step.over, step.land) {
                continue;
            }
            self.take(step.over);
            self.sink.push(step.land);
            let crowned = self.promoted || step.crowns;
            if step.continues {
                let was = self.promoted;
                self.promoted = crowned;
                self.explore(step.land, king || step.crowns);
                self.promoted = was;
            } else {
                // D3-13: a king keeps its state; a man promotes where the move ends on a
                // promotion cell (passing or at the end alike).
                let promoted = if king {
                    self.promoted
                } else {
                    bit(&self.promo, step.land)
                };
                self.finish(step.land, crowned, promoted);
            }
            self.sink.pop();
            self.untake(step.over);
        }
    }

    /// Whether the branch at `at` can no longer take every piece the sink requires.
    fn cut(&self, at: u16) -> bool {
        let Some(required) = self.sink.required() else {
            return false;
        };
        let reach = self.reach(at);
        (0..8).any(|z| required[z] & self.takeable[z] & !reach[z] != 0)
    }

    fn finish(&mut self, to: u16, crowned: bool, promoted: bool) {
        // A second path onto a final state is the same move again (D3-14).
        if self.seen.is_some() && !self.first_visit(to, crowned) {
            return;
        }
        self.sink
            .complete(self.from, to as u8, &self.captured, self.count, promoted);
    }

    /// The uncaptured enemies that a king on `at` could take in some continuation, ignoring
    /// that pieces it takes on the way block later lines: a breadth-first search over landing
    /// cells (the occupied cells are fixed during a capture, D3-10).
    fn reach(&self, at: u16) -> [u32; 8] {
        let mut visited = [0u32; 8];
        let mut found = [0u32; 8];
        let mut stack = [0u16; 256];
        let mut top = 0;
        flip(&mut visited, at);
        stack[0] = at;
        top += 1;
        while top > 0 {
            top -= 1;
            let q = stack[top];
            for d in 0..self.directions {
                let mut c = NEIGHBOR[q as usize & 255][d];
                while c < self.limit && !self.occupied(c) {
                    c = NEIGHBOR[c as usize & 255][d];
                }
                if c >= self.limit || !bit(&self.takeable, c) {
                    continue;
                }
                let mut land = NEIGHBOR[c as usize & 255][d];
                if land >= self.limit || self.occupied(land) {
                    continue;
                }
                if !bit(&found, c) {
                    flip(&mut found, c);
                }
                while land < self.limit && !self.occupied(land) {
                    if !bit(&visited, land) {
                        flip(&mut visited, land);
                        // Each cell is pushed once, so 256 slots suffice.
                        stack[top & 255] = land;
                        top += 1;
                    }
                    land = NEIGHBOR[land as usize & 255][d];
                }
            }
        }
        found
    }
}
