//! Movement lines and strength projection (CT-4, CT-10, CT-41, CT-44).
//!
//! A piece's projection is the set of cells its strength reaches: every cell of its movement
//! lines, own and enemy pieces included (the first occupied cell ends a non-jumping line), its
//! own cell excluded (added separately). The same set, less the cells a piece may not stand
//! on, is its set of destinations.

use crate::piece::Piece;
use crate::tables::{FORWARD, KING, ORTH1, ORTH2, ORTH3, TERRITORY, TWO_STEP_FROM, diagonals};

/// The cells onto which a `kind` of `side` standing on `sq` projects its strength (and which
/// it may move to, cell rules aside). `occ` is every piece; `foe_imp` the enemy's impregnable
/// fields (never reached; non-jumping lines stop before them); `long` is CT-41.
#[inline(always)]
pub(crate) fn projection(
    kind: usize,
    side: usize,
    sq: usize,
    occ: u64,
    foe_imp: u64,
    long: bool,
) -> u64 {
    let sq = sq & 63;
    let orth = if long { &ORTH3 } else { &ORTH2 };
    let lines = match kind {
        k if k == Piece::King as usize => KING[sq],
        k if k == Piece::Connet as usize => orth[sq] | diagonals(sq, occ, foe_imp),
        k if k == Piece::Prince as usize => ORTH1[sq] | diagonals(sq, occ, foe_imp),
        k if k == Piece::Ritter as usize => orth[sq],
        k if k == Piece::Knecht as usize || k == Piece::VerKnecht as usize => {
            ORTH1[sq] | two_step(side, sq, occ, foe_imp)
        }
        _ => 0,
    };
    lines & !foe_imp
}

/// The Knecht's (and Ver Knecht's) two-cell forward line: inside its own territory, first cell
/// empty and not an enemy impregnable field.
#[inline]
pub(crate) fn two_step(side: usize, sq: usize, occ: u64, foe_imp: u64) -> u64 {
    let side = side & 1;
    let bit = 1u64 << (sq & 63);
    if bit & TWO_STEP_FROM[side] == 0 {
        return 0;
    }
    let (mid, dst) = if side == 0 {
        (bit << 8, bit << 16)
    } else {
        (bit >> 8, bit >> 16)
    };
    if (occ | foe_imp) & mid != 0 || dst & TERRITORY[side] == 0 {
        0
    } else {
        dst
    }
}

/// The forward neighbour of `sq` for `side`, if on the board.
#[inline]
pub(crate) fn forward(side: usize, sq: usize) -> Option<usize> {
    let t = sq as i32 + FORWARD[side & 1] as i32;
    if (0..64).contains(&t) {
        Some(t as usize)
    } else {
        None
    }
}
