//! Constant lookup tables for the 8×8 planes and the small out-of-plane geometry, built at
//! compile time: leaper attacks, squares between two aligned squares, and "rings" (the squares
//! at planar distance k in the 8 planar directions, which hold the cells k heights away that a
//! slider or leaper could reach).

/// Rank 1 (White's base rank).
pub(crate) const RANK_1: u64 = 0xFF;
/// Rank 2 (White's pawn start rank).
pub(crate) const RANK_2: u64 = 0xFF << 8;
/// Rank 7 (Black's pawn start rank).
pub(crate) const RANK_7: u64 = 0xFF << 48;
/// Rank 8 (Black's base rank).
pub(crate) const RANK_8: u64 = 0xFF << 56;
/// File a.
pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
/// File h.
pub(crate) const FILE_H: u64 = FILE_A << 7;

/// Planar directions (dx, dy) indexed 0..9; index 4 is (0, 0), the vertical line.
pub(crate) const PLANAR: [(i8, i8); 9] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (0, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

const fn on_board(x: i32, y: i32) -> bool {
    x >= 0 && x < 8 && y >= 0 && y < 8
}

const fn leaper(sq: usize, steps: &[(i32, i32)]) -> u64 {
    let x = (sq % 8) as i32;
    let y = (sq / 8) as i32;
    let mut out = 0u64;
    let mut i = 0;
    while i < steps.len() {
        let (dx, dy) = steps[i];
        if on_board(x + dx, y + dy) {
            out |= 1u64 << ((y + dy) * 8 + x + dx);
        }
        i += 1;
    }
    out
}

const fn leaper_table(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = leaper(sq, steps);
        sq += 1;
    }
    t
}

/// In-plane knight attacks.
pub(crate) static KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// In-plane king attacks.
pub(crate) static KING: [u64; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

/// `PAWN_ATTACKS[c][sq]`: the squares a pawn of colour `c` (0 white, 1 black) on `sq`
/// captures in its own plane. Read backwards, `PAWN_ATTACKS[1 - c][sq]` holds the squares from
/// which a pawn of colour `c` captures `sq`.
pub(crate) static PAWN_ATTACKS: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

const fn ring_table(diagonal: bool) -> [[u64; 8]; 64] {
    let mut t = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut k = 1;
        while k < 8 {
            let k32 = k as i32;
            t[sq][k] = if diagonal {
                leaper(sq, &[(k32, k32), (k32, -k32), (-k32, k32), (-k32, -k32)])
            } else {
                leaper(sq, &[(k32, 0), (-k32, 0), (0, k32), (0, -k32)])
            };
            k += 1;
        }
        sq += 1;
    }
    t
}

/// `RING_ORTH[sq][k]`: the squares at (±k, 0) and (0, ±k) from `sq`. A cell k heights away on
/// one of these squares is on a main-diagonal line (C3-3) through `sq`; `k = 1` and `k = 2` are
/// also the knight's out-of-plane leaps (C3-11: two heights + one step, one height + two steps).
pub(crate) static RING_ORTH: [[u64; 8]; 64] = ring_table(false);

/// `RING_DIAG[sq][k]`: the squares at (±k, ±k) from `sq` (cube-diagonal lines, C3-3).
pub(crate) static RING_DIAG: [[u64; 8]; 64] = ring_table(true);

const fn between_table() -> [[u64; 64]; 64] {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let ax = (a % 8) as i32;
        let ay = (a / 8) as i32;
        let mut d = 0;
        while d < 9 {
            let (dx, dy) = PLANAR[d];
            let (dx, dy) = (dx as i32, dy as i32);
            if dx != 0 || dy != 0 {
                let mut between = 0u64;
                let mut x = ax + dx;
                let mut y = ay + dy;
                while on_board(x, y) {
                    let b = (y * 8 + x) as usize;
                    t[a][b] = between;
                    between |= 1u64 << b;
                    x += dx;
                    y += dy;
                }
            }
            d += 1;
        }
        a += 1;
    }
    t
}

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; 0 otherwise.
pub(crate) static BETWEEN: [[u64; 64]; 64] = between_table();

const fn planar_len_table() -> [[u8; 64]; 9] {
    let mut t = [[0u8; 64]; 9];
    let mut d = 0;
    while d < 9 {
        let (dx, dy) = PLANAR[d];
        let mut sq = 0;
        while sq < 64 {
            let mut x = (sq % 8) as i32 + dx as i32;
            let mut y = (sq / 8) as i32 + dy as i32;
            let mut n = 0;
            while on_board(x, y) && n < 7 {
                n += 1;
                x += dx as i32;
                y += dy as i32;
            }
            t[d][sq] = n;
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `PLANAR_LEN[d][sq]`: how many steps of planar direction `d` stay on the board from `sq`
/// (7 for the vertical direction, whose length is limited by the heights instead).
pub(crate) static PLANAR_LEN: [[u8; 64]; 9] = planar_len_table();

/// The square offset of each planar direction.
pub(crate) const PLANAR_DELTA: [i32; 9] = [-9, -8, -7, -1, 0, 1, 7, 8, 9];

/// The set-bit iterator is shared by every game crate.
pub(crate) use variant_core::bits::Bits;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaper_counts() {
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(KNIGHT[27].count_ones(), 8);
        assert_eq!(KING[0].count_ones(), 3);
        assert_eq!(PAWN_ATTACKS[0][8], 1 << 17);
        assert_eq!(PAWN_ATTACKS[1][55], 1 << 46);
        // a1..h8: six squares strictly between.
        assert_eq!(BETWEEN[0][63].count_ones(), 6);
        assert_eq!(BETWEEN[0][10], 0);
        assert_eq!(RING_ORTH[0][2], (1 << 2) | (1 << 16));
        assert_eq!(RING_DIAG[27][1].count_ones(), 4);
        assert_eq!(PLANAR_LEN[8][0], 7);
        assert_eq!(PLANAR_LEN[0][0], 0);
    }
}
