//! Perft: counting the leaves of the legal-move tree, the standard test and benchmark of move
//! generation. Written once for every game.
//!
//! - [`perft`]: one thread, bulk counting at the last ply ([`Game::count_legal_moves`]).
//! - [`perft_generic`]: the same count without the game's [`Game::perft_count`] hook.
//! - [`perft_full`]: plays every move down to the leaves.
//! - [`divide`]: the count below each root move.
//! - [`perft_with`] / [`divide_with`]: the same counts with [`PerftOptions`]: several threads
//!   (rayon work stealing over subtrees at every depth, not only the root), a transposition
//!   table shared by the threads (`hash_mb`), a stop flag another thread can raise, and a
//!   progress callback. They return `Err(PerftError::Stopped)` when stopped.
//! - [`perft_parallel`] / [`divide_parallel`]: shorthands for threads only.
//! - [`perft_each`]: several positions with one table; [`perft_each_in`]: in a
//!   [`PerftTable`] kept from call to call.
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
//! use variant_core::perft::{PerftError, PerftOptions, perft_with};
//! # use variant_core::Game;
//! # fn demo<G: Game>(game: &G) {
//! let stop = AtomicBool::new(false);
//! let seen = AtomicU64::new(0);
//! let progress = |p: variant_core::perft::Progress| seen.store(p.nodes, Ordering::Relaxed);
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

mod search;
mod split;
mod table;

use crate::Game;
use search::Search;
pub use split::{SplitPosition, split};
use std::sync::atomic::AtomicBool;
use table::{Storage, Table};

/// The number of leaf nodes `depth` plies below `game`, counting the last ply in bulk
/// ([`Game::count_legal_moves`]) without playing it.
///
/// # Panics
///
/// When `depth` is over [`MAX_DEPTH`] ([`perft_with`] returns an error instead).
///
/// # Example
///
/// ```
/// use variant_core::perft::perft;
/// // The docs' one-heap Nim from 10 counters: take 1, 2 or 3.
/// use variant_core::doc_game::Nim;
///
/// // Counted by hand: 3 moves, 3 × 3 pairs, 27 triples (at most 9 counters taken); four takes
/// // need a sum of at most 10: 81 sequences less the 4 with sum 11 and the 1 with sum 12.
/// let game = Nim::default();
/// assert_eq!(perft(&game, 0), 1);
/// assert_eq!(perft(&game, 1), 3);
/// assert_eq!(perft(&game, 3), 27);
/// assert_eq!(perft(&game, 4), 76);
/// ```
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    check_depth(depth);
    // Through the game's hook, so a wrapper of games counts on the game it holds.
    game.perft_count(depth)
}

/// [`perft`] without the game's [`Game::perft_count`] (which it is by default): every node
/// goes through the game's own `legal_moves_into`, `clone_from`, `play_unchecked` and, at the
/// last ply, `count_legal_moves`. For a wrapper of games (the facade's `AnyGame`) this
/// measures and checks its own per-node paths, which `perft` skips by counting on the game
/// held.
///
/// # Panics
///
/// When `depth` is over [`MAX_DEPTH`].
///
/// # Example
///
/// ```
/// use variant_core::perft::{perft, perft_generic};
/// # use variant_core::doc_game::Nim;
/// // Ten counters, 1 to 3 taken a turn: 3, then 3 × 3 sequences of two moves.
/// assert_eq!(perft_generic(&Nim::default(), 2), 9);
/// assert_eq!(perft(&Nim::default(), 2), 9);
/// ```
pub fn perft_generic<G: Game>(game: &G, depth: u32) -> u64 {
    check_depth(depth);
    count(game, depth)
}

/// [`perft`] below the depth check.
fn count<G: Game>(game: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_legal_moves(),
        _ => {
            let mut moves = G::MoveList::default();
            game.legal_moves_into(&mut moves);
            let mut nodes = 0;
            // One child, copied from the parent before each move (`clone_from` lets a game
            // copy in place instead of building a new value each time).
            let mut child = game.clone();
            for (i, &mv) in moves.iter().enumerate() {
                if i > 0 {
                    child.clone_from(game);
                }
                child.play_unchecked(mv);
                nodes += count(&child, depth - 1);
            }
            nodes
        }
    }
}

/// Perft that plays every move down to the leaves (no bulk counting): slower, and a check that
/// playing each move works.
///
/// # Panics
///
/// When `depth` is over [`MAX_DEPTH`].
///
/// # Example
///
/// ```
/// use variant_core::perft::{perft, perft_full};
/// use variant_core::doc_game::Nim;
///
/// // Playing every last move gives the bulk count (4 takes from 10 counters: 76, see `perft`).
/// assert_eq!(perft_full(&Nim::default(), 4), 76);
/// assert_eq!(perft_full(&Nim::default(), 4), perft(&Nim::default(), 4));
/// ```
pub fn perft_full<G: Game>(game: &G, depth: u32) -> u64 {
    check_depth(depth);
    count_full(game, depth)
}

/// [`perft_full`] below the depth check.
fn count_full<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = G::MoveList::default();
    game.legal_moves_into(&mut moves);
    let mut nodes = 0;
    let mut child = game.clone();
    for (i, &mv) in moves.iter().enumerate() {
        if i > 0 {
            child.clone_from(game);
        }
        child.play_unchecked(mv);
        nodes += count_full(&child, depth - 1);
    }
    nodes
}

/// Perft split at the root: each legal move with the number of leaves below it, in generation
/// order. `depth` counts the root move, so the sum equals `perft(game, depth)`.
///
/// # Panics
///
/// When `depth` is over [`MAX_DEPTH`].
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_core::perft::divide;
/// use variant_core::doc_game::Nim;
///
/// // From 4 counters: taking 1 leaves 3 (3 replies), taking 2 leaves 2, taking 3 leaves 1.
/// let game = Nim::from_text(&Default::default(), "4 0").unwrap();
/// assert_eq!(divide(&game, 2), [(1, 3), (2, 2), (3, 1)]);
/// ```
pub fn divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Move, u64)> {
    divide_parallel(game, depth, 1, |_, _| {})
}

/// The most threads a parallel perft starts: a caller asking for a million (a typo, or hostile
/// input through the CLI or the C API) gets a working count instead of an exhausted process.
///
/// # Example
///
/// ```
/// use variant_core::perft::{MAX_THREADS, perft_parallel};
/// use variant_core::doc_game::Nim;
///
/// // Asking for more threads than that starts MAX_THREADS, and counts the same (76, see `perft`).
/// assert_eq!(perft_parallel(&Nim::default(), 4, MAX_THREADS + 1), 76);
/// ```
pub const MAX_THREADS: usize = 256;

/// The largest transposition table, in megabytes (1 TiB): larger requests are refused with
/// [`PerftError::HashTooLarge`] before anything is allocated.
///
/// # Example
///
/// ```
/// use variant_core::perft::{MAX_HASH_MB, PerftError, PerftTable};
///
/// assert_eq!(MAX_HASH_MB, 1 << 20); // 1 TiB
/// let refused = PerftTable::new(MAX_HASH_MB + 1, 0);
/// assert!(matches!(refused, Err(PerftError::HashTooLarge { mb }) if mb == MAX_HASH_MB + 1));
/// ```
pub const MAX_HASH_MB: usize = 1 << 20;

/// The deepest count any perft function accepts. Deeper counts could neither finish (the
/// tree grows exponentially: FIDE chess passes `u64::MAX` leaves near depth 14) nor recurse
/// safely (one stack frame per ply, and a game can go on for ever along its first moves), so
/// [`perft_with`] and [`divide_with`] refuse them with [`PerftError::DepthTooLarge`] and the
/// plain functions panic; frontends check it first (the CLI, the C library and Python answer
/// with a clear error).
///
/// ```
/// use variant_core::perft::{MAX_DEPTH, PerftError, PerftOptions, perft_with};
/// # use variant_core::Game;
/// # fn demo<G: Game>(game: &G) {
/// let refused = perft_with(game, MAX_DEPTH + 1, &PerftOptions::default());
/// assert_eq!(refused, Err(PerftError::DepthTooLarge { depth: MAX_DEPTH + 1 }));
/// # }
/// # demo(&variant_core::doc_game::Nim::default());
/// ```
pub const MAX_DEPTH: u32 = 64;

/// Panics with the reason when `depth` is over [`MAX_DEPTH`] (the plain functions).
#[inline]
fn check_depth(depth: u32) {
    assert!(
        depth <= MAX_DEPTH,
        "perft depth {depth} is over the limit of {MAX_DEPTH} plies"
    );
}

/// How [`perft_with`] and [`divide_with`] count.
///
/// ```
/// use variant_core::perft::PerftOptions;
///
/// let options = PerftOptions { threads: 2, hash_mb: 64, ..PerftOptions::default() };
/// assert_eq!(options.hash_seed, 0);
/// assert!(options.stop.is_none());
/// ```
#[derive(Clone, Copy)]
pub struct PerftOptions<'a> {
    /// Threads (`0`: all cores; at most [`MAX_THREADS`] are started). Default 1.
    pub threads: usize,
    /// Size of the transposition table in megabytes (2^20 bytes); `0` (the default) counts
    /// without one.
    pub hash_mb: usize,
    /// Varies the table's bucket index and check key: two runs with different seeds share no
    /// collision pattern (a check of a deep count). Default 0.
    pub hash_seed: u64,
    /// Raised (by any thread) to stop the count: [`perft_with`] then returns
    /// [`PerftError::Stopped`] promptly. The flag is only read, never reset.
    pub stop: Option<&'a AtomicBool>,
    /// Called with the progress so far (see the [module docs](crate::perft)).
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
}

impl Default for PerftOptions<'_> {
    fn default() -> Self {
        PerftOptions {
            threads: 1,
            hash_mb: 0,
            hash_seed: 0,
            stop: None,
            progress: None,
        }
    }
}

impl std::fmt::Debug for PerftOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerftOptions")
            .field("threads", &self.threads)
            .field("hash_mb", &self.hash_mb)
            .field("hash_seed", &self.hash_seed)
            .field("stop", &self.stop)
            .field("progress", &self.progress.map(|_| "callback"))
            .finish()
    }
}

/// How far a count has got, as passed to [`PerftOptions::progress`].
///
/// # Example
///
/// ```
/// use std::sync::Mutex;
/// use variant_core::perft::{PerftOptions, Progress, perft_with};
/// use variant_core::doc_game::Nim;
///
/// let last = Mutex::new(None);
/// let report = |p: Progress| *last.lock().unwrap() = Some(p);
/// let options = PerftOptions { progress: Some(&report), ..PerftOptions::default() };
/// assert_eq!(perft_with(&Nim::default(), 3, &options), Ok(27));
/// // The last report has every one of the 3 root moves counted.
/// let p = last.lock().unwrap().unwrap();
/// assert_eq!((p.root_moves_done, p.root_moves), (3, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Progress {
    /// Leaves counted so far (including those taken from the transposition table).
    pub nodes: u64,
    /// Root moves whose subtree is fully counted.
    pub root_moves_done: usize,
    /// Legal moves of the root position.
    pub root_moves: usize,
}

/// Why [`perft_with`] or [`divide_with`] gave no count.
///
/// # Example
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use variant_core::perft::{MAX_DEPTH, PerftError, PerftOptions, perft_with};
/// use variant_core::doc_game::Nim;
///
/// let game = Nim::default();
/// let stop = AtomicBool::new(true); // raised before the count starts
/// let options = PerftOptions { stop: Some(&stop), ..PerftOptions::default() };
/// assert_eq!(perft_with(&game, 3, &options), Err(PerftError::Stopped));
/// let deep = perft_with(&game, MAX_DEPTH + 1, &PerftOptions::default());
/// assert_eq!(deep, Err(PerftError::DepthTooLarge { depth: MAX_DEPTH + 1 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PerftError {
    /// The stop flag was raised before the count was complete.
    #[error("perft stopped on request")]
    Stopped,
    /// The transposition table could not be allocated.
    #[error(
        "a transposition table of {mb} MB cannot be allocated (at most {MAX_HASH_MB} MB, and no \
         more than the machine's memory)"
    )]
    HashTooLarge {
        /// The size asked for.
        mb: usize,
    },
    /// The depth is over [`MAX_DEPTH`].
    #[error("perft depth {depth} is over the limit of {MAX_DEPTH} plies")]
    DepthTooLarge {
        /// The depth asked for.
        depth: u32,
    },
}

/// [`divide`] with [`PerftOptions`]: threads, transposition table, stop flag, progress. The
/// counts are those of [`divide`], in generation order (none at depth 0).
///
/// ```
/// use variant_core::Game;
/// use variant_core::perft::{PerftOptions, divide, divide_with};
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
/// use variant_core::perft::{PerftOptions, perft, perft_with};
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
/// use variant_core::perft::{PerftOptions, perft, perft_each, split};
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

/// A transposition table that outlives one count: counts made with it one after another
/// ([`perft_each_in`]) reuse each other's subtrees. A process that counts many pieces of one
/// big perft in turn (a worker of a cluster) keeps one and loses no transposition between
/// the pieces it counts.
///
/// ```
/// use variant_core::Game;
/// use variant_core::perft::{PerftOptions, PerftTable, perft, perft_each_in};
///
/// fn check<G: Game>(a: &G, b: &G) {
///     let mut table = PerftTable::new(4, 0).unwrap();
///     let options = PerftOptions::default();
///     assert_eq!(perft_each_in(&[a.clone()], 4, &mut table, &options).unwrap()[0], perft(a, 4));
///     assert_eq!(perft_each_in(&[b.clone()], 4, &mut table, &options).unwrap()[0], perft(b, 4));
/// }
/// // Run here on the docs' one-heap Nim; any game will do.
/// use variant_core::doc_game::Nim;
/// check(&Nim::default(), &Nim::from_text(&Default::default(), "7 1").unwrap());
/// ```
pub struct PerftTable {
    storage: Storage,
    mb: usize,
    seed: u64,
}

impl PerftTable {
    /// A table of `mb` megabytes (at least 1) whose buckets and check keys are varied by
    /// `seed` (see [`PerftOptions::hash_seed`]).
    ///
    /// # Errors
    ///
    /// [`PerftError::HashTooLarge`] when the memory cannot be had (or `mb` is over
    /// [`MAX_HASH_MB`]).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::perft::{MAX_HASH_MB, PerftError, PerftTable};
    ///
    /// assert!(PerftTable::new(1, 7).is_ok());
    /// let huge = PerftTable::new(MAX_HASH_MB + 1, 0);
    /// assert!(matches!(huge, Err(PerftError::HashTooLarge { .. })));
    /// ```
    pub fn new(mb: usize, seed: u64) -> Result<PerftTable, PerftError> {
        let mb = mb.max(1);
        Ok(PerftTable {
            storage: allocate(mb)?,
            mb,
            seed,
        })
    }

    /// The size in megabytes and the seed the table was made with.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::perft::PerftTable;
    ///
    /// assert_eq!(PerftTable::new(2, 9).unwrap().shape(), (2, 9));
    /// ```
    pub fn shape(&self) -> (usize, u64) {
        (self.mb, self.seed)
    }
}

impl std::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerftTable")
            .field("mb", &self.mb)
            .field("seed", &self.seed)
            .finish()
    }
}

/// [`perft_each`] in a table that outlives the call: what earlier calls stored in `table` is
/// reused (they must have counted positions of the same game and configuration). The table's
/// own size and seed replace `options.hash_mb` and `options.hash_seed`.
///
/// # Errors
///
/// As [`perft_with`]: [`PerftError::Stopped`], [`PerftError::DepthTooLarge`].
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_core::perft::{PerftOptions, PerftTable, perft_each_in};
/// use variant_core::doc_game::Nim;
///
/// // Two heaps counted one after the other in one table: 10 counters (76 leaves at depth 4,
/// // see `perft`), and 2 counters, where only 1 then 1 makes two plies (taking 2 ends the game).
/// let mut table = PerftTable::new(1, 0).unwrap();
/// let options = PerftOptions::default();
/// let small = Nim::from_text(&Default::default(), "2 0").unwrap();
/// assert_eq!(perft_each_in(&[Nim::default()], 4, &mut table, &options).unwrap(), [76]);
/// assert_eq!(perft_each_in(&[small], 2, &mut table, &options).unwrap(), [1]);
/// ```
pub fn perft_each_in<G: Game>(
    games: &[G],
    depth: u32,
    table: &mut PerftTable,
    options: &PerftOptions,
) -> Result<Vec<u64>, PerftError> {
    if depth > MAX_DEPTH {
        return Err(PerftError::DepthTooLarge { depth });
    }
    let options = PerftOptions {
        hash_mb: table.mb,
        hash_seed: table.seed,
        ..*options
    };
    run_in(&options, Some(&mut table.storage), |search| {
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

/// Zeroed memory for a table of `mb` megabytes.
fn allocate(mb: usize) -> Result<Storage, PerftError> {
    let too_large = PerftError::HashTooLarge { mb };
    let bytes = (mb <= MAX_HASH_MB)
        .then(|| mb.checked_mul(1 << 20))
        .flatten()
        .ok_or(too_large.clone())?;
    Storage::new(bytes).map_err(|_| too_large)
}

/// [`run`] with the table's memory given (`None`: no table).
fn run_in<T: Send>(
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
/// use variant_core::perft::{divide, divide_parallel};
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
    check_depth(depth);
    // Without a stop flag or a table nothing else can fail.
    divide_with(game, depth, &options).unwrap_or_default()
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
/// use variant_core::perft::perft_parallel;
/// use variant_core::doc_game::Nim;
///
/// // The same count on two threads (4 takes from 10 counters: 76, see `perft`).
/// assert_eq!(perft_parallel(&Nim::default(), 4, 2), 76);
/// ```
pub fn perft_parallel<G: Game>(game: &G, depth: u32, threads: usize) -> u64 {
    check_depth(depth);
    if depth <= 1 || threads == 1 {
        return perft(game, depth);
    }
    let options = PerftOptions {
        threads,
        ..PerftOptions::default()
    };
    // Without a stop flag or a table nothing else can fail.
    perft_with(game, depth, &options).unwrap_or_default()
}

#[cfg(test)]
mod tests;
