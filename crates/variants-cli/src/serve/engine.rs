//! The engine seats' move choice, behind one function: the workspace's engine
//! (`variants_engine`) searching the position for the seat's time per move.

use std::time::Duration;
use variants::variant_core::{Game, GameConfig};
use variants::{DynGame, bishops4p, checkers3d, chess_t, chess3d};
use variants_engine::{Limits, SearchGame, Searcher};

/// Transposition table size of one engine move, in MiB (one search per move, so small).
const HASH_MB: usize = 4;

/// The move the engine plays in `game` (canonical text), thinking about `movetime`
/// milliseconds; `earlier` are the Zobrist hashes of the positions before it (repetitions).
/// `None` when there is no legal move.
pub fn engine_move(game: &dyn DynGame, earlier: &[u64], movetime: u64) -> Option<String> {
    let limits = Limits::movetime(Duration::from_millis(movetime));
    match game.game_name() {
        "chess3d" => search::<chess3d::Chess3d>(game, earlier, &limits),
        "checkers3d" => search::<checkers3d::Checkers3d>(game, earlier, &limits),
        "bishops4p" => search::<bishops4p::Bishops>(game, earlier, &limits),
        "chess-t" => search::<chess_t::ChessT>(game, earlier, &limits),
        _ => game.legal_move_texts().into_iter().next(),
    }
}

/// The typed search: the position is read back from its text under its configuration (the
/// facade's run-time game has no typed view yet).
fn search<G: Game + SearchGame>(
    game: &dyn DynGame,
    earlier: &[u64],
    limits: &Limits,
) -> Option<String> {
    let pairs = game.config_pairs();
    let config = G::Config::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).ok()?;
    let typed = G::from_text(&config, &game.position_text()).ok()?;
    let mut searcher = Searcher::<G>::with_hash_mb(HASH_MB);
    let result = searcher.search(&typed, earlier, limits, None, |_| {});
    match result.best {
        Some(m) => Some(typed.format_move(m)),
        // A search that found nothing (no time at all) still owes a legal move.
        None => game.legal_move_texts().into_iter().next(),
    }
}
