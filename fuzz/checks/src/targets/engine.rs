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
//! One engine per game and table size serves every execution of the process, cleared
//! (`AnyEngine::clear`: its table and move-ordering statistics) before each: a fresh engine
//! allocates and zeroes its 1 MiB table, which under the address sanitizer (fresh pages,
//! poisoned and unpoisoned) cost more than the searches; a cleared one starts from the same
//! state, so the searches are the same.
//!
//! Input: game selector, configuration byte, playout length byte and one byte per ply (the
//! position: a random playout from a start position, as long as the input holds, its earlier
//! positions passed as the game's history), then the limits: a shape byte (depth limit, stop
//! raised, table size, how many engine moves to play on), the depth and the two bytes of the
//! node budget (1–512). `-max_len`: 64 bytes (`fuzz/fuzz_targets/engine.options`;
//! [`MAX_LEN`]): a playout of up to 47 plies and the limits.

use crate::{Bytes, configs_of, moves_of, playout};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use variant_engine::{AnyEngine, Limits, SearchResult};
use variant_games::variant_core::Game;
use variant_games::{AnyGame, AnyMove};

/// The target's `-max_len` (`fuzz/fuzz_targets/engine.options` says the same).
pub const MAX_LEN: usize = 64;

/// The largest node budget of one search.
const MAX_BUDGET: u64 = 512;

thread_local! {
    /// The engines of this thread, by game name and table size in MiB.
    static ENGINES: RefCell<HashMap<(&'static str, usize), AnyEngine>> =
        RefCell::new(HashMap::new());
}

/// Checks one search's answer at `root`.
fn check(root: &AnyGame, limits: &Limits, result: &SearchResult<AnyMove>) {
    // The position's text is made only for a failure message.
    let name = root.name();
    let moves = moves_of::<AnyGame>(root);
    match result.best {
        None => assert!(
            moves.is_empty(),
            "{name}: the engine found no move but there are {} legal moves at {}",
            moves.len(),
            root.to_text()
        ),
        Some(best) => {
            assert!(
                moves.contains(&best),
                "{name}: the engine's move {} is not legal at {}",
                root.format_move(best),
                root.to_text()
            );
            if let Some(&head) = result.pv.first() {
                assert_eq!(
                    head,
                    best,
                    "{name}: the PV does not start with the best move at {}",
                    root.to_text()
                );
            }
        }
    }
    let mut along = root.clone();
    for &m in &result.pv {
        assert!(
            moves_of(&along).contains(&m),
            "{name}: the PV holds an illegal move {} at {}",
            along.format_move(m),
            along.to_text()
        );
        along.play_unchecked(m);
    }
    if let Some(depth) = limits.depth {
        assert!(
            result.depth <= depth,
            "{name}: depth {} over the limit {depth} at {}",
            result.depth,
            root.to_text()
        );
    }
    if let Some(budget) = limits.nodes {
        assert!(
            result.nodes <= budget,
            "{name}: {} nodes over the budget {budget} at {}",
            result.nodes,
            root.to_text()
        );
    }
}

fn visit(name: &'static str, bytes: &mut Bytes<'_>) {
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

    ENGINES.with(|engines| {
        let mut engines = engines.borrow_mut();
        let engine = engines
            .entry((name, hash_mb))
            .or_insert_with(|| AnyEngine::with_hash_mb(hash_mb));
        engine.clear();
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
    });
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
