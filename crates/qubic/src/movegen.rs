//! Legal move generation: every empty cell while no line is complete; none
//! once one is, or once the box is full.

use crate::cell::cells_of;
use crate::moves::Move;
use crate::position::Qubic;
use variant_core::MoveSink;

impl Qubic {
    /// The cells the side to move may mark: the empty cells, or none when the game is over
    /// a completed line ends it; Q-6: a full box has no empty cell).
    #[inline]
    pub(crate) fn open_cells(&self) -> u64 {
        if self.winner.is_some() {
            0
        } else {
            !(self.marks[0] | self.marks[1])
        }
    }

    /// Hands every legal move to `sink`, in cell index order.
    #[inline]
    pub(crate) fn generate<S: MoveSink<Move>>(&self, sink: &mut S) {
        for cell in cells_of(self.open_cells()) {
            sink.push(Move::new(cell));
        }
    }
}
