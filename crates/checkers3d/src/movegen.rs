//! Move generation: quiet moves of men by whole-height shifts (D3-6), flying kings along
//! precomputed neighbour rays (D3-7), and the capture search (D3-8 … D3-12) with duplicate
//! paths merged (D3-14).

use crate::config::{CaptureRule, PromotionRule};
use crate::geometry::{NEIGHBOR, OPPOSITE, plane_step};
use crate::moves::{Move, MoveList};
use crate::position::{Checkers3d, WHITE};
use variant_core::MoveBuffer;

/// Receives every complete capture sequence the search finds.
pub(crate) trait Sink {
    /// Whether the search must record the landing path (notation only).
    const WANT_PATH: bool;
    /// A complete sequence: origin, destination, captured set, whether the man ends promoted,
    /// and (when wanted) the landing path starting with the origin.
    fn complete(&mut self, from: u8, to: u8, captured: &[u32; 8], promoted: bool, path: &[u16]);
}

/// Collects legal capture moves: applies the majority rule (D3-12) and merges duplicates
/// (D3-14).
struct ListSink<'a> {
    list: &'a mut MoveList,
    majority: bool,
    max: u32,
}

impl Sink for ListSink<'_> {
    const WANT_PATH: bool = false;
    #[inline]
    fn complete(&mut self, from: u8, to: u8, captured: &[u32; 8], promoted: bool, _: &[u16]) {
        let n: u32 = captured.iter().map(|w| w.count_ones()).sum();
        if self.majority {
            if n < self.max {
                return;
            }
            if n > self.max {
                self.list.clear();
                self.max = n;
            }
        }
        let mv = Move {
            from,
            to,
            promoted,
            captured: *captured,
        };
        // One capture has one path; only longer sequences can repeat a move (D3-14).
        if n >= 2 && self.list.contains(&mv) {
            return;
        }
        self.list.push(mv);
    }
}

#[inline]
fn bit(words: &[u32; 8], square: u16) -> bool {
    words[(square >> 5) as usize & 7] >> (square & 31) & 1 == 1
}

#[inline]
fn flip(words: &mut [u32; 8], square: u16) {
    words[(square >> 5) as usize & 7] ^= 1 << (square & 31);
}

/// Longest possible path: the origin and one landing per capture (at most 255 captures).
const MAX_PATH: usize = 257;

/// The depth-first capture search of one piece (D3-8 … D3-10).
pub(crate) struct Search<'a, S: Sink> {
    /// Occupied squares with the moving piece lifted from its origin; captured pieces stay
    /// (D3-10, Turkish strike).
    occ: [u32; 8],
    enemy: [u32; 8],
    captured: [u32; 8],
    /// Squares below this are on the board (32 × heights).
    limit: u16,
    /// Promotion squares of the mover by height (D3-13).
    promo: [u32; 8],
    passing: bool,
    from: u8,
    /// Set once a man has become a king during the capture (passing promotion).
    promoted: bool,
    path: [u16; MAX_PATH],
    len: usize,
    sink: &'a mut S,
}

impl<'a, S: Sink> Search<'a, S> {
    pub(crate) fn new(pos: &Checkers3d, sink: &'a mut S) -> Self {
        let us = pos.side as usize;
        let mut occ = [0; 8];
        let mut promo = [0; 8];
        for z in 0..pos.heights as usize {
            occ[z] = pos.occupied(z);
            promo[z] = pos.promotion_squares(us, z);
        }
        Search {
            occ,
            enemy: pos.pieces[1 - us],
            captured: [0; 8],
            limit: pos.heights as u16 * 32,
            promo,
            passing: pos.config.promotion == PromotionRule::Passing,
            from: 0,
            promoted: false,
            path: [0; MAX_PATH],
            len: 0,
            sink,
        }
    }

    /// Searches every capture sequence of the piece on `from`; whether there is any.
    pub(crate) fn run(&mut self, from: u8, king: bool) -> bool {
        let f = u16::from(from);
        flip(&mut self.occ, f);
        self.from = from;
        self.promoted = false;
        self.len = 0;
        self.push(f);
        let found = if king { self.king(f) } else { self.man(f) };
        self.len = 0;
        flip(&mut self.occ, f);
        found
    }

    #[inline]
    fn push(&mut self, square: u16) {
        if S::WANT_PATH
            && let Some(slot) = self.path.get_mut(self.len)
        {
            *slot = square;
            self.len += 1;
        }
    }

    #[inline]
    fn pop(&mut self) {
        if S::WANT_PATH {
            self.len = self.len.saturating_sub(1);
        }
    }

    #[inline]
    fn capturable(&self, square: u16) -> bool {
        bit(&self.enemy, square) && !bit(&self.captured, square)
    }

    #[inline]
    fn finish(&mut self, to: u16, promoted: bool) {
        let path = self.path.get(..self.len).unwrap_or(&[]);
        self.sink
            .complete(self.from, to as u8, &self.captured, promoted, path);
    }

    /// D3-8: a man jumps an adjacent uncaptured enemy in any of the 12 directions onto the
    /// empty cell beyond. Returns whether it could capture (if not, the caller ends the move).
    fn man(&mut self, at: u16) -> bool {
        let mut found = false;
        for d in 0..12 {
            let over = NEIGHBOR[at as usize & 255][d];
            if over >= self.limit || !self.capturable(over) {
                continue;
            }
            let land = NEIGHBOR[over as usize & 255][d];
            if land >= self.limit || bit(&self.occ, land) {
                continue;
            }
            found = true;
            flip(&mut self.captured, over);
            self.push(land);
            let promotes = bit(&self.promo, land);
            if self.passing && promotes {
                // D3-12 passing: a king at once, continuing as a king if it can.
                self.promoted = true;
                if !self.king(land) {
                    self.finish(land, true);
                }
                self.promoted = false;
            } else if !self.man(land) {
                // D3-13 / D3-12 at end: promotes only where the move ends.
                self.finish(land, promotes);
            }
            self.pop();
            flip(&mut self.captured, over);
        }
        found
    }

    /// D3-9: a king flies over empty cells, over exactly one uncaptured enemy, and lands on
    /// any empty cell beyond it; D3-10: if some landing cell lets it capture on, it must take
    /// one of those. Returns whether it could capture.
    fn king(&mut self, at: u16) -> bool {
        let mut found = false;
        for d in 0..12 {
            let mut c = NEIGHBOR[at as usize & 255][d];
            while c < self.limit && !bit(&self.occ, c) {
                c = NEIGHBOR[c as usize & 255][d];
            }
            if c >= self.limit || !self.capturable(c) {
                continue;
            }
            let first = NEIGHBOR[c as usize & 255][d];
            if first >= self.limit || bit(&self.occ, first) {
                continue;
            }
            found = true;
            flip(&mut self.captured, c);
            let mut continues = false;
            let mut land = first;
            while land < self.limit && !bit(&self.occ, land) {
                self.push(land);
                if self.king(land) {
                    continues = true;
                }
                self.pop();
                land = NEIGHBOR[land as usize & 255][d];
            }
            if !continues {
                let mut land = first;
                while land < self.limit && !bit(&self.occ, land) {
                    self.push(land);
                    self.finish(land, self.promoted);
                    self.pop();
                    land = NEIGHBOR[land as usize & 255][d];
                }
            }
            flip(&mut self.captured, c);
        }
        found
    }
}

impl Checkers3d {
    /// Men of the side to move that have at least one jump (D3-8), by height: a fast
    /// bitboard pre-test so that positions without captures never start a search.
    #[inline]
    fn men_that_can_capture(&self) -> [u32; 8] {
        let us = self.side as usize;
        let h = self.heights as usize;
        let mut out = [0u32; 8];
        for z in 0..h {
            let men = self.pieces[us][z] & !self.kings[z];
            if men == 0 {
                continue;
            }
            let mut can = 0;
            for dz in [-1i32, 0, 1] {
                let zc = z as i32 + dz;
                let zl = z as i32 + 2 * dz;
                if zl < 0 || zl >= h as i32 {
                    continue;
                }
                let enemy = self.pieces[1 - us][zc as usize];
                if enemy == 0 {
                    continue;
                }
                let empty = !self.occupied(zl as usize);
                for pd in 0..4 {
                    let back = OPPOSITE[pd];
                    can |= men & plane_step(back, enemy & plane_step(back, empty));
                }
            }
            out[z] = can;
        }
        out
    }

    /// Every legal capture move (D3-8 … D3-14) into `list` (cleared first).
    pub(crate) fn captures(&self, list: &mut MoveList) {
        list.clear();
        let us = self.side as usize;
        let mut sink = ListSink {
            list,
            majority: self.config.capture == CaptureRule::Majority,
            max: 0,
        };
        let men = self.men_that_can_capture();
        let mut search = Search::new(self, &mut sink);
        for z in 0..self.heights as usize {
            let mut b = men[z];
            while b != 0 {
                let i = b.trailing_zeros();
                b &= b - 1;
                search.run((z as u32 * 32 + i) as u8, false);
            }
            let mut k = self.pieces[us][z] & self.kings[z];
            while k != 0 {
                let i = k.trailing_zeros();
                k &= k - 1;
                search.run((z as u32 * 32 + i) as u8, true);
            }
        }
    }

    /// The forward plane directions of the side to move's men (D3-6): 0/1 for White, 2/3 for
    /// Black.
    #[inline]
    fn forward(&self) -> [usize; 2] {
        if self.side as usize == WHITE { [0, 1] } else { [2, 3] }
    }

    /// Every quiet move (no capture exists) into `list`.
    pub(crate) fn quiet_moves(&self, list: &mut MoveList) {
        let us = self.side as usize;
        let h = self.heights as usize;
        let fwd = self.forward();
        // Men (D3-6): one step forward, on the same height or one up or down.
        for z in 0..h {
            let men = self.pieces[us][z] & !self.kings[z];
            if men == 0 {
                continue;
            }
            for pd in fwd {
                let targets = plane_step(pd, men);
                for dz in [0i32, 1, -1] {
                    let tz = z as i32 + dz;
                    if tz < 0 || tz >= h as i32 {
                        continue;
                    }
                    let tz = tz as usize;
                    let mut t = targets & !self.occupied(tz);
                    // The direction index of this step, to walk back to the origin.
                    let d = match dz {
                        0 => pd,
                        1 => 4 + pd,
                        _ => 8 + pd,
                    };
                    let promo = self.promotion_squares(us, tz);
                    while t != 0 {
                        let i = t.trailing_zeros();
                        t &= t - 1;
                        let to = tz as u16 * 32 + i as u16;
                        let from = NEIGHBOR[to as usize & 255][OPPOSITE[d]];
                        list.push(Move {
                            from: from as u8,
                            to: to as u8,
                            promoted: promo >> i & 1 == 1,
                            captured: [0; 8],
                        });
                    }
                }
            }
        }
        // Kings (D3-7): any distance along the 12 directions over empty cells.
        let limit = h as u16 * 32;
        for z in 0..h {
            let mut k = self.pieces[us][z] & self.kings[z];
            while k != 0 {
                let i = k.trailing_zeros();
                k &= k - 1;
                let from = z as u16 * 32 + i as u16;
                for d in 0..12 {
                    let mut c = NEIGHBOR[from as usize][d];
                    while c < limit && self.occupied(c as usize / 32) >> (c % 32) & 1 == 0 {
                        list.push(Move {
                            from: from as u8,
                            to: c as u8,
                            promoted: false,
                            captured: [0; 8],
                        });
                        c = NEIGHBOR[c as usize & 255][d];
                    }
                }
            }
        }
    }

    /// The number of quiet moves (no capture exists), counted without listing them.
    fn count_quiet(&self) -> u64 {
        let us = self.side as usize;
        let h = self.heights as usize;
        let fwd = self.forward();
        let mut empty = [0u32; 8];
        for (z, e) in empty.iter_mut().enumerate().take(h) {
            *e = !self.occupied(z);
        }
        let mut n = 0u64;
        for z in 0..h {
            let men = self.pieces[us][z] & !self.kings[z];
            if men == 0 {
                continue;
            }
            // Each plane direction maps men one-to-one onto targets; the three height
            // choices of a cube step (D3-6) use the same targets on neighbouring heights.
            let mut reach = 0u64;
            for pd in fwd {
                let t = plane_step(pd, men);
                reach += u64::from((t & empty[z]).count_ones());
                if z + 1 < h {
                    reach += u64::from((t & empty[z + 1]).count_ones());
                }
                if z > 0 {
                    reach += u64::from((t & empty[z - 1]).count_ones());
                }
            }
            n += reach;
        }
        let limit = h as u16 * 32;
        for z in 0..h {
            let mut k = self.pieces[us][z] & self.kings[z];
            while k != 0 {
                let i = k.trailing_zeros();
                k &= k - 1;
                let from = z * 32 + i as usize;
                for d in 0..12 {
                    let mut c = NEIGHBOR[from & 255][d];
                    while c < limit && empty[c as usize / 32] >> (c % 32) & 1 == 1 {
                        n += 1;
                        c = NEIGHBOR[c as usize & 255][d];
                    }
                }
            }
        }
        n
    }

    /// Every legal move: the captures if there are any (D3-11), else the quiet moves.
    pub(crate) fn generate(&self, list: &mut MoveList) {
        self.captures(list);
        if list.is_empty() {
            self.quiet_moves(list);
        }
    }

    /// The number of legal moves.
    pub(crate) fn count(&self) -> u64 {
        if self.may_capture() {
            let mut list = MoveList::default();
            self.captures(&mut list);
            if !list.is_empty() {
                return list.len() as u64;
            }
        }
        self.count_quiet()
    }

    /// Whether a capture may exist: some man has a jump, or the side has a king (kings are
    /// searched directly).
    #[inline]
    fn may_capture(&self) -> bool {
        let us = self.side as usize;
        let h = self.heights as usize;
        (0..h).any(|z| self.pieces[us][z] & self.kings[z] != 0)
            || self.men_that_can_capture().iter().any(|&m| m != 0)
    }

    /// Whether the side to move has any legal move (D3-20).
    pub(crate) fn has_moves(&self) -> bool {
        self.count() > 0
    }
}
