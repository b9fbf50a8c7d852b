//! Fixed-capacity move lists: legal move generation never allocates.

use std::ops::Deref;

/// A fixed-capacity list of moves, backed by an array on the stack.
///
/// Games choose the capacity as a proven upper bound of the number of legal moves in any
/// position they can reach, so [`MoveSink::push`] never overflows.
///
/// # Example
///
/// ```
/// use variant_core::{Game, MoveList};
/// use variant_core::doc_game::Nim;
///
/// // The docs' Nim has at most 3 moves (take 1, 2 or 3), so its list holds 3.
/// let moves: MoveList<u8, 3> = Nim::default().legal_moves();
/// assert_eq!(moves.capacity(), 3);
/// assert_eq!(&moves[..], &[1, 2, 3]);
/// ```
pub type MoveList<M, const N: usize> = arrayvec::ArrayVec<M, N>;

/// Where generated moves go, one at a time: a list ([`MoveBuffer`]), a counter
/// ([`MoveCounter`]) or any listener of the caller's (cozy-chess style), through
/// [`Game::generate_moves`](crate::Game::generate_moves).
///
/// # Example
///
/// A listener that keeps only the moves it is interested in, with no list in between:
///
/// ```
/// use variant_core::{Game, MoveSink};
/// # use variant_core::doc_game::Nim as MyGame;
/// struct Largest(Option<u8>);
/// impl MoveSink<u8> for Largest {
///     fn push(&mut self, mv: u8) {
///         self.0 = self.0.max(Some(mv));
///     }
/// }
/// let mut largest = Largest(None);
/// MyGame::default().generate_moves(&mut largest);
/// assert_eq!(largest.0, Some(3)); // Nim: take at most 3 counters
/// ```
pub trait MoveSink<M> {
    /// Receives one move. A list's caller guarantees the capacity suffices.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, MoveCounter, MoveSink};
    /// use variant_core::doc_game::Nim;
    ///
    /// // A sink that only counts: what `count_legal_moves` needs, with no list in between.
    /// let mut counter = MoveCounter(0);
    /// counter.push(1u8);
    /// Nim::default().generate_moves(&mut counter);
    /// assert_eq!(counter.0, 1 + 3);
    /// ```
    fn push(&mut self, mv: M);
}

/// A [`MoveSink`] that only counts the moves it receives.
///
/// # Example
///
/// ```
/// use variant_core::{Game, MoveCounter};
/// # use variant_core::doc_game::Nim as MyGame;
/// let mut counter = MoveCounter::default();
/// MyGame::default().generate_moves(&mut counter);
/// assert_eq!(counter.0, 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCounter(pub u64);

impl<M> MoveSink<M> for MoveCounter {
    #[inline(always)]
    fn push(&mut self, _mv: M) {
        self.0 += 1;
    }
}

/// What move generation writes into: a [`MoveSink`] that can also be cleared and read as a
/// slice. Implemented for [`MoveList`] (an `arrayvec::ArrayVec`), `Vec` and [`SpillList`].
///
/// # Example
///
/// ```
/// use variant_core::{MoveBuffer, MoveList, MoveSink};
/// fn refill<B: MoveBuffer<u8>>(list: &mut B) {
///     list.clear();
///     list.push(7); // `push` comes from the `MoveSink` every buffer is
/// }
/// let mut list = MoveList::<u8, 4>::new();
/// list.push(1);
/// refill(&mut list);
/// assert_eq!(&list[..], &[7]);
/// ```
pub trait MoveBuffer<M>: MoveSink<M> + Default + Deref<Target = [M]> + Send + Sync {
    /// Removes every move.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{MoveBuffer, MoveList, MoveSink};
    ///
    /// let mut list = MoveList::<u8, 3>::new();
    /// list.push(2);
    /// list.clear();
    /// assert!(list.is_empty());
    /// ```
    fn clear(&mut self);
}

impl<M, const N: usize> MoveSink<M> for arrayvec::ArrayVec<M, N> {
    #[inline]
    fn push(&mut self, mv: M) {
        arrayvec::ArrayVec::push(self, mv)
    }
}

impl<M: Send + Sync, const N: usize> MoveBuffer<M> for arrayvec::ArrayVec<M, N> {
    #[inline]
    fn clear(&mut self) {
        arrayvec::ArrayVec::clear(self)
    }
}

impl<M> MoveSink<M> for Vec<M> {
    #[inline]
    fn push(&mut self, mv: M) {
        Vec::push(self, mv)
    }
}

impl<M: Send + Sync> MoveBuffer<M> for Vec<M> {
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

impl<M: Copy, const N: usize> SpillList<M, N> {
    /// Appends a move, moving the list to the heap when the stack part is full.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::SpillList;
    /// let mut list = SpillList::<u8, 1>::default();
    /// list.push(1);
    /// list.push(2);
    /// assert!(matches!(list, SpillList::Heap(_)));
    /// ```
    // Always inlined, with the rare spill out of line: move generators push in their
    // innermost loops, and a call per move cost one-height draughts about a tenth of its
    // perft time (docs/benchmarks.md).
    #[inline(always)]
    pub fn push(&mut self, mv: M) {
        let full = match self {
            SpillList::Inline(a) => match a.try_push(mv) {
                Ok(()) => return,
                Err(e) => e.element(),
            },
            SpillList::Heap(v) => {
                v.push(mv);
                return;
            }
        };
        self.spill(full);
    }

    /// Moves the full stack part to the heap and appends `mv`.
    #[cold]
    #[inline(never)]
    fn spill(&mut self, mv: M) {
        let mut v = Vec::with_capacity(N.max(1) * 4);
        v.extend_from_slice(self);
        v.push(mv);
        *self = SpillList::Heap(v);
    }
}

impl<M: Copy, const N: usize> MoveSink<M> for SpillList<M, N> {
    #[inline]
    fn push(&mut self, mv: M) {
        SpillList::push(self, mv)
    }
}

impl<M: Copy + Send + Sync, const N: usize> MoveBuffer<M> for SpillList<M, N> {
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

/// `for mv in &moves`, as on the other move lists (`MoveList`, `Vec`).
///
/// # Example
///
/// ```
/// use variant_core::SpillList;
/// let mut list = SpillList::<u8, 2>::default();
/// list.push(3);
/// list.push(4);
/// let mut sum = 0;
/// for mv in &list {
///     sum += mv;
/// }
/// assert_eq!(sum, 7);
/// ```
impl<'a, M, const N: usize> IntoIterator for &'a SpillList<M, N> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
