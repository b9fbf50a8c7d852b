//! How a count runs: [`PerftOptions`] (threads, table, stop flag, progress) and the
//! [`Progress`] reports.

use std::sync::atomic::AtomicBool;

/// The most threads a parallel perft starts: a caller asking for a million (a typo, or hostile
/// input through the CLI or the C API) gets a working count instead of an exhausted process.
///
/// # Example
///
/// ```
/// use variant_perft::{MAX_THREADS, perft_parallel};
/// use variant_core::doc_game::Nim;
///
/// // Asking for more threads than that starts MAX_THREADS, and counts the same (76, see `perft`).
/// assert_eq!(perft_parallel(&Nim::default(), 4, MAX_THREADS + 1), 76);
/// ```
pub const MAX_THREADS: usize = 256;

/// How [`perft_with`](crate::perft_with) and [`divide_with`](crate::divide_with) count.
///
/// ```
/// use variant_perft::PerftOptions;
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
    /// Raised (by any thread) to stop the count: [`perft_with`](crate::perft_with) then returns
    /// [`PerftError::Stopped`](crate::PerftError::Stopped) promptly. The flag is only read,
    /// never reset.
    pub stop: Option<&'a AtomicBool>,
    /// Called with the progress so far (see the [crate docs](crate)).
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
/// use variant_perft::{PerftOptions, Progress, perft_with};
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
