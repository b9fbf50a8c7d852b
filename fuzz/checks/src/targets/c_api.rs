//! The C API driven through its exported functions, as a C caller would: the input is a
//! little program of calls on up to four handle slots, with arbitrary strings (invalid UTF-8,
//! NULL pointers, huge texts), arbitrary numbers (seats, status codes, perft threads) and
//! buffers of every small size (NULL buffers, NULL `written`).
//!
//! Checked on every call:
//! - no call panics (libFuzzer's panic hook aborts even inside the library's `catch_unwind`,
//!   and a `VARIANTS_PANIC` result fails too);
//! - the buffer protocol: nothing is written past `len` (guard bytes after the buffer stay
//!   intact); on success `*written` ≤ `len`, the text ends at `written - 1` with a NUL and
//!   holds no other NUL; on `VARIANTS_BUFFER_TOO_SMALL`, `*written` > `len` and the buffer
//!   holds an empty string; with a buffer of exactly `*written` bytes the call succeeds;
//! - out-handles are NULL after a failed constructor;
//! - the record API (`variants_record_*`) on a record slot: a record's own JSON loads again;
//! - every move listed by `variants_game_legal_moves` plays with `VARIANTS_OK`, and the
//!   position text after it re-reads through `variants_game_from_text`.
//!
//! Input: one op byte, one slot byte and the op's arguments per call, up to 24 calls (as many
//! as the input holds). `-max_len`: 256 bytes (`fuzz/fuzz_targets/c_api.options`;
//! [`MAX_LEN`]): 24 calls with short arguments (a long text is a run of one byte, made from
//! two: up to 16 KB).

use crate::Bytes;
use std::ffi::{CString, c_char};
use std::ptr;
use variant_ffi::*;

/// The target's `-max_len` (`fuzz/fuzz_targets/c_api.options` says the same).
pub const MAX_LEN: usize = 256;

const GUARD: u8 = 0xA5;
const SLOTS: usize = 4;

/// Turns a result into a checked value: never a panic.
pub(crate) fn ok(rc: variants_result, call: &str) -> variants_result {
    assert_ne!(
        rc,
        variants_result::VARIANTS_PANIC,
        "{call} panicked inside the library"
    );
    rc
}

/// A string argument: NULL, a game name, or arbitrary bytes up to a NUL.
pub(crate) enum Arg {
    Null,
    Text(CString),
}

impl Arg {
    pub(crate) fn ptr(&self) -> *const c_char {
        match self {
            Arg::Null => ptr::null(),
            Arg::Text(s) => s.as_ptr(),
        }
    }
}

/// Names offered besides the games of the registry: no game, and a near miss.
const FAKE_NAMES: &[&str] = &["", "chess"];
const CONFIGS: &[&str] = &[
    "heights=1",
    "heights=2;removal=off",
    "{\"heights\": 3}",
    "players=3",
    "ruleset=chess-t-2020",
    "capture=free;heights=1",
    "{",
    "heights=",
];

/// Reads a string argument: byte 0 → NULL, 1 → a known game name, 2 → a known configuration,
/// else up to `n` raw bytes (interior NULs end it, as they would in C).
pub(crate) fn arg(bytes: &mut Bytes<'_>) -> Arg {
    match bytes.byte() % 6 {
        0 => Arg::Null,
        1 => {
            let names = crate::game_names();
            let i = bytes.below(names.len() + FAKE_NAMES.len());
            let name = names
                .get(i)
                .or_else(|| FAKE_NAMES.get(i - names.len()))
                .copied();
            Arg::Text(CString::new(name.unwrap_or_default()).unwrap_or_default())
        }
        2 => Arg::Text(CString::new(CONFIGS[bytes.below(CONFIGS.len())]).unwrap_or_default()),
        3 => {
            // A long run of one byte (huge texts, 10 000-character moves).
            let n = usize::from(bytes.byte()) * 64;
            let b = bytes.byte().max(1);
            Arg::Text(CString::new(vec![b; n]).unwrap_or_default())
        }
        _ => {
            let n = bytes.below(48);
            let raw: Vec<u8> = (0..n)
                .map(|_| bytes.byte())
                .take_while(|&b| b != 0)
                .collect();
            Arg::Text(CString::new(raw).unwrap_or_default())
        }
    }
}

/// A caller buffer of `len` bytes followed by guard bytes.
struct Buffer {
    bytes: Vec<u8>,
    len: usize,
}

impl Buffer {
    fn new(len: usize) -> Self {
        Buffer {
            bytes: vec![GUARD; len + 16],
            len,
        }
    }
}

/// Calls a text-writing export with a buffer shaped by the input and checks the protocol;
/// returns the text on success.
pub(crate) fn text_call(
    bytes: &mut Bytes<'_>,
    name: &str,
    call: &mut dyn FnMut(*mut c_char, usize, *mut usize) -> variants_result,
) -> Option<String> {
    let shape = bytes.byte();
    let mut written = usize::MAX;
    match shape % 8 {
        // No `written`: must be refused, never written through.
        0 => {
            let mut buf = Buffer::new(8);
            let rc = ok(
                call(buf.bytes.as_mut_ptr().cast(), buf.len, ptr::null_mut()),
                name,
            );
            assert_eq!(
                rc,
                variants_result::VARIANTS_NULL_ARGUMENT,
                "{name} with written NULL"
            );
            assert!(
                buf.bytes.iter().all(|&b| b == GUARD),
                "{name} wrote with written NULL"
            );
            None
        }
        // NULL buffer with a length: refused.
        1 => {
            let rc = ok(
                call(ptr::null_mut(), usize::from(bytes.byte()) + 1, &mut written),
                name,
            );
            assert_ne!(
                rc,
                variants_result::VARIANTS_OK,
                "{name} accepted a NULL buffer of length > 0"
            );
            None
        }
        // Ask for the size, then call with exactly that size.
        2 | 3 => {
            let rc = ok(call(ptr::null_mut(), 0, &mut written), name);
            if rc != variants_result::VARIANTS_BUFFER_TOO_SMALL {
                return None;
            }
            assert!(
                written >= 1,
                "{name}: needed size {written} leaves no room for the NUL"
            );
            let mut buf = Buffer::new(written);
            let mut again = usize::MAX;
            let rc = ok(
                call(buf.bytes.as_mut_ptr().cast(), buf.len, &mut again),
                name,
            );
            assert_eq!(
                rc,
                variants_result::VARIANTS_OK,
                "{name} with the size it asked for"
            );
            assert_eq!(
                again, written,
                "{name}: the needed size changed between calls"
            );
            checked_text(&buf, again, name)
        }
        // A small buffer of arbitrary size.
        _ => {
            let mut buf = Buffer::new(usize::from(bytes.byte()));
            let rc = ok(
                call(buf.bytes.as_mut_ptr().cast(), buf.len, &mut written),
                name,
            );
            assert!(
                buf.bytes[buf.len..].iter().all(|&b| b == GUARD),
                "{name} wrote past the end of a {}-byte buffer",
                buf.len
            );
            match rc {
                variants_result::VARIANTS_OK => checked_text(&buf, written, name),
                variants_result::VARIANTS_BUFFER_TOO_SMALL => {
                    assert!(
                        written > buf.len,
                        "{name}: too small, yet {written} fits {}",
                        buf.len
                    );
                    if buf.len > 0 {
                        assert_eq!(
                            buf.bytes[0], 0,
                            "{name}: a too-small buffer holds no empty string"
                        );
                    }
                    None
                }
                _ => None,
            }
        }
    }
}

fn checked_text(buf: &Buffer, written: usize, name: &str) -> Option<String> {
    assert!(
        buf.bytes[buf.len..].iter().all(|&b| b == GUARD),
        "{name} wrote past the buffer"
    );
    assert!(
        written >= 1 && written <= buf.len,
        "{name}: written {written} of {}",
        buf.len
    );
    let text = &buf.bytes[..written - 1];
    assert_eq!(buf.bytes[written - 1], 0, "{name}: no NUL at written - 1");
    assert!(!text.contains(&0), "{name}: a NUL inside the text");
    match std::str::from_utf8(text) {
        Ok(s) => Some(s.to_string()),
        Err(e) => panic!("{name} wrote invalid UTF-8: {e}"),
    }
}

fn new_handle(
    slots: &mut [*mut variants_game; SLOTS],
    slot: usize,
    rc: variants_result,
    out: *mut variants_game,
    name: &str,
) {
    if rc == variants_result::VARIANTS_OK {
        assert!(!out.is_null(), "{name}: OK but a NULL handle");
        variants_game_free(slots[slot]);
        slots[slot] = out;
    } else {
        assert!(out.is_null(), "{name} failed ({rc:?}) but left a handle");
    }
}

/// One execution of the target on fuzz input `data` (panics on a broken invariant).
pub fn run(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let mut slots: [*mut variants_game; SLOTS] = [ptr::null_mut(); SLOTS];
    let mut record: *mut variants_record = ptr::null_mut();
    assert_eq!(variants_abi_version(), VARIANTS_ABI_VERSION);
    for _ in 0..24 {
        if bytes.is_empty() {
            break;
        }
        let op = bytes.byte();
        let slot = bytes.below(SLOTS);
        let handle = slots[slot];
        match op % 16 {
            0 => {
                let (game, config) = (arg(&mut bytes), arg(&mut bytes));
                let mut out: *mut variants_game = ptr::dangling_mut::<variants_game>();
                let rc = ok(variants_game_new(game.ptr(), config.ptr(), &mut out), "new");
                new_handle(&mut slots, slot, rc, out, "variants_game_new");
            }
            1 => {
                let (game, config, text) = (arg(&mut bytes), arg(&mut bytes), arg(&mut bytes));
                let mut out: *mut variants_game = ptr::dangling_mut::<variants_game>();
                let rc = ok(
                    variants_game_from_text(game.ptr(), config.ptr(), text.ptr(), &mut out),
                    "from_text",
                );
                new_handle(&mut slots, slot, rc, out, "variants_game_from_text");
            }
            2 => {
                let mut out: *mut variants_game = ptr::null_mut();
                let rc = ok(variants_game_clone(handle, &mut out), "clone");
                let target = bytes.below(SLOTS);
                new_handle(&mut slots, target, rc, out, "variants_game_clone");
            }
            3 => {
                variants_game_free(handle);
                slots[slot] = ptr::null_mut();
            }
            4 => {
                let text = text_call(&mut bytes, "to_text", &mut |b, l, w| {
                    variants_game_to_text(handle, b, l, w)
                });
                let name = text_call(&mut bytes, "name", &mut |b, l, w| {
                    variants_game_name(handle, b, l, w)
                });
                let config = text_call(&mut bytes, "config", &mut |b, l, w| {
                    variants_game_config(handle, b, l, w)
                });
                // A position's own text, game name and configuration make the same position.
                if let (Some(text), Some(name), Some(config)) = (text, name, config) {
                    let (t, n, c) = (
                        CString::new(text.clone()).unwrap_or_default(),
                        CString::new(name).unwrap_or_default(),
                        CString::new(config.clone()).unwrap_or_default(),
                    );
                    let mut out = ptr::null_mut();
                    let rc = ok(
                        variants_game_from_text(n.as_ptr(), c.as_ptr(), t.as_ptr(), &mut out),
                        "from_text",
                    );
                    assert_eq!(
                        rc,
                        variants_result::VARIANTS_OK,
                        "own text {text:?} under {config:?} does not re-read"
                    );
                    variants_game_free(out);
                }
            }
            5 => {
                // Play a listed move: it must be accepted.
                let mut needed = 0usize;
                if handle.is_null()
                    || variants_game_legal_moves(handle, ptr::null_mut(), 0, &mut needed)
                        != variants_result::VARIANTS_BUFFER_TOO_SMALL
                {
                    let _ = text_call(&mut bytes, "legal_moves", &mut |b, l, w| {
                        variants_game_legal_moves(handle, b, l, w)
                    });
                    continue;
                }
                let mut buf = vec![0u8; needed];
                let mut written = 0usize;
                let rc = ok(
                    variants_game_legal_moves(
                        handle,
                        buf.as_mut_ptr().cast(),
                        needed,
                        &mut written,
                    ),
                    "legal_moves",
                );
                assert_eq!(rc, variants_result::VARIANTS_OK);
                let list = String::from_utf8_lossy(&buf[..written.saturating_sub(1)]).into_owned();
                let moves: Vec<&str> = list.split('\n').filter(|m| !m.is_empty()).collect();
                let mut count = 0u64;
                assert_eq!(
                    ok(variants_game_legal_move_count(handle, &mut count), "count"),
                    variants_result::VARIANTS_OK
                );
                assert_eq!(
                    count,
                    moves.len() as u64,
                    "legal_move_count disagrees with legal_moves"
                );
                if let Some(m) = moves.get(bytes.below(moves.len().max(1))) {
                    let m = CString::new(*m).unwrap_or_default();
                    let rc = ok(variants_game_play(handle, m.as_ptr()), "play");
                    assert_eq!(
                        rc,
                        variants_result::VARIANTS_OK,
                        "a listed move {m:?} was refused"
                    );
                }
            }
            6 => {
                let mv = arg(&mut bytes);
                let mut before = 0u64;
                let had = variants_game_hash(handle, &mut before) == variants_result::VARIANTS_OK;
                let rc = ok(variants_game_play(handle, mv.ptr()), "play");
                if rc != variants_result::VARIANTS_OK && had {
                    let mut after = 0u64;
                    let _ = variants_game_hash(handle, &mut after);
                    assert_eq!(before, after, "a refused move changed the position");
                }
            }
            7 => {
                let null_out = bytes.byte().is_multiple_of(4);
                let mut n64 = 0u64;
                let mut n32 = 0u32;
                let p64: *mut u64 = if null_out { ptr::null_mut() } else { &mut n64 };
                let p32: *mut u32 = if null_out { ptr::null_mut() } else { &mut n32 };
                ok(
                    variants_game_legal_move_count(handle, p64),
                    "legal_move_count",
                );
                ok(variants_game_hash(handle, p64), "hash");
                ok(variants_game_side_to_move(handle, p32), "side_to_move");
                ok(variants_game_seat_count(handle, p32), "seat_count");
                let mut status = variants_status {
                    kind: variants_status_kind::VARIANTS_STATUS_ONGOING,
                    winner_seat: -1,
                    reason: variants_reason::VARIANTS_REASON_NONE,
                };
                let ps: *mut variants_status = if null_out {
                    ptr::null_mut()
                } else {
                    &mut status
                };
                ok(variants_game_status(handle, ps), "status");
            }
            8 => {
                let seat =
                    u32::from_le_bytes([bytes.byte(), bytes.byte() % 2, 0, bytes.byte() % 2]);
                let _ = text_call(&mut bytes, "seat_name", &mut |b, l, w| {
                    variants_game_seat_name(handle, seat, b, l, w)
                });
            }
            9 => {
                let depth = u32::from(bytes.byte() % 3);
                // Threads other than 1 build a thread pool per call: the costliest thing one
                // execution can do (and the same code path every time), so only 2 byte
                // values in 256 take it.
                let threads = match bytes.byte() {
                    0 => 0,
                    1 => 2,
                    _ => 1,
                };
                let mut nodes = 0u64;
                let rc = ok(
                    variants_game_perft(handle, depth, threads, &mut nodes),
                    "perft",
                );
                if rc == variants_result::VARIANTS_OK && depth == 1 {
                    let mut count = 0u64;
                    let _ = variants_game_legal_move_count(handle, &mut count);
                    assert_eq!(nodes, count, "perft 1 differs from the legal move count");
                }
            }
            10 => {
                let code = u32::from(bytes.byte()) | (u32::from(bytes.byte() % 2) << 31);
                let _ = text_call(&mut bytes, "status_message", &mut |b, l, w| {
                    variants_status_message(code, b, l, w)
                });
            }
            11 => {
                let _ = text_call(&mut bytes, "last_error_message", &mut |b, l, w| {
                    variants_last_error_message(b, l, w)
                });
            }
            12 => {
                let _ = text_call(&mut bytes, "games", &mut |b, l, w| variants_games(b, l, w));
            }
            14 => {
                // The record API: start a record, load one from JSON, play, undo, resign, draws.
                match bytes.byte() % 10 {
                    0 => {
                        let mut out: *mut variants_record = ptr::dangling_mut::<variants_record>();
                        let rc = ok(variants_record_new(handle, &mut out), "record_new");
                        if rc == variants_result::VARIANTS_OK {
                            variants_record_free(record);
                            record = out;
                        } else {
                            assert!(out.is_null(), "record_new failed but left a handle");
                        }
                    }
                    1 => {
                        let json = arg(&mut bytes);
                        let mut out: *mut variants_record = ptr::dangling_mut::<variants_record>();
                        let rc = ok(
                            variants_record_from_json(json.ptr(), &mut out),
                            "record_from_json",
                        );
                        if rc == variants_result::VARIANTS_OK {
                            variants_record_free(record);
                            record = out;
                        } else {
                            assert!(out.is_null(), "record_from_json failed but left a handle");
                        }
                    }
                    2 => {
                        let mv = arg(&mut bytes);
                        ok(variants_record_play(record, mv.ptr()), "record_play");
                    }
                    3 => {
                        ok(variants_record_undo(record), "record_undo");
                    }
                    4 => {
                        let seat = u32::from(bytes.byte());
                        ok(variants_record_resign(record, seat), "record_resign");
                    }
                    5 => {
                        ok(variants_record_agree_draw(record), "record_agree_draw");
                        let mut reason = variants_reason::VARIANTS_REASON_NONE;
                        ok(
                            variants_record_claim_draw(record, &mut reason),
                            "record_claim_draw",
                        );
                        ok(
                            variants_record_claimable_draw(record, &mut reason),
                            "record_claimable_draw",
                        );
                    }
                    6 => {
                        let mut count = 0u32;
                        ok(
                            variants_record_repetition_count(record, &mut count),
                            "record_repetition_count",
                        );
                        let mut status = variants_status {
                            kind: variants_status_kind::VARIANTS_STATUS_ONGOING,
                            winner_seat: -1,
                            reason: variants_reason::VARIANTS_REASON_NONE,
                        };
                        ok(variants_record_status(record, &mut status), "record_status");
                    }
                    7 => {
                        let mut out: *mut variants_game = ptr::dangling_mut::<variants_game>();
                        let rc = ok(
                            variants_record_position(record, &mut out),
                            "record_position",
                        );
                        new_handle(&mut slots, slot, rc, out, "variants_record_position");
                    }
                    8 => {
                        let _ = text_call(&mut bytes, "record_moves", &mut |b, l, w| {
                            variants_record_moves(record, b, l, w)
                        });
                    }
                    _ => {
                        // A record's own JSON loads again.
                        let json = text_call(&mut bytes, "record_to_json", &mut |b, l, w| {
                            variants_record_to_json(record, b, l, w)
                        });
                        if let Some(json) = json {
                            let c = CString::new(json.clone()).unwrap_or_default();
                            let mut out = ptr::null_mut();
                            let rc = ok(
                                variants_record_from_json(c.as_ptr(), &mut out),
                                "record_from_json",
                            );
                            assert_eq!(
                                rc,
                                variants_result::VARIANTS_OK,
                                "a record's own JSON does not load: {json}"
                            );
                            variants_record_free(out);
                        }
                    }
                }
            }
            _ => {
                // Out-parameter NULL on constructors.
                let (game, config) = (arg(&mut bytes), arg(&mut bytes));
                let rc = ok(
                    variants_game_new(game.ptr(), config.ptr(), ptr::null_mut()),
                    "new",
                );
                assert_ne!(
                    rc,
                    variants_result::VARIANTS_OK,
                    "new with out NULL succeeded"
                );
                let rc = ok(variants_game_clone(handle, ptr::null_mut()), "clone");
                assert_ne!(
                    rc,
                    variants_result::VARIANTS_OK,
                    "clone with out NULL succeeded"
                );
            }
        }
    }
    for handle in slots {
        variants_game_free(handle);
    }
    variants_record_free(record);
}
