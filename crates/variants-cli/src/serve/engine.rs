//! The engine seats' move choice, behind one function: the workspace's engine
//! (`variants_engine`) searching the position for the seat's time per move.

use std::time::Duration;
use variants::Game;
use variants::{AnyGame, TypedGame};
use variants_engine::{Limits, SearchGame, Searcher};

/// Transposition table size of one engine move, in MiB (one search per move, so small).
const HASH_MB: usize = 4;

/// The move the engine plays in `game` (canonical text), thinking about `movetime`
/// milliseconds; `earlier` are the Zobrist hashes of the positions before it (repetitions).
/// `None` when there is no legal move.
pub fn engine_move(game: &AnyGame, earlier: &[u64], movetime: u64) -> Option<String> {
    let limits = Limits::movetime(Duration::from_millis(movetime));
    match game.typed() {
        TypedGame::Chess3d(g) => search(g, game, earlier, &limits),
        TypedGame::Checkers3d(g) => search(g, game, earlier, &limits),
        TypedGame::Bishops(g) => search(g, game, earlier, &limits),
        TypedGame::ChessT(g) => search(g, game, earlier, &limits),
        _ => game.legal_move_texts().into_iter().next(),
    }
}

/// The typed search on the game held.
fn search<G: Game + SearchGame>(
    typed: &G,
    game: &AnyGame,
    earlier: &[u64],
    limits: &Limits,
) -> Option<String> {
    let mut searcher = Searcher::<G>::with_hash_mb(HASH_MB);
    let result = searcher.search(typed, earlier, limits, None, |_| {});
    match result.best {
        Some(m) => Some(typed.format_move(m)),
        // A search that found nothing (no time at all) still owes a legal move.
        None => game.legal_move_texts().into_iter().next(),
    }
}
