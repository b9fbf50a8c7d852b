//! The engine from C: `variants_game_search` (the best move as a `variants_move` value),
//! `variants_game_search_ex` (the same with a stop handle and progress reports) and
//! `variants_game_search_text` (the best move as text).

use crate::boundary::{Failure, ffi_boundary};
use crate::game::variants_game;
use crate::moves::{variants_game_parse_move, variants_move};
use crate::ptr::{TextOut, arg_out, arg_ref};
use crate::result::variants_result;
use crate::stop::variants_stop;
use std::ffi::{CString, c_char, c_void};
use std::time::Duration;
use variant_engine::{Limits, TextResult, TextSearcher};
use variant_games::variant_core::{Game, GameConfig};

/// The score of a won game in `variants_game_search`: a win after `p` plies scores
/// `VARIANTS_MATE_SCORE - p`, a loss after `p` plies `-(VARIANTS_MATE_SCORE - p)`; every other
/// score lies strictly between `-VARIANTS_MATE_BOUND` and `VARIANTS_MATE_BOUND`.
pub const VARIANTS_MATE_SCORE: i32 = 1_000_000;
/// Scores beyond ±`VARIANTS_MATE_BOUND` are mate (won or lost game) scores.
pub const VARIANTS_MATE_BOUND: i32 = 990_000;

/// One completed depth of a search, passed to a `variants_search_progress_fn`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct variants_search_progress {
    /// The depth just completed (plies).
    pub depth: u32,
    /// Its score for the player to move (as the `score` of `variants_game_search`).
    pub score: i32,
    /// Nodes searched so far (all depths, quiescence included).
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Milliseconds since the search began.
    pub elapsed_ms: u64,
    /// The best move at this depth, a value of the searched position (0 if none).
    pub best_move: variants_move,
}

/// A search progress callback: called with the `user` pointer given to
/// `variants_game_search_ex` after every completed depth, on the thread that called the search.
/// It must return quickly and must not change the searched handle.
#[allow(non_camel_case_types)]
pub type variants_search_progress_fn =
    Option<unsafe extern "C" fn(user: *mut c_void, progress: *const variants_search_progress)>;

/// Searches the position with the engine: `*best_move` receives the best move as a value
/// (play it with `variants_game_play_move`, name it with `variants_game_move_text`) and
/// `*score` its score: centipawns (a pawn or a man is about 100) from the point of view of the
/// player to move, or a mate score (see `VARIANTS_MATE_SCORE`).
///
/// Limits: `depth` plies, `movetime_ms` milliseconds, `nodes` nodes; 0 means "no limit" for
/// each, and at least one must be set. The search stops at the first limit reached and blocks
/// the calling thread until then. The handle is only read: several searches may run on one
/// handle at once, each on its own thread. `variants_game_search_ex` adds a stop handle and
/// progress reports.
///
/// `*best_move` is set to 0 (never a move) and `*score` to 0 on failure.
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT` (`game`, `best_move` or `score`), `VARIANTS_INVALID_ARGUMENT`
/// (no limit), `VARIANTS_NOT_POSSIBLE` (the game is over: no legal move).
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_search(
    game: *const variants_game,
    depth: u32,
    movetime_ms: u64,
    nodes: u64,
    best_move: *mut variants_move,
    score: *mut i32,
) -> variants_result {
    variants_game_search_ex(
        game,
        depth,
        movetime_ms,
        nodes,
        std::ptr::null(),
        None,
        std::ptr::null_mut(),
        best_move,
        score,
    )
}

/// `variants_game_search` with a stop handle and progress reports.
///
/// `stop` (may be NULL) is watched during the search: once another thread requests it
/// (`variants_stop_request`) the search ends within milliseconds and returns `VARIANTS_OK` with
/// the best move of the last completed depth (at worst a legal move from the unfinished first
/// depth) — stopping is how an analysis without limits ends. With a `stop` handle all three
/// limits may be 0: the search then runs until the stop is requested (or to depth 100).
///
/// `progress` (may be NULL) is called with `user` after every completed depth, on the calling
/// thread.
///
/// `*best_move` is set to 0 (never a move) and `*score` to 0 on failure.
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT` (`game`, `best_move` or `score`), `VARIANTS_INVALID_ARGUMENT`
/// (no limit and no stop handle), `VARIANTS_NOT_POSSIBLE` (the game is over: no legal move).
// Nine parameters: the six of `variants_game_search` plus the stop handle and the callback
// with its user pointer. `user` is never dereferenced here, only handed back to the caller's
// own callback (clippy cannot see that).
#[allow(clippy::too_many_arguments, clippy::not_unsafe_ptr_arg_deref)]
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_search_ex(
    game: *const variants_game,
    depth: u32,
    movetime_ms: u64,
    nodes: u64,
    stop: *const variants_stop,
    progress: variants_search_progress_fn,
    user: *mut c_void,
    best_move: *mut variants_move,
    score: *mut i32,
) -> variants_result {
    ffi_boundary(|| {
        let best_move = arg_out(best_move, "best_move")?;
        best_move.write(0);
        let score = arg_out(score, "score")?;
        score.write(0);
        let game = arg_ref(game, "game")?;
        let stop = if stop.is_null() {
            None
        } else {
            Some(arg_ref(stop, "stop")?)
        };
        let limits = limits(
            depth,
            movetime_ms,
            nodes,
            stop.is_some(),
            "variants_game_search_ex",
        )?;
        let mut report = |r: &TextResult| {
            let Some(callback) = progress else {
                return;
            };
            let value = r
                .best
                .as_deref()
                .and_then(|text| move_value(game, text).ok())
                .unwrap_or(0);
            let p = variants_search_progress {
                depth: r.depth,
                score: r.score.value(),
                nodes: r.nodes,
                nps: r.nps,
                elapsed_ms: u64::try_from(r.elapsed.as_millis()).unwrap_or(u64::MAX),
                best_move: value,
            };
            // SAFETY: the caller passed a valid function pointer with its own user pointer;
            // `p` lives for the call.
            unsafe { callback(user, &p) };
        };
        let result = run(game, &limits, stop, &mut report)?;
        let best = best_of(game, &result)?;
        best_move.write(move_value(game, &best)?);
        score.write(result.score.value());
        Ok(())
    })
}

/// `variants_game_search` with the best move written as the game's canonical text into
/// `best_move` (buffer protocol as `variants_game_to_text`), for callers that hold moves as
/// text (`variants_game_play` accepts it).
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT` (`game`, `written` or `score`), `VARIANTS_INVALID_ARGUMENT`
/// (no limit), `VARIANTS_NOT_POSSIBLE` (the game is over: no legal move),
/// `VARIANTS_BUFFER_TOO_SMALL`.
// Eight parameters: the six of `variants_game_search`, with the move as a text buffer.
#[allow(clippy::too_many_arguments)]
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_search_text(
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
        let limits = limits(
            depth,
            movetime_ms,
            nodes,
            false,
            "variants_game_search_text",
        )?;
        let result = run(game, &limits, None, &mut |_| {})?;
        let best = best_of(game, &result)?;
        score.write(result.score.value());
        out.write(&best)
    })
}

/// The engine's limits from the C arguments (0 = no limit); at least one, unless a stop
/// handle can end the search.
fn limits(
    depth: u32,
    movetime_ms: u64,
    nodes: u64,
    stoppable: bool,
    function: &str,
) -> Result<Limits, Failure> {
    if depth == 0 && movetime_ms == 0 && nodes == 0 && !stoppable {
        return Err(Failure::new(
            variants_result::VARIANTS_INVALID_ARGUMENT,
            format!("{function} needs a limit: depth, movetime_ms or nodes above 0"),
        ));
    }
    Ok(Limits {
        depth: (depth > 0).then(|| depth.min(100)),
        nodes: (nodes > 0).then_some(nodes),
        movetime: (movetime_ms > 0).then(|| Duration::from_millis(movetime_ms)),
    })
}

/// Searches the handle's position (game, configuration and position text: the engine's own
/// typed searcher does the work).
fn run(
    game: &variants_game,
    limits: &Limits,
    stop: Option<&variants_stop>,
    progress: &mut dyn FnMut(&TextResult),
) -> Result<TextResult, Failure> {
    let pairs: Vec<(String, String)> = game
        .game
        .config()
        .to_pairs()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    let mut searcher = TextSearcher::new(game.game.name(), &pairs)?;
    let text = game.game.to_text();
    Ok(searcher.search(Some(&text), &[], limits, stop.map(|s| &s.flag), progress)?)
}

/// The best move's text, or `VARIANTS_NOT_POSSIBLE` when the game is over.
fn best_of(game: &variants_game, result: &TextResult) -> Result<String, Failure> {
    result.best.clone().ok_or_else(|| {
        Failure::new(
            variants_result::VARIANTS_NOT_POSSIBLE,
            format!(
                "the game is over ({}): there is no move to search",
                game.game.status()
            ),
        )
    })
}

/// The value of a legal move of the handle's position, from its text. It goes through the
/// exported `variants_game_parse_move`, the one place that turns text into values, so the
/// value is exactly the one `variants_game_moves` lists.
fn move_value(game: &variants_game, text: &str) -> Result<variants_move, Failure> {
    let internal = |why: String| {
        Failure::new(
            variants_result::VARIANTS_PANIC,
            format!("internal error: the engine's move {text:?} {why}"),
        )
    };
    let c_text = CString::new(text).map_err(|_| internal("contains a NUL byte".into()))?;
    let mut value: variants_move = 0;
    let rc = variants_game_parse_move(game, c_text.as_ptr(), &mut value);
    if rc == variants_result::VARIANTS_OK {
        Ok(value)
    } else {
        Err(internal(format!("has no move value here ({rc:?})")))
    }
}
