//! The 12x12 board as a padded 16x16 mailbox: cell indices, directions, the corner blocks,
//! the central zone and the per-colour lines (B4-1, B4-2, B4-4, B4-6, B4-7, B4-10).
//!
//! A cell (file `x`, rank `y`, both `0..12`) has the index `(y + 2) * 16 + x + 2`; the two
//! padding rows and columns on every side hold [`OFF`], so knight jumps and slider rays need no
//! bounds checks and every index fits a `u8` (indexing a `[_; 256]` with a `u8` cannot fail).

/// Board side length.
pub(crate) const SIZE: usize = 12;
/// Content of a padding cell.
pub(crate) const OFF: u8 = 0x80;
/// Content of an empty cell.
pub(crate) const EMPTY: u8 = 0;

/// The padded index of file `x`, rank `y` (both `0..12`).
#[inline]
pub(crate) const fn sq(x: usize, y: usize) -> u8 {
    ((y + 2) * 16 + x + 2) as u8
}

/// The file (`0..12`) of a padded on-board index.
#[inline]
pub(crate) const fn file_of(s: u8) -> usize {
    (s as usize & 15).wrapping_sub(2)
}

/// The rank (`0..12`) of a padded on-board index.
#[inline]
pub(crate) const fn rank_of(s: u8) -> usize {
    (s as usize >> 4).wrapping_sub(2)
}

/// Whether a padded index is a cell of the board.
#[inline]
pub(crate) const fn on_board(s: u8) -> bool {
    file_of(s) < SIZE && rank_of(s) < SIZE
}

/// Adds a (wrapping) offset to an index.
#[inline]
pub(crate) const fn step(s: u8, d: u8) -> u8 {
    s.wrapping_add(d)
}

const fn neg(d: u8) -> u8 {
    d.wrapping_neg()
}

/// North (+1 rank).
pub(crate) const NORTH: u8 = 16;
/// East (+1 file).
pub(crate) const EAST: u8 = 1;
/// South (−1 rank).
pub(crate) const SOUTH: u8 = neg(16);
/// West (−1 file).
pub(crate) const WEST: u8 = neg(1);

/// The eight ray directions: four orthogonal (indices 0..4), then four diagonal (4..8).
pub(crate) const DIRS: [u8; 8] = [
    NORTH,
    EAST,
    SOUTH,
    WEST,
    NORTH.wrapping_add(EAST),
    SOUTH.wrapping_add(EAST),
    SOUTH.wrapping_add(WEST),
    NORTH.wrapping_add(WEST),
];

/// The eight knight jumps.
pub(crate) const KNIGHT: [u8; 8] = [33, 31, 18, 14, neg(14), neg(18), neg(31), neg(33)];

/// Pawn directions, indexed by direction number: 0 north, 1 east, 2 south, 3 west.
pub(crate) const PAWN_FORWARD: [u8; 4] = [NORTH, EAST, SOUTH, WEST];
/// The pawn owner's left for each direction (north → west, east → north, …).
pub(crate) const PAWN_LEFT: [u8; 4] = [WEST, NORTH, EAST, SOUTH];

/// Whether a pawn moving in direction `dir` standing diagonally next to a cell, in ray
/// direction `ray` (4..8) seen from that cell, attacks the cell.
pub(crate) const fn pawn_hits(ray: usize, dir: usize) -> bool {
    // ray vector (dx, dy) from the target to the pawn; the pawn attacks the target when the
    // target lies one step forward (and one aside) of it, i.e. -ray has forward component 1.
    let (dx, dy): (i32, i32) = match ray {
        4 => (1, 1),
        5 => (1, -1),
        6 => (-1, -1),
        _ => (-1, 1),
    };
    match dir {
        0 => -dy == 1,
        1 => -dx == 1,
        2 => dy == 1,
        _ => dx == 1,
    }
}

/// Whether a cell is on a corner block (B4-2).
#[inline]
pub(crate) const fn in_block(s: u8) -> bool {
    let (x, y) = (file_of(s), rank_of(s));
    (x < 2 || (x >= 10 && x < 12)) && (y < 2 || (y >= 10 && y < 12))
}

/// Whether a cell is an outer corner cell (a1, l1, a12, l12).
#[inline]
pub(crate) const fn is_outer_corner(s: u8) -> bool {
    let (x, y) = (file_of(s), rank_of(s));
    (x == 0 || x == 11) && (y == 0 || y == 11)
}

/// Whether a cell is in the central zone c3–j10 (B4-2).
#[inline]
pub(crate) const fn in_zone(s: u8) -> bool {
    let (x, y) = (file_of(s), rank_of(s));
    x >= 2 && x <= 9 && y >= 2 && y <= 9
}

/// King distance from a cell to the central zone (0 inside).
#[inline]
pub(crate) const fn zone_distance(s: u8) -> usize {
    const fn d(v: usize) -> usize {
        if v < 2 { 2 - v } else { v.saturating_sub(9) }
    }
    let a = d(file_of(s));
    let b = d(rank_of(s));
    if a > b { a } else { b }
}

/// Whether a cell is on one of the extreme lines a pawn of direction `dir` may not enter
/// (files a and l for north/south pawns, ranks 1 and 12 for east/west pawns; B4-6).
#[inline]
pub(crate) const fn pawn_barred(s: u8, dir: usize) -> bool {
    if dir.is_multiple_of(2) {
        let x = file_of(s);
        x == 0 || x == SIZE - 1
    } else {
        let y = rank_of(s);
        y == 0 || y == SIZE - 1
    }
}

/// Whether a pawn of direction `dir` on `s` stands behind that direction's start line (rank 1
/// for north, file a for east, rank 12 for south, file l for west): pawns only move forward
/// (B4-6), and a pawn the duel turns never stood on the line behind its new start line either
/// (that line was an extreme or the promotion line of its old direction, B4-22), so no game
/// reaches a pawn there.
#[inline]
pub(crate) const fn behind_start_line(s: u8, dir: usize) -> bool {
    match dir {
        0 => rank_of(s) == 0,
        1 => file_of(s) == 0,
        2 => rank_of(s) == SIZE - 1,
        _ => file_of(s) == SIZE - 1,
    }
}

/// Whether a pawn of direction `dir` on `s` stands on that direction's start line (rank 2 for
/// north, file b for east, rank 11 for south, file k for west; B4-6, B4-22).
#[inline]
pub(crate) const fn on_start_line(s: u8, dir: usize) -> bool {
    match dir {
        0 => rank_of(s) == 1,
        1 => file_of(s) == 1,
        2 => rank_of(s) == 10,
        _ => file_of(s) == 10,
    }
}

/// Whether a pawn of direction `dir` on `s` has reached its promotion line (B4-8).
#[inline]
pub(crate) const fn on_promotion_line(s: u8, dir: usize) -> bool {
    match dir {
        0 => rank_of(s) == SIZE - 1,
        1 => file_of(s) == SIZE - 1,
        2 => rank_of(s) == 0,
        _ => file_of(s) == 0,
    }
}

/// Whether a pawn of direction `dir` on `s` stands on the central zone's far line in its
/// direction or beyond it (the duel's instant promotion, B4-22).
#[inline]
pub(crate) const fn at_zone_far_line(s: u8, dir: usize) -> bool {
    match dir {
        0 => rank_of(s) >= 9,
        1 => file_of(s) >= 9,
        2 => rank_of(s) <= 2,
        _ => file_of(s) <= 2,
    }
}

/// Rotates a White-side cell (x, y) to the seat `seat` quarter turns clockwise on:
/// (x, y) → (y, 11 − x) once per seat (B4-4: the armies are 90° rotations of each other).
pub(crate) const fn rotate_xy(x: usize, y: usize, seat: usize) -> (usize, usize) {
    let (mut x, mut y) = (x, y);
    let mut i = 0;
    while i < seat % 4 {
        let nx = y;
        let ny = SIZE - 1 - x;
        x = nx;
        y = ny;
        i += 1;
    }
    (x, y)
}

/// A White-side cell rotated to `seat`.
pub(crate) const fn rotated(x: usize, y: usize, seat: usize) -> u8 {
    let (x, y) = rotate_xy(x, y, seat);
    sq(x, y)
}

/// The edge-pawn bans of a colour (B4-7): `[(from, forbidden target); 2]`.
pub(crate) const fn edge_bans(seat: usize) -> [(u8, u8); 2] {
    [
        (rotated(2, 1, seat), rotated(1, 2, seat)),
        (rotated(9, 1, seat), rotated(10, 2, seat)),
    ]
}

/// One castling of a colour (B4-10), in padded cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Castling {
    /// King start.
    pub king_from: u8,
    /// King target.
    pub king_to: u8,
    /// Rook start.
    pub rook_from: u8,
    /// Rook target.
    pub rook_to: u8,
    /// Cells that must be empty.
    pub empty: [u8; 3],
    /// How many of `empty` are used.
    pub empty_len: usize,
    /// Cells the king crosses or lands on (must not be attacked).
    pub safe: [u8; 2],
}

/// The castlings of a colour: index 0 short (`K`), 1 long (`Q`).
pub(crate) const fn castlings(seat: usize) -> [Castling; 2] {
    [
        Castling {
            king_from: rotated(6, 0, seat),
            king_to: rotated(8, 0, seat),
            rook_from: rotated(9, 0, seat),
            rook_to: rotated(7, 0, seat),
            empty: [
                rotated(7, 0, seat),
                rotated(8, 0, seat),
                rotated(8, 0, seat),
            ],
            empty_len: 2,
            safe: [rotated(7, 0, seat), rotated(8, 0, seat)],
        },
        Castling {
            king_from: rotated(6, 0, seat),
            king_to: rotated(4, 0, seat),
            rook_from: rotated(2, 0, seat),
            rook_to: rotated(5, 0, seat),
            empty: [
                rotated(3, 0, seat),
                rotated(4, 0, seat),
                rotated(5, 0, seat),
            ],
            empty_len: 3,
            safe: [rotated(5, 0, seat), rotated(4, 0, seat)],
        },
    ]
}

/// The castlings of all four colours.
pub(crate) static CASTLINGS: [[Castling; 2]; 4] =
    [castlings(0), castlings(1), castlings(2), castlings(3)];
/// The edge-pawn bans of all four colours.
pub(crate) static EDGE_BANS: [[(u8, u8); 2]; 4] =
    [edge_bans(0), edge_bans(1), edge_bans(2), edge_bans(3)];

/// The name of a cell (`a1` … `l12`).
pub(crate) fn cell_name(s: u8) -> String {
    let file = (b'a' + file_of(s) as u8) as char;
    format!("{file}{}", rank_of(s) + 1)
}

/// Reads a cell name at the start of `text`; returns the cell and the bytes used.
pub(crate) fn parse_cell_prefix(text: &str) -> Option<(u8, usize)> {
    let bytes = text.as_bytes();
    let file = *bytes.first()?;
    if !(b'a'..=b'l').contains(&file) {
        return None;
    }
    let mut used = 1;
    let mut rank = 0usize;
    while used < bytes.len() && used < 3 && bytes.get(used).is_some_and(u8::is_ascii_digit) {
        rank = rank * 10 + usize::from(bytes.get(used).copied().unwrap_or(b'0') - b'0');
        used += 1;
    }
    if used == 1 || !(1..=SIZE).contains(&rank) || (used == 3 && bytes.get(1) == Some(&b'0')) {
        return None;
    }
    Some((sq(usize::from(file - b'a'), rank - 1), used))
}

/// Reads a whole cell name.
pub(crate) fn parse_cell(text: &str) -> Option<u8> {
    match parse_cell_prefix(text) {
        Some((s, used)) if used == text.len() => Some(s),
        _ => None,
    }
}

/// A set of padded cells (256 bits).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Bb(pub [u64; 4]);

impl Bb {
    /// Adds a cell.
    #[inline]
    pub(crate) fn set(&mut self, s: u8) {
        if let Some(w) = self.0.get_mut(usize::from(s >> 6)) {
            *w |= 1u64 << (s & 63);
        }
    }
    /// Removes a cell.
    #[inline]
    pub(crate) fn clear(&mut self, s: u8) {
        if let Some(w) = self.0.get_mut(usize::from(s >> 6)) {
            *w &= !(1u64 << (s & 63));
        }
    }
    /// Whether the set holds a cell.
    #[inline]
    pub(crate) fn has(&self, s: u8) -> bool {
        self.0
            .get(usize::from(s >> 6))
            .is_some_and(|w| w >> (s & 63) & 1 != 0)
    }
    /// The cells in both sets.
    #[inline]
    pub(crate) fn and(self, other: Bb) -> Bb {
        let mut out = self;
        for (w, o) in out.0.iter_mut().zip(other.0) {
            *w &= o;
        }
        out
    }
    /// Whether the set is empty.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    /// Calls `f` for every cell in increasing order.
    #[inline]
    pub(crate) fn for_each(&self, mut f: impl FnMut(u8)) {
        for (i, &word) in self.0.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                let bit = w.trailing_zeros() as u8;
                w &= w - 1;
                f((i as u8) << 6 | bit);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip() {
        for y in 0..SIZE {
            for x in 0..SIZE {
                let s = sq(x, y);
                assert_eq!((file_of(s), rank_of(s)), (x, y));
                assert_eq!(parse_cell(&cell_name(s)), Some(s));
            }
        }
        assert_eq!(parse_cell("m1"), None);
        assert_eq!(parse_cell("a13"), None);
        assert_eq!(parse_cell("a0"), None);
        assert_eq!(parse_cell("a01"), None);
    }

    /// B4-2: 16 block cells, 64 zone cells.
    #[test]
    fn b4_2_blocks_and_zone() {
        let cells: Vec<u8> = (0..SIZE)
            .flat_map(|y| (0..SIZE).map(move |x| sq(x, y)))
            .collect();
        assert_eq!(cells.iter().filter(|&&s| in_block(s)).count(), 16);
        assert_eq!(cells.iter().filter(|&&s| in_zone(s)).count(), 64);
        assert!(in_block(sq(1, 1)) && in_block(sq(10, 11)) && !in_block(sq(2, 1)));
    }

    /// B4-7 and B4-10 tables agree with the rules page's lists.
    #[test]
    fn b4_7_b4_10_rotated_tables() {
        let name = |s: u8| cell_name(s);
        let bans: Vec<String> = (0..4)
            .flat_map(|c| {
                EDGE_BANS[c]
                    .iter()
                    .map(|&(f, t)| format!("{}{}", name(f), name(t)))
            })
            .collect();
        assert_eq!(
            bans,
            [
                "c2b3", "j2k3", "b10c11", "b3c2", "j11k10", "c11b10", "k3j2", "k10j11"
            ]
        );
        let c = &CASTLINGS[0];
        assert_eq!(
            (
                name(c[0].king_to),
                name(c[0].rook_to),
                name(c[1].king_to),
                name(c[1].rook_to)
            ),
            ("i1".into(), "h1".into(), "e1".into(), "f1".into())
        );
        // Grey: king a6, rooks a3 (short side) and a10.
        let g = &CASTLINGS[1];
        assert_eq!(
            (name(g[0].king_from), name(g[0].rook_from)),
            ("a6".into(), "a3".into())
        );
    }
}
