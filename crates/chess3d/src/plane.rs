//! The one-height box (FIDE chess, C3-4 with H = 1): a move generator and a move player that
//! work on the single 8×8 plane directly.
//!
//! The general code in [`movegen`](crate::movegen) and [`attacks`](crate::attacks) keeps its
//! check masks, pin lines and occupancies as eight words, one per height, and asks "is there
//! another height?" at many places. With one height all of that is one word, there are no
//! out-of-plane lines, no barrier (C3-12) and no height removal (C3-31 needs n ≥ 2), so this
//! path drops it: the check mask, the pinned set and each pin ray are single `u64`s, a pinned
//! piece moves only along the ray between its king and its pinner (in check it cannot move at
//! all: its ray meets the checking line only at the king), and en passant is tested on
//! bitboards without playing it. The moves are exactly those of the general generator (the
//! FIDE perft tables and the reference comparisons in the tests cover both paths).

use crate::magic::sliders;
use crate::movegen::Sink;
use crate::moves::Move;
use crate::position::{Chess3d, NO_EP, WHITE, WK, WQ};
use crate::tables::{BETWEEN, Bits, FILE_A, FILE_H, KING, KNIGHT, PAWN_ATTACKS};
use crate::tables::{RANK_1, RANK_2, RANK_7, RANK_8};

const P: usize = 0;
const N: usize = 1;
const B: usize = 2;
const R: usize = 3;
const Q: usize = 4;
const K: usize = 5;

/// At most eight pieces can be pinned (one per line through the king).
const MAX_PINS: usize = 8;

impl Chess3d {
    /// Whether square `sq` is attacked by the pieces in `enemy` (a subset of one side's
    /// pieces) under occupancy `occ`, on the single plane.
    #[inline(always)]
    fn plane_attacked(&self, sq: usize, by: usize, enemy: u64, occ: u64) -> bool {
        let l = &self.bb[0];
        let s = sliders();
        (KNIGHT[sq] & l[N] | KING[sq] & l[K] | PAWN_ATTACKS[1 - by][sq] & l[P]) & enemy != 0
            || s.rook(sq, occ) & (l[R] | l[Q]) & enemy != 0
            || s.bishop(sq, occ) & (l[B] | l[Q]) & enemy != 0
    }

    /// Every legal move of a one-height position into `sink`.
    #[inline]
    pub(crate) fn plane_generate<S: Sink>(&self, sink: &mut S) {
        let l = &self.bb[0];
        let us = self.side.index() & 1;
        let them = 1 - us;
        let own = l[WHITE + us];
        let enemy = l[WHITE + them];
        let occ = own | enemy;
        let ksq = self.kings[us] as usize & 63;
        let s = sliders();

        // Checkers and pins: every enemy slider on an empty-board line through the king.
        let rq = (l[R] | l[Q]) & enemy;
        let bq = (l[B] | l[Q]) & enemy;
        let mut checkers = (KNIGHT[ksq] & l[N] | PAWN_ATTACKS[us][ksq] & l[P]) & enemy;
        let mut pinned = 0u64;
        let mut pins = [(0usize, 0u64); MAX_PINS];
        let mut pin_count = 0;
        for c in Bits((s.rook(ksq, 0) & rq) | (s.bishop(ksq, 0) & bq)) {
            let between = BETWEEN[ksq][c] & occ;
            if between == 0 {
                checkers |= 1 << c;
            } else if between & (between - 1) == 0 && between & own != 0 {
                pinned |= between;
                if pin_count < MAX_PINS {
                    pins[pin_count] = (between.trailing_zeros() as usize, BETWEEN[ksq][c] | 1 << c);
                    pin_count += 1;
                }
            }
        }

        // King steps, tested with the king lifted off the board (it must not hide behind itself).
        let lifted = occ & !(1u64 << ksq);
        for t in Bits(KING[ksq] & !own) {
            if !self.plane_attacked(t, them, enemy, lifted) {
                sink.push(Move::new(ksq, t, 0));
            }
        }
        if checkers == 0 {
            self.plane_castling(sink, ksq, occ, enemy);
        }

        if checkers & (checkers.wrapping_sub(1)) == 0 {
            let mask = if checkers == 0 {
                !0
            } else {
                BETWEEN[ksq][checkers.trailing_zeros() as usize] | checkers
            };
            let allowed = mask & !own;
            let free = own & !pinned;
            for sq in Bits(l[N] & free) {
                sink.targets(sq, 0, KNIGHT[sq] & allowed);
            }
            for sq in Bits((l[B] | l[Q]) & free) {
                sink.targets(sq, 0, s.bishop(sq, occ) & allowed);
            }
            for sq in Bits((l[R] | l[Q]) & free) {
                sink.targets(sq, 0, s.rook(sq, occ) & allowed);
            }
            self.plane_pawns(sink, l[P] & free, mask, occ, enemy);
            // A pinned piece cannot answer a check.
            if checkers == 0 {
                for &(sq, ray) in &pins[..pin_count] {
                    let b = 1u64 << sq;
                    if l[P] & b != 0 {
                        self.plane_pawns(sink, b, ray, occ, enemy);
                    } else {
                        let mut t = 0;
                        if (l[B] | l[Q]) & b != 0 {
                            t |= s.bishop(sq, occ);
                        }
                        if (l[R] | l[Q]) & b != 0 {
                            t |= s.rook(sq, occ);
                        }
                        // A pinned knight never stays on its ray.
                        sink.targets(sq, 0, t & ray & !own);
                    }
                }
            }
        }
        self.plane_en_passant(sink, ksq, occ, enemy);
    }

    /// Pawn pushes, double steps and captures (C3-14 … C3-16, C3-18 in the plane) of the
    /// pawns `pawns`, landing on `allowed`.
    #[inline(always)]
    fn plane_pawns<S: Sink>(&self, sink: &mut S, pawns: u64, allowed: u64, occ: u64, enemy: u64) {
        if pawns == 0 {
            return;
        }
        let white = self.side.index() == 0;
        let empty = !occ;
        let (promo, push, dbl, left, right, sh, ls, rs) = if white {
            let push = pawns << 8 & empty;
            (
                RANK_8,
                push,
                (push & (RANK_2 << 8)) << 8 & empty,
                (pawns & !FILE_A) << 7 & enemy,
                (pawns & !FILE_H) << 9 & enemy,
                8,
                7,
                9,
            )
        } else {
            let push = pawns >> 8 & empty;
            (
                RANK_1,
                push,
                (push & (RANK_7 >> 8)) >> 8 & empty,
                (pawns & !FILE_A) >> 9 & enemy,
                (pawns & !FILE_H) >> 7 & enemy,
                -8,
                -9,
                -7,
            )
        };
        let (push, left, right) = (push & allowed, left & allowed, right & allowed);
        // The general generator's order (pushes, double steps, left and right captures).
        sink.pawns(push & !promo, 0, 0, sh, false);
        sink.pawns(push & promo, 0, 0, sh, true);
        sink.pawns(dbl & allowed, 0, 0, 2 * sh, false);
        sink.pawns(left & !promo, 0, 0, ls, false);
        sink.pawns(left & promo, 0, 0, ls, true);
        sink.pawns(right & !promo, 0, 0, rs, false);
        sink.pawns(right & promo, 0, 0, rs, true);
    }

    /// Castling (C3-19): king and rook on their corners with the rights, the squares between
    /// them empty, the king not in check (the caller's test) and not crossing or landing on an
    /// attacked square.
    #[inline(always)]
    fn plane_castling<S: Sink>(&self, sink: &mut S, ksq: usize, occ: u64, enemy: u64) {
        let us = self.side.index() & 1;
        let rights = (self.castling >> (2 * us)) & (WK | WQ);
        let home = if us == 0 { 4 } else { 60 };
        if rights == 0 || ksq != home {
            return;
        }
        let rooks = self.bb[0][R] & self.bb[0][WHITE + us];
        let them = 1 - us;
        if rights & WK != 0
            && rooks & (1 << (home + 3)) != 0
            && occ & (0b11 << (home + 1)) == 0
            && !self.plane_attacked(home + 1, them, enemy, occ)
            && !self.plane_attacked(home + 2, them, enemy, occ)
        {
            sink.push(Move::new(home, home + 2, 0));
        }
        if rights & WQ != 0
            && rooks & (1 << (home - 4)) != 0
            && occ & (0b111 << (home - 3)) == 0
            && !self.plane_attacked(home - 1, them, enemy, occ)
            && !self.plane_attacked(home - 2, them, enemy, occ)
        {
            sink.push(Move::new(home, home - 2, 0));
        }
    }

    /// En passant (C3-17): each capture is tested on the bitboards as they are after it (the
    /// capturing pawn moved, the captured pawn gone), which also covers the discovered checks
    /// along the rank and the checks it answers.
    #[inline(always)]
    fn plane_en_passant<S: Sink>(&self, sink: &mut S, ksq: usize, occ: u64, enemy: u64) {
        if self.ep == NO_EP {
            return;
        }
        let us = self.side.index() & 1;
        let e = self.ep as usize & 63;
        let l = &self.bb[0];
        let capturers = PAWN_ATTACKS[1 - us][e] & l[P] & l[WHITE + us];
        if capturers == 0 {
            return;
        }
        let victim = if us == 0 { e - 8 } else { e + 8 };
        let vb = 1u64 << victim;
        if l[P] & enemy & vb == 0 {
            return;
        }
        for from in Bits(capturers) {
            let after = occ ^ (1 << from) ^ vb | 1 << e;
            if !self.plane_attacked(ksq, 1 - us, enemy & !vb, after) {
                sink.push(Move::new(from, e, 0));
            }
        }
    }

    /// Plays a move of a one-height position: what [`Chess3d::make`] does, on the one plane.
    /// `from` and `to` are squares of the plane.
    #[inline]
    pub(crate) fn plane_make(&mut self, mv: Move, from: usize, to: usize) {
        let us = self.side.index() & 1;
        let them = 1 - us;
        let (fb, tb) = (1u64 << from, 1u64 << to);
        let l = &self.bb[0];
        if l[WHITE + us] & fb == 0 || l[WHITE + us] & tb != 0 {
            // Not a move of this position (play_unchecked's contract): leave it unchanged.
            return;
        }
        let kind = kind_on(l, fb);
        let captured = (l[WHITE + them] & tb != 0).then(|| kind_on(l, tb));
        let old_ep = self.ep;
        self.hash ^= crate::position::ep_key(old_ep);
        self.ep = NO_EP;
        let mut reset_clock = kind == P;
        if let Some(victim) = captured {
            self.plane_toggle(them, victim, to);
            self.count -= 1;
            reset_clock = true;
        } else if kind == P && to == old_ep as usize && (from ^ to) & 7 != 0 {
            let victim = if us == 0 { to - 8 } else { to + 8 };
            self.plane_toggle(them, P, victim);
            self.count -= 1;
        }
        self.plane_toggle(us, kind, from);
        let promo = mv.promo_index();
        let new_kind = if kind == P && (1..=4).contains(&promo) {
            promo
        } else {
            kind
        };
        self.plane_toggle(us, new_kind, to);
        if kind == K {
            self.kings[us] = to as u16;
            // Castling: the king's two-file move from its home square (C3-19).
            if from & 7 == 4 && (to >> 3) == (from >> 3) && from.abs_diff(to) == 2 {
                let (rook_from, rook_to) = if to > from {
                    (from + 3, from + 1)
                } else {
                    (from - 4, from - 1)
                };
                self.plane_toggle(us, R, rook_from);
                self.plane_toggle(us, R, rook_to);
            }
        } else if kind == P && from.abs_diff(to) == 16 {
            // Double step (C3-15): the skipped square.
            self.ep = ((from + to) / 2) as u16;
            self.hash ^= crate::position::ep_key(self.ep);
        }
        if self.castling != 0 {
            let kept = CASTLING_KEPT[from] & CASTLING_KEPT[to];
            if self.castling & !kept != 0 {
                self.hash ^= crate::position::castle_key(self.castling);
                self.castling &= kept;
                self.hash ^= crate::position::castle_key(self.castling);
            }
        }
        self.halfmove = if reset_clock {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.other();
        self.hash ^= crate::position::side_key();
    }

    #[inline(always)]
    fn plane_toggle(&mut self, color: usize, kind: usize, sq: usize) {
        let b = 1u64 << (sq & 63);
        let l = &mut self.bb[0];
        l[kind % 6] ^= b;
        l[WHITE + (color & 1)] ^= b;
        self.hash ^= crate::position::piece_key(color, kind, sq);
    }
}

/// The kind of the piece on the square `b` (a single bit known to be occupied).
#[inline(always)]
fn kind_on(l: &[u64; 8], b: u64) -> usize {
    if l[P] & b != 0 {
        P
    } else if l[N] & b != 0 {
        N
    } else if l[B] & b != 0 {
        B
    } else if l[R] & b != 0 {
        R
    } else if l[Q] & b != 0 {
        Q
    } else {
        K
    }
}

const fn castling_kept_table() -> [u8; 64] {
    let mut t = [0xFu8; 64];
    t[4] = !(WK | WQ) & 0xF;
    t[0] = !WQ & 0xF;
    t[7] = !WK & 0xF;
    t[60] = !(crate::position::BK | crate::position::BQ) & 0xF;
    t[56] = !crate::position::BQ & 0xF;
    t[63] = !crate::position::BK & 0xF;
    t
}

/// The castling rights a move from or to each square keeps (C3-19: a king or rook leaving its
/// corner, or a rook captured there).
static CASTLING_KEPT: [u8; 64] = castling_kept_table();
