//! Attack sets on one 8×8 board (one height of the box: FIDE chess with `heights=1`), as
//! bitboards with bit `y * 8 + x` for the cell (x, y): the tables the move generator uses, for
//! evaluations and exchange counts that need attacks of many pieces (mobility, king zones,
//! SEE). Sliders read magic tables built on first use; a slider's set includes the first
//! occupied cell of each line (a capture or a defended piece) and stops there.

use crate::magic::sliders;
use crate::tables::{KING, KNIGHT};

/// Cells a rook on `square` attacks in the plane, with `occupied` the occupied cells.
///
/// ```
/// // A rook on a1 of an empty board attacks its file and rank: 14 cells.
/// assert_eq!(chess3d::plane_attacks::rook(0, 0).count_ones(), 14);
/// // A piece on a4 stops the file there (a4 itself is attacked).
/// let a = chess3d::plane_attacks::rook(0, 1 << 24);
/// assert_eq!(a & 0x0101_0101_0101_0101, 0x0101_0101 & !1);
/// ```
#[inline]
pub fn rook(square: usize, occupied: u64) -> u64 {
    sliders().rook(square & 63, occupied)
}

/// Cells a bishop on `square` attacks in the plane, with `occupied` the occupied cells.
///
/// ```
/// // From d4 on an empty board: 13 cells on the two diagonals.
/// assert_eq!(chess3d::plane_attacks::bishop(27, 0).count_ones(), 13);
/// // A piece on e5 blocks the a1–h8 diagonal beyond it.
/// assert_eq!(chess3d::plane_attacks::bishop(27, 1 << 36).count_ones(), 10);
/// ```
#[inline]
pub fn bishop(square: usize, occupied: u64) -> u64 {
    sliders().bishop(square & 63, occupied)
}

/// Cells a knight on `square` attacks in the plane.
///
/// ```
/// assert_eq!(chess3d::plane_attacks::knight(0).count_ones(), 2); // a1: b3, c2
/// assert_eq!(chess3d::plane_attacks::knight(27).count_ones(), 8); // d4
/// ```
#[inline]
pub fn knight(square: usize) -> u64 {
    KNIGHT[square & 63]
}

/// Cells a king on `square` attacks in the plane.
///
/// ```
/// assert_eq!(chess3d::plane_attacks::king(0), 0x302); // a1: b1, a2, b2
/// ```
#[inline]
pub fn king(square: usize) -> u64 {
    KING[square & 63]
}

#[cfg(test)]
mod tests {
    use crate::magic::{BISHOP_DIRS, ROOK_DIRS, slide};

    #[test]
    fn sliders_match_walked_rays() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occupied = seed & (seed >> 3);
            for square in 0..64 {
                let rook = slide(square, occupied, &ROOK_DIRS);
                let bishop = slide(square, occupied, &BISHOP_DIRS);
                assert_eq!(super::rook(square, occupied), rook);
                assert_eq!(super::bishop(square, occupied), bishop);
            }
        }
    }
}
