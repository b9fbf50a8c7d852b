//! The transposition table: one slot per index, keyed by the full Zobrist hash; a deeper
//! result for the same position is kept over a shallower one, anything else is replaced.

use crate::score::MATE_BOUND;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub mv: Option<M>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MiB (at least 1 024 slots, a power of two).
    pub fn new(megabytes: usize) -> Self {
        let entry = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (megabytes.max(1) << 20) / entry;
        let len = wanted.next_power_of_two().max(1024) >> 1;
        Table {
            slots: vec![None; len],
            mask: len - 1,
        }
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry<M>> {
        let e = self.slots[key as usize & self.mask]?;
        (e.key == key).then(|| Entry {
            score: from_tt(e.score, ply),
            ..e
        })
    }

    pub fn store(&mut self, key: u64, ply: usize, entry: Entry<M>) {
        let slot = &mut self.slots[key as usize & self.mask];
        if let Some(old) = slot
            && old.key == key
            && old.depth > entry.depth
            && entry.bound != Bound::Exact
        {
            return;
        }
        *slot = Some(Entry {
            score: to_tt(entry.score, ply),
            ..entry
        });
    }
}

/// Mate scores are stored relative to the node (plies from it), not to the root, so that a
/// position reached at another ply reads back the right distance.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    #[test]
    fn mate_distance_is_relative_to_the_node() {
        let mut t = Table::<u32>::new(1);
        // Found at ply 3: mate 2 plies after that node, i.e. MATE - 5 from the root.
        t.store(
            42,
            3,
            Entry {
                key: 42,
                mv: Some(7),
                score: MATE - 5,
                depth: 4,
                bound: Bound::Exact,
            },
        );
        // Reached again at ply 1: the same mate is 2 + 1 plies from the root.
        let e = t.probe(42, 1).expect("stored");
        assert_eq!(e.score, MATE - 3);
        assert_eq!(e.mv, Some(7));
        assert!(t.probe(43, 1).is_none());
    }
}
