//! The 64 cells of the 4×4×4 box (Q-2): file a–d, rank 1–4, height 1–4, written `b2@3` as
//! the cells of the 3D games (`file rank @ height`). The height is always written: the box
//! has four.

use std::fmt;

/// The number of files, ranks and heights of the box (Q-2).
pub(crate) const SIDE: u8 = 4;

/// A cell of the box. Its index, `height * 16 + rank * 4 + file` (0-based), is also its bit
/// in the position's mark sets ([`Qubic::marks`](crate::Qubic::marks)).
///
/// # Example
///
/// ```
/// use qubic::Cell;
///
/// // Q-2: file b, rank 2, height 3.
/// let cell = Cell::parse("b2@3").unwrap();
/// assert_eq!((cell.file(), cell.rank(), cell.height()), (1, 1, 2));
/// assert_eq!(cell.index(), 2 * 16 + 4 + 1);
/// assert_eq!(cell.to_string(), "b2@3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell at 0-based `file`, `rank` and `height`, if all three are below 4.
    ///
    /// # Example
    ///
    /// ```
    /// use qubic::Cell;
    ///
    /// assert_eq!(Cell::new(3, 3, 3).unwrap().to_string(), "d4@4");
    /// assert!(Cell::new(4, 0, 0).is_none()); // there is no file e
    /// ```
    pub const fn new(file: u8, rank: u8, height: u8) -> Option<Cell> {
        if file < SIDE && rank < SIDE && height < SIDE {
            Some(Cell(height * 16 + rank * 4 + file))
        } else {
            None
        }
    }

    /// The cell with index `index` (`height * 16 + rank * 4 + file`), if below 64.
    ///
    /// # Example
    ///
    /// ```
    /// use qubic::Cell;
    ///
    /// assert_eq!(Cell::from_index(0).unwrap().to_string(), "a1@1");
    /// assert_eq!(Cell::from_index(63).unwrap().to_string(), "d4@4");
    /// assert!(Cell::from_index(64).is_none());
    /// ```
    pub const fn from_index(index: u8) -> Option<Cell> {
        if index < 64 { Some(Cell(index)) } else { None }
    }

    /// The cell of a set bit's index; the caller knows it is below 64.
    pub(crate) const fn masked(index: usize) -> Cell {
        Cell((index & 63) as u8)
    }

    /// The index, `height * 16 + rank * 4 + file` (0 … 63).
    ///
    /// # Example
    ///
    /// ```
    /// use qubic::Cell;
    ///
    /// assert_eq!(Cell::parse("d1@1").unwrap().index(), 3);
    /// assert_eq!(Cell::parse("a2@1").unwrap().index(), 4);
    /// assert_eq!(Cell::parse("a1@2").unwrap().index(), 16);
    /// ```
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The cell's bit in a set of cells.
    pub(crate) const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The file, 0 (a) … 3 (d).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(qubic::Cell::parse("c1@1").unwrap().file(), 2);
    /// ```
    pub const fn file(self) -> u8 {
        self.0 % 4
    }

    /// The rank, 0 (rank 1) … 3 (rank 4).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(qubic::Cell::parse("a4@1").unwrap().rank(), 3);
    /// ```
    pub const fn rank(self) -> u8 {
        (self.0 / 4) % 4
    }

    /// The height, 0 (height 1, the bottom board) … 3 (height 4).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(qubic::Cell::parse("a1@4").unwrap().height(), 3);
    /// ```
    pub const fn height(self) -> u8 {
        self.0 / 16
    }

    /// Every cell, in index order (a1@1, b1@1, …, d4@4).
    ///
    /// # Example
    ///
    /// ```
    /// use qubic::Cell;
    ///
    /// assert_eq!(Cell::all().count(), 64);
    /// assert!(Cell::all().enumerate().all(|(i, c)| usize::from(c.index()) == i));
    /// ```
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..64).map(Cell)
    }

    /// Reads a cell written `b2@3` (Q-2).
    ///
    /// # Errors
    ///
    /// A message saying which part is not a file a–d, a rank 1–4 or a height `@1`–`@4`, or
    /// what follows the cell.
    ///
    /// # Example
    ///
    /// ```
    /// use qubic::Cell;
    ///
    /// assert!(Cell::parse("d4@4").is_ok());
    /// assert!(Cell::parse("e1@1").unwrap_err().contains("not a file a-d"));
    /// assert!(Cell::parse("a5@1").unwrap_err().contains("not a rank 1-4"));
    /// assert!(Cell::parse("a1").unwrap_err().contains("needs a height"));
    /// assert!(Cell::parse("a1@5").unwrap_err().contains("not a height 1-4"));
    /// assert!(Cell::parse("a1@1x").unwrap_err().contains("after the cell"));
    /// ```
    pub fn parse(text: &str) -> Result<Cell, String> {
        let b = text.as_bytes();
        let Some(&file) = b.first() else {
            return Err("empty text: expected a cell such as b2@3".to_string());
        };
        if !(b'a'..=b'd').contains(&file) {
            return Err(format!("{:?} is not a file a-d", char::from(file)));
        }
        let Some(&rank) = b.get(1) else {
            return Err("missing the rank (1-4) after the file".to_string());
        };
        if !(b'1'..=b'4').contains(&rank) {
            return Err(format!("{:?} is not a rank 1-4", char::from(rank)));
        }
        if b.get(2) != Some(&b'@') {
            return Err(format!(
                "cell {}{} needs a height (@1…@4)",
                char::from(file),
                char::from(rank)
            ));
        }
        let Some(&height) = b.get(3) else {
            return Err("missing the height (1-4) after '@'".to_string());
        };
        if !(b'1'..=b'4').contains(&height) {
            return Err(format!("{:?} is not a height 1-4", char::from(height)));
        }
        if let Some(rest) = text.get(4..).filter(|rest| !rest.is_empty()) {
            return Err(format!(
                "unexpected {:?} after the cell",
                variant_core::error::shorten(rest)
            ));
        }
        Ok(Cell(
            (height - b'1') * 16 + (rank - b'1') * 4 + (file - b'a'),
        ))
    }
}

impl fmt::Display for Cell {
    /// `b2@3`: the file letter, the rank and `@` the height (Q-2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}@{}",
            char::from(b'a' + self.file()),
            self.rank() + 1,
            self.height() + 1
        )
    }
}

/// The cells of a set (bit `i` is the cell of index `i`), in index order.
pub(crate) fn cells_of(set: u64) -> impl Iterator<Item = Cell> {
    variant_core::bits::Bits(set).map(Cell::masked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_reads_back_its_text() {
        for cell in Cell::all() {
            assert_eq!(Cell::parse(&cell.to_string()), Ok(cell));
        }
    }

    #[test]
    fn garbage_is_refused_without_panicking() {
        for text in [
            "", "a", "a1", "a1@", "é1@1", "a\u{0}@1", "A1@1", "a0@1", "a1@0", "a1@11",
        ] {
            assert!(Cell::parse(text).is_err(), "{text:?}");
        }
    }
}
