//! Moves as values: list, play, name and read them, and copy positions without allocating —
//! the functions a C search (perft, an engine, a GUI) runs in its inner loop.

use crate::boundary::{Failure, ffi_boundary};
use crate::codec::{legal_move, play_code, with_moves};
use crate::game::variants_game;
use crate::ptr::{TextOut, arg_mut, arg_out, arg_ref, arg_slice_out, arg_str, same_object};
use crate::result::variants_result;
use std::ffi::c_char;
use variant_games::variant_core::Game;
use variant_games::{AnyGame, Error};

/// A legal move of the position it was listed from, as a number.
///
/// Values come from `variants_game_moves` and `variants_game_parse_move`. A value stays valid
/// for the position it was listed from, in any handle holding that position (copies
/// included), for the life of the process; it is not meant to be stored in files (use the
/// move text for that). The value 0 is never a move.
///
/// Playing a value is always checked: a value that is not a legal move of the position
/// (stale, from another game, made up) gives `VARIANTS_ILLEGAL_MOVE` and leaves the position
/// unchanged. For chess3d, bishops4p, chess-t and qubic a value is the move itself (origin,
/// destination, promotion or kind; qubic's cell), so it is accepted in any position where that move is
/// legal; a checkers3d value also carries a fingerprint of the captured pieces and the move's
/// rank among those like it, and is meant for the position it was listed from. docs/c-api.md
/// gives the bit layout.
#[allow(non_camel_case_types)]
pub type variants_move = u64;

/// The legal moves into `moves[0..len)`; `*count` = their number. `VARIANTS_BUFFER_TOO_SMALL`
/// (nothing written but `*count`) when `len < *count`. `moves` may be NULL when `len` is 0.
///
/// The moves come in generation order, the order of `variants_game_legal_moves`. Listing the
/// moves of a position and then playing them in copies of it (`variants_game_copy`) is the
/// fast path: the calling thread keeps the list of the position it listed last, so the check
/// of a played value is a scan of that list instead of a new generation.
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT` (`game`, `count`, or `moves` with `len > 0`),
/// `VARIANTS_BUFFER_TOO_SMALL`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_moves(
    game: *const variants_game,
    moves: *mut variants_move,
    len: usize,
    count: *mut usize,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let count = arg_out(count, "count")?;
        let out = arg_slice_out(moves, len, "moves")?;
        let stamp = game.stamp;
        with_moves(&game.game, stamp, |cache| {
            let codes = cache.codes();
            count.write(codes.len());
            let Some(slots) = out.get_mut(..codes.len()) else {
                return Err(Failure::new(
                    variants_result::VARIANTS_BUFFER_TOO_SMALL,
                    format!(
                        "the array holds {len} moves; the position has {}",
                        codes.len()
                    ),
                ));
            };
            for (slot, &code) in slots.iter_mut().zip(codes) {
                slot.write(code);
            }
            Ok(())
        })?
    })
}

/// Plays a move listed for this position; `VARIANTS_ILLEGAL_MOVE` (position unchanged) for a
/// value that is not a legal move here.
///
/// Like `variants_game_play`, playing follows the move generator: a position whose status is
/// already decided still accepts its listed moves.
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT`, `VARIANTS_ILLEGAL_MOVE` (the message says whether the value
/// belongs to another game or to no game at all).
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_play_move(
    game: *mut variants_game,
    r#move: variants_move,
) -> variants_result {
    ffi_boundary(|| play_code(arg_mut(game, "game")?, r#move))
}

/// The canonical text of a move of this position (buffer protocol as
/// `variants_game_to_text`).
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT`, `VARIANTS_ILLEGAL_MOVE` (not a legal move here),
/// `VARIANTS_BUFFER_TOO_SMALL`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_move_text(
    game: *const variants_game,
    r#move: variants_move,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let out = TextOut::new(buf, len, written)?;
        let text = game
            .game
            .format_move(legal_move(&game.game, game.stamp, r#move)?);
        out.write(&text)
    })
}

/// The legal move a text names, as a value.
///
/// Any form `variants_game_play` accepts is read; `*out` is set to 0 on failure.
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT`, `VARIANTS_INVALID_UTF8`, `VARIANTS_BAD_MOVE` (not a move in the
/// notation), `VARIANTS_ILLEGAL_MOVE` (well formed, but not legal here).
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_parse_move(
    game: *const variants_game,
    text: *const c_char,
    out: *mut variants_move,
) -> variants_result {
    ffi_boundary(|| {
        let out = arg_out(out, "out")?;
        out.write(0);
        let game = arg_ref(game, "game")?;
        let text = arg_str(text, "text")?;
        let code = parse(&game.game, game.stamp, text)?;
        out.write(code);
        Ok(())
    })
}

fn parse(game: &AnyGame, stamp: u64, text: &str) -> Result<u64, Failure> {
    let mv = game.parse_move(text).map_err(Error::from)?;
    with_moves(game, stamp, |cache| cache.code_of(mv))?.ok_or_else(|| {
        Failure::new(
            variants_result::VARIANTS_ILLEGAL_MOVE,
            format!("move {text}: not among the legal moves of this position"),
        )
    })
}

/// Overwrites dst with src (same game), without allocating.
///
/// `dst` and `src` may be the same handle (nothing happens). A copy is the same position: the
/// move values listed for `src` are valid for `dst` too.
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT`, `VARIANTS_INVALID_ARGUMENT` (`dst` holds a position of another
/// game than `src`).
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_copy(
    dst: *mut variants_game,
    src: *const variants_game,
) -> variants_result {
    ffi_boundary(|| {
        if !dst.is_null() && same_object(dst, src) {
            return Ok(());
        }
        let dst = arg_mut(dst, "dst")?;
        let src = arg_ref(src, "src")?;
        if std::mem::discriminant(dst.game.typed()) != std::mem::discriminant(src.game.typed()) {
            return Err(Failure::new(
                variants_result::VARIANTS_INVALID_ARGUMENT,
                format!(
                    "variants_game_copy: dst is a {} position, src a {} one",
                    dst.game.name(),
                    src.game.name()
                ),
            ));
        }
        dst.game.clone_from(&src.game);
        dst.stamp = src.stamp;
        Ok(())
    })
}
