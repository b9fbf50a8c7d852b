//! Stopping long calls from another thread, and their progress reports: the stop handle
//! `variants_stop` and `variants_game_perft_ex`.

use crate::boundary::{Failure, ffi_boundary, ffi_boundary_void};
use crate::game::variants_game;
use crate::ptr::{arg_out, arg_ref, free_box, into_raw};
use crate::result::variants_result;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use variant_games::variant_core::Game;
use variant_games::variant_core::perft::perft;

/// A stop request that long calls (`variants_game_perft_ex`, searches) watch. Opaque: made by
/// `variants_stop_new`, released by `variants_stop_free`.
///
/// Any thread may call `variants_stop_request` while another runs a call that watches the
/// handle; that call then returns within milliseconds: perft with `VARIANTS_STOPPED`, a search
/// (`variants_game_search_ex`) with `VARIANTS_OK` and the best move found so far. The request stays
/// until `variants_stop_reset`, so one handle can stop several calls, and be reused after a
/// reset.
#[allow(non_camel_case_types)]
#[derive(Debug, Default)]
pub struct variants_stop {
    pub(crate) flag: AtomicBool,
}

impl variants_stop {
    /// Whether a stop has been requested.
    pub(crate) fn requested(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

/// Creates a stop handle (not requested). `*out` receives it, released with
/// `variants_stop_free`.
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT` (`out`).
#[unsafe(no_mangle)]
pub extern "C" fn variants_stop_new(out: *mut *mut variants_stop) -> variants_result {
    ffi_boundary(|| {
        arg_out(out, "out")?.write(into_raw(variants_stop::default()));
        Ok(())
    })
}

/// Requests a stop: every call watching `stop` returns soon (perft with `VARIANTS_STOPPED`, a
/// search with its best move so far). Safe to call
/// from any thread, at any time, any number of times.
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT` (`stop`).
#[unsafe(no_mangle)]
pub extern "C" fn variants_stop_request(stop: *const variants_stop) -> variants_result {
    ffi_boundary(|| {
        arg_ref(stop, "stop")?.flag.store(true, Ordering::Relaxed);
        Ok(())
    })
}

/// Withdraws the request, so that the handle can watch the next call. Safe from any thread.
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT` (`stop`).
#[unsafe(no_mangle)]
pub extern "C" fn variants_stop_reset(stop: *const variants_stop) -> variants_result {
    ffi_boundary(|| {
        arg_ref(stop, "stop")?.flag.store(false, Ordering::Relaxed);
        Ok(())
    })
}

/// Releases a stop handle (NULL is ignored). No call may be watching it any more.
#[unsafe(no_mangle)]
pub extern "C" fn variants_stop_free(stop: *mut variants_stop) {
    ffi_boundary_void(|| free_box(stop));
}

/// How far a long call has come, passed to a `variants_progress_fn`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct variants_progress {
    /// Leaves counted so far.
    pub nodes: u64,
    /// Root moves whose subtree is done.
    pub root_moves_done: u32,
    /// Root moves in all.
    pub root_moves: u32,
}

/// A progress callback: called with the `user` pointer given to the call and the progress so
/// far. With more than one thread it is called from the library's worker threads, one call at
/// a time; it must return quickly and must not call back into the library on the same handle.
#[allow(non_camel_case_types)]
pub type variants_progress_fn =
    Option<unsafe extern "C" fn(user: *mut c_void, progress: *const variants_progress)>;

/// The C callback with its user pointer, callable from worker threads (the caller promised
/// in the header that the callback may be called from them).
struct Reporter {
    callback: variants_progress_fn,
    user: *mut c_void,
    /// Serialises the calls (so C never sees two at once).
    lock: std::sync::Mutex<()>,
}

// SAFETY: `user` is only handed back to the C callback, whose contract (in the header) is
// that it may be called from the library's worker threads, one call at a time.
unsafe impl Sync for Reporter {}
// SAFETY: as above.
unsafe impl Send for Reporter {}

impl Reporter {
    fn report(&self, progress: variants_progress) {
        if let Some(callback) = self.callback {
            let _one_at_a_time = self.lock.lock();
            // SAFETY: the caller passed a valid function pointer and its own user pointer; the
            // progress struct lives for the call.
            unsafe { callback(self.user, &progress) };
        }
    }
}

/// The walk of one perft: the stop flag to watch, the counters behind the progress reports.
struct Walk<'a> {
    stop: Option<&'a variants_stop>,
    reporter: &'a Reporter,
    nodes: AtomicU64,
    root_done: AtomicUsize,
    root_moves: usize,
}

/// The stop flag was seen.
struct Stopped;

/// Subtrees of this depth add their leaves to the progress counter (so each leaf is added
/// once, and the shared counter is touched once per thousands of leaves).
const COUNTED_DEPTH: u32 = 3;

/// Progress is reported whenever the leaf counter passes a multiple of this (and after each
/// root move).
const REPORT_STEP: u64 = 1 << 20;

impl Walk<'_> {
    fn stopped(&self) -> bool {
        self.stop.is_some_and(variants_stop::requested)
    }

    fn report(&self) {
        self.reporter.report(variants_progress {
            nodes: self.nodes.load(Ordering::Relaxed),
            root_moves_done: u32::try_from(self.root_done.load(Ordering::Relaxed))
                .unwrap_or(u32::MAX),
            root_moves: u32::try_from(self.root_moves).unwrap_or(u32::MAX),
        });
    }

    /// Adds finished leaves to the counter, reporting whenever it passes a multiple of
    /// [`REPORT_STEP`].
    fn add_nodes(&self, nodes: u64) {
        let before = self.nodes.fetch_add(nodes, Ordering::Relaxed);
        if (before + nodes) / REPORT_STEP != before / REPORT_STEP {
            self.report();
        }
    }

    /// Perft below `game`, watching the stop flag at every node above the last two plies (a
    /// node of depth 2 is at most a few milliseconds of work, so a request is seen at once).
    /// Subtrees of depth [`COUNTED_DEPTH`] add their leaves to the progress counter.
    fn count<G: Game>(&self, game: &G, depth: u32) -> Result<u64, Stopped> {
        if self.stopped() {
            return Err(Stopped);
        }
        if depth <= 2 {
            return Ok(perft(game, depth));
        }
        let mut moves = G::MoveList::default();
        game.legal_moves_into(&mut moves);
        let mut nodes = 0;
        for &mv in moves.iter() {
            let mut child = game.clone();
            child.play_unchecked(mv);
            nodes += self.count(&child, depth - 1)?;
        }
        if depth == COUNTED_DEPTH {
            self.add_nodes(nodes);
        }
        Ok(nodes)
    }

    /// Counts the subtree of a root move and reports.
    fn root_move<G: Game>(&self, game: &G, mv: G::Move, depth: u32) -> Result<u64, Stopped> {
        let mut child = game.clone();
        child.play_unchecked(mv);
        let nodes = self.count(&child, depth - 1)?;
        if depth - 1 < COUNTED_DEPTH {
            // Too shallow for `count` to have added it.
            self.nodes.fetch_add(nodes, Ordering::Relaxed);
        }
        self.root_done.fetch_add(1, Ordering::Relaxed);
        self.report();
        Ok(nodes)
    }
}

/// Perft split at the root over `threads` threads, watching `stop`, reporting after each
/// root move.
fn perft_ex<G: Game>(
    game: &G,
    depth: u32,
    threads: usize,
    stop: Option<&variants_stop>,
    reporter: &Reporter,
) -> Result<u64, Stopped> {
    if stop.is_some_and(variants_stop::requested) {
        return Err(Stopped);
    }
    if depth <= 1 {
        return Ok(perft(game, depth));
    }
    let mut moves = G::MoveList::default();
    game.legal_moves_into(&mut moves);
    let walk = Walk {
        stop,
        reporter,
        nodes: AtomicU64::new(0),
        root_done: AtomicUsize::new(0),
        root_moves: moves.len(),
    };
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .min(variant_games::variant_perft::MAX_THREADS)
    .min(moves.len())
    .max(1);
    if threads == 1 {
        let mut nodes = 0;
        for &mv in moves.iter() {
            nodes += walk.root_move(game, mv, depth)?;
        }
        return Ok(nodes);
    }
    // Each worker takes the next root move until none is left or a stop is seen.
    let next = AtomicUsize::new(0);
    let work = || -> Result<u64, Stopped> {
        let mut nodes = 0;
        while let Some(&mv) = moves.get(next.fetch_add(1, Ordering::Relaxed)) {
            nodes += walk.root_move(game, mv, depth)?;
        }
        Ok(nodes)
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
        let mut total = Ok(0);
        for worker in workers {
            let result = worker
                .join()
                .unwrap_or_else(|payload| std::panic::resume_unwind(payload));
            total = match (total, result) {
                (Ok(a), Ok(b)) => Ok(a + b),
                _ => Err(Stopped),
            };
        }
        total
    })
}

/// Perft as `variants_game_perft` (`threads` as there), which can be stopped and reports
/// progress.
///
/// `stop` (may be NULL) is watched throughout: after `variants_stop_request(stop)` from any
/// thread the call returns `VARIANTS_STOPPED` within milliseconds, `*nodes` is 0, and the game
/// handle and the library stay usable. A stop requested before the call stops it at once.
/// `progress` (may be NULL) is called with `user` after each root move is counted and about
/// every million leaves in between (with more than one thread: from the worker threads, one
/// call at a time).
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT` (`game` or `nodes`), `VARIANTS_INVALID_ARGUMENT` for a depth over
/// 64 (`VARIANTS_PERFT_MAX_DEPTH`), `VARIANTS_STOPPED`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_perft_ex(
    game: *const variants_game,
    depth: u32,
    threads: u32,
    stop: *const variants_stop,
    progress: variants_progress_fn,
    user: *mut c_void,
    nodes: *mut u64,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let nodes = arg_out(nodes, "nodes")?;
        nodes.write(0);
        crate::game::check_perft_depth(depth)?;
        // A NULL stop handle means "never stopped".
        let stop = if stop.is_null() {
            None
        } else {
            Some(arg_ref(stop, "stop")?)
        };
        let reporter = Reporter {
            callback: progress,
            user,
            lock: std::sync::Mutex::new(()),
        };
        let threads = usize::try_from(threads).unwrap_or(usize::MAX);
        let count = perft_ex(&game.game, depth, threads, stop, &reporter);
        match count {
            Ok(count) => {
                nodes.write(count);
                Ok(())
            }
            Err(Stopped) => Err(Failure::new(
                variants_result::VARIANTS_STOPPED,
                format!("perft {depth}: stopped on request"),
            )),
        }
    })
}
