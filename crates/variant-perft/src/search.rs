//! The engine behind [`perft_with`](super::perft_with) and [`divide_with`](super::divide_with):
//! one recursion that optionally splits over threads, uses the transposition table, watches the
//! stop flag and reports progress.

use super::table::{Table, check_key};
use super::{PerftError, PerftOptions, Progress};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use variant_core::Game;

/// Subtrees at least this deep are split over the threads (rayon steals the halves it needs):
/// a subtree of depth 2 is a few microseconds of work, more than a steal costs.
const SPLIT_DEPTH: u32 = 3;
/// ... and only when each child's subtree has about this many leaves or more (estimated as
/// `moves ^ (depth - 1)`): a node's split costs about a microsecond whether or not a thread
/// steals from it, which weighs on games of few moves a node such as one-height draughts
/// (about 8, so a depth-3 node is only a few microseconds of work; the figures:
/// docs/notes/2026-12-benchmarks-history.md, parallel perft).
const SPLIT_LEAVES: u64 = 1 << 12;
/// Nodes at most this deep add their count to the progress counter (and their ancestors do
/// not), so every leaf is added once and the shared counter is touched rarely.
const REPORT_DEPTH: u32 = 3;
/// The progress callback is called whenever the node counter passes a multiple of this.
const REPORT_STEP: u64 = 1 << 22;

/// Children whose buckets are loaded together before they are counted.
const PREFETCH: usize = 32;

pub(super) struct Search<'a> {
    pub(super) table: Option<Table<'a>>,
    pub(super) parallel: bool,
    pub(super) stop: Option<&'a AtomicBool>,
    pub(super) progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    nodes: AtomicU64,
    root_done: AtomicUsize,
    root_moves: usize,
}

/// The stop flag was seen.
pub(super) struct Stopped;

impl From<Stopped> for PerftError {
    fn from(_: Stopped) -> Self {
        PerftError::Stopped
    }
}

impl<'a> Search<'a> {
    pub(super) fn new(
        options: &PerftOptions<'a>,
        table: Option<Table<'a>>,
        parallel: bool,
    ) -> Self {
        Search {
            table,
            parallel,
            stop: options.stop,
            progress: options.progress,
            nodes: AtomicU64::new(0),
            root_done: AtomicUsize::new(0),
            root_moves: 0,
        }
    }

    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Relaxed))
    }

    /// The count below each root move, in generation order.
    pub(super) fn divide<G: Game>(
        &mut self,
        game: &G,
        depth: u32,
    ) -> Result<Vec<(G::Move, u64)>, Stopped> {
        if self.stopped() {
            return Err(Stopped);
        }
        let mut moves = G::MoveList::default();
        game.legal_moves_into(&mut moves);
        self.root_moves = moves.len();
        let this = &*self;
        let report = this.progress.is_some();
        let count = |&mv: &G::Move| {
            let mut child = game.clone();
            child.play_unchecked(mv);
            let nodes = this.count(&child, depth - 1, report)?;
            let done = this.root_done.fetch_add(1, Relaxed) + 1;
            this.report(done);
            Ok((mv, nodes))
        };
        if this.parallel {
            moves.par_iter().map(count).collect()
        } else {
            moves.iter().map(count).collect()
        }
    }

    /// The whole count of `game` at `depth`.
    pub(super) fn perft<G: Game>(&mut self, game: &G, depth: u32) -> Result<u64, Stopped> {
        if depth <= 1 {
            // Nothing to split, store or stop: one bulk count.
            if self.stopped() {
                return Err(Stopped);
            }
            let nodes = super::perft(game, depth);
            self.nodes.store(nodes, Relaxed);
            self.report(0);
            return Ok(nodes);
        }
        Ok(self.divide(game, depth)?.iter().map(|&(_, n)| n).sum())
    }

    /// Calls the progress callback.
    fn report(&self, root_done: usize) {
        if let Some(progress) = self.progress {
            progress(Progress {
                nodes: self.nodes.load(Relaxed),
                root_moves_done: root_done,
                root_moves: self.root_moves,
            });
        }
    }

    /// Adds a finished subtree to the progress counter, calling the callback when the counter
    /// passes a multiple of [`REPORT_STEP`].
    fn add_nodes(&self, nodes: u64) {
        let before = self.nodes.fetch_add(nodes, Relaxed);
        if (before + nodes) / REPORT_STEP != before / REPORT_STEP {
            self.report(self.root_done.load(Relaxed));
        }
    }

    /// The leaves `depth` plies below `game`. When `report` is set, this subtree's leaves are
    /// not yet in the progress counter and must be added (here or by the children).
    fn count<G: Game>(&self, game: &G, depth: u32, report: bool) -> Result<u64, Stopped> {
        if depth <= 1 {
            let nodes = super::perft(game, depth);
            if report {
                self.add_nodes(nodes);
            }
            return Ok(nodes);
        }
        if self.stopped() {
            return Err(Stopped);
        }
        // The bucket's data words are read first: the memory access (the table is far larger
        // than the caches) then overlaps the move generation.
        let zobrist = if self.table.is_some() {
            game.perft_key()
        } else {
            0
        };
        let bucket = self.table.as_ref().map(|t| t.bucket(zobrist, depth));
        let data = bucket.map(|b| b.data());
        let mut moves = G::MoveList::default();
        game.legal_moves_into(&mut moves);
        // The check key is computed at most once: when an entry matches the Zobrist key and the
        // depth, or when the count is stored.
        let mut check = None;
        let seed = self.table.as_ref().map_or(0, |t| t.seed());
        let mut check_of =
            || *check.get_or_insert_with(|| check_key(&moves, game.side_to_move().0, seed));
        if let (Some(bucket), Some(data)) = (bucket, data)
            && let Some(nodes) = bucket.probe(data, zobrist, depth, &mut check_of)
        {
            if report {
                self.add_nodes(nodes);
            }
            return Ok(nodes);
        }
        let children_report = report && depth > REPORT_DEPTH;
        let child = |&mv: &G::Move| {
            let mut next = game.clone();
            next.play_unchecked(mv);
            self.count(&next, depth - 1, children_report)
        };
        // When the children probe the table, their buckets are loaded first, all together, so
        // the memory accesses (each a cache and TLB miss) overlap each other instead of
        // stalling one child at a time.
        let prefetch = self.table.as_ref().filter(|_| depth > 2);
        let split = self.parallel
            && depth >= SPLIT_DEPTH
            && (moves.len() as u64).saturating_pow(depth - 1) >= SPLIT_LEAVES;
        let nodes = if split {
            if let Some(table) = prefetch {
                moves
                    .chunks(PREFETCH)
                    .for_each(|chunk| touch_children(table, game, chunk, depth - 1));
            }
            moves
                .par_iter()
                .map(child)
                .try_reduce(|| 0, |a, b| Ok(a + b))?
        } else if let Some(table) = prefetch {
            let mut nodes = 0;
            let mut next = game.clone();
            for chunk in moves.chunks(PREFETCH) {
                touch_children(table, game, chunk, depth - 1);
                for &mv in chunk {
                    next.clone_from(game);
                    next.play_unchecked(mv);
                    nodes += self.count(&next, depth - 1, children_report)?;
                }
            }
            nodes
        } else {
            // One child copied in place before each move (see `variant_core::perft::perft`).
            let mut nodes = 0;
            let mut next = game.clone();
            for (i, &mv) in moves.iter().enumerate() {
                if i > 0 {
                    next.clone_from(game);
                }
                next.play_unchecked(mv);
                nodes += self.count(&next, depth - 1, children_report)?;
            }
            nodes
        };
        if let Some(bucket) = bucket {
            bucket.store(zobrist, check_of(), depth, nodes);
        }
        if report && !children_report {
            self.add_nodes(nodes);
        }
        Ok(nodes)
    }
}

/// Loads the buckets of the children of `game` reached by `moves` (at most [`PREFETCH`]), so
/// that the probes of these children find them in the cache. The keys are computed first and
/// the loads issued back to back, so that they are in flight together.
fn touch_children<G: Game>(table: &Table, game: &G, moves: &[G::Move], depth: u32) {
    let mut keys = [0u64; PREFETCH];
    let mut next = game.clone();
    for (key, &mv) in keys.iter_mut().zip(moves) {
        next.clone_from(game);
        next.play_unchecked(mv);
        *key = next.perft_key();
    }
    let touched = keys[..moves.len().min(PREFETCH)]
        .iter()
        .fold(0, |acc, &key| acc ^ table.bucket(key, depth).touch());
    std::hint::black_box(touched);
}
