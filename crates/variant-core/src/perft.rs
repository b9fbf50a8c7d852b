//! Perft: counting the leaves of the legal-move tree, the standard test and benchmark of move
//! generation. Written once for every game.

use crate::Game;
use rayon::prelude::*;

/// The number of leaf nodes `depth` plies below `game`, counting the last ply in bulk
/// ([`Game::count_legal_moves`]) without playing it.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_legal_moves(),
        _ => {
            let mut moves = G::MoveList::default();
            game.legal_moves_into(&mut moves);
            let mut nodes = 0;
            for &mv in moves.iter() {
                let mut child = game.clone();
                child.play_unchecked(mv);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
}

/// Perft that plays every move down to the leaves (no bulk counting): slower, and a check that
/// playing each move works.
pub fn perft_full<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = G::MoveList::default();
    game.legal_moves_into(&mut moves);
    let mut nodes = 0;
    for &mv in moves.iter() {
        let mut child = game.clone();
        child.play_unchecked(mv);
        nodes += perft_full(&child, depth - 1);
    }
    nodes
}

/// Perft split at the root: each legal move with the number of leaves below it, in generation
/// order. `depth` counts the root move, so the sum equals `perft(game, depth)`.
pub fn divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Move, u64)> {
    divide_parallel(game, depth, 1, |_, _| {})
}

/// The most threads a parallel perft starts: a caller asking for a million (a typo, or hostile
/// input through the CLI or the C API) gets a working count instead of an exhausted process.
pub const MAX_THREADS: usize = 256;

/// [`divide`] on `threads` threads (rayon, split at the root; `0` means all cores).
/// `progress(done, total)` is called after each root move is counted. More threads than root
/// moves would idle, so at most one thread per root move (and [`MAX_THREADS`]) is started.
pub fn divide_parallel<G: Game>(
    game: &G,
    depth: u32,
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = G::MoveList::default();
    game.legal_moves_into(&mut moves);
    let total = moves.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let count = |mv: &G::Move| {
        let mut child = game.clone();
        child.play_unchecked(*mv);
        let nodes = perft(&child, depth - 1);
        let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(d, total);
        (*mv, nodes)
    };
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        threads
    }
    .min(total)
    .min(MAX_THREADS);
    if threads <= 1 {
        return moves.iter().map(count).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| moves.par_iter().map(count).collect()),
        // A pool that cannot be built (no threads available) still gives the right answer.
        Err(_) => moves.iter().map(count).collect(),
    }
}

/// [`perft`] on `threads` threads, split at the root (`0` means all cores).
pub fn perft_parallel<G: Game>(game: &G, depth: u32, threads: usize) -> u64 {
    if depth <= 1 {
        return perft(game, depth);
    }
    divide_parallel(game, depth, threads, |_, _| {})
        .iter()
        .map(|(_, n)| n)
        .sum()
}
