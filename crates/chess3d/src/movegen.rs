//! Legal move generation.
//!
//! Normally fully legal: the king analysis ([`Chess3d::king_safety`]) gives a check mask and
//! pin lines (along any of the 26 lines, cut by the barrier); every non-king move must land on
//! the check mask and, for a pinned piece, on its pin line; every king step is tested against
//! the attacks with the king lifted off the board. En passant is made and tested (it removes a
//! piece from a third cell). When a height removal can follow a move (C3-31: the piece count is
//! within one capture of T(n)), legality is judged after the removal (C3-20), so the pseudo-legal
//! moves are made and tested instead.
//!
//! Moves go into a [`Sink`]: a list, or a counter for perft's bulk count.

use crate::attacks::KingSafety;
use crate::magic::sliders;
use crate::moves::Move;
use crate::position::{Chess3d, NO_EP, WHITE, WK, WQ};
use crate::tables::{
    Bits, FILE_A, FILE_H, KING, KNIGHT, PAWN_ATTACKS, PLANAR_DELTA, PLANAR_LEN, RANK_1, RANK_2,
    RANK_7, RANK_8, RING_ORTH,
};
use arrayvec::ArrayVec;
use variant_core::MoveSink;

/// An upper bound of the number of legal moves in any position this crate accepts.
///
/// Proof: a side has at most 16 pieces (checked when reading a position; play never adds
/// pieces). No piece has more than 90 moves: a queen reaches at most 27 cells in its own plane
/// (the 2D maximum) and, on each of the at most 7 other heights z' at distance k, only the 9
/// cells at planar offset k·(dx, dy) with dx, dy ∈ {-1, 0, 1} — 27 + 7·9 = 90; a rook, bishop,
/// knight (24 vectors), king (26 steps + 2 castlings) or pawn (at most 12: three in-plane
/// moves × 4 promotion pieces, or 3 quiet + 3 double + 4 capture steps) has fewer. So
/// 16 · 90 = 1440.
///
/// # Example
///
/// ```
/// use chess3d::prelude::*;
///
/// // The bound holds with room to spare in the default box's start (122 moves).
/// assert!(Chess3d::default().legal_moves().len() <= chess3d::MAX_MOVES);
/// ```
pub const MAX_MOVES: usize = 1440;

/// Where generated moves go.
pub(crate) trait Sink {
    /// One move.
    fn push(&mut self, mv: Move);
    /// Moves from `from` to each square of `targets` on height `zto`.
    fn targets(&mut self, from: usize, zto: usize, targets: u64);
    /// Pawn moves to each square of `targets` on height `zto` from the square `shift` before
    /// it on height `zfrom`; with `promo`, each is four promotions.
    fn pawns(&mut self, targets: u64, zfrom: usize, zto: usize, shift: i32, promo: bool);
}

/// Counts moves (perft's bulk counting).
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn targets(&mut self, _from: usize, _zto: usize, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, _zfrom: usize, _zto: usize, _shift: i32, promo: bool) {
        self.0 += (targets.count_ones() as u64) << (2 * promo as u32);
    }
}

/// Hands moves one by one to a [`MoveSink`]: a list, or a listener of the caller's.
pub(crate) struct Lister<'a, L: MoveSink<Move>>(pub &'a mut L);

impl<L: MoveSink<Move>> Sink for Lister<'_, L> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.0.push(mv);
    }
    #[inline(always)]
    fn targets(&mut self, from: usize, zto: usize, targets: u64) {
        for t in Bits(targets) {
            self.0.push(Move::new(from, zto * 64 + t, 0));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, zfrom: usize, zto: usize, shift: i32, promo: bool) {
        for t in Bits(targets) {
            let from = zfrom * 64 + (t as i32 - shift) as usize;
            let to = zto * 64 + t;
            if promo {
                for p in [4, 3, 2, 1] {
                    self.0.push(Move::new(from, to, p));
                }
            } else {
                self.0.push(Move::new(from, to, 0));
            }
        }
    }
}

/// Passes on only captures (en passant included) and promotions: the moves a quiescence
/// search plays. `enemy` is the opponent's occupancy of each height, `pawns` the mover's
/// pawns, `ep` the en-passant cell
/// (or [`NO_EP`](crate::position::NO_EP)).
pub(crate) struct TacticalLister<'a, L: MoveSink<Move>> {
    pub inner: Lister<'a, L>,
    pub enemy: [u64; 8],
    /// The mover's pawns on each height (only they take en passant).
    pub pawns: [u64; 8],
    pub ep: u16,
}

impl<L: MoveSink<Move>> TacticalLister<'_, L> {
    /// The cells of height `z` a capture may land on: the enemy's, and the en-passant cell.
    #[inline(always)]
    fn victims(&self, z: usize) -> u64 {
        let ep = usize::from(self.ep);
        let ep_bit = if ep >> 6 == z { 1u64 << (ep & 63) } else { 0 };
        self.enemy[z & 7] | ep_bit
    }
}

impl<L: MoveSink<Move>> Sink for TacticalLister<'_, L> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        // Single moves: king steps, castling, en passant, and some of the 3D generator's. Only
        // a pawn takes en passant; any piece takes an enemy.
        let (from, to) = (mv.origin_index(), mv.to_index());
        let (zt, t) = (to >> 6 & 7, 1u64 << (to & 63));
        let pawn = self.pawns[from >> 6 & 7] >> (from & 63) & 1 != 0;
        let victims = if pawn {
            self.victims(zt)
        } else {
            self.enemy[zt]
        };
        if victims & t != 0 || mv.promo_index() != 0 {
            self.inner.push(mv);
        }
    }
    #[inline(always)]
    fn targets(&mut self, from: usize, zto: usize, targets: u64) {
        let victims = self.enemy[zto & 7];
        self.inner.targets(from, zto, targets & victims);
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, zfrom: usize, zto: usize, shift: i32, promo: bool) {
        let targets = if promo {
            targets
        } else {
            targets & self.victims(zto)
        };
        self.inner.pawns(targets, zfrom, zto, shift, promo);
    }
}

const N: usize = 1;
const B: usize = 2;
const R: usize = 3;
const Q: usize = 4;

const ROOK_DIRS: &[usize] = &[4];
const BISHOP_DIRS: &[usize] = &[0, 2, 6, 8];
const QUEEN_DIRS: &[usize] = &[0, 1, 2, 3, 4, 5, 6, 7, 8];

impl Chess3d {
    /// Generates every legal move into `sink`.
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        if self.heights == 1 {
            self.plane_generate(sink);
            return;
        }
        if self.removal_possible() {
            self.generate_tested(sink);
            return;
        }
        let occ = self.occupancy();
        let mut safety = KingSafety::free();
        self.king_safety(&occ, &mut safety);
        self.gen_king(sink, &occ, safety.checkers != 0, true);
        if safety.checkers < 2 {
            self.gen_pieces(sink, &occ, &safety);
        }
        // Made and tested, so also right in the rare double check it resolves.
        self.gen_ep(sink);
    }

    /// Make-and-test generation, for positions where a removal may follow the move.
    fn generate_tested<S: Sink>(&self, sink: &mut S) {
        let occ = self.occupancy();
        let us = self.side.index();
        let in_check = self.attacked(self.kings[us] as usize, 1 - us, &occ);
        let safety = KingSafety::free();
        let mut list: ArrayVec<Move, MAX_MOVES> = ArrayVec::new();
        let mut lister = Lister(&mut list);
        self.gen_king(&mut lister, &occ, in_check, false);
        self.gen_pieces(&mut lister, &occ, &safety);
        for &mv in list.iter() {
            let mut child = self.clone();
            child.make(mv);
            if !child.king_attacked(us) {
                sink.push(mv);
            }
        }
        self.gen_ep(sink);
    }

    fn gen_king<S: Sink>(&self, sink: &mut S, occ: &[u64; 8], in_check: bool, filter: bool) {
        let us = self.side.index();
        let them = 1 - us;
        let king = self.kings[us] as usize;
        let (ksq, kz) = (king & 63, king >> 6 & 7);
        let kbit = 1u64 << ksq;
        let mut lifted = *occ;
        lifted[kz] &= !kbit;
        let own = self.bb[kz][WHITE + us];
        for d in Bits(KING[ksq] & !own) {
            let to = kz * 64 + d;
            if !filter || !self.attacked(to, them, &lifted) {
                sink.push(Move::new(king, to, 0));
            }
        }
        if self.heights > 1 {
            let bar = self.barrier(us);
            if bar[kz] & kbit == 0 {
                for zz in [kz.wrapping_sub(1), kz + 1] {
                    if zz >= self.heights as usize {
                        continue;
                    }
                    let targets = (KING[ksq] | kbit) & !self.bb[zz][WHITE + us] & !bar[zz];
                    for d in Bits(targets) {
                        let to = zz * 64 + d;
                        if !filter || !self.attacked(to, them, &lifted) {
                            sink.push(Move::new(king, to, 0));
                        }
                    }
                }
            }
        }
        // Castling (C3-19), on the king's base height only.
        let rights = (self.castling >> (2 * us)) & (WK | WQ);
        if rights == 0 || in_check {
            return;
        }
        let bz = self.base[us] as usize;
        let home = if us == 0 { 4 } else { 60 };
        if king != bz * 64 + home {
            return;
        }
        let rooks = self.bb[bz][R] & own;
        let occz = occ[bz];
        if rights & WK != 0
            && rooks & (1 << (home + 3)) != 0
            && occz & (0b11 << (home + 1)) == 0
            && !self.attacked(king + 1, them, occ)
            && !self.attacked(king + 2, them, occ)
        {
            sink.push(Move::new(king, king + 2, 0));
        }
        if rights & WQ != 0
            && rooks & (1 << (home - 4)) != 0
            && occz & (0b111 << (home - 3)) == 0
            && !self.attacked(king - 1, them, occ)
            && !self.attacked(king - 2, them, occ)
        {
            sink.push(Move::new(king, king - 2, 0));
        }
    }

    fn gen_pieces<S: Sink>(&self, sink: &mut S, occ: &[u64; 8], safety: &KingSafety) {
        let us = self.side.index();
        let s = sliders();
        let h = self.heights as usize;
        let bar = self.barrier(us);
        let check = &safety.check_mask;
        for z in 0..h {
            let l = &self.bb[z];
            let own = l[WHITE + us];
            if own == 0 {
                continue;
            }
            let allowed = check[z] & !own;
            let pinned = safety.pinned[z];
            let free = own & !pinned;
            for sq in Bits(l[N] & free) {
                sink.targets(z * 64 + sq, z, KNIGHT[sq] & allowed);
                if h > 1 && bar[z] & (1 << sq) == 0 {
                    self.knight_3d(sink, sq, z, check, &bar);
                }
            }
            let bq = (l[B] | l[Q]) & own;
            let rq = (l[R] | l[Q]) & own;
            for sq in Bits(bq & free) {
                sink.targets(z * 64 + sq, z, s.bishop(sq, occ[z]) & allowed);
            }
            for sq in Bits(rq & free) {
                sink.targets(z * 64 + sq, z, s.rook(sq, occ[z]) & allowed);
            }
            if h > 1 {
                for sq in Bits((bq | rq) & free) {
                    let dirs = self.slider_dirs(l, sq);
                    self.slider_3d(sink, sq, z, dirs, check, occ, &bar);
                }
            }
            self.gen_pawns(sink, z, l[0] & free, check, occ, &bar);
            if own & pinned != 0 {
                for sq in Bits(own & pinned) {
                    let cell = z * 64 + sq;
                    let Some((_, pin)) = safety.pins.iter().find(|(c, _)| *c as usize == cell)
                    else {
                        continue;
                    };
                    let mut both = [0u64; 8];
                    for ((m, c), p) in both.iter_mut().zip(check).zip(pin) {
                        *m = c & p;
                    }
                    let b = 1u64 << sq;
                    if l[0] & b != 0 {
                        self.gen_pawns(sink, z, b, &both, occ, &bar);
                    } else if (l[B] | l[R] | l[Q]) & b != 0 {
                        let mut t = 0;
                        if bq & b != 0 {
                            t |= s.bishop(sq, occ[z]);
                        }
                        if rq & b != 0 {
                            t |= s.rook(sq, occ[z]);
                        }
                        sink.targets(cell, z, t & both[z] & !own);
                        if h > 1 {
                            let dirs = self.slider_dirs(l, sq);
                            self.slider_3d(sink, sq, z, dirs, &both, occ, &bar);
                        }
                    }
                    // A pinned knight never stays on its line.
                }
            }
        }
    }

    #[inline(always)]
    fn slider_dirs(&self, l: &[u64; 8], sq: usize) -> &'static [usize] {
        let b = 1u64 << sq;
        if l[Q] & b != 0 {
            QUEEN_DIRS
        } else if l[R] & b != 0 {
            ROOK_DIRS
        } else {
            BISHOP_DIRS
        }
    }

    /// Out-of-plane knight leaps (C3-11); only origin and destination meet the barrier.
    #[inline]
    fn knight_3d<S: Sink>(
        &self,
        sink: &mut S,
        sq: usize,
        z: usize,
        allowed: &[u64; 8],
        bar: &[u64; 8],
    ) {
        let us = self.side.index();
        let h = self.heights as i32;
        for (dz, ring) in [
            (1, RING_ORTH[sq][2]),
            (-1, RING_ORTH[sq][2]),
            (2, RING_ORTH[sq][1]),
            (-2, RING_ORTH[sq][1]),
        ] {
            let zz = z as i32 + dz;
            if zz < 0 || zz >= h {
                continue;
            }
            let zz = zz as usize;
            let t = ring & !self.bb[zz][WHITE + us] & !bar[zz] & allowed[zz];
            sink.targets(z * 64 + sq, zz, t);
        }
    }

    /// Out-of-plane slides: step by step, stopping at a piece (captured if it is an enemy) or
    /// at the barrier (C3-12, the wall is not a piece).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn slider_3d<S: Sink>(
        &self,
        sink: &mut S,
        sq: usize,
        z: usize,
        dirs: &[usize],
        allowed: &[u64; 8],
        occ: &[u64; 8],
        bar: &[u64; 8],
    ) {
        if bar[z] & (1 << sq) != 0 {
            return;
        }
        let us = self.side.index();
        let from = z * 64 + sq;
        let h = self.heights as usize;
        for dz in [1i32, -1] {
            let room = if dz > 0 { h - 1 - z } else { z };
            if room == 0 {
                continue;
            }
            for &p in dirs {
                let n = (PLANAR_LEN[p][sq] as usize).min(room);
                let delta = PLANAR_DELTA[p];
                let (mut s, mut zz) = (sq as i32, z as i32);
                for _ in 0..n {
                    s += delta;
                    zz += dz;
                    let (si, zi) = (s as usize & 63, zz as usize & 7);
                    let b = 1u64 << si;
                    if bar[zi] & b != 0 {
                        break;
                    }
                    let o = occ[zi] & b;
                    if o != 0 && self.bb[zi][WHITE + us] & b != 0 {
                        break;
                    }
                    if allowed[zi] & b != 0 {
                        sink.push(Move::new(from, zi * 64 + si, 0));
                    }
                    if o != 0 {
                        break;
                    }
                }
            }
        }
    }

    /// Pawn moves of the pawns `pawns` on height `z` (C3-13 … C3-16, C3-18), without en passant.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn gen_pawns<S: Sink>(
        &self,
        sink: &mut S,
        z: usize,
        pawns: u64,
        allowed: &[u64; 8],
        occ: &[u64; 8],
        bar: &[u64; 8],
    ) {
        if pawns == 0 {
            return;
        }
        let us = self.side.index();
        let white = us == 0;
        let target = self.pawn_target(us);
        let fwd = |b: u64| if white { b << 8 } else { b >> 8 };
        let sh: i32 = if white { 8 } else { -8 };
        let enemy_z = self.bb[z][WHITE + 1 - us];
        let empty_z = !occ[z];
        let promo = if z == target {
            if white { RANK_8 } else { RANK_1 }
        } else {
            0
        };
        let push = fwd(pawns) & empty_z;
        let p1 = push & allowed[z];
        sink.pawns(p1 & !promo, z, z, sh, false);
        sink.pawns(p1 & promo, z, z, sh, true);
        let start = if z == self.base[us] as usize {
            pawns & if white { RANK_2 } else { RANK_7 }
        } else {
            0
        };
        if start != 0 {
            let dbl = fwd(fwd(start) & empty_z) & empty_z & allowed[z];
            sink.pawns(dbl, z, z, 2 * sh, false);
        }
        let (left, right) = if white {
            ((pawns & !FILE_A) << 7, (pawns & !FILE_H) << 9)
        } else {
            ((pawns & !FILE_A) >> 9, (pawns & !FILE_H) >> 7)
        };
        let (ls, rs) = if white { (7, 9) } else { (-9, -7) };
        let cl = left & enemy_z & allowed[z];
        let cr = right & enemy_z & allowed[z];
        sink.pawns(cl & !promo, z, z, ls, false);
        sink.pawns(cl & promo, z, z, ls, true);
        sink.pawns(cr & !promo, z, z, rs, false);
        sink.pawns(cr & promo, z, z, rs, true);
        if self.heights > 1 && z != target {
            let v: i32 = if target > z { 1 } else { -1 };
            let z2 = (z as i32 + v) as usize & 7;
            let open2 = !bar[z2];
            let e2 = !occ[z2] & open2;
            sink.pawns(pawns & e2 & allowed[z2], z, z2, 0, false);
            sink.pawns(fwd(pawns) & e2 & allowed[z2], z, z2, sh, false);
            let enemy2 = self.bb[z2][WHITE + 1 - us] & open2 & allowed[z2];
            sink.pawns(left & enemy2, z, z2, ls, false);
            sink.pawns(right & enemy2, z, z2, rs, false);
            if start != 0 && z2 != target {
                let z3 = (z2 as i32 + v) as usize & 7;
                let e3 = !occ[z3] & !bar[z3] & allowed[z3];
                sink.pawns(start & e2 & e3, z, z3, 0, false);
                sink.pawns(fwd(fwd(start) & e2) & e3, z, z3, 2 * sh, false);
            }
        }
    }

    /// En-passant captures (C3-17), made and tested.
    fn gen_ep<S: Sink>(&self, sink: &mut S) {
        if self.ep == NO_EP {
            return;
        }
        let us = self.side.index();
        let them = 1 - us;
        let e = self.ep as usize;
        let (esq, ez) = (e & 63, e >> 6 & 7);
        let mut try_from = |from: usize| {
            let mv = Move::new(from, e, 0);
            let mut child = self.clone();
            child.make(mv);
            if !child.king_attacked(us) {
                sink.push(mv);
            }
        };
        let pawns = |z: usize| self.bb[z][0] & self.bb[z][WHITE + us];
        for sq in Bits(PAWN_ATTACKS[them][esq] & pawns(ez)) {
            try_from(ez * 64 + sq);
        }
        if self.heights > 1 {
            let bar = self.barrier(us);
            if bar[ez] & (1 << esq) != 0 {
                return;
            }
            let target = self.pawn_target(us) as i32;
            for dz in [1i32, -1] {
                let zp = ez as i32 - dz;
                if zp < 0 || zp >= self.heights as i32 || (target - zp).signum() != dz {
                    continue;
                }
                let zp = zp as usize;
                for sq in Bits(PAWN_ATTACKS[them][esq] & pawns(zp) & !bar[zp]) {
                    try_from(zp * 64 + sq);
                }
            }
        }
    }
}
