//! The capture search of men on a board of one height (the 2D game of D3-40), on plain 32-bit
//! words held in registers: the hot path of one-height perft, where almost every other leaf
//! has a capture. Kings, and men crowned during a capture under passing promotion, are left to
//! the general search of `movegen` (the caller falls back when [`men_captures`] says so).

use crate::config::{CaptureRule, PromotionRule};
use crate::geometry::{PLANE_LAND, PLANE_OVER};
use crate::moves::Move;
use crate::position::Checkers3d;

/// Sequences of two or more captures remembered to merge duplicate paths (D3-14).
const SEEN: usize = 32;

struct PlaneSearch<F: FnMut(Move)> {
    /// Enemy men and kings not captured yet.
    takeable: u32,
    /// Pieces captured so far (they stay on the board, D3-10).
    captured: u32,
    count: u32,
    /// Empty cells, the mover's origin included.
    empty: u32,
    promo: u32,
    passing: bool,
    majority: bool,
    from: u8,
    max: u32,
    seen: arrayvec::ArrayVec<(u8, u8, u32, bool), SEEN>,
    /// Set when the position needs the general search.
    bail: bool,
    emit: F,
    /// Moves emitted so far (to restart counting when the majority rule raises the bar).
    emitted: u32,
    reset: bool,
}

impl<F: FnMut(Move)> PlaneSearch<F> {
    fn complete(&mut self, to: u32, promoted: bool) {
        let n = self.count;
        if self.majority {
            if n < self.max {
                return;
            }
            if n > self.max {
                self.max = n;
                self.seen.clear();
                if self.emitted > 0 {
                    // Earlier moves are shorter: the caller must start over.
                    self.reset = true;
                    self.emitted = 0;
                }
            }
        }
        let to = to.trailing_zeros() as u8;
        if n >= 2 {
            let key = (self.from, to, self.captured, promoted);
            if self.seen.contains(&key) {
                return;
            }
            if self.seen.try_push(key).is_err() {
                self.bail = true;
                return;
            }
        }
        if self.reset {
            self.reset = false;
            // Signalled to the caller by an empty-capture move.
            (self.emit)(Move {
                from: u8::MAX,
                to: u8::MAX,
                promoted: false,
                captured: [0; 8],
            });
        }
        let mut captured = [0; 8];
        captured[0] = self.captured;
        self.emitted += 1;
        (self.emit)(Move {
            from: self.from,
            to,
            promoted,
            captured,
        });
    }

    /// D3-8 in the plane: jumps from `at` (one bit); whether any exists.
    fn man(&mut self, at: u32) -> bool {
        let i = at.trailing_zeros() as usize & 31;
        let mut found = false;
        // The four directions unrolled; jumps come from per-square tables.
        macro_rules! direction {
            ($d:expr) => {
                let over = PLANE_OVER[$d][i] & self.takeable;
                let land = PLANE_LAND[$d][i] & self.empty;
                if over != 0 && land != 0 {
                    found = true;
                    if self.passing && land & self.promo != 0 {
                        // Crowned in passing: a king's search follows (D3-12).
                        self.bail = true;
                        return true;
                    }
                    self.takeable ^= over;
                    self.captured |= over;
                    self.count += 1;
                    if !self.man(land) {
                        self.complete(land, land & self.promo != 0);
                    }
                    self.count -= 1;
                    self.captured ^= over;
                    self.takeable ^= over;
                    if self.bail {
                        return true;
                    }
                }
            };
        }
        direction!(0);
        direction!(1);
        direction!(2);
        direction!(3);
        found
    }
}

impl Checkers3d {
    /// Captures by men on a one-height board without kings of the side to move, given to
    /// `emit` (a move with `from == u8::MAX` means: forget the moves emitted so far, the
    /// majority rule found a longer capture). Returns `false` when the general search is
    /// needed instead: a king to move, a man crowned in passing, many long duplicates.
    pub(crate) fn men_captures(&self, jumpers: u32, emit: impl FnMut(Move)) -> bool {
        let us = self.side as usize;
        if self.heights != 1 || self.pieces[us][0] & self.kings[0] != 0 {
            return false;
        }
        let mut s = PlaneSearch {
            takeable: self.pieces[1 - us][0],
            captured: 0,
            count: 0,
            empty: !(self.pieces[0][0] | self.pieces[1][0]),
            promo: self.promotion_squares(us, 0),
            passing: self.config.promotion == PromotionRule::Passing,
            majority: self.config.capture == CaptureRule::Majority,
            from: 0,
            max: 0,
            seen: arrayvec::ArrayVec::new(),
            bail: false,
            emit,
            emitted: 0,
            reset: false,
        };
        let mut b = jumpers;
        while b != 0 {
            let at = b & b.wrapping_neg();
            b &= b - 1;
            s.from = at.trailing_zeros() as u8;
            s.empty |= at;
            s.man(at);
            s.empty ^= at;
            if s.bail {
                return false;
            }
        }
        true
    }
}
