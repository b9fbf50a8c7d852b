//! Perft with threads, a transposition table, a stop flag and progress reports, for every game
//! of the `variants` workspace (any [`Game`] of `variant-core`).
//!
//! `variant-core` holds the plain counts ([`perft`], [`perft_full`], [`perft_generic`],
//! [`divide`]: one thread, nothing to configure; re-exported here) and the hooks a game
//! gives perft ([`Game::perft_count`], [`Game::perft_key`]). This crate adds what needs a
//! thread pool and large memory, so that a game crate does not compile them:
//!
//! - [`perft_with`] / [`divide_with`]: the same counts with [`PerftOptions`]: several threads
//!   (rayon work stealing over subtrees at every depth, not only the root), a transposition
//!   table shared by the threads (`hash_mb`), a stop flag another thread can raise, and a
//!   progress callback. They return `Err(PerftError::Stopped)` when stopped.
//! - [`perft_parallel`] / [`divide_parallel`]: shorthands for threads only.
//! - [`perft_each`]: several positions with one table; [`perft_each_in`]: in a
//!   [`PerftTable`] kept from call to call, private or ([`PerftTable::shared`]) in a file
//!   that several processes map and count into at once.
//! - [`split`]: the distinct positions some plies below a root, with how many paths reach
//!   each, to count the pieces of a perft elsewhere (the Python package's Dask cluster).
//!
//! # Stopping and progress
//!
//! The stop flag is checked at every node at least two plies above the leaves, so a count
//! returns [`PerftError::Stopped`] within a few microseconds of work per thread after the flag
//! is raised (one bulk count of a position is the longest stretch without a check). The search
//! leaves nothing behind: the table is freed, the position untouched, and the next call starts
//! afresh. The progress callback gets a [`Progress`] (leaves counted so far, root moves done
//! out of how many) after each root move and whenever about four million more leaves have been
//! counted; it may be called from any of the threads, also concurrently, so keep it short.
//!
//! ```
//! use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
//! use variant_perft::{PerftError, PerftOptions, perft_with};
//! # use variant_core::Game;
//! # fn demo<G: Game>(game: &G) {
//! let stop = AtomicBool::new(false);
//! let seen = AtomicU64::new(0);
//! let progress = |p: variant_perft::Progress| seen.store(p.nodes, Ordering::Relaxed);
//! let options = PerftOptions {
//!     threads: 2,
//!     hash_mb: 16,
//!     stop: Some(&stop),
//!     progress: Some(&progress),
//!     ..PerftOptions::default()
//! };
//! std::thread::scope(|s| {
//!     let counting = s.spawn(|| perft_with(game, 9, &options));
//!     // ... later, from this (or any) thread:
//!     stop.store(true, Ordering::Relaxed);
//!     assert!(matches!(counting.join().unwrap(), Err(PerftError::Stopped) | Ok(_)));
//! });
//! # }
//! ```
//!
//! # The transposition table
//!
//! With `hash_mb > 0` the counts of subtrees of depth 2 and more are kept in a table of that
//! many megabytes and reused when the same position comes back at the same depth (a
//! transposition). Each entry holds the position's full 64-bit key ([`Game::perft_key`]: the
//! Zobrist key, without state that changes only the position's own moves, such as chess3d's
//! en-passant cell), its depth and a **second, independent 64-bit key**: a seeded hash of the
//! set of the position's legal moves and of the seat to move (a list the count
//! generates anyway, so the check costs almost nothing). A count is reused only when the depth
//! and both keys match: a wrong count needs two different positions at the same depth whose
//! 64-bit Zobrist keys are equal *and* whose move lists hash alike. Entries are written without
//! locks (each word XOR-ed with the data, so a half-written entry never matches).
//!
//! Like the Zobrist key, the check key leaves out the clocks (halfmove clock, move number), so
//! transpositions that differ only in a clock share an entry. The table therefore relies on the
//! games' contract that the Zobrist key covers everything that changes the legal-move tree
//! below a position except state that cannot matter within the counted depth (a 50-move clock
//! in a perft of a few plies).
//!
//! `hash_seed` moves every position to other buckets and changes the check key: a second run of
//! a deep count with another seed (or table size) shares no collision pattern with the first.
//!
//! A probe is a cache miss (the table is far larger than the caches), so a node whose children
//! probe the table first plays them all, computes their keys and loads their buckets back to
//! back, and only then counts them one by one: the misses overlap instead of stalling each
//! child in turn. On Linux a table of 2 MB or more is an anonymous mapping populated when it is
//! made, cheaper than faulting its pages in one by one during the count.

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod options;
mod perft_table;
mod search;
#[cfg(target_os = "linux")]
mod shared;
mod split;
mod table;

pub use options::{MAX_THREADS, PerftOptions, Progress};
pub use perft_table::{PerftTable, perft_each_in};
pub use split::{SplitPosition, split};
pub use variant_core::error::{MAX_HASH_MB, PerftError};
pub use variant_core::perft::{MAX_DEPTH, divide, perft, perft_full, perft_generic};

use perft_table::allocate;
use search::Search;
use table::{Storage, Table};
use variant_core::Game;

/// The examples of the crate's README (its crates.io page), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// [`divide`] with [`PerftOptions`]: threads, transposition table, stop flag, progress. The
/// counts are those of [`divide`], in generation order (none at depth 0).
///
/// ```
/// use variant_core::Game;
/// use variant_perft::{PerftOptions, divide, divide_with};
///
/// fn check<G: Game>(game: &G) {
///     let options = PerftOptions { threads: 2, hash_mb: 1, ..PerftOptions::default() };
///     assert_eq!(divide_with(game, 4, &options), Ok(divide(game, 4)));
/// }
/// // Run here on the docs' one-heap Nim; any game will do.
/// use variant_core::doc_game::Nim;
/// check(&Nim::default());
/// ```
///
/// # Errors
///
/// [`PerftError::Stopped`] when `options.stop` was raised; [`PerftError::HashTooLarge`] when
/// the table cannot be allocated; [`PerftError::DepthTooLarge`] over [`MAX_DEPTH`].
pub fn divide_with<G: Game>(
    game: &G,
    depth: u32,
    options: &PerftOptions,
) -> Result<Vec<(G::Move, u64)>, PerftError> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    run(options, depth, |search| Ok(search.divide(game, depth)?))
}

/// [`perft`] with [`PerftOptions`]: threads, transposition table, stop flag, progress. The count
/// is that of [`perft`].
///
/// ```
/// use variant_core::Game;
/// use variant_perft::{PerftOptions, perft, perft_with};
///
/// fn check<G: Game>(game: &G) {
///     let options = PerftOptions { threads: 2, hash_mb: 1, ..PerftOptions::default() };
///     assert_eq!(perft_with(game, 4, &options), Ok(perft(game, 4)));
/// }
/// // Run here on the docs' one-heap Nim; any game will do.
/// use variant_core::doc_game::Nim;
/// check(&Nim::default());
/// ```
///
/// # Errors
///
/// [`PerftError::Stopped`] when `options.stop` was raised; [`PerftError::HashTooLarge`] when
/// the table cannot be allocated; [`PerftError::DepthTooLarge`] over [`MAX_DEPTH`].
pub fn perft_with<G: Game>(
    game: &G,
    depth: u32,
    options: &PerftOptions,
) -> Result<u64, PerftError> {
    run(options, depth, |search| Ok(search.perft(game, depth)?))
}

/// [`perft_with`] of each of `games` at `depth`, in order, with **one** transposition table
/// (and thread pool) for them all: subtrees shared between the positions are counted once. The
/// pieces of a [`split`] perft are counted in batches this way. The progress callback sees each
/// position's count as a count of its own.
///
/// ```
/// use variant_core::Game;
/// use variant_perft::{PerftOptions, perft, perft_each, split};
///
/// fn check<G: Game>(game: &G) {
///     let pieces: Vec<G> = split(game, 1).unwrap().into_iter().map(|p| p.game).collect();
///     let options = PerftOptions { hash_mb: 4, ..PerftOptions::default() };
///     let counts = perft_each(&pieces, 3, &options).unwrap();
///     assert_eq!(counts.len(), pieces.len());
///     assert_eq!(counts[0], perft(&pieces[0], 3));
/// }
/// // Run here on the docs' one-heap Nim; any game will do.
/// use variant_core::doc_game::Nim;
/// check(&Nim::default());
/// ```
///
/// # Errors
///
/// As [`perft_with`]: [`PerftError::Stopped`], [`PerftError::HashTooLarge`],
/// [`PerftError::DepthTooLarge`].
pub fn perft_each<G: Game>(
    games: &[G],
    depth: u32,
    options: &PerftOptions,
) -> Result<Vec<u64>, PerftError> {
    run(options, depth, |search| {
        games
            .iter()
            .map(|game| Ok(search.perft(game, depth)?))
            .collect()
    })
}

/// Builds the table and the thread pool `options` ask for and runs `count` in them.
fn run<T: Send>(
    options: &PerftOptions,
    depth: u32,
    count: impl FnOnce(&mut Search) -> Result<T, PerftError> + Send,
) -> Result<T, PerftError> {
    if depth > MAX_DEPTH {
        return Err(PerftError::DepthTooLarge { depth });
    }
    let mut storage = match options.hash_mb {
        0 => None,
        mb => Some(allocate(mb)?),
    };
    run_in(options, storage.as_mut(), count)
}

/// [`run`] with the table's memory given (`None`: no table).
pub(crate) fn run_in<T: Send>(
    options: &PerftOptions,
    storage: Option<&mut Storage>,
    count: impl FnOnce(&mut Search) -> Result<T, PerftError> + Send,
) -> Result<T, PerftError> {
    let too_large = PerftError::HashTooLarge {
        mb: options.hash_mb,
    };
    let table = match storage {
        Some(storage) => Some(Table::new(storage, options.hash_seed).map_err(|_| too_large)?),
        None => None,
    };
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .min(MAX_THREADS);
    if threads > 1
        && let Ok(pool) = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            // A count recurses one frame per ply (up to MAX_DEPTH) with rayon's join frames in
            // between; a worker gets the stack of a main thread, not rayon's 2 MiB (reserved
            // address space: only what is touched is ever committed).
            .stack_size(8 << 20)
            .build()
    {
        let mut search = Search::new(options, table, true);
        return pool.install(|| count(&mut search));
    }
    // One thread, or a pool that cannot be built (no threads available): the same answer.
    count(&mut Search::new(options, table, false))
}

/// [`divide`] on `threads` threads (`0` means all cores; rayon work stealing over subtrees).
/// `progress(done, total)` is called as root moves are counted (and in between, with the same
/// numbers, as leaves are counted).
///
/// # Panics
///
/// When `depth` is over [`MAX_DEPTH`].
///
/// # Example
///
/// ```
/// use variant_perft::{divide, divide_parallel};
/// use variant_core::doc_game::Nim;
///
/// let game = Nim::default();
/// let counts = divide_parallel(&game, 3, 2, |_done, _total| {});
/// assert_eq!(counts, divide(&game, 3));
/// assert_eq!(counts, [(1, 9), (2, 9), (3, 9)]); // 9 pairs below each first take
/// ```
pub fn divide_parallel<G: Game>(
    game: &G,
    depth: u32,
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<(G::Move, u64)> {
    let report = |p: Progress| progress(p.root_moves_done, p.root_moves);
    let options = PerftOptions {
        threads,
        progress: Some(&report),
        ..PerftOptions::default()
    };
    or_panic(divide_with(game, depth, &options))
}

/// [`perft`] on `threads` threads (`0` means all cores; rayon work stealing over subtrees).
///
/// # Panics
///
/// When `depth` is over [`MAX_DEPTH`].
///
/// # Example
///
/// ```
/// use variant_perft::perft_parallel;
/// use variant_core::doc_game::Nim;
///
/// // The same count on two threads (4 takes from 10 counters: 76, see `perft`).
/// assert_eq!(perft_parallel(&Nim::default(), 4, 2), 76);
/// ```
pub fn perft_parallel<G: Game>(game: &G, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads == 1 {
        return perft(game, depth);
    }
    let options = PerftOptions {
        threads,
        ..PerftOptions::default()
    };
    or_panic(perft_with(game, depth, &options))
}

/// The result of a count without a stop flag or a table, which can fail only over
/// [`MAX_DEPTH`]: there it panics with the error's message, as the plain counts do.
fn or_panic<T>(result: Result<T, PerftError>) -> T {
    result.unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(test)]
mod tests;
