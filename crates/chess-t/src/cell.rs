//! Cells of the 8×8 board (CT-1): `a1` = index 0, `h1` = 7, `a8` = 56.

use std::fmt;

/// A cell of the board, index `rank * 8 + file` (a1 = 0, h8 = 63).
///
/// # Example
///
/// ```
/// use chess_t::Cell;
///
/// // CT-1: files a–h, ranks 1–8; index = rank * 8 + file.
/// let e4 = Cell::parse("e4").unwrap();
/// assert_eq!((e4.file(), e4.rank(), e4.index()), (4, 3, 28));
/// assert_eq!(e4.to_string(), "e4");
/// assert_eq!(Cell::parse("i1"), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell with index `index` (0 … 63), if there is one.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Cell;
    ///
    /// assert_eq!(Cell::from_index(63), Cell::parse("h8"));
    /// assert_eq!(Cell::from_index(64), None);
    /// ```
    pub const fn from_index(index: u8) -> Option<Cell> {
        if index < 64 { Some(Cell(index)) } else { None }
    }

    /// The cell on `file` (0 = a) and `rank` (0 = rank 1), if both are on the board.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Cell;
    ///
    /// // White's castle (CT-2) is c1 d1 e1 f1: files 2 … 5 of rank 0.
    /// assert_eq!(Cell::new(3, 0), Cell::parse("d1"));
    /// assert_eq!(Cell::new(8, 0), None);
    /// ```
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
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Cell;
    ///
    /// assert_eq!(Cell::parse("a1").unwrap().index(), 0);
    /// assert_eq!(Cell::parse("h1").unwrap().index(), 7);
    /// assert_eq!(Cell::parse("a8").unwrap().index(), 56);
    /// ```
    pub const fn index(self) -> u8 {
        self.0
    }

    /// File 0 … 7 (a … h).
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Cell;
    ///
    /// assert_eq!(Cell::parse("c8").unwrap().file(), 2);
    /// ```
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank 0 … 7 (rank 1 … 8).
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Cell;
    ///
    /// // Black's territory is ranks 5–8 (CT-1): ranks 4 … 7 counted from 0.
    /// assert_eq!(Cell::parse("d5").unwrap().rank(), 4);
    /// ```
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The one-bit board of this cell.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Cell;
    ///
    /// assert_eq!(Cell::parse("b1").unwrap().bit(), 0b10);
    /// ```
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Reads a cell name such as `e4` (lower or upper case file).
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Cell;
    ///
    /// assert_eq!(Cell::parse("E4"), Cell::parse("e4"));
    /// assert_eq!(Cell::parse("e9"), None);
    /// assert_eq!(Cell::parse("e44"), None);
    /// ```
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
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Cell;
    ///
    /// assert_eq!(Cell::all().count(), 64);
    /// assert_eq!(Cell::all().last(), Cell::parse("h8"));
    /// ```
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
