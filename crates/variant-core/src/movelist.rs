//! Fixed-capacity move lists: legal move generation never allocates.

use std::ops::Deref;

/// A fixed-capacity list of moves, backed by an array on the stack.
///
/// Games choose the capacity as a proven upper bound of the number of legal moves in any
/// position they can reach, so [`MoveBuffer::push`] never overflows.
pub type MoveList<M, const N: usize> = arrayvec::ArrayVec<M, N>;

/// What move generation writes into: a list that can be cleared and pushed to and read as a
/// slice. Implemented for [`MoveList`] (an `arrayvec::ArrayVec`) and for `Vec`.
pub trait MoveBuffer<M>: Default + Deref<Target = [M]> + Send + Sync {
    /// Appends a move. The caller guarantees the capacity suffices.
    fn push(&mut self, mv: M);
    /// Removes every move.
    fn clear(&mut self);
}

impl<M: Send + Sync, const N: usize> MoveBuffer<M> for arrayvec::ArrayVec<M, N> {
    #[inline]
    fn push(&mut self, mv: M) {
        arrayvec::ArrayVec::push(self, mv)
    }
    #[inline]
    fn clear(&mut self) {
        arrayvec::ArrayVec::clear(self)
    }
}

impl<M: Send + Sync> MoveBuffer<M> for Vec<M> {
    #[inline]
    fn push(&mut self, mv: M) {
        Vec::push(self, mv)
    }
    #[inline]
    fn clear(&mut self) {
        Vec::clear(self)
    }
}
