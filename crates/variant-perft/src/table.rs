//! The transposition table of hashed perft: subtree counts keyed by position and depth, shared
//! by all threads without locks.
//!
//! Each entry is three 64-bit words: `zobrist ^ data`, `check ^ data` and `data`, where `data`
//! packs the count (high 56 bits) and the depth (low 8 bits) and `check` is a second 64-bit
//! key of the position, independent of the Zobrist keys (see [`check_key`]). A reader accepts an entry only
//! when the depth matches and both XORs give back the probing position's keys, so
//!
//! - a torn entry (two threads writing the same slot word by word) is rejected, because its
//!   words no longer XOR to the keys (the lockless scheme of Hyatt and Mann), and
//! - a different position is accepted only if it matches the full 64-bit Zobrist key **and**
//!   the 64-bit check key of its legal moves.
//!
//! Buckets are one cache line and hold two entries: the first keeps the deepest subtree seen
//! (it costs the most to recount), the second always takes the newest.

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use variant_core::zobrist::splitmix64;
use zerocopy::{FromBytes, IntoBytes, KnownLayout};

/// Words per entry: the two keys XOR-ed with the data, and the data.
const WORDS_PER_ENTRY: usize = 3;
/// Entries per bucket: depth-preferred, then always-replace.
const ENTRIES_PER_BUCKET: usize = 2;
/// Words per bucket: the entries and two unused words, so that a bucket is exactly one cache
/// line with no padding (which lets `zerocopy` view mapped memory as buckets).
const WORDS_PER_BUCKET: usize = 8;
/// Bytes per bucket: one cache line, so a probe costs one memory access.
pub(super) const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();
/// Counts of 2^56 leaves or more are not stored (they would not fit beside the depth).
const MAX_COUNT: u64 = (1 << 56) - 1;

/// Two entries in one cache line.
#[repr(C, align(64))]
#[derive(Default, FromBytes, IntoBytes, KnownLayout)]
pub(super) struct Bucket {
    words: [AtomicU64; WORDS_PER_BUCKET],
}

/// Why a table could not be made.
#[derive(Debug)]
pub(super) struct AllocError;

/// The memory of a table, zeroed.
///
/// On Linux a table of 2 MB or more is an anonymous mapping populated when it is made
/// (`MAP_POPULATE`): the kernel hands over zeroed pages in one call instead of one page fault
/// per 4 KB page during the count, and there is no user-space zeroing. Elsewhere, and for small
/// tables, it is an ordinary heap allocation. Transparent huge pages (`MADV_HUGEPAGE`) are not
/// asked for: obtaining them costs more system time than their fewer TLB misses save (the
/// figures of both: docs/notes/2026-12-benchmarks-history.md, the table's memory).
pub(super) enum Storage {
    /// A mapping and the number of buckets in it.
    #[cfg(target_os = "linux")]
    Mapped(memmap2::MmapMut, usize),
    /// Buckets on the heap.
    Heap(Box<[Bucket]>),
    /// A table file that other processes map too.
    #[cfg(target_os = "linux")]
    Shared(super::shared::SharedMap),
}

/// Tables from this size on are mapped (smaller ones are cheap to allocate either way).
#[cfg(target_os = "linux")]
const MAP_FROM: usize = 2 << 20;

impl Storage {
    /// Zeroed memory for `bytes / BUCKET_BYTES` buckets (at least one).
    pub(super) fn new(bytes: usize) -> Result<Storage, AllocError> {
        let len = (bytes / BUCKET_BYTES).max(1);
        #[cfg(target_os = "linux")]
        if let Some(storage) = Self::mapped(len)? {
            return Ok(storage);
        }
        // try_reserve: a size the machine cannot give is an error, not an abort.
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(len).map_err(|_| AllocError)?;
        buckets.resize_with(len, Bucket::default);
        Ok(Storage::Heap(buckets.into_boxed_slice()))
    }

    /// A mapping for `len` buckets, or `None` for a table too small to gain from huge pages.
    #[cfg(target_os = "linux")]
    fn mapped(len: usize) -> Result<Option<Storage>, AllocError> {
        let bytes = len.checked_mul(BUCKET_BYTES).ok_or(AllocError)?;
        if bytes < MAP_FROM {
            return Ok(None);
        }
        let map = memmap2::MmapOptions::new()
            .len(bytes)
            .populate()
            .map_anon()
            .map_err(|_| AllocError)?;
        Ok(Some(Storage::Mapped(map, len)))
    }

    /// The buckets.
    fn buckets(&mut self) -> Result<&[Bucket], AllocError> {
        match self {
            #[cfg(target_os = "linux")]
            Storage::Mapped(map, len) => {
                let bytes = &mut map[..*len * BUCKET_BYTES];
                // Cannot fail: the mapping is page-aligned and the length a multiple of a bucket.
                Ok(<[Bucket]>::mut_from_bytes(bytes).map_err(|_| AllocError)?)
            }
            Storage::Heap(buckets) => Ok(buckets),
            #[cfg(target_os = "linux")]
            Storage::Shared(map) => Ok(map.buckets()),
        }
    }
}

/// A lock-free table of subtree counts of a fixed size, in memory borrowed from a [`Storage`].
pub(super) struct Table<'s> {
    buckets: &'s [Bucket],
    seed: u64,
}

impl<'s> Table<'s> {
    /// A table in `storage`; `seed` varies the bucket index and the check key, so two runs with
    /// different seeds share no collision pattern.
    pub(super) fn new(storage: &'s mut Storage, seed: u64) -> Result<Table<'s>, AllocError> {
        Ok(Table {
            buckets: storage.buckets()?,
            seed,
        })
    }

    /// The seed the table was made with (mixed into the check key too).
    pub(super) fn seed(&self) -> u64 {
        self.seed
    }

    /// The bucket of `(zobrist, depth)`. The depth is mixed in so that one position at several
    /// depths does not fight over one bucket.
    pub(super) fn bucket(&self, zobrist: u64, depth: u32) -> &Bucket {
        let mut state = zobrist ^ self.seed ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mixed = splitmix64(&mut state);
        // Multiply-shift maps the mixed key onto any number of buckets (no power of two needed).
        let index = ((u128::from(mixed) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }
}

impl Bucket {
    /// Loads the bucket's cache line ahead of its probe (see `Search::count`); returns a word
    /// of it so the load is not optimised away.
    pub(super) fn touch(&self) -> u64 {
        self.words[2].load(Relaxed)
    }

    /// The data words of both entries. Read before the position's moves are generated, so the
    /// memory access overlaps that work (the table is far larger than the caches).
    pub(super) fn data(&self) -> [u64; ENTRIES_PER_BUCKET] {
        [
            self.words[2].load(Relaxed),
            self.words[WORDS_PER_ENTRY + 2].load(Relaxed),
        ]
    }

    /// The stored count of `(zobrist, check, depth)`, given the entries' `data` words. `check` is
    /// computed only when an entry matches the Zobrist key and the depth.
    pub(super) fn probe(
        &self,
        data: [u64; ENTRIES_PER_BUCKET],
        zobrist: u64,
        depth: u32,
        check: &mut impl FnMut() -> u64,
    ) -> Option<u64> {
        for (entry, data) in data.into_iter().enumerate() {
            let w = &self.words[entry * WORDS_PER_ENTRY..][..WORDS_PER_ENTRY];
            if data & 0xFF != u64::from(depth) || w[0].load(Relaxed) ^ data != zobrist {
                continue;
            }
            // Re-reading the data word rejects an entry rewritten since `data` was read.
            if w[2].load(Relaxed) == data && w[1].load(Relaxed) ^ data == check() {
                return Some(data >> 8);
            }
        }
        None
    }

    /// Stores the count of `(zobrist, check, depth)`.
    pub(super) fn store(&self, zobrist: u64, check: u64, depth: u32, count: u64) {
        if count > MAX_COUNT || depth > 0xFF {
            return;
        }
        let data = (count << 8) | u64::from(depth);
        let deepest = self.words[2].load(Relaxed) & 0xFF;
        let entry = if u64::from(depth) >= deepest { 0 } else { 1 };
        let w = &self.words[entry * WORDS_PER_ENTRY..][..WORDS_PER_ENTRY];
        w[0].store(zobrist ^ data, Relaxed);
        w[1].store(check ^ data, Relaxed);
        w[2].store(data, Relaxed);
    }
}

/// The second key of a position: a seeded 64-bit hash of the set of its legal moves (each move
/// hashed alone, the hashes added, so the order in which a game happens to generate them does
/// not matter) and of the seat to move. It shares nothing with the game's Zobrist keys, costs
/// one pass over a list that the count generates anyway, and, like the Zobrist key, leaves out
/// the clocks that do not change the moves (two transposed positions whose halfmove clocks
/// differ still share their entry). A wrong hit needs two positions of the same depth whose
/// 64-bit Zobrist keys are equal and whose legal moves hash alike.
pub(super) fn check_key<M: Hash>(moves: &[M], seat: u8, seed: u64) -> u64 {
    let mut sum = 0u64;
    for mv in moves {
        let mut hasher = MixHasher(seed);
        mv.hash(&mut hasher);
        sum = sum.wrapping_add(hasher.finish());
    }
    let mut hasher = MixHasher(seed ^ 0x243F_6A88_85A3_08D3);
    hasher.write_u64(sum);
    hasher.write_u64(moves.len() as u64);
    hasher.write_u8(seat);
    hasher.finish()
}

/// A small seeded hasher: every word goes through one SplitMix64 step.
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        let mut h = self.0;
        splitmix64(&mut h)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word) ^ ((chunk.len() as u64) << 56));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.0 ^= i;
        splitmix64(&mut self.0);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_both_keys_and_depth() {
        let mut storage = Storage::new(1 << 16).unwrap();
        let t = Table::new(&mut storage, 7).unwrap();
        let probe = |z, depth, check| {
            let b = t.bucket(z, depth);
            b.probe(b.data(), z, depth, &mut || check)
        };
        t.bucket(42, 3).store(42, 99, 3, 1234);
        assert_eq!(probe(42, 3, 99), Some(1234));
        // Same Zobrist key, other check key: a collision the check key catches.
        assert_eq!(probe(42, 3, 98), None);
        // Same position at another depth.
        assert_eq!(probe(42, 4, 99), None);
        assert_eq!(probe(43, 3, 99), None);
    }

    #[test]
    fn a_one_bucket_table_keeps_the_deepest_and_the_newest() {
        let mut storage = Storage::new(0).unwrap();
        let t = Table::new(&mut storage, 1).unwrap();
        let b = t.bucket(0, 0);
        assert_eq!(BUCKET_BYTES, 64);
        b.store(1, 1, 5, 500);
        b.store(2, 2, 3, 300);
        b.store(3, 3, 4, 400);
        assert_eq!(b.probe(b.data(), 1, 5, &mut || 1), Some(500));
        assert_eq!(b.probe(b.data(), 2, 3, &mut || 2), None);
        assert_eq!(b.probe(b.data(), 3, 4, &mut || 3), Some(400));
    }

    #[test]
    fn a_table_of_several_megabytes_is_zeroed_and_usable_in_every_bucket() {
        // 4 MB: mapped on Linux, on the heap elsewhere.
        let mut storage = Storage::new(4 << 20).unwrap();
        let t = Table::new(&mut storage, 3).unwrap();
        assert_eq!(t.buckets.len(), (4 << 20) / 64);
        assert!(t.buckets.iter().all(|b| b.data() == [0, 0]));
        let mut last = 0;
        for key in 0..100_000u64 {
            let b = t.bucket(key, 2);
            b.store(key, !key, 2, key * 3);
            assert_eq!(b.probe(b.data(), key, 2, &mut || !key), Some(key * 3));
            last = last.max(std::ptr::from_ref(b).addr() - t.buckets.as_ptr().addr());
        }
        // The keys spread up to the last buckets of the table.
        assert!(last >= (4 << 20) - 64 * 64, "highest bucket offset {last}");
    }

    #[test]
    fn counts_too_large_to_pack_are_not_stored() {
        let mut storage = Storage::new(0).unwrap();
        let t = Table::new(&mut storage, 1).unwrap();
        let b = t.bucket(1, 5);
        b.store(1, 1, 5, 1 << 56);
        assert_eq!(b.probe(b.data(), 1, 5, &mut || 1), None);
    }

    #[test]
    fn check_keys_depend_on_the_moves_seat_and_seed_not_their_order() {
        let key = |moves: &[u32], seat, seed| check_key(moves, seat, seed);
        assert_ne!(key(&[1, 2], 0, 0), key(&[1, 3], 0, 0));
        assert_ne!(key(&[1, 2], 0, 0), key(&[1, 2, 3], 0, 0));
        assert_eq!(key(&[1, 2], 0, 0), key(&[2, 1], 0, 0));
        assert_ne!(key(&[1, 2], 0, 0), key(&[1, 2], 1, 0));
        assert_ne!(key(&[1, 2], 0, 0), key(&[1, 2], 0, 1));
        assert_ne!(key(&[], 0, 0), key(&[0], 0, 0));
        assert_eq!(key(&[7, 8], 2, 5), key(&[7, 8], 2, 5));
    }
}
