//! The engine (`crates/variant-engine`) on random positions with random limits, stopped at random
//! times from another thread: it always returns a legal move, or says there is none exactly
//! when the position has no legal move; its principal variation is a line of legal moves that
//! starts with that move; it never panics, and it never runs past its time limit or its stop
//! signal by more than [`GRACE`].
//!
//! Input: game selector, configuration byte, playout length byte and one byte per ply (the
//! position: a random playout from a start position, its earlier positions passed as the
//! game's history), then the limits: a byte choosing depth / nodes / time / stop-only
//! combinations, their values, the table size (0–2 MiB) and the stop delay (0–40 ms).

use crate::{Bytes, configs_of, legal, playout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use variant_engine::{AnyEngine, Limits};
use variant_games::AnyGame;
use variant_games::variant_core::Game;

/// How far past its time limit or stop signal a search may return. Generous: the fuzz build
/// runs under the address sanitizer on a shared machine; a hang is minutes, not this.
pub const GRACE: Duration = Duration::from_secs(3);

/// Nodes a search may use when its limits set neither nodes nor time nor a stop (keeps one
/// execution short on the 8-height boxes).
const NODE_CAP: u64 = 20_000;

fn visit(name: &str, bytes: &mut Bytes<'_>) {
    let configs = configs_of(name);
    let config = configs[bytes.byte() as usize % configs.len()];
    let Ok(first) = variant_games::new_game(name, config) else {
        return;
    };
    let plies = bytes.byte() as usize % 48;
    let (line, _) = playout(first, bytes, plies);
    let Some(root) = line.last() else { return };
    let earlier: Vec<u64> = line[..line.len() - 1].iter().map(Game::zobrist).collect();

    let shape = bytes.byte();
    let mut limits = Limits::default();
    if shape & 1 != 0 {
        limits.depth = Some(u32::from(bytes.byte() % 4) + 1);
    }
    if shape & 2 != 0 {
        limits.nodes = Some(u64::from(bytes.byte()) << 6 | u64::from(bytes.byte() & 63));
    }
    if shape & 4 != 0 {
        limits.movetime = Some(Duration::from_millis(u64::from(bytes.byte() % 50)));
    }
    let stop_after = (shape & 8 != 0).then(|| Duration::from_millis(u64::from(bytes.byte() % 40)));
    if limits.nodes.is_none() && limits.movetime.is_none() && stop_after.is_none() {
        limits.nodes = Some(NODE_CAP);
    }
    let hash_mb = usize::from(bytes.byte() % 3);

    let stop = AtomicBool::new(false);
    let mut searcher = AnyEngine::with_hash_mb(hash_mb);
    let started = Instant::now();
    let result = std::thread::scope(|scope| {
        if let Some(delay) = stop_after {
            let stop = &stop;
            scope.spawn(move || {
                std::thread::sleep(delay);
                stop.store(true, Ordering::Relaxed);
            });
        }
        // The scope waits for a stopper still asleep (at most 40 ms).
        searcher.search(root, &earlier, &limits, Some(&stop), |_| {})
    });
    let elapsed = started.elapsed();
    let text = root.to_text();
    let name = root.name();

    let moves = legal::<AnyGame>(root);
    match result.best {
        None => assert!(
            moves.is_empty(),
            "{}: the engine found no move but there are {} legal moves at {text}",
            name,
            moves.len()
        ),
        Some(best) => {
            assert!(
                moves.iter().any(|(m, _)| *m == best),
                "{}: the engine's move {} is not legal at {text}",
                name,
                root.format_move(best)
            );
            if let Some(&head) = result.pv.first() {
                assert_eq!(
                    head, best,
                    "{}: the PV does not start with the best move at {text}",
                    name
                );
            }
        }
    }
    let mut along = root.clone();
    for &m in &result.pv {
        assert!(
            legal(&along).iter().any(|(l, _)| *l == m),
            "{}: the PV holds an illegal move {} at {}",
            name,
            along.format_move(m),
            along.to_text()
        );
        along.play_unchecked(m);
    }
    if let Some(depth) = limits.depth {
        assert!(
            result.depth <= depth,
            "{}: depth {} over the limit {depth}",
            name,
            result.depth
        );
    }
    let bound = [limits.movetime, stop_after].into_iter().flatten().min();
    if let Some(bound) = bound {
        assert!(
            elapsed <= bound + GRACE,
            "{}: the search took {elapsed:?} with a limit of {bound:?} at {text} ({limits:?})",
            name
        );
    }
}

/// One execution of the target on fuzz input `data` (panics on a broken invariant).
pub fn run(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    // Every game of the registry, so a game added there is fuzzed without an edit here.
    let names = variant_games::registry::names();
    if let Some(&name) = names.get(bytes.byte() as usize % names.len().max(1)) {
        visit(name, &mut bytes);
    }
}
