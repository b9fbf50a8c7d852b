//! [`Cell`]: one cell of the 12×12 board, by file and rank.

use std::fmt;
use std::str::FromStr;

use crate::geometry::{SIZE, file_of, parse_cell, rank_of, sq};

/// A cell of the 12×12 board: file `a`…`l` (0…11) and rank 1…12 (0…11). The four 3×3 corner
/// blocks (B4-1) are cells too; nothing ever stands on them.
///
/// # Example
///
/// ```
/// use bishops4p::Cell;
///
/// let f12: Cell = "f12".parse().unwrap();
/// assert_eq!((f12.file(), f12.rank()), (5, 11));
/// assert_eq!(Cell::new(5, 11), Some(f12));
/// assert_eq!(f12.to_string(), "f12");
/// assert_eq!(Cell::new(12, 0), None); // off the board
/// assert!("m1".parse::<Cell>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Cell {
    file: u8,
    rank: u8,
}

impl Cell {
    /// The cell on `file` and `rank` (both from 0: a1 is (0, 0)), or `None` off the board.
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::Cell;
    ///
    /// assert_eq!(Cell::new(0, 0).map(|c| c.to_string()), Some("a1".to_string()));
    /// assert_eq!(Cell::new(0, 12), None);
    /// ```
    pub const fn new(file: u8, rank: u8) -> Option<Cell> {
        if (file as usize) < SIZE && (rank as usize) < SIZE {
            Some(Cell { file, rank })
        } else {
            None
        }
    }

    /// The file, 0 (`a`) to 11 (`l`).
    ///
    /// # Example
    ///
    /// ```
    /// let c: bishops4p::Cell = "l3".parse().unwrap();
    /// assert_eq!(c.file(), 11);
    /// ```
    pub const fn file(self) -> u8 {
        self.file
    }

    /// The rank, 0 (rank 1) to 11 (rank 12).
    ///
    /// # Example
    ///
    /// ```
    /// let c: bishops4p::Cell = "l3".parse().unwrap();
    /// assert_eq!(c.rank(), 2);
    /// ```
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// The padded index of the board array.
    pub(crate) const fn square(self) -> u8 {
        sq(self.file as usize, self.rank as usize)
    }
}

/// The error of parsing a [`Cell`]: the text is not a cell name `a1` … `l12`.
///
/// # Example
///
/// ```
/// let e = "z9".parse::<bishops4p::Cell>().unwrap_err();
/// assert_eq!(e.to_string(), "`z9` is not a cell (a1 … l12)");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseCellError(String);

impl fmt::Display for ParseCellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a cell (a1 … l12)", self.0)
    }
}

impl std::error::Error for ParseCellError {}

impl FromStr for Cell {
    type Err = ParseCellError;

    fn from_str(text: &str) -> Result<Cell, ParseCellError> {
        let square = parse_cell(text).ok_or_else(|| ParseCellError(text.to_string()))?;
        Cell::new(file_of(square) as u8, rank_of(square) as u8)
            .ok_or_else(|| ParseCellError(text.to_string()))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank + 1)
    }
}
