//! The move: a mark placed on an empty cell (Q-4), written as the cell (Q-7).

use crate::cell::Cell;
use std::fmt;

/// A move: the side to move places a mark on this cell (Q-4). The cell alone is the whole
/// move, so a move has `Display`: its text is the cell's, `b2@3` (Q-7).
///
/// # Example
///
/// ```
/// use qubic::prelude::*;
/// use qubic::Cell;
///
/// let game = Qubic::default();
/// let mv = game.parse_move("b2@3").unwrap();
/// assert_eq!(mv.cell(), Cell::parse("b2@3").unwrap());
/// assert_eq!(mv.to_string(), "b2@3");
/// assert_eq!(Move::new(mv.cell()), mv);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move(Cell);

impl Move {
    /// The move that marks `cell`.
    ///
    /// # Example
    ///
    /// ```
    /// use qubic::{Cell, Move};
    ///
    /// let d4 = Cell::parse("d4@4").unwrap();
    /// assert_eq!(Move::new(d4).cell(), d4);
    /// ```
    pub const fn new(cell: Cell) -> Move {
        Move(cell)
    }

    /// The cell the mark goes to.
    ///
    /// # Example
    ///
    /// ```
    /// use qubic::prelude::*;
    ///
    /// let first = Qubic::default().legal_moves()[0];
    /// assert_eq!(first.cell().to_string(), "a1@1"); // moves come in cell index order
    /// ```
    pub const fn cell(self) -> Cell {
        self.0
    }
}

impl fmt::Display for Move {
    /// The cell, `b2@3` (Q-7).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
