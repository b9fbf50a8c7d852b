//! The engine seats' move choice, behind one function: the seat's engine
//! (`variant_engine::AnyEngine`, kept by the room for the whole game) searching the position
//! within the seat's limits.

use variant_engine::{AnyEngine, Limits};
use variant_games::{AnyGame, Game};

/// The move `engine` plays in `game` (canonical text) within `limits`; `earlier` are the
/// Zobrist hashes of the positions before it (repetitions). `None` when there is no legal
/// move.
pub fn engine_move(
    engine: &mut AnyEngine,
    game: &AnyGame,
    earlier: &[u64],
    limits: &Limits,
) -> Option<String> {
    let result = engine.search(game, earlier, limits, None, |_| {});
    // A search that found nothing (no time at all) still owes a legal move.
    result
        .best
        .or_else(|| game.legal_moves().first().copied())
        .map(|m| game.format_move(m))
}
