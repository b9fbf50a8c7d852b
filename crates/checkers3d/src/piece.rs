//! The two kinds of draughts piece, and what stands on a cell.

use variant_core::Seat;
use variant_core::grid3::Cell3;

use crate::Checkers3d;
use crate::geometry::square_of;

/// A kind of piece: a man, or a king (a man promoted on the far rank, D3-13).
///
/// # Example
///
/// ```
/// use checkers3d::prelude::*;
/// use checkers3d::Piece;
/// use checkers3d::variant_core::grid3::Cell3;
///
/// // Russian draughts (one height): White's men stand on a1, c1, …
/// let game = Checkers3d::new(&Checkers3dConfig::with_heights(1).unwrap()).unwrap();
/// let a1 = Cell3::parse("a1", 1).unwrap();
/// assert_eq!(game.piece_at(a1), Some((Seat(0), Piece::Man)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Piece {
    /// A man: moves one cell forward, captures in every direction (D3-7, D3-9).
    Man,
    /// A king: a flying piece along its lines (D3-13).
    King,
}

impl Checkers3d {
    /// The piece on `cell` and whose it is (seat 0 is White); `None` for an empty cell, a
    /// light cell (pieces stand on dark cells only, D3-2) or a cell outside the board's
    /// current heights.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    /// use checkers3d::Piece;
    /// use checkers3d::variant_core::grid3::Cell3;
    ///
    /// let game = Checkers3d::new(&Checkers3dConfig::with_heights(1).unwrap()).unwrap();
    /// let cell = |text| Cell3::parse(text, 1).unwrap();
    /// assert_eq!(game.piece_at(cell("h6")), Some((Seat(1), Piece::Man)));
    /// assert_eq!(game.piece_at(cell("d4")), None); // the empty middle
    /// assert_eq!(game.piece_at(cell("b1")), None); // a light cell
    /// ```
    pub fn piece_at(&self, cell: Cell3) -> Option<(Seat, Piece)> {
        if cell.z >= self.heights {
            return None;
        }
        let square = square_of(cell)?;
        let (z, bit) = (usize::from(square / 32), square % 32);
        let owner = (0..2).find(|&c| self.pieces[c][z] >> bit & 1 == 1)?;
        let kind = if self.kings[z] >> bit & 1 == 1 {
            Piece::King
        } else {
            Piece::Man
        };
        Some((Seat(owner as u8), kind))
    }
}
