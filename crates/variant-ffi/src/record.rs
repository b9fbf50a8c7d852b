//! Game records: a start position, the moves since, repetitions, draw claims, resignation and
//! agreement, and the JSON record format.

use crate::boundary::{Failure, ffi_boundary};
use crate::game::variants_game;
use crate::ptr::{TextOut, arg_mut, arg_out, arg_ref, arg_str, free_box, into_raw};
use crate::result::variants_result;
use crate::status::{draw_reason, variants_reason, variants_status};
use std::ffi::c_char;
use variant_games::variant_core::{Game, Seat};
use variant_games::{AnyGame, History};

/// A game record: the start position, every move since, and how the game ended. Opaque: made
/// by `variants_record_new` or `variants_record_from_json`, released by `variants_record_free`.
///
/// Unlike a bare position, a record knows repetitions and game-level endings: it refuses moves
/// after the end (`VARIANTS_NOT_POSSIBLE`). Thread safety as for `variants_game`.
#[allow(non_camel_case_types)]
#[derive(Debug)]
pub struct variants_record {
    inner: History<AnyGame>,
}

fn hand_out(out: &mut std::mem::MaybeUninit<*mut variants_record>, inner: History<AnyGame>) {
    out.write(into_raw(variants_record { inner }));
}

/// Starts a record at (a copy of) the position `start`. `*out` receives a new handle, released
/// with `variants_record_free`, or NULL on failure.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_new(
    start: *const variants_game,
    out: *mut *mut variants_record,
) -> variants_result {
    ffi_boundary(|| {
        let out = arg_out(out, "out")?;
        out.write(std::ptr::null_mut());
        let start = arg_ref(start, "start")?;
        hand_out(out, History::new(start.game.clone()));
        Ok(())
    })
}

/// Reads a record in the JSON format `variants_record_to_json` writes (any game: the record
/// names it) and replays it. `*out` receives a new handle, or NULL on failure.
/// Errors: `VARIANTS_NULL_ARGUMENT`, `VARIANTS_INVALID_UTF8`, `VARIANTS_UNKNOWN_GAME`,
/// `VARIANTS_BAD_RECORD` (and the codes of the part that fails to replay, e.g.
/// `VARIANTS_BAD_CONFIG`).
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_from_json(
    json: *const c_char,
    out: *mut *mut variants_record,
) -> variants_result {
    ffi_boundary(|| {
        let out = arg_out(out, "out")?;
        out.write(std::ptr::null_mut());
        let json = arg_str(json, "json")?;
        hand_out(out, variant_games::history_from_json(json)?);
        Ok(())
    })
}

/// Releases a record. NULL is accepted and ignored. The record must not be used afterwards.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_free(record: *mut variants_record) {
    crate::boundary::ffi_boundary_void(|| free_box(record));
}

/// Writes the record as JSON (game, configuration, start position, moves, ending). Buffer
/// protocol as in `variants_game_to_text`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_to_json(
    record: *const variants_record,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary(|| {
        let record = arg_ref(record, "record")?;
        TextOut::new(buf, len, written)?.write(&record.inner.to_json())
    })
}

/// Writes the canonical text of every move (action) so far, separated by `\n`. Buffer
/// protocol as in `variants_game_to_text`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_moves(
    record: *const variants_record,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary(|| {
        let record = arg_ref(record, "record")?;
        let out = TextOut::new(buf, len, written)?;
        out.write(&record.inner.action_texts().join("\n"))
    })
}

/// `*out` receives a copy of the current position as a new `variants_game` (released with
/// `variants_game_free`), or NULL on failure.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_position(
    record: *const variants_record,
    out: *mut *mut variants_game,
) -> variants_result {
    ffi_boundary(|| {
        let out = arg_out(out, "out")?;
        out.write(std::ptr::null_mut());
        let record = arg_ref(record, "record")?;
        crate::game::hand_out(out, record.inner.position().clone());
        Ok(())
    })
}

/// Plays `move` (as `variants_game_play`). `VARIANTS_NOT_POSSIBLE` once the game is over.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_play(
    record: *mut variants_record,
    r#move: *const c_char,
) -> variants_result {
    ffi_boundary(|| {
        let record = arg_mut(record, "record")?;
        let text = arg_str(r#move, "move")?;
        record.inner.play_text(text)?;
        Ok(())
    })
}

/// Takes back the last move, or the game-level ending (resignation, agreement, claim).
/// `VARIANTS_NOT_POSSIBLE` at the start.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_undo(record: *mut variants_record) -> variants_result {
    ffi_boundary(|| {
        arg_mut(record, "record")?.inner.undo()?;
        Ok(())
    })
}

/// Writes the state of the game into `*status`: the position's own result, repetitions that
/// end the game by themselves, and the game-level ending if any.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_status(
    record: *const variants_record,
    status: *mut variants_status,
) -> variants_result {
    ffi_boundary(|| {
        let record = arg_ref(record, "record")?;
        arg_out(status, "status")?.write(record.inner.status().into());
        Ok(())
    })
}

/// Writes how often the current position has occurred in the record (1 the first time).
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_repetition_count(
    record: *const variants_record,
    count: *mut u32,
) -> variants_result {
    ffi_boundary(|| {
        let record = arg_ref(record, "record")?;
        arg_out(count, "count")?.write(record.inner.repetition_count());
        Ok(())
    })
}

/// Writes the draw that could be claimed now into `*reason`, or `VARIANTS_REASON_NONE`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_claimable_draw(
    record: *const variants_record,
    reason: *mut variants_reason,
) -> variants_result {
    ffi_boundary(|| {
        let record = arg_ref(record, "record")?;
        let out = arg_out(reason, "reason")?;
        out.write(
            record
                .inner
                .claimable_draw()
                .map_or(variants_reason::VARIANTS_REASON_NONE, draw_reason),
        );
        Ok(())
    })
}

/// Claims a draw (repetition, move-count rules); `*reason` (may be NULL) receives why it
/// holds. `VARIANTS_NOT_POSSIBLE` when no claim holds or the game is over.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_claim_draw(
    record: *mut variants_record,
    reason: *mut variants_reason,
) -> variants_result {
    ffi_boundary(|| {
        let record = arg_mut(record, "record")?;
        let out = if reason.is_null() {
            None
        } else {
            Some(arg_out(reason, "reason")?)
        };
        let got = record.inner.claim_draw()?;
        if let Some(out) = out {
            out.write(draw_reason(got));
        }
        Ok(())
    })
}

/// Ends the game as a draw by agreement. `VARIANTS_NOT_POSSIBLE` when the game is over.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_agree_draw(record: *mut variants_record) -> variants_result {
    ffi_boundary(|| {
        arg_mut(record, "record")?.inner.agree_draw()?;
        Ok(())
    })
}

/// Seat `seat` resigns. In a two-player game the other seat wins; in "Bishops" the game may go
/// on without the player. `VARIANTS_INVALID_ARGUMENT` for a seat the game does not have,
/// `VARIANTS_NOT_POSSIBLE` when the resignation is not possible now.
#[unsafe(no_mangle)]
pub extern "C" fn variants_record_resign(
    record: *mut variants_record,
    seat: u32,
) -> variants_result {
    ffi_boundary(|| {
        let record = arg_mut(record, "record")?;
        let seats = record.inner.position().seat_count();
        let index = u8::try_from(seat)
            .ok()
            .filter(|&s| usize::from(s) < seats)
            .ok_or_else(|| {
                Failure::new(
                    variants_result::VARIANTS_INVALID_ARGUMENT,
                    format!(
                        "seat {seat}: the game has seats 0 to {}",
                        seats.saturating_sub(1)
                    ),
                )
            })?;
        record.inner.resign(Seat(index))?;
        Ok(())
    })
}
