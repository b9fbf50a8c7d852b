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

/// A move list that keeps up to `N` moves on the stack and moves to the heap beyond: for games
/// (and [`AnyGame`-like](crate::Game) wrappers) whose number of legal moves has no small proven
/// bound, so a fixed capacity could not be guaranteed.
///
/// # Example
///
/// ```
/// use variant_core::{MoveBuffer, SpillList};
/// let mut list = SpillList::<u32, 2>::default();
/// for m in 0..5 {
///     list.push(m); // the third push moves the list to the heap
/// }
/// assert_eq!(&list[..], &[0, 1, 2, 3, 4]);
/// list.clear();
/// assert!(list.is_empty());
/// ```
#[derive(Clone, Debug)]
pub enum SpillList<M, const N: usize> {
    /// Up to `N` moves on the stack.
    Inline(arrayvec::ArrayVec<M, N>),
    /// More moves.
    Heap(Vec<M>),
}

impl<M, const N: usize> Default for SpillList<M, N> {
    fn default() -> Self {
        SpillList::Inline(arrayvec::ArrayVec::new())
    }
}

impl<M, const N: usize> Deref for SpillList<M, N> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        match self {
            SpillList::Inline(a) => a,
            SpillList::Heap(v) => v,
        }
    }
}

impl<M: Copy + Send + Sync, const N: usize> MoveBuffer<M> for SpillList<M, N> {
    #[inline]
    fn push(&mut self, mv: M) {
        match self {
            SpillList::Inline(a) => {
                if let Err(e) = a.try_push(mv) {
                    let mut v = Vec::with_capacity(N.max(1) * 4);
                    v.extend_from_slice(a);
                    v.push(e.element());
                    *self = SpillList::Heap(v);
                }
            }
            SpillList::Heap(v) => v.push(mv),
        }
    }

    #[inline]
    fn clear(&mut self) {
        match self {
            SpillList::Inline(a) => a.clear(),
            SpillList::Heap(v) => v.clear(),
        }
    }
}

impl<M, const N: usize> IntoIterator for SpillList<M, N> {
    type Item = M;
    type IntoIter = std::vec::IntoIter<M>;
    fn into_iter(self) -> Self::IntoIter {
        match self {
            SpillList::Inline(a) => a.into_iter().collect::<Vec<_>>().into_iter(),
            SpillList::Heap(v) => v.into_iter(),
        }
    }
}
