//! The C API's moves as values and its stop handle, driven as a C caller would: a program of
//! up to 24 calls on three game-handle slots, a pool of move values (listed in this or in
//! earlier positions, of any game, or made up from the input), and one stop handle.
//!
//! Checked on every call (besides "never `VARIANTS_PANIC`, never a crash", which the address
//! sanitizer watches):
//! - `variants_game_moves`: `*count` equals `variants_game_legal_move_count`; a too-small array
//!   gives `VARIANTS_BUFFER_TOO_SMALL` with nothing written (guard values stay); the values are
//!   distinct and never 0; each names its move (`variants_game_move_text`) and the text parses
//!   back to the same value (`variants_game_parse_move`);
//! - `variants_game_play_move` with any value (listed here, stale from another position or game,
//!   made up): a value listed here plays; any accepted value names a legal move here (its text
//!   is in the legal list) and gives the position that playing that text gives; a refused
//!   value (`VARIANTS_ILLEGAL_MOVE`) leaves the position unchanged;
//! - `variants_game_move_text` follows the buffer protocol (as in the `c_api` target) and is
//!   refused for a value that is not legal here; `variants_game_parse_move` writes 0 on failure
//!   and a listed value on success;
//! - `variants_game_copy` across slots: accepted exactly when both hold the same game, and then
//!   the destination has the source's text and hash; refused copies change nothing;
//! - the stop handle: `variants_game_perft_ex` of a fuzzed depth, on one thread or more, with a
//!   stop requested before the call, or by its progress callback after a fuzzed number of root
//!   moves counted (with more than one thread the callback runs on a worker thread: a request
//!   from another thread than the caller's, during the call), or never, returns
//!   `VARIANTS_STOPPED` (and `*nodes` = 0) or the count `variants_game_perft` gives; a stop
//!   requested before the call always stops it, one never requested never does; afterwards
//!   the handle still answers (same hash, same move count) and the stop handle can be reset
//!   and reused.
//!
//! Every stop is set by a count from the input (root moves counted), never by the clock, so
//! an execution is a function of its input (up to which worker thread counts which root move)
//! and never waits.
//!
//! Input: one op byte, one slot byte and the op's arguments per call, up to 24 calls (as many
//! as the input holds). `-max_len`: 192 bytes (`fuzz/fuzz_targets/c_moves.options`;
//! [`MAX_LEN`]), room for 24 calls with their arguments (the seeds are at most 95 bytes).

use super::c_api::{arg, ok, text_call};
use crate::Bytes;
use std::ffi::{CString, c_void};
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use variant_ffi::*;

/// The target's `-max_len` (`fuzz/fuzz_targets/c_moves.options` says the same).
pub const MAX_LEN: usize = 192;

const SLOTS: usize = 3;
/// A value `variants_game_moves` never writes, in the slots after the array.
const GUARD: u64 = 0xDEAD_BEEF_DEAD_BEEF;
/// The largest perft a call may ask for (leaf estimate), to keep one execution short: perft 2
/// of a position with up to 64 moves.
const MAX_LEAVES: u64 = 4_096;

/// What the progress callback of a stopped perft needs: the stop handle to request, how many
/// more reports to let pass first, and whether it has requested.
struct StopAfter {
    stop: *const variants_stop,
    reports_left: AtomicU32,
    requested: AtomicBool,
    /// The request from the callback was refused (checked after the call: a panic cannot
    /// leave an `extern "C"` function).
    refused: AtomicBool,
}

/// The progress callback of [`stopped_perft`]: requests the stop at the report that brings
/// `reports_left` to zero (called one at a time, from the worker threads when there are more
/// than one). `unsafe` as the C API's callback type is: a C caller's `user` pointer is read
/// back here, which is what the callback is for.
#[allow(unsafe_code)]
unsafe extern "C" fn stop_after(user: *mut c_void, _progress: *const variants_progress) {
    // SAFETY: `user` is the `StopAfter` that `stopped_perft` passes, alive during the call.
    let state = unsafe { &*user.cast::<StopAfter>() };
    let left = state.reports_left.load(Ordering::Relaxed);
    if left == 0 {
        return;
    }
    state.reports_left.store(left - 1, Ordering::Relaxed);
    if left == 1 {
        if variants_stop_request(state.stop) == variants_result::VARIANTS_OK {
            state.requested.store(true, Ordering::Relaxed);
        } else {
            state.refused.store(true, Ordering::Relaxed);
        }
    }
}

/// The hash of a handle (None for an empty slot).
fn hash(game: *mut variants_game) -> Option<u64> {
    let mut h = 0u64;
    (variants_game_hash(game, &mut h) == variants_result::VARIANTS_OK).then_some(h)
}

/// The text of a handle's position.
fn text_of(game: *const variants_game) -> Option<String> {
    let mut needed = 0usize;
    if variants_game_to_text(game, ptr::null_mut(), 0, &mut needed)
        != variants_result::VARIANTS_BUFFER_TOO_SMALL
    {
        return None;
    }
    let mut buf = vec![0u8; needed];
    let mut written = 0usize;
    let rc = variants_game_to_text(game, buf.as_mut_ptr().cast(), needed, &mut written);
    (rc == variants_result::VARIANTS_OK)
        .then(|| String::from_utf8_lossy(&buf[..written.saturating_sub(1)]).into_owned())
}

/// The game name of a handle.
fn name_of(game: *const variants_game) -> Option<String> {
    let mut buf = [0u8; 64];
    let mut written = 0usize;
    let rc = variants_game_name(game, buf.as_mut_ptr().cast(), buf.len(), &mut written);
    (rc == variants_result::VARIANTS_OK)
        .then(|| String::from_utf8_lossy(&buf[..written.saturating_sub(1)]).into_owned())
}

/// The listed move values of a handle (exact array), checked against the move count.
fn listed(game: *const variants_game) -> Option<Vec<u64>> {
    let mut count = usize::MAX;
    let rc = ok(
        variants_game_moves(game, ptr::null_mut(), 0, &mut count),
        "moves",
    );
    let count = match rc {
        variants_result::VARIANTS_OK => 0,
        variants_result::VARIANTS_BUFFER_TOO_SMALL => count,
        _ => return None,
    };
    let mut values = vec![GUARD; count + 2];
    let mut again = usize::MAX;
    let rc = ok(
        variants_game_moves(game, values.as_mut_ptr(), count, &mut again),
        "moves",
    );
    assert_eq!(
        rc,
        variants_result::VARIANTS_OK,
        "moves with the size it asked for"
    );
    assert_eq!(again, count, "moves: the count changed between calls");
    assert_eq!(
        &values[count..],
        &[GUARD, GUARD],
        "moves wrote past the array"
    );
    values.truncate(count);
    let mut legal = 0u64;
    assert_eq!(
        ok(variants_game_legal_move_count(game, &mut legal), "count"),
        variants_result::VARIANTS_OK
    );
    assert_eq!(legal, count as u64, "moves disagrees with legal_move_count");
    Some(values)
}

/// The canonical text of a value at a handle, when the library names it.
fn move_text(game: *const variants_game, value: u64) -> Option<String> {
    let mut buf = [0u8; 128];
    let mut written = 0usize;
    let rc = ok(
        variants_game_move_text(
            game,
            value,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut written,
        ),
        "move_text",
    );
    (rc == variants_result::VARIANTS_OK)
        .then(|| String::from_utf8_lossy(&buf[..written.saturating_sub(1)]).into_owned())
}

/// Every listed value is distinct, non-zero, named, and its name parses back to it.
fn check_listed(game: *const variants_game, values: &[u64]) {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), values.len(), "two listed moves share a value");
    for &v in values {
        assert_ne!(v, 0, "a listed move has the value 0");
        let text = move_text(game, v).unwrap_or_else(|| panic!("listed value {v:#x} has no text"));
        let c = CString::new(text.clone()).unwrap_or_default();
        let mut parsed = 0u64;
        let rc = ok(
            variants_game_parse_move(game, c.as_ptr(), &mut parsed),
            "parse_move",
        );
        assert_eq!(
            rc,
            variants_result::VARIANTS_OK,
            "the text {text:?} of a listed move does not parse"
        );
        assert_eq!(parsed, v, "{text:?} parses to another value");
    }
}

/// Plays `value` at `game` and checks the outcome against the legal list.
fn play_value(game: *mut variants_game, value: u64) {
    let Some(here) = listed(game) else {
        ok(variants_game_play_move(game, value), "play_move");
        return;
    };
    let before_hash = hash(game);
    let before_text = text_of(game);
    let named = move_text(game, value);
    // The reference: the same position, in another handle, played by text.
    let mut reference = ptr::null_mut();
    ok(variants_game_clone(game, &mut reference), "clone");
    let rc = ok(variants_game_play_move(game, value), "play_move");
    if here.contains(&value) {
        assert_eq!(
            rc,
            variants_result::VARIANTS_OK,
            "a listed value {value:#x} was refused"
        );
    }
    match rc {
        variants_result::VARIANTS_OK => {
            // Accepted: it named a legal move here, and played that move.
            let text = named.unwrap_or_else(|| {
                panic!("play_move accepted {value:#x}, which move_text refuses at {before_text:?}")
            });
            let m = CString::new(text.clone()).unwrap_or_default();
            let played = ok(variants_game_play(reference, m.as_ptr()), "play");
            assert_eq!(
                played,
                variants_result::VARIANTS_OK,
                "the text {text:?} does not play"
            );
            assert_eq!(
                text_of(reference),
                text_of(game),
                "play_move {value:#x} and play {text:?} reach different positions"
            );
        }
        _ => {
            assert!(named.is_none() || !here.contains(&value));
            assert_eq!(
                hash(game),
                before_hash,
                "a refused play_move changed the position"
            );
            assert_eq!(
                text_of(game),
                before_text,
                "a refused play_move changed the text"
            );
        }
    }
    variants_game_free(reference);
}

/// A value from the pool, or made up from the input.
fn value(bytes: &mut Bytes<'_>, pool: &[u64]) -> u64 {
    match bytes.byte() % 4 {
        0 => {
            let mut raw = [0u8; 8];
            for b in &mut raw {
                *b = bytes.byte();
            }
            u64::from_le_bytes(raw)
        }
        1 => 0,
        _ => pool
            .get(bytes.below(pool.len().max(1)))
            .copied()
            .unwrap_or(u64::MAX),
    }
}

/// `variants_game_perft_ex` under a stop requested before the call, after a fuzzed number of
/// root moves counted, or never.
fn stopped_perft(bytes: &mut Bytes<'_>, game: *mut variants_game, stop: *mut variants_stop) {
    let Some(here) = listed(game) else { return };
    let width = (here.len() as u64).max(1);
    let mut depth = u32::from(bytes.byte() % 5);
    while depth > 1 && width.saturating_pow(depth) > MAX_LEAVES {
        depth -= 1;
    }
    // Mostly one thread; a worker pool (two threads, or the machine's count) for one byte value
    // in four: spawning threads is the costliest part of a small perft.
    let threads = match bytes.byte() % 8 {
        0 => 0,
        1 => 2,
        _ => 1,
    };
    let when = bytes.byte();
    let before = hash(game);
    ok(variants_stop_reset(stop), "stop_reset");
    let early = when.is_multiple_of(4);
    if early {
        ok(variants_stop_request(stop), "stop_request");
    }
    // Requested from the callback after 1–64 root moves counted (when % 4 == 1: never).
    let state = StopAfter {
        stop,
        reports_left: AtomicU32::new(if early || when % 4 == 1 {
            0
        } else {
            u32::from(when / 4) + 1
        }),
        requested: AtomicBool::new(false),
        refused: AtomicBool::new(false),
    };
    let user = ptr::from_ref(&state).cast_mut().cast::<c_void>();
    let mut nodes = u64::MAX;
    let rc = ok(
        variants_game_perft_ex(
            game,
            depth,
            threads,
            stop,
            Some(stop_after),
            user,
            &mut nodes,
        ),
        "perft_ex",
    );
    assert!(
        !state.refused.load(Ordering::Relaxed),
        "stop_request from the progress callback was refused"
    );
    if !early && !state.requested.load(Ordering::Relaxed) {
        assert_eq!(
            rc,
            variants_result::VARIANTS_OK,
            "perft_ex {depth} stopped, yet no stop was requested"
        );
    }
    match rc {
        variants_result::VARIANTS_STOPPED => {
            assert_eq!(nodes, 0, "a stopped perft wrote a count");
        }
        variants_result::VARIANTS_OK => {
            assert!(
                !early,
                "perft_ex ran although the stop was requested before the call"
            );
            let mut reference = 0u64;
            let r = ok(variants_game_perft(game, depth, 1, &mut reference), "perft");
            assert_eq!(r, variants_result::VARIANTS_OK);
            assert_eq!(
                nodes, reference,
                "perft_ex {depth} differs from perft {depth}"
            );
        }
        other => panic!("perft_ex answered {other:?} on a valid handle"),
    }
    // The handle is still usable, and the stop handle can be reset and used again.
    assert_eq!(hash(game), before, "perft_ex changed the position");
    assert_eq!(listed(game).map(|l| l.len()), Some(here.len()));
    ok(variants_stop_reset(stop), "stop_reset");
    let mut again = 0u64;
    let rc = ok(
        variants_game_perft_ex(game, 1, 1, stop, None, ptr::null_mut(), &mut again),
        "perft_ex",
    );
    assert_eq!(rc, variants_result::VARIANTS_OK, "perft_ex after a reset");
    assert_eq!(again, here.len() as u64, "perft 1 after a reset");
}

/// One execution of the target on fuzz input `data` (panics on a broken invariant).
pub fn run(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let mut slots: [*mut variants_game; SLOTS] = [ptr::null_mut(); SLOTS];
    let mut pool: Vec<u64> = Vec::new();
    let mut stop: *mut variants_stop = ptr::null_mut();
    assert_eq!(
        ok(variants_stop_new(&mut stop), "stop_new"),
        variants_result::VARIANTS_OK
    );
    for _ in 0..24 {
        if bytes.is_empty() {
            break;
        }
        let op = bytes.byte();
        let slot = bytes.below(SLOTS);
        let handle = slots[slot];
        match op % 10 {
            0 => {
                let names = crate::game_names();
                let name = names[bytes.below(names.len())];
                let (n, c) = (
                    CString::new(name).unwrap_or_default(),
                    CString::new(crate::listed_config(name, usize::from(bytes.byte())))
                        .unwrap_or_default(),
                );
                let mut out = ptr::null_mut();
                if ok(variants_game_new(n.as_ptr(), c.as_ptr(), &mut out), "new")
                    == variants_result::VARIANTS_OK
                {
                    variants_game_free(slots[slot]);
                    slots[slot] = out;
                }
            }
            1 => {
                // List the moves (exact and too-small arrays), keep them in the pool.
                let small = usize::from(bytes.byte() % 8);
                let mut values = vec![GUARD; small + 2];
                let mut count = usize::MAX;
                let rc = ok(
                    variants_game_moves(handle, values.as_mut_ptr(), small, &mut count),
                    "moves",
                );
                assert_eq!(
                    &values[small..],
                    &[GUARD, GUARD],
                    "moves wrote past the array"
                );
                if rc == variants_result::VARIANTS_BUFFER_TOO_SMALL {
                    assert!(count > small, "too small, yet {count} moves fit {small}");
                    assert!(
                        values.iter().all(|&v| v == GUARD),
                        "moves wrote into a too-small array"
                    );
                }
                if let Some(all) = listed(handle) {
                    if bytes.byte().is_multiple_of(4) {
                        check_listed(handle, &all);
                    }
                    pool.extend(all.iter().take(16));
                }
            }
            2 | 3 => {
                let v = value(&mut bytes, &pool);
                play_value(handle, v);
            }
            4 => {
                let v = value(&mut bytes, &pool);
                let listed_here = listed(handle).unwrap_or_default();
                let text = text_call(&mut bytes, "move_text", &mut |b, l, w| {
                    variants_game_move_text(handle, v, b, l, w)
                });
                if let Some(text) = text {
                    // Named means legal here: its text parses to a listed value.
                    let c = CString::new(text.clone()).unwrap_or_default();
                    let mut parsed = 0u64;
                    let rc = ok(
                        variants_game_parse_move(handle, c.as_ptr(), &mut parsed),
                        "parse",
                    );
                    assert_eq!(
                        rc,
                        variants_result::VARIANTS_OK,
                        "move_text {text:?} does not parse"
                    );
                    assert!(
                        listed_here.contains(&parsed),
                        "{text:?} parses to an unlisted value"
                    );
                }
            }
            5 => {
                let text = if bytes.byte().is_multiple_of(2) {
                    arg(&mut bytes)
                } else {
                    // A listed move's text, maybe changed by one byte.
                    let v = value(&mut bytes, &pool);
                    let mut t = move_text(handle, v).unwrap_or_default().into_bytes();
                    let (at, to) = (bytes.byte(), bytes.byte());
                    if let Some(b) = t.get_mut(usize::from(at)) {
                        *b = to.max(1);
                    }
                    super::c_api::Arg::Text(CString::new(t).unwrap_or_default())
                };
                let mut out = u64::MAX;
                let out_ptr: *mut u64 = if bytes.byte().is_multiple_of(16) {
                    ptr::null_mut()
                } else {
                    &mut out
                };
                let rc = ok(
                    variants_game_parse_move(handle, text.ptr(), out_ptr),
                    "parse_move",
                );
                if out_ptr.is_null() {
                    assert_eq!(rc, variants_result::VARIANTS_NULL_ARGUMENT);
                } else if rc == variants_result::VARIANTS_OK {
                    let here = listed(handle).unwrap_or_default();
                    assert!(
                        here.contains(&out),
                        "parse_move gave an unlisted value {out:#x}"
                    );
                    pool.push(out);
                } else {
                    assert_eq!(out, 0, "a failed parse_move left {out:#x} in *out");
                }
            }
            6 => {
                let src = slots[bytes.below(SLOTS)];
                let same = match (name_of(handle), name_of(src)) {
                    (Some(a), Some(b)) => Some(a == b),
                    _ => None,
                };
                let before = text_of(handle);
                let rc = ok(variants_game_copy(handle, src), "copy");
                match same {
                    Some(true) => {
                        assert_eq!(rc, variants_result::VARIANTS_OK, "copy within one game");
                        assert_eq!(text_of(handle), text_of(src), "copy: another text");
                        assert_eq!(hash(handle), hash(src), "copy: another hash");
                    }
                    Some(false) => {
                        assert_eq!(
                            rc,
                            variants_result::VARIANTS_INVALID_ARGUMENT,
                            "copy across games"
                        );
                        assert_eq!(text_of(handle), before, "a refused copy changed dst");
                    }
                    None => assert_ne!(rc, variants_result::VARIANTS_OK, "copy with NULL"),
                }
            }
            7 => {
                if !handle.is_null() {
                    stopped_perft(&mut bytes, handle, stop);
                }
            }
            8 => {
                let mut out = ptr::null_mut();
                if ok(variants_game_clone(handle, &mut out), "clone")
                    == variants_result::VARIANTS_OK
                {
                    let target = bytes.below(SLOTS);
                    variants_game_free(slots[target]);
                    slots[target] = out;
                }
            }
            _ => {
                // NULL everywhere: refused, never a crash.
                let mut count = 0usize;
                let mut v = 0u64;
                assert_ne!(
                    ok(
                        variants_game_moves(ptr::null(), ptr::null_mut(), 0, &mut count),
                        "moves"
                    ),
                    variants_result::VARIANTS_OK
                );
                assert_ne!(
                    ok(
                        variants_game_moves(handle, ptr::null_mut(), 4, &mut count),
                        "moves"
                    ),
                    variants_result::VARIANTS_OK
                );
                assert_ne!(
                    ok(variants_game_play_move(ptr::null_mut(), 1), "play_move"),
                    variants_result::VARIANTS_OK
                );
                assert_ne!(
                    ok(
                        variants_game_parse_move(handle, ptr::null(), &mut v),
                        "parse_move"
                    ),
                    variants_result::VARIANTS_OK
                );
                assert_ne!(
                    ok(variants_stop_request(ptr::null()), "stop_request"),
                    variants_result::VARIANTS_OK
                );
                let mut nodes = 0u64;
                let _ = ok(
                    variants_game_perft_ex(
                        handle,
                        1,
                        1,
                        ptr::null(),
                        None,
                        ptr::null_mut(),
                        &mut nodes,
                    ),
                    "perft_ex",
                );
            }
        }
    }
    for handle in slots {
        variants_game_free(handle);
    }
    variants_stop_free(stop);
}
