//! Geometry of the playing cells (D3-1, D3-5): the 32 dark cells of each height, numbered
//! `square = z * 32 + y * 4 + x / 2`, the 12 colour-keeping directions, a neighbour table
//! for walking rays, and shift functions for whole heights held as 32-bit bitboards.

use variant_core::grid3::Cell3;

/// Dark cells of the largest box (8 heights).
pub(crate) const MAX_SQUARES: usize = 256;
/// "No neighbour" in [`NEIGHBOR`]; larger than every square index.
pub(crate) const NONE: u16 = u16::MAX;

/// The 12 directions of D3-5 as (dx, dy, dz): the 4 plane diagonals first, then the 8 cube
/// diagonals. `OPPOSITE[d]` is the reverse of direction `d`.
pub(crate) const DIRECTIONS: [(i8, i8, i8); 12] = [
    (1, 1, 0),
    (-1, 1, 0),
    (1, -1, 0),
    (-1, -1, 0),
    (1, 1, 1),
    (-1, 1, 1),
    (1, -1, 1),
    (-1, -1, 1),
    (1, 1, -1),
    (-1, 1, -1),
    (1, -1, -1),
    (-1, -1, -1),
];

/// The reverse of each direction of [`DIRECTIONS`].
pub(crate) const OPPOSITE: [usize; 12] = [3, 2, 1, 0, 11, 10, 9, 8, 7, 6, 5, 4];

/// The square of a dark cell; `None` for a light cell.
#[inline]
pub(crate) fn square_of(cell: Cell3) -> Option<u8> {
    if cell.is_dark() && cell.x < 8 && cell.y < 8 && cell.z < 8 {
        Some(cell.z * 32 + cell.y * 4 + cell.x / 2)
    } else {
        None
    }
}

/// The cell of a square (`square < 256`).
#[inline]
pub(crate) const fn cell_of(square: u8) -> Cell3 {
    let z = square / 32;
    let i = square % 32;
    let y = i / 4;
    let x = (i % 4) * 2 + (y & 1);
    Cell3::new(x, y, z)
}

const fn build_neighbors() -> [[u16; 12]; MAX_SQUARES] {
    let mut table = [[NONE; 12]; MAX_SQUARES];
    let mut s = 0;
    while s < MAX_SQUARES {
        let c = cell_of(s as u8);
        let mut d = 0;
        while d < 12 {
            let (dx, dy, dz) = DIRECTIONS[d];
            let x = c.x as i8 + dx;
            let y = c.y as i8 + dy;
            let z = c.z as i8 + dz;
            if x >= 0 && x < 8 && y >= 0 && y < 8 && z >= 0 && z < 8 {
                table[s][d] = (z as u16) * 32 + (y as u16) * 4 + (x as u16) / 2;
            }
            d += 1;
        }
        s += 1;
    }
    table
}

/// `NEIGHBOR[square][direction]`: the next square along the direction inside the 8×8×8 box,
/// or [`NONE`]. Callers also check the square against the current number of heights.
pub(crate) static NEIGHBOR: [[u16; 12]; MAX_SQUARES] = build_neighbors();

const fn build_jumps() -> [[u32; 12]; MAX_SQUARES] {
    let mut table = [[u32::MAX; 12]; MAX_SQUARES];
    let mut s = 0;
    while s < MAX_SQUARES {
        let mut d = 0;
        while d < 12 {
            let over = NEIGHBOR[s][d];
            if over != NONE {
                let land = NEIGHBOR[over as usize][d];
                if land != NONE {
                    table[s][d] = over as u32 | (land as u32) << 16;
                }
            }
            d += 1;
        }
        s += 1;
    }
    table
}

/// `JUMP[square][direction]`: a man's jump (D3-8) as `over | land << 16`, or `u32::MAX` when
/// the landing cell is outside the 8×8×8 box.
pub(crate) static JUMP: [[u32; 12]; MAX_SQUARES] = build_jumps();

const fn build_plane_jumps(land: bool) -> [[u32; 32]; 4] {
    let mut table = [[0u32; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 32 {
            let over = NEIGHBOR[s][d];
            if over != NONE {
                let to = NEIGHBOR[over as usize][d];
                if to != NONE {
                    table[d][s] = 1 << if land { to } else { over };
                }
            }
            s += 1;
        }
        d += 1;
    }
    table
}

/// For a board of one height: `PLANE_OVER[d][square]` is the bit of the cell a man on
/// `square` jumps over in plane direction `d` (0 when the landing cell is off the board)…
pub(crate) static PLANE_OVER: [[u32; 32]; 4] = build_plane_jumps(false);
/// … and `PLANE_LAND[d][square]` the bit of its landing cell.
pub(crate) static PLANE_LAND: [[u32; 32]; 4] = build_plane_jumps(true);

/// Squares of rows 1, 3, 5, 7 (0-based rows 0, 2, 4, 6) within a height.
const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// Squares of rows 2, 4, 6, 8.
const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// The first square of each row (files a or b).
const FIRST_IN_ROW: u32 = 0x1111_1111;
/// The last square of each row (files g or h).
const LAST_IN_ROW: u32 = 0x8888_8888;
/// Rank 1 squares (a1 c1 e1 g1): Black's promotion row, White's base cubes (D3-4).
pub(crate) const RANK_1: u32 = 0x0000_000F;
/// Rank 8 squares (b8 d8 f8 h8): White's promotion row, Black's base cubes (D3-4).
pub(crate) const RANK_8: u32 = 0xF000_0000;

/// Every square one step (+1, +1) in the plane from a square of `s`, within the height.
#[inline]
pub(crate) const fn north_east(s: u32) -> u32 {
    ((s & EVEN_ROWS) << 4) | ((s & ODD_ROWS & !LAST_IN_ROW) << 5)
}

/// One step (−1, +1).
#[inline]
pub(crate) const fn north_west(s: u32) -> u32 {
    ((s & EVEN_ROWS & !FIRST_IN_ROW) << 3) | ((s & ODD_ROWS) << 4)
}

/// One step (+1, −1).
#[inline]
pub(crate) const fn south_east(s: u32) -> u32 {
    ((s & EVEN_ROWS) >> 4) | ((s & ODD_ROWS & !LAST_IN_ROW) >> 3)
}

/// One step (−1, −1).
#[inline]
pub(crate) const fn south_west(s: u32) -> u32 {
    ((s & EVEN_ROWS & !FIRST_IN_ROW) >> 5) | ((s & ODD_ROWS) >> 4)
}

/// The plane step of direction `d` (0 … 3 of [`DIRECTIONS`]) applied to a whole height.
#[inline]
pub(crate) const fn plane_step(d: usize, s: u32) -> u32 {
    match d {
        0 => north_east(s),
        1 => north_west(s),
        2 => south_east(s),
        _ => south_west(s),
    }
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;

    #[test]
    fn d3_1_squares_are_the_dark_cells() {
        for s in 0..=255u8 {
            let c = cell_of(s);
            assert!(c.is_dark());
            assert_eq!(square_of(c), Some(s));
        }
        assert_eq!(square_of(Cell3::new(1, 0, 0)), None);
    }

    #[test]
    fn d3_5_shifts_agree_with_the_neighbour_table() {
        for d in 0..4 {
            for s in 0..32u16 {
                let got = plane_step(d, 1 << s);
                let want = match NEIGHBOR[s as usize][d] {
                    NONE => 0,
                    n => 1u32 << n,
                };
                assert_eq!(got, want, "direction {d} from square {s}");
            }
        }
        // Each cube direction is its plane direction plus a height step.
        for s in 0..MAX_SQUARES {
            for d in 4..12 {
                let n = NEIGHBOR[s][d];
                let p = NEIGHBOR[s][d % 4];
                if n != NONE {
                    assert_eq!(n % 32, p % 32);
                }
                if n != NONE {
                    assert_eq!(NEIGHBOR[n as usize][OPPOSITE[d]] as usize, s);
                }
            }
        }
    }
}
