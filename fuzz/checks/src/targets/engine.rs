//! The engine (`crates/variant-engine`) on random positions with small node budgets: it
//! always returns a legal move, or says there is none exactly when the position has no legal
//! move; its principal variation is a line of legal moves that starts with that move; it stays
//! within its node budget and depth limit; it never panics. Then it plays on from there, a
//! few moves of its own choosing, each searched and checked the same way.
//!
//! No clock and no second thread: every execution is a function of its input alone (a
//! budget, not a time), so a crash reproduces, and it is short (a few hundred nodes a search),
//! so the target runs hundreds of executions a second under the sanitizer. A stop signal
//! raised before the search is the stop path (the search must still answer).
//!
//! Input: game selector, configuration byte, playout length byte and one byte per ply (the
//! position: a random playout from a start position, its earlier positions passed as the
//! game's history), then the limits: a shape byte (depth limit, stop raised, table size, how
//! many engine moves to play on), the depth and the two bytes of the node budget (1–512).

use crate::{Bytes, configs_of, legal, playout};
use std::sync::atomic::AtomicBool;
use variant_engine::{AnyEngine, Limits, SearchResult};
use variant_games::variant_core::Game;
use variant_games::{AnyGame, AnyMove};

/// The largest node budget of one search.
const MAX_BUDGET: u64 = 512;

/// Checks one search's answer at `root`.
fn check(root: &AnyGame, limits: &Limits, result: &SearchResult<AnyMove>) {
    let text = root.to_text();
    let name = root.name();
    let moves = legal::<AnyGame>(root);
    match result.best {
        None => assert!(
            moves.is_empty(),
            "{name}: the engine found no move but there are {} legal moves at {text}",
            moves.len()
        ),
        Some(best) => {
            assert!(
                moves.iter().any(|(m, _)| *m == best),
                "{name}: the engine's move {} is not legal at {text}",
                root.format_move(best)
            );
            if let Some(&head) = result.pv.first() {
                assert_eq!(
                    head, best,
                    "{name}: the PV does not start with the best move at {text}"
                );
            }
        }
    }
    let mut along = root.clone();
    for &m in &result.pv {
        assert!(
            legal(&along).iter().any(|(l, _)| *l == m),
            "{name}: the PV holds an illegal move {} at {}",
            along.format_move(m),
            along.to_text()
        );
        along.play_unchecked(m);
    }
    if let Some(depth) = limits.depth {
        assert!(
            result.depth <= depth,
            "{name}: depth {} over the limit {depth} at {text}",
            result.depth
        );
    }
    if let Some(budget) = limits.nodes {
        assert!(
            result.nodes <= budget,
            "{name}: {} nodes over the budget {budget} at {text}",
            result.nodes
        );
    }
}

fn visit(name: &str, bytes: &mut Bytes<'_>) {
    let configs = configs_of(name);
    let config = configs[bytes.byte() as usize % configs.len()];
    let Ok(first) = variant_games::new_game(name, config) else {
        return;
    };
    let plies = bytes.byte() as usize % 48;
    let (line, _) = playout(first, bytes, plies);
    let Some(root) = line.last() else { return };
    let mut earlier: Vec<u64> = line[..line.len() - 1].iter().map(Game::zobrist).collect();

    let shape = bytes.byte();
    let mut limits = Limits::default();
    if shape & 1 != 0 {
        limits.depth = Some(u32::from(bytes.byte() % 4) + 1);
    }
    let budget = (u64::from(bytes.byte()) << 8 | u64::from(bytes.byte())) % MAX_BUDGET + 1;
    limits.nodes = Some(budget);
    let stop = AtomicBool::new(shape & 2 != 0);
    let hash_mb = usize::from(shape >> 2 & 1);
    let engine_moves = 1 + usize::from(shape >> 4 & 3);

    let mut engine = AnyEngine::with_hash_mb(hash_mb);
    let mut position = root.clone();
    for _ in 0..engine_moves {
        let result = engine.search(&position, &earlier, &limits, Some(&stop), |_| {});
        check(&position, &limits, &result);
        let Some(best) = result.best else { return };
        earlier.push(position.zobrist());
        position.play_unchecked(best);
        if position.status().is_over() {
            return;
        }
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
