//! Cells of the 8×8 board (CT-1): `a1` = index 0, `h1` = 7, `a8` = 56.

use std::fmt;

/// A cell of the board, index `rank * 8 + file` (a1 = 0, h8 = 63).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell with index `index` (0 … 63), if there is one.
    pub const fn from_index(index: u8) -> Option<Cell> {
        if index < 64 { Some(Cell(index)) } else { None }
    }

    /// The cell on `file` (0 = a) and `rank` (0 = rank 1), if both are on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Cell> {
        if file < 8 && rank < 8 {
            Some(Cell(rank * 8 + file))
        } else {
            None
        }
    }

    /// The cell of index `index & 63` (callers hold indices already in range).
    #[inline]
    pub(crate) const fn masked(index: usize) -> Cell {
        Cell((index & 63) as u8)
    }

    /// Index 0 … 63 (a1 = 0, b1 = 1, …, h8 = 63).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// File 0 … 7 (a … h).
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank 0 … 7 (rank 1 … 8).
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The one-bit board of this cell.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Reads a cell name such as `e4` (lower or upper case file).
    pub fn parse(text: &str) -> Option<Cell> {
        let mut chars = text.chars();
        let f = chars.next()?.to_ascii_lowercase();
        let r = chars.next()?;
        if chars.next().is_some() || !('a'..='h').contains(&f) || !('1'..='8').contains(&r) {
            return None;
        }
        Cell::new(f as u8 - b'a', r as u8 - b'1')
    }

    /// Every cell, a1 first.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0u8..64).map(Cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// The set-bit iterator is shared by every game crate.
pub(crate) use variant_core::bits::Bits;
