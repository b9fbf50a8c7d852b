//! Cells of the 8×8×H parallelepiped shared by chess3d and checkers3d (C3-1, C3-50):
//! file a–h, rank 1–8, height 1–H, written `e2@1` (plain `e2` when the board has one height).

use std::fmt;

/// The number of heights a parallelepiped may have (C3-1).
///
/// # Example
///
/// ```
/// use variant_core::grid3::{Cell3, MAX_HEIGHTS};
///
/// // C3-1: at most 8 heights, so the top cell is h8@8.
/// assert!(Cell3::parse("h8@8", MAX_HEIGHTS).is_ok());
/// assert!(Cell3::parse("h8@9", MAX_HEIGHTS).is_err());
/// ```
pub const MAX_HEIGHTS: u8 = 8;

/// A cell of the parallelepiped, 0-based: `x` file (0 = a), `y` rank (0 = rank 1),
/// `z` height (0 = height 1).
///
/// # Example
///
/// ```
/// use variant_core::grid3::Cell3;
///
/// // C3-50: file, rank and height, written `e2@1` when the box has more than one height.
/// let e2 = Cell3::parse("e2@1", 8).unwrap();
/// assert_eq!((e2.x, e2.y, e2.z), (4, 1, 0));
/// assert_eq!(e2.display(8).to_string(), "e2@1");
/// assert_eq!(e2.display(1).to_string(), "e2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell3 {
    /// File, 0–7.
    pub x: u8,
    /// Rank, 0–7.
    pub y: u8,
    /// Height, 0–7.
    pub z: u8,
}

impl Cell3 {
    /// The cell at file `x`, rank `y`, height `z` (0-based).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::grid3::Cell3;
    ///
    /// assert_eq!(Cell3::new(7, 7, 7).display(8).to_string(), "h8@8");
    /// ```
    pub const fn new(x: u8, y: u8, z: u8) -> Self {
        Cell3 { x, y, z }
    }

    /// The cell's index `z * 64 + y * 8 + x` (0 … 511).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::grid3::Cell3;
    ///
    /// assert_eq!(Cell3::new(0, 0, 0).index(), 0);
    /// assert_eq!(Cell3::new(4, 1, 2).index(), 2 * 64 + 8 + 4); // e2@3
    /// assert_eq!(Cell3::new(7, 7, 7).index(), 511);
    /// ```
    pub const fn index(self) -> usize {
        self.z as usize * 64 + self.y as usize * 8 + self.x as usize
    }

    /// The cell with index `i` (`i < 512`).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::grid3::Cell3;
    ///
    /// assert_eq!(Cell3::from_index(140), Cell3::new(4, 1, 2)); // 2 * 64 + 1 * 8 + 4
    /// assert!((0..512).all(|i| Cell3::from_index(i).index() == i));
    /// ```
    pub const fn from_index(i: usize) -> Self {
        Cell3 {
            x: (i % 8) as u8,
            y: ((i / 8) % 8) as u8,
            z: (i / 64) as u8,
        }
    }

    /// Whether the cell is dark (C3-2: file + rank even; a1 is dark).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::grid3::Cell3;
    ///
    /// // C3-2: a1 is dark, and every column keeps its colour at every height.
    /// assert!(Cell3::new(0, 0, 0).is_dark());
    /// assert!(!Cell3::new(1, 0, 0).is_dark()); // b1
    /// assert!(Cell3::new(2, 2, 4).is_dark()); // c3@5
    /// ```
    pub const fn is_dark(self) -> bool {
        (self.x + self.y).is_multiple_of(2)
    }

    /// The cell in the notation of C3-50 for a board of `heights` heights.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::grid3::Cell3;
    ///
    /// let c = Cell3::new(2, 6, 1);
    /// assert_eq!(c.display(2).to_string(), "c7@2");
    /// assert_eq!(format!("{:>6}|", c.display(1).to_string()), "    c7|");
    /// ```
    pub fn display(self, heights: u8) -> CellText {
        CellText {
            cell: self,
            show_height: heights > 1,
        }
    }

    /// Parses a cell of C3-50 at the start of `text` for a board of `heights` heights,
    /// returning the cell and the number of bytes read. With one height `@1` is accepted but
    /// not required; with more heights it is required.
    ///
    /// # Errors
    ///
    /// A message saying which part is not a file a–h, a rank 1–8 or a height of the board, or that
    /// a board of several heights needs the `@height`.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::grid3::Cell3;
    ///
    /// // A move text `e2@1e4@1` starts with its origin cell, 4 bytes long.
    /// assert_eq!(Cell3::parse_prefix("e2@1e4@1", 8).unwrap(), (Cell3::new(4, 1, 0), 4));
    /// assert_eq!(Cell3::parse_prefix("e2e4", 1).unwrap(), (Cell3::new(4, 1, 0), 2));
    /// let err = Cell3::parse_prefix("e2e4", 8).unwrap_err();
    /// assert!(err.contains("needs a height"));
    /// ```
    pub fn parse_prefix(text: &str, heights: u8) -> Result<(Cell3, usize), String> {
        let b = text.as_bytes();
        let file = *b.first().ok_or("missing cell")?;
        if !(b'a'..=b'h').contains(&file) {
            return Err(format!("{:?} is not a file a-h", file as char));
        }
        let rank = *b.get(1).ok_or("missing rank after the file")?;
        if !(b'1'..=b'8').contains(&rank) {
            return Err(format!("{:?} is not a rank 1-8", rank as char));
        }
        let mut used = 2;
        let mut z = 0u8;
        if b.get(2) == Some(&b'@') {
            let h = *b.get(3).ok_or("missing height after '@'")?;
            if !(b'1'..=b'8').contains(&h) {
                return Err(format!("{:?} is not a height 1-8", h as char));
            }
            z = h - b'1';
            if z >= heights {
                return Err(format!(
                    "height {} does not exist on a board of {heights} height{}",
                    z + 1,
                    if heights == 1 { "" } else { "s" }
                ));
            }
            used = 4;
        } else if heights > 1 {
            return Err(format!(
                "cell {}{} needs a height (@1…@{heights})",
                file as char, rank as char
            ));
        }
        Ok((Cell3::new(file - b'a', rank - b'1', z), used))
    }

    /// Parses a whole text as one cell.
    ///
    /// # Errors
    ///
    /// As [`Cell3::parse_prefix`], and for text left after the cell.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::grid3::Cell3;
    ///
    /// assert_eq!(Cell3::parse("h8@3", 3).unwrap(), Cell3::new(7, 7, 2));
    /// assert!(Cell3::parse("h8@4", 3).unwrap_err().contains("does not exist"));
    /// assert!(Cell3::parse("h8@3x", 3).is_err()); // text after the cell
    /// assert!(Cell3::parse("i1", 1).is_err());
    /// ```
    pub fn parse(text: &str, heights: u8) -> Result<Cell3, String> {
        let (cell, used) = Cell3::parse_prefix(text, heights)?;
        if used != text.len() {
            return Err(format!(
                "unexpected {:?} after the cell",
                crate::error::shorten(&text[used..])
            ));
        }
        Ok(cell)
    }
}

/// A cell formatted for a board of a given number of heights (see [`Cell3::display`]).
///
/// # Example
///
/// ```
/// use variant_core::grid3::Cell3;
///
/// let text = Cell3::new(0, 0, 0).display(8);
/// assert_eq!(format!("{text}"), "a1@1");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CellText {
    cell: Cell3,
    show_height: bool,
}

impl fmt::Display for CellText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.cell;
        write!(f, "{}{}", (b'a' + c.x) as char, c.y + 1)?;
        if self.show_height {
            write!(f, "@{}", c.z + 1)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c3_50_cell_notation() {
        assert_eq!(Cell3::new(4, 1, 0).display(8).to_string(), "e2@1");
        assert_eq!(Cell3::new(4, 1, 0).display(1).to_string(), "e2");
        assert_eq!(Cell3::parse("d8@8", 8), Ok(Cell3::new(3, 7, 7)));
        assert_eq!(Cell3::parse("e2", 1), Ok(Cell3::new(4, 1, 0)));
        assert_eq!(Cell3::parse("e2@1", 1), Ok(Cell3::new(4, 1, 0)));
        assert!(Cell3::parse("e2", 2).is_err());
        assert!(Cell3::parse("e2@3", 2).is_err());
        assert!(Cell3::parse("i2@1", 2).is_err());
        assert!(Cell3::parse("e9@1", 2).is_err());
        assert!(Cell3::parse("", 2).is_err());
        assert!(Cell3::parse("e2@1x", 2).is_err());
        for i in 0..512 {
            assert_eq!(Cell3::from_index(i).index(), i);
        }
    }
}
