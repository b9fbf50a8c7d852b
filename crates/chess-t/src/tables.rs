//! Board masks and move tables, computed at compile time.

/// White's castle c1 d1 e1 f1 and Black's c8 d8 e8 f8 (CT-2), indexed by side.
pub(crate) const CASTLE: [u64; 2] = [0x3C, 0x3C << 56];
/// Both castles.
pub(crate) const CASTLES: u64 = CASTLE[0] | CASTLE[1];
/// Each side's own back rank (rank 1 for White, rank 8 for Black).
pub(crate) const BACK_RANK: [u64; 2] = [0xFF, 0xFF << 56];
/// Each side's territory (CT-1): ranks 1–4 for White, 5–8 for Black.
pub(crate) const TERRITORY: [u64; 2] = [0xFFFF_FFFF, 0xFFFF_FFFF << 32];
/// Cells from which a Knecht's two-cell forward step stays inside its own territory:
/// White ranks 1–2, Black ranks 8–7.
pub(crate) const TWO_STEP_FROM: [u64; 2] = [0xFFFF, 0xFFFF << 48];
/// Each side's 5th rank (CT-30): a Knecht stepping forward from it becomes a Ver Knecht.
pub(crate) const FIFTH_RANK: [u64; 2] = [0xFF << 32, 0xFF << 24];
/// The corner cells a1 h1 a8 h8 (the 2021 edition's Connet promotion cells, CT-31).
pub(crate) const CORNERS: u64 = 0x81 | (0x81 << 56);

/// One step forward for each side, as an index offset.
pub(crate) const FORWARD: [i8; 2] = [8, -8];

const fn leaper(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i8;
        let r = (sq / 8) as i8;
        let mut i = 0;
        while i < deltas.len() {
            let (df, dr) = deltas[i];
            let (nf, nr) = (f + df, r + dr);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                out[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// The King's eight neighbours.
pub(crate) static KING: [u64; 64] = leaper(&[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
]);
/// The four orthogonal neighbours (Prince's orthogonal line, Knecht's steps).
pub(crate) static ORTH1: [u64; 64] = leaper(&[(1, 0), (-1, 0), (0, 1), (0, -1)]);
/// Orthogonal cells at distance 1–2 (Ritter and Connet, jumping).
pub(crate) static ORTH2: [u64; 64] = leaper(&[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
]);
/// Orthogonal cells at distance 1–3 (long jumpers, CT-41).
pub(crate) static ORTH3: [u64; 64] = leaper(&[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    (3, 0),
    (-3, 0),
    (0, 3),
    (0, -3),
]);
/// The chess knight's leap (Scout).
pub(crate) static LEAP: [u64; 64] = leaper(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// Diagonal rays of up to three cells: north-east and north-west (increasing indices),
/// south-east and south-west (decreasing indices).
pub(crate) static DIAG_UP: [[u64; 64]; 2] = [
    leaper(&[(1, 1), (2, 2), (3, 3)]),
    leaper(&[(-1, 1), (-2, 2), (-3, 3)]),
];
/// See [`DIAG_UP`].
pub(crate) static DIAG_DOWN: [[u64; 64]; 2] = [
    leaper(&[(1, -1), (2, -2), (3, -3)]),
    leaper(&[(-1, -1), (-2, -2), (-3, -3)]),
];

/// The diagonal lines of 1–3 cells from `sq` (Prince, Connet): each line ends at its first
/// occupied cell (included) and stops before a cell in `stop` (the enemy's impregnable
/// fields, CT-44).
#[inline]
pub(crate) fn diagonals(sq: usize, occ: u64, stop: u64) -> u64 {
    let block = occ | stop;
    let mut out = 0;
    for ray in [DIAG_UP[0][sq & 63], DIAG_UP[1][sq & 63]] {
        let b = ray & block;
        if b == 0 {
            out |= ray;
        } else {
            let first = b & b.wrapping_neg();
            let upto = ray & ((first << 1).wrapping_sub(1));
            out |= if first & stop != 0 {
                upto & !first
            } else {
                upto
            };
        }
    }
    for ray in [DIAG_DOWN[0][sq & 63], DIAG_DOWN[1][sq & 63]] {
        let b = ray & block;
        if b == 0 {
            out |= ray;
        } else {
            let first = 1u64 << (63 - b.leading_zeros());
            let from = ray & !(first - 1);
            out |= if first & stop != 0 {
                from & !first
            } else {
                from
            };
        }
    }
    out
}
