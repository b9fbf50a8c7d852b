//! The engine seats' move choice, behind one function: the workspace's engine
//! (`variants_engine::AnyEngine`) searching the position for the seat's time per move.

use std::time::Duration;
use variants::{AnyGame, Game};
use variants_engine::{AnyEngine, Limits};

/// Transposition table size of one engine move, in MiB (one search per move, so small).
const HASH_MB: usize = 4;

/// The move the engine plays in `game` (canonical text), thinking about `movetime`
/// milliseconds; `earlier` are the Zobrist hashes of the positions before it (repetitions).
/// `None` when there is no legal move.
pub fn engine_move(game: &AnyGame, earlier: &[u64], movetime: u64) -> Option<String> {
    let limits = Limits::movetime(Duration::from_millis(movetime));
    let result = AnyEngine::with_hash_mb(HASH_MB).search(game, earlier, &limits, None, |_| {});
    // A search that found nothing (no time at all) still owes a legal move.
    result
        .best
        .or_else(|| game.legal_moves().first().copied())
        .map(|m| game.format_move(m))
}
