//! The engine from C: `variants_game_search`.

use crate::boundary::{Failure, ffi_boundary};
use crate::game::variants_game;
use crate::ptr::{TextOut, arg_out, arg_ref};
use crate::result::variants_result;
use std::ffi::c_char;
use std::time::Duration;
use variants::variant_core::{Game, GameConfig};
use variants_engine::{Limits, TextSearcher};

/// The score of a won game in `variants_game_search`: a win after `p` plies scores
/// `VARIANTS_MATE_SCORE - p`, a loss after `p` plies `-(VARIANTS_MATE_SCORE - p)`; every other
/// score lies strictly between `-VARIANTS_MATE_BOUND` and `VARIANTS_MATE_BOUND`.
pub const VARIANTS_MATE_SCORE: i32 = 1_000_000;
/// Scores beyond ±`VARIANTS_MATE_BOUND` are mate (won or lost game) scores.
pub const VARIANTS_MATE_BOUND: i32 = 990_000;

/// Searches the position with the engine and writes the best move in the game's canonical
/// notation into `best_move` (buffer protocol as `variants_game_to_text`) and its score into
/// `*score`: centipawns (a pawn or a man is about 100) from the point of view of the player to
/// move, or a mate score (see `VARIANTS_MATE_SCORE`).
///
/// Limits: `depth` plies, `movetime_ms` milliseconds, `nodes` nodes; 0 means "no limit" for
/// each, and at least one must be set. The search stops at the first limit reached and blocks
/// the calling thread until then. The handle is only read: several searches may run on one
/// handle at once, each on its own thread.
///
/// Errors: `VARIANTS_NULL_ARGUMENT` (`game`, `written` or `score`),
/// `VARIANTS_INVALID_ARGUMENT` (no limit), `VARIANTS_NOT_POSSIBLE` (the game is over: no legal
/// move), `VARIANTS_BUFFER_TOO_SMALL`.
// Eight parameters: the six, with the move written as text (buffer and length).
#[allow(clippy::too_many_arguments)]
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_search(
    game: *const variants_game,
    depth: u32,
    movetime_ms: u64,
    nodes: u64,
    best_move: *mut c_char,
    len: usize,
    written: *mut usize,
    score: *mut i32,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let out = TextOut::new(best_move, len, written)?;
        let score = arg_out(score, "score")?;
        if depth == 0 && movetime_ms == 0 && nodes == 0 {
            return Err(Failure::new(
                variants_result::VARIANTS_INVALID_ARGUMENT,
                "variants_game_search needs a limit: depth, movetime_ms or nodes above 0",
            ));
        }
        let limits = Limits {
            depth: (depth > 0).then(|| depth.min(100)),
            nodes: (nodes > 0).then_some(nodes),
            movetime: (movetime_ms > 0).then(|| Duration::from_millis(movetime_ms)),
        };
        let pairs: Vec<(String, String)> = game
            .game
            .config()
            .to_pairs()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        let mut searcher = TextSearcher::new(game.game.name(), &pairs)?;
        let text = game.game.to_text();
        let result = searcher.search(Some(&text), &[], &limits, None, &mut |_| {})?;
        let Some(best) = result.best else {
            return Err(Failure::new(
                variants_result::VARIANTS_NOT_POSSIBLE,
                format!(
                    "the game is over ({}): there is no move to search",
                    game.game.status()
                ),
            ));
        };
        score.write(result.score.value());
        out.write(&best)
    })
}
