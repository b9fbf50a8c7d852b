//! Attacks in the box: whether a cell is attacked (C3-20), and the check and pin analysis of
//! the king of the side to move, along all 26 lines, with the base-cube barrier (C3-12) cutting
//! every step that changes height.
//!
//! In-plane attacks use the 2D tables and magic bitboards. Out-of-plane attacks look at each
//! other height z' = z ± k: the cells a line of the 18 out-of-plane directions reaches there lie
//! on at most 9 squares (the "rings" at planar distance k), so the candidates are found with a
//! few ANDs, and only a candidate's k − 1 intermediate cells are walked.

use crate::magic::sliders;
use crate::position::{Chess3d, WHITE};
use crate::tables::{BETWEEN, Bits, KING, KNIGHT, PAWN_ATTACKS, RING_DIAG, RING_ORTH};
use arrayvec::ArrayVec;

const P: usize = 0;
const N: usize = 1;
const B: usize = 2;
const R: usize = 3;
const Q: usize = 4;
const K: usize = 5;

/// The at most 26 pins of one king (one per line through it).
pub(crate) type Pins = ArrayVec<(u16, [u64; 8]), 26>;

/// What the side to move must respect: the check mask (cells a non-king move may go to),
/// the number of checkers, and the pinned pieces with their lines.
pub(crate) struct KingSafety {
    // Fields are filled by `Chess3d::king_safety`.
    pub checkers: u32,
    pub check_mask: [u64; 8],
    pub pinned: [u64; 8],
    pub pins: Pins,
}

#[inline(always)]
fn sign(v: i32) -> i32 {
    v.signum()
}

impl KingSafety {
    /// No check, no pins: every destination allowed.
    pub(crate) fn free() -> KingSafety {
        KingSafety {
            checkers: 0,
            check_mask: [!0; 8],
            pinned: [0; 8],
            pins: Pins::new(),
        }
    }
}

impl Chess3d {
    /// Whether the cell index `cell` is attacked by colour `by` under occupancy `occ`.
    #[inline]
    pub(crate) fn attacked(&self, cell: usize, by: usize, occ: &[u64; 8]) -> bool {
        let (sq, z) = (cell & 63, cell >> 6 & 7);
        let l = &self.bb[z];
        let th = l[WHITE + by];
        if (KNIGHT[sq] & l[N] | KING[sq] & l[K] | PAWN_ATTACKS[1 - by][sq] & l[P]) & th != 0 {
            return true;
        }
        let s = sliders();
        let rq = (l[R] | l[Q]) & th;
        if rq != 0 && s.rook(sq, occ[z]) & rq != 0 {
            return true;
        }
        let bq = (l[B] | l[Q]) & th;
        if bq != 0 && s.bishop(sq, occ[z]) & bq != 0 {
            return true;
        }
        self.heights > 1 && self.attacked_3d(sq, z, by, occ)
    }

    /// The out-of-plane part of [`Chess3d::attacked`].
    fn attacked_3d(&self, sq: usize, z: usize, by: usize, occ: &[u64; 8]) -> bool {
        let defender = 1 - by;
        let bz = self.base[defender] as usize;
        let brank = Self::base_rank(defender);
        if z == bz && brank & (1 << sq) != 0 {
            // C3-12: a piece in its own base cube cannot be attacked from another height.
            return false;
        }
        let h = self.heights as usize;
        let target = self.pawn_target(by);
        for dz in [1i32, -1] {
            let mut k = 1usize;
            loop {
                let zz = z as i32 + dz * k as i32;
                if zz < 0 || zz >= h as i32 {
                    break;
                }
                let zz = zz as usize;
                let l = &self.bb[zz];
                let th = l[WHITE + by];
                if th != 0 {
                    let open = if zz == bz { !brank } else { !0 };
                    let th = th & open;
                    if k == 1 {
                        let v = sign(target as i32 - zz as i32);
                        if ((KING[sq] | 1 << sq) & l[K]
                            | RING_ORTH[sq][2] & l[N]
                            | if v == -dz {
                                PAWN_ATTACKS[defender][sq] & l[P]
                            } else {
                                0
                            })
                            & th
                            != 0
                        {
                            return true;
                        }
                    } else if k == 2 && RING_ORTH[sq][1] & l[N] & th != 0 {
                        return true;
                    }
                    let cand = ((1u64 << sq) & (l[R] | l[Q])
                        | RING_ORTH[sq][k] & l[Q]
                        | RING_DIAG[sq][k] & (l[B] | l[Q]))
                        & th;
                    for c in Bits(cand) {
                        if self.walk(sq, z, c, dz, k, occ, bz, brank).0 == 0 {
                            return true;
                        }
                    }
                }
                k += 1;
            }
        }
        false
    }

    /// Walks the k − 1 cells strictly between (sq, z) and (c, z + k·dz). Returns the number of
    /// occupied cells met (stopping at 2; `u32::MAX` when the barrier of the defender's base
    /// cubes cuts the line), the last occupied cell index, and the path as a 3D mask.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn walk(
        &self,
        sq: usize,
        z: usize,
        c: usize,
        dz: i32,
        k: usize,
        occ: &[u64; 8],
        bz: usize,
        brank: u64,
    ) -> (u32, usize, [u64; 8]) {
        let dx = sign((c & 7) as i32 - (sq & 7) as i32);
        let dy = sign((c >> 3) as i32 - (sq >> 3) as i32);
        let delta = dx + 8 * dy;
        let mut path = [0u64; 8];
        let mut blockers = 0;
        let mut last = 0;
        for j in 1..k as i32 {
            let s = (sq as i32 + j * delta) as usize & 63;
            let zz = (z as i32 + j * dz) as usize & 7;
            let b = 1u64 << s;
            if zz == bz && brank & b != 0 {
                return (u32::MAX, 0, path);
            }
            path[zz] |= b;
            if occ[zz] & b != 0 {
                blockers += 1;
                last = zz * 64 + s;
                if blockers > 1 {
                    return (blockers, last, path);
                }
            }
        }
        (blockers, last, path)
    }

    /// Checks and pins of the king of the side to move, written into `out` (an out-parameter:
    /// the pin list is large, and moving it around costs a copy at every node).
    pub(crate) fn king_safety(&self, occ: &[u64; 8], out: &mut KingSafety) {
        let us = self.side.index();
        let them = 1 - us;
        let king = self.kings[us] as usize;
        let (ksq, kz) = (king & 63, king >> 6 & 7);
        out.checkers = 0;
        out.check_mask = [0; 8];
        out.pinned = [0; 8];
        out.pins.clear();
        let l = &self.bb[kz];
        let th = l[WHITE + them];
        let own = l[WHITE + us];
        let s = sliders();
        // In-plane checkers.
        let mut direct =
            (KNIGHT[ksq] & l[N] | PAWN_ATTACKS[us][ksq] & l[P] | KING[ksq] & l[K]) & th;
        let rq = (l[R] | l[Q]) & th;
        let bq = (l[B] | l[Q]) & th;
        let sliding = (s.rook(ksq, occ[kz]) & rq) | (s.bishop(ksq, occ[kz]) & bq);
        direct |= sliding;
        out.checkers = direct.count_ones();
        for c in Bits(sliding) {
            out.check_mask[kz] |= BETWEEN[ksq][c];
        }
        out.check_mask[kz] |= direct;
        // In-plane pins.
        let snipers = (s.rook(ksq, 0) & rq | s.bishop(ksq, 0) & bq) & !sliding;
        for c in Bits(snipers) {
            let between = BETWEEN[ksq][c] & occ[kz];
            if between.count_ones() == 1 && between & own != 0 {
                let mut mask = [0u64; 8];
                mask[kz] = BETWEEN[ksq][c] | 1 << c;
                out.pinned[kz] |= between;
                // At most one pin per line through the king: 26 fit.
                let _ = out
                    .pins
                    .try_push(((kz * 64 + between.trailing_zeros() as usize) as u16, mask));
            }
        }
        if self.heights > 1 {
            self.king_safety_3d(ksq, kz, occ, out);
        }
        if out.checkers == 0 {
            out.check_mask = [!0; 8];
        }
    }

    fn king_safety_3d(&self, ksq: usize, kz: usize, occ: &[u64; 8], out: &mut KingSafety) {
        let us = self.side.index();
        let them = 1 - us;
        let bz = self.base[us] as usize;
        let brank = Self::base_rank(us);
        if kz == bz && brank & (1 << ksq) != 0 {
            return;
        }
        let h = self.heights as usize;
        let target = self.pawn_target(them);
        for dz in [1i32, -1] {
            let mut k = 1usize;
            loop {
                let zz = kz as i32 + dz * k as i32;
                if zz < 0 || zz >= h as i32 {
                    break;
                }
                let zz = zz as usize;
                let l = &self.bb[zz];
                let th = l[WHITE + them];
                if th != 0 {
                    let open = if zz == bz { !brank } else { !0 };
                    let th = th & open;
                    let mut direct = 0;
                    if k == 1 {
                        let v = sign(target as i32 - zz as i32);
                        direct = ((KING[ksq] | 1 << ksq) & l[K]
                            | RING_ORTH[ksq][2] & l[N]
                            | if v == -dz {
                                PAWN_ATTACKS[us][ksq] & l[P]
                            } else {
                                0
                            })
                            & th;
                    } else if k == 2 {
                        direct = RING_ORTH[ksq][1] & l[N] & th;
                    }
                    if direct != 0 {
                        out.checkers += direct.count_ones();
                        out.check_mask[zz] |= direct;
                    }
                    let cand = ((1u64 << ksq) & (l[R] | l[Q])
                        | RING_ORTH[ksq][k] & l[Q]
                        | RING_DIAG[ksq][k] & (l[B] | l[Q]))
                        & th;
                    for c in Bits(cand) {
                        let (blockers, last, mut path) =
                            self.walk(ksq, kz, c, dz, k, occ, bz, brank);
                        path[zz] |= 1 << c;
                        if blockers == 0 {
                            out.checkers += 1;
                            for (m, p) in out.check_mask.iter_mut().zip(&path) {
                                *m |= p;
                            }
                        } else if blockers == 1 {
                            let (lz, lb) = (last >> 6 & 7, 1u64 << (last & 63));
                            if self.bb[lz][WHITE + us] & lb != 0 {
                                out.pinned[lz] |= lb;
                                let _ = out.pins.try_push((last as u16, path));
                            }
                        }
                    }
                }
                k += 1;
            }
        }
    }

    /// Whether the king of `color` is attacked.
    #[inline]
    pub(crate) fn king_attacked(&self, color: usize) -> bool {
        let occ = self.occupancy();
        self.attacked(self.kings[color & 1] as usize, 1 - (color & 1), &occ)
    }
}
