//! Every export's error paths, called from Rust: NULL pointers, invalid UTF-8, buffers that
//! are too small, unknown games, bad configurations, positions and moves, out-of-range seats,
//! and the per-thread last error message. Tests that need a game use the first one the build
//! serves (chess3d-specific ones need the `chess3d` feature).

use std::ffi::{CStr, CString, c_char};
use std::ptr;
use variant_ffi::*;
use variant_games::registry;
use variant_games::variant_core::Game;
use variants_result::*;

/// The first game this build serves.
fn game_name() -> CString {
    let games = registry::games();
    let first = games
        .first()
        .unwrap_or_else(|| panic!("build variant-ffi with at least one game feature"));
    CString::new(first.name).unwrap_or_default()
}

/// A handle to the start position of `name` with `config`; panics unless that succeeds.
fn new_game(name: &CStr, config: Option<&CStr>) -> *mut variants_game {
    let mut game = ptr::null_mut();
    let config = config.map_or(ptr::null(), CStr::as_ptr);
    let rc = variants_game_new(name.as_ptr(), config, &mut game);
    assert_eq!(rc, VARIANTS_OK, "{}", last_error());
    assert!(!game.is_null());
    game
}

/// Reads a text through the buffer protocol: size query first, then the exact size.
fn read_text(
    what: &str,
    call: impl Fn(*mut c_char, usize, *mut usize) -> variants_result,
) -> String {
    let mut needed = 0usize;
    assert_eq!(
        call(ptr::null_mut(), 0, &mut needed),
        VARIANTS_BUFFER_TOO_SMALL,
        "{what}"
    );
    assert!(needed >= 1, "{what}: the size includes the NUL");
    let mut buf = vec![0x55 as c_char; needed];
    let mut written = 0usize;
    assert_eq!(
        call(buf.as_mut_ptr(), needed, &mut written),
        VARIANTS_OK,
        "{what}"
    );
    assert_eq!(
        written, needed,
        "{what}: *written on success is the size with the NUL"
    );
    let bytes: Vec<u8> = buf.iter().map(|&c| c as u8).collect();
    let text = CStr::from_bytes_until_nul(&bytes).unwrap_or_else(|e| panic!("{what}: no NUL: {e}"));
    assert_eq!(text.to_bytes().len() + 1, needed, "{what}: NUL at the end");
    text.to_str()
        .unwrap_or_else(|e| panic!("{what}: {e}"))
        .to_string()
}

fn last_error() -> String {
    read_text("last error", |buf, len, written| {
        variants_last_error_message(buf, len, written)
    })
}

fn to_text(game: *const variants_game) -> String {
    read_text("to_text", |buf, len, written| {
        variants_game_to_text(game, buf, len, written)
    })
}

fn legal_moves(game: *const variants_game) -> Vec<String> {
    let text = read_text("legal moves", |buf, len, written| {
        variants_game_legal_moves(game, buf, len, written)
    });
    text.split('\n')
        .filter(|m| !m.is_empty())
        .map(str::to_string)
        .collect()
}

/// Checks the buffer protocol's error paths of a text getter.
fn check_text_getter(what: &str, call: impl Fn(*mut c_char, usize, *mut usize) -> variants_result) {
    check_buffer_protocol(what, true, call);
}

/// The buffer protocol's error paths; `sets_last_error`: whether failures leave a message
/// (every getter but the two message readers).
fn check_buffer_protocol(
    what: &str,
    sets_last_error: bool,
    call: impl Fn(*mut c_char, usize, *mut usize) -> variants_result,
) {
    let text = read_text(what, &call);
    let needed = text.len() + 1;
    // One byte short: too small, "" in the buffer, the size needed in *written.
    let mut buf = vec![b'x' as c_char; needed + 4];
    let mut written = 0usize;
    assert_eq!(
        call(buf.as_mut_ptr(), needed - 1, &mut written),
        VARIANTS_BUFFER_TOO_SMALL
    );
    assert_eq!(written, needed, "{what}");
    if needed > 1 {
        assert_eq!(
            buf[0], 0,
            "{what}: the too-small buffer holds an empty string"
        );
    }
    if sets_last_error {
        assert!(last_error().contains(&format!("needs {needed}")), "{what}");
    }
    // Exactly the size: nothing written past the NUL.
    let mut buf = vec![b'x' as c_char; needed + 4];
    assert_eq!(call(buf.as_mut_ptr(), needed, &mut written), VARIANTS_OK);
    assert_eq!(buf[needed - 1], 0);
    assert_eq!(buf[needed], b'x' as c_char, "{what}: wrote past the text");
    // NULL written; NULL buffer with a length.
    assert_eq!(
        call(buf.as_mut_ptr(), buf.len(), ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );
    if sets_last_error {
        assert!(last_error().contains("written"));
    }
    assert_eq!(
        call(ptr::null_mut(), 8, &mut written),
        VARIANTS_NULL_ARGUMENT
    );
    if sets_last_error {
        assert!(last_error().contains("buf"));
    }
}

#[test]
fn abi_version_matches_the_header_constant() {
    assert_eq!(variants_abi_version(), VARIANTS_ABI_VERSION);
}

#[test]
fn status_messages() {
    for code in variants_result::ALL {
        let text = read_text("status message", |buf, len, written| {
            variants_status_message(code as u32, buf, len, written)
        });
        assert_eq!(text, code.message());
        assert!(!text.is_empty());
    }
    // Numbers are stable: spot-check the ABI.
    assert_eq!(VARIANTS_OK as u32, 0);
    assert_eq!(VARIANTS_BUFFER_TOO_SMALL as u32, 8);
    assert_eq!(VARIANTS_NOT_POSSIBLE as u32, 12);
    assert_eq!(VARIANTS_STOPPED as u32, 13);
    for (number, code) in variants_result::ALL.iter().enumerate() {
        assert_eq!(
            *code as usize, number,
            "codes are numbered 0, 1, 2, ... without gaps"
        );
    }
    let mut buf = [0 as c_char; 64];
    let mut written = 0;
    assert_eq!(
        variants_status_message(14, buf.as_mut_ptr(), buf.len(), &mut written),
        VARIANTS_INVALID_ARGUMENT
    );
    assert_eq!(
        variants_status_message(u32::MAX, buf.as_mut_ptr(), buf.len(), &mut written),
        VARIANTS_INVALID_ARGUMENT
    );
    check_buffer_protocol("status message", false, |buf, len, written| {
        variants_status_message(VARIANTS_BAD_POSITION as u32, buf, len, written)
    });
}

#[test]
fn status_message_keeps_the_last_error() {
    let mut game = ptr::null_mut();
    assert_eq!(
        variants_game_new(c"no-such-game".as_ptr(), ptr::null(), &mut game),
        VARIANTS_UNKNOWN_GAME
    );
    let message = last_error();
    let mut buf = [0 as c_char; 4];
    let mut written = 0;
    assert_eq!(
        variants_status_message(0, buf.as_mut_ptr(), buf.len(), &mut written),
        VARIANTS_BUFFER_TOO_SMALL
    );
    assert_eq!(
        last_error(),
        message,
        "reading the message twice gives it twice"
    );
}

#[test]
fn last_error_is_per_thread_and_cleared_by_success() {
    let name = game_name();
    let mut game = ptr::null_mut();
    assert_eq!(
        variants_game_new(c"no-such-game".as_ptr(), ptr::null(), &mut game),
        VARIANTS_UNKNOWN_GAME
    );
    let message = last_error();
    assert!(
        message.starts_with("unknown game \"no-such-game\""),
        "{message}"
    );
    assert!(
        message.contains(name.to_str().unwrap_or_default()),
        "lists known games: {message}"
    );

    // Another thread has its own (empty) message, and its failures do not touch ours.
    let other = std::thread::spawn(|| {
        let before = last_error();
        let mut game = ptr::null_mut();
        let rc = variants_game_new(ptr::null(), ptr::null(), &mut game);
        (before, rc, last_error())
    })
    .join()
    .unwrap_or_else(|_| panic!("thread panicked"));
    assert_eq!(other.0, "");
    assert_eq!(other.1, VARIANTS_NULL_ARGUMENT);
    assert_eq!(other.2, "argument game is NULL");
    assert_eq!(last_error(), message);

    // A successful call clears it.
    let game = new_game(&name, None);
    assert_eq!(last_error(), "");
    variants_game_free(game);
}

#[test]
fn last_error_message_follows_the_buffer_protocol() {
    let mut game = ptr::null_mut();
    assert_eq!(
        variants_game_new(c"no-such-game".as_ptr(), ptr::null(), &mut game),
        VARIANTS_UNKNOWN_GAME
    );
    check_buffer_protocol("last error", false, |buf, len, written| {
        variants_last_error_message(buf, len, written)
    });
    assert!(
        last_error().starts_with("unknown game"),
        "its own failures keep the message"
    );
}

#[test]
fn games_lists_the_registry() {
    let names: Vec<&str> = registry::games().iter().map(|g| g.name).collect();
    let text = read_text("games", |buf, len, written| {
        variants_games(buf, len, written)
    });
    assert_eq!(text, names.join("\n"));
    check_text_getter("games", |buf, len, written| {
        variants_games(buf, len, written)
    });
}

#[test]
fn new_errors() {
    let name = game_name();
    let sentinel = std::ptr::NonNull::<variants_game>::dangling().as_ptr();
    let cases: [(*const c_char, *const c_char, variants_result, &str); 8] = [
        (ptr::null(), ptr::null(), VARIANTS_NULL_ARGUMENT, "game"),
        (
            c"no-such-game".as_ptr(),
            ptr::null(),
            VARIANTS_UNKNOWN_GAME,
            "no-such-game",
        ),
        (
            c"chess\xff".as_ptr(),
            ptr::null(),
            VARIANTS_INVALID_UTF8,
            "UTF-8",
        ),
        (
            name.as_ptr(),
            c"no_such_key=1".as_ptr(),
            VARIANTS_BAD_CONFIG,
            "no_such_key",
        ),
        (
            name.as_ptr(),
            c"{\"no_such_key\": 1}".as_ptr(),
            VARIANTS_BAD_CONFIG,
            "no_such_key",
        ),
        (
            name.as_ptr(),
            c"{\"unterminated".as_ptr(),
            VARIANTS_BAD_CONFIG,
            "JSON",
        ),
        (
            name.as_ptr(),
            c"no equals sign".as_ptr(),
            VARIANTS_BAD_CONFIG,
            "configuration",
        ),
        (
            name.as_ptr(),
            c"a=\xc3".as_ptr(),
            VARIANTS_INVALID_UTF8,
            "config",
        ),
    ];
    for (game, config, expected, mention) in cases {
        let mut out = sentinel;
        assert_eq!(variants_game_new(game, config, &mut out), expected);
        assert!(out.is_null(), "*out is NULL after a failure");
        let message = last_error();
        assert!(
            message.contains(mention),
            "{expected:?}: {message:?} should mention {mention}"
        );
    }
    assert_eq!(
        variants_game_new(name.as_ptr(), ptr::null(), ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );
    assert!(last_error().contains("out"));
    // NULL, empty and blank configurations, and the empty JSON object, are the defaults.
    let default_text = to_text(new_game(&name, None));
    for config in [c"", c"  ", c"{}"] {
        let game = new_game(&name, Some(config));
        assert_eq!(to_text(game), default_text);
        variants_game_free(game);
    }
}

#[test]
fn from_text_errors_and_round_trip() {
    let name = game_name();
    let start = new_game(&name, None);
    let text = CString::new(to_text(start)).unwrap_or_default();
    let sentinel = std::ptr::NonNull::<variants_game>::dangling().as_ptr();

    let half = CString::new(&text.as_bytes()[..text.as_bytes().len() / 2]).unwrap_or_default();
    let cases: [(*const c_char, *const c_char, *const c_char, variants_result); 7] = [
        (
            ptr::null(),
            ptr::null(),
            text.as_ptr(),
            VARIANTS_NULL_ARGUMENT,
        ),
        (
            name.as_ptr(),
            ptr::null(),
            ptr::null(),
            VARIANTS_NULL_ARGUMENT,
        ),
        (
            c"nope".as_ptr(),
            ptr::null(),
            text.as_ptr(),
            VARIANTS_UNKNOWN_GAME,
        ),
        (
            name.as_ptr(),
            ptr::null(),
            c"\xe2\x82".as_ptr(),
            VARIANTS_INVALID_UTF8,
        ),
        (
            name.as_ptr(),
            ptr::null(),
            c"this is not a position".as_ptr(),
            VARIANTS_BAD_POSITION,
        ),
        (
            name.as_ptr(),
            ptr::null(),
            half.as_ptr(),
            VARIANTS_BAD_POSITION,
        ),
        (
            name.as_ptr(),
            c"no_such_key=1".as_ptr(),
            text.as_ptr(),
            VARIANTS_BAD_CONFIG,
        ),
    ];
    for (game, config, position, expected) in cases {
        let mut out = sentinel;
        assert_eq!(
            variants_game_from_text(game, config, position, &mut out),
            expected
        );
        assert!(out.is_null());
        if expected == VARIANTS_BAD_POSITION {
            assert!(
                last_error().starts_with("position text: "),
                "{}",
                last_error()
            );
        }
    }
    assert_eq!(
        variants_game_from_text(name.as_ptr(), ptr::null(), text.as_ptr(), ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );

    let mut copy = ptr::null_mut();
    assert_eq!(
        variants_game_from_text(name.as_ptr(), ptr::null(), text.as_ptr(), &mut copy),
        VARIANTS_OK
    );
    assert_eq!(to_text(copy), text.to_str().unwrap_or_default());
    variants_game_free(copy);
    variants_game_free(start);
}

#[test]
fn clone_and_free() {
    let name = game_name();
    let game = new_game(&name, None);
    let sentinel = std::ptr::NonNull::<variants_game>::dangling().as_ptr();
    let mut out = sentinel;
    assert_eq!(
        variants_game_clone(ptr::null(), &mut out),
        VARIANTS_NULL_ARGUMENT
    );
    assert!(out.is_null());
    assert_eq!(
        variants_game_clone(game, ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );

    // The copy is independent: a move on it leaves the original as it was.
    let mut copy = ptr::null_mut();
    assert_eq!(variants_game_clone(game, &mut copy), VARIANTS_OK);
    let before = to_text(game);
    let first = CString::new(legal_moves(copy)[0].clone()).unwrap_or_default();
    assert_eq!(variants_game_play(copy, first.as_ptr()), VARIANTS_OK);
    assert_ne!(to_text(copy), before);
    assert_eq!(to_text(game), before);
    variants_game_free(copy);
    variants_game_free(game);
    variants_game_free(ptr::null_mut()); // accepted
}

#[test]
fn text_getters_follow_the_buffer_protocol() {
    let name = game_name();
    let game = new_game(&name, None);
    let rust = registry::new_game(name.to_str().unwrap_or_default(), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(to_text(game), rust.to_text());
    assert_eq!(legal_moves(game), rust.legal_move_texts());

    check_text_getter("to_text", |b, l, w| variants_game_to_text(game, b, l, w));
    check_text_getter("legal_moves", |b, l, w| {
        variants_game_legal_moves(game, b, l, w)
    });
    check_text_getter("name", |b, l, w| variants_game_name(game, b, l, w));
    check_text_getter("config", |b, l, w| variants_game_config(game, b, l, w));
    check_text_getter("seat_name", |b, l, w| {
        variants_game_seat_name(game, 0, b, l, w)
    });

    let mut buf = [0 as c_char; 64];
    let mut written = 0;
    type Getter =
        extern "C" fn(*const variants_game, *mut c_char, usize, *mut usize) -> variants_result;
    let getters: [Getter; 4] = [
        variants_game_to_text,
        variants_game_legal_moves,
        variants_game_name,
        variants_game_config,
    ];
    for getter in getters {
        assert_eq!(
            getter(ptr::null(), buf.as_mut_ptr(), buf.len(), &mut written),
            VARIANTS_NULL_ARGUMENT
        );
        assert_eq!(last_error(), "argument game is NULL");
    }
    assert_eq!(
        variants_game_seat_name(ptr::null(), 0, buf.as_mut_ptr(), buf.len(), &mut written),
        VARIANTS_NULL_ARGUMENT
    );
    // The name, the configuration read back, and the seats.
    let game_name_text = read_text("name", |b, l, w| variants_game_name(game, b, l, w));
    assert_eq!(game_name_text, name.to_str().unwrap_or_default());
    let config = CString::new(read_text("config", |b, l, w| {
        variants_game_config(game, b, l, w)
    }))
    .unwrap_or_default();
    let again = new_game(&name, Some(&config));
    assert_eq!(
        to_text(again),
        to_text(game),
        "the written configuration reads back"
    );
    variants_game_free(again);
    variants_game_free(game);
}

#[test]
fn seats() {
    let name = game_name();
    let game = new_game(&name, None);
    let rust = registry::new_game(name.to_str().unwrap_or_default(), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut count = 0u32;
    assert_eq!(variants_game_seat_count(game, &mut count), VARIANTS_OK);
    assert_eq!(count as usize, rust.seat_count());
    assert_eq!(
        variants_game_seat_count(ptr::null(), &mut count),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_game_seat_count(game, ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );

    for seat in 0..count {
        let label = read_text("seat", |b, l, w| {
            variants_game_seat_name(game, seat, b, l, w)
        });
        assert_eq!(label, rust.seat_name(variant_games::Seat(seat as u8)));
    }
    let mut buf = [0 as c_char; 64];
    let mut written = 0;
    for seat in [count, 255, 256, u32::MAX] {
        assert_eq!(
            variants_game_seat_name(game, seat, buf.as_mut_ptr(), buf.len(), &mut written),
            VARIANTS_INVALID_ARGUMENT
        );
        assert!(
            last_error().contains(&format!("seat {seat}")),
            "{}",
            last_error()
        );
    }

    let mut seat = u32::MAX;
    assert_eq!(variants_game_side_to_move(game, &mut seat), VARIANTS_OK);
    assert_eq!(seat, u32::from(rust.side_to_move().0));
    assert_eq!(
        variants_game_side_to_move(ptr::null(), &mut seat),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_game_side_to_move(game, ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );
    variants_game_free(game);
}

#[test]
fn play_errors_leave_the_position_unchanged() {
    let name = game_name();
    let game = new_game(&name, None);
    let start = to_text(game);
    let first = CString::new(legal_moves(game)[0].clone()).unwrap_or_default();

    assert_eq!(
        variants_game_play(ptr::null_mut(), first.as_ptr()),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_game_play(game, ptr::null()),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(last_error(), "argument move is NULL");
    assert_eq!(
        variants_game_play(game, c"e2\xfe".as_ptr()),
        VARIANTS_INVALID_UTF8
    );
    assert_eq!(
        variants_game_play(game, c"?? not a move ??".as_ptr()),
        VARIANTS_BAD_MOVE
    );
    assert!(last_error().contains("not a move"), "{}", last_error());
    assert_eq!(variants_game_play(game, c"".as_ptr()), VARIANTS_BAD_MOVE);
    assert_eq!(to_text(game), start);

    // The first legal move, played twice: the second time its piece has left the origin.
    assert_eq!(variants_game_play(game, first.as_ptr()), VARIANTS_OK);
    let after = to_text(game);
    assert_eq!(
        variants_game_play(game, first.as_ptr()),
        VARIANTS_ILLEGAL_MOVE
    );
    assert!(last_error().contains("illegal"), "{}", last_error());
    assert_eq!(to_text(game), after);
    variants_game_free(game);
}

#[test]
fn perft_counts_and_errors() {
    let name = game_name();
    let game = new_game(&name, None);
    let rust = registry::new_game(name.to_str().unwrap_or_default(), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    for depth in 0..=2 {
        for threads in [0, 1, 2, 3] {
            let mut nodes = u64::MAX;
            assert_eq!(
                variants_game_perft(game, depth, threads, &mut nodes),
                VARIANTS_OK
            );
            assert_eq!(
                nodes,
                variant_games::perft(&rust, depth),
                "depth {depth}, {threads} threads"
            );
        }
    }
    let mut nodes = 0;
    assert_eq!(
        variants_game_perft(ptr::null(), 1, 1, &mut nodes),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_game_perft(game, 1, 1, ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );
    // Over the depth limit: refused at once (such a count could not finish, and its recursion
    // overflowed the stack: a crash before the limit existed), with or without the stop form.
    for depth in [VARIANTS_PERFT_MAX_DEPTH + 1, u32::MAX] {
        for threads in [1, 2] {
            assert_eq!(
                variants_game_perft(game, depth, threads, &mut nodes),
                VARIANTS_INVALID_ARGUMENT
            );
            assert!(last_error().contains("limit of 64"), "{}", last_error());
            assert_eq!(
                variants_game_perft_ex(
                    game,
                    depth,
                    threads,
                    ptr::null(),
                    None,
                    ptr::null_mut(),
                    &mut nodes
                ),
                VARIANTS_INVALID_ARGUMENT
            );
        }
    }

    let mut count = 0u64;
    assert_eq!(
        variants_game_legal_move_count(game, &mut count),
        VARIANTS_OK
    );
    assert_eq!(count, variant_games::perft(&rust, 1));
    assert_eq!(
        variants_game_legal_move_count(ptr::null(), &mut count),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_game_legal_move_count(game, ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );
    variants_game_free(game);
}

#[test]
fn status_and_hash() {
    let name = game_name();
    let game = new_game(&name, None);
    let mut status = variants_status {
        kind: variants_status_kind::VARIANTS_STATUS_DRAW,
        winner_seat: 7,
        reason: variants_reason::VARIANTS_REASON_AGREEMENT,
    };
    assert_eq!(variants_game_status(game, &mut status), VARIANTS_OK);
    assert_eq!(status.kind, variants_status_kind::VARIANTS_STATUS_ONGOING);
    assert_eq!(status.winner_seat, -1);
    assert_eq!(status.reason, variants_reason::VARIANTS_REASON_NONE);
    assert_eq!(
        variants_game_status(ptr::null(), &mut status),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_game_status(game, ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );

    let mut hash = 0u64;
    assert_eq!(variants_game_hash(game, &mut hash), VARIANTS_OK);
    let copy = new_game(&name, None);
    let mut other = 1u64;
    assert_eq!(variants_game_hash(copy, &mut other), VARIANTS_OK);
    assert_eq!(hash, other, "equal positions hash equally");
    assert_eq!(
        variants_game_hash(ptr::null(), &mut hash),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_game_hash(game, ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );
    variants_game_free(copy);
    variants_game_free(game);
}

/// chess3d with one height is FIDE chess (rules "Equivalence with FIDE chess"): the well-known
/// perft 20 / 400 / 8902, fool's mate as a checkmate won by Black (seat 1), and a
/// configuration that disagrees with the position text.
#[test]
fn chess3d_as_fide_chess() {
    let game = new_game(c"chess3d", Some(c"{\"heights\": 1}"));
    assert_eq!(
        to_text(game),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    for (depth, expected) in [(1, 20), (2, 400), (3, 8902)] {
        let mut nodes = 0;
        assert_eq!(variants_game_perft(game, depth, 2, &mut nodes), VARIANTS_OK);
        assert_eq!(nodes, expected, "FIDE perft {depth}");
    }
    // Fool's mate.
    for mv in [c"f2f3", c"e7e5", c"g2g4", c"d8h4"] {
        assert_eq!(
            variants_game_play(game, mv.as_ptr()),
            VARIANTS_OK,
            "{}",
            last_error()
        );
    }
    let mut status = variants_status {
        kind: variants_status_kind::VARIANTS_STATUS_ONGOING,
        winner_seat: 0,
        reason: variants_reason::VARIANTS_REASON_NONE,
    };
    assert_eq!(variants_game_status(game, &mut status), VARIANTS_OK);
    assert_eq!(status.kind, variants_status_kind::VARIANTS_STATUS_WIN);
    assert_eq!(status.winner_seat, 1);
    assert_eq!(status.reason, variants_reason::VARIANTS_REASON_CHECKMATE);
    // The reason's words, for programs that show any outcome without the enum: checkmate is a
    // reason games share, so it has no rule id of a game's own.
    let reason = |part: u32| {
        read_text("status reason", |buf, len, written| {
            variants_game_status_reason(game, part, buf, len, written)
        })
    };
    assert_eq!(reason(0), "checkmate");
    assert_eq!(reason(1), "");
    assert_eq!(reason(2), "checkmate");
    let mut written = 0;
    assert_eq!(
        variants_game_status_reason(game, 3, ptr::null_mut(), 0, &mut written),
        VARIANTS_INVALID_ARGUMENT
    );
    assert!(last_error().contains("part 3"), "{}", last_error());
    assert_eq!(legal_moves(game), Vec::<String>::new());
    let mut count = 1;
    assert_eq!(
        variants_game_legal_move_count(game, &mut count),
        VARIANTS_OK
    );
    assert_eq!(count, 0);
    assert_eq!(
        variants_game_play(game, c"e1e2".as_ptr()),
        VARIANTS_ILLEGAL_MOVE
    );
    variants_game_free(game);

    // A one-height FEN with heights=2 given: the configuration disagrees with the text.
    let mut out = ptr::null_mut();
    let fen = c"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        variants_game_from_text(
            c"chess3d".as_ptr(),
            c"heights=2".as_ptr(),
            fen.as_ptr(),
            &mut out
        ),
        VARIANTS_BAD_CONFIG
    );
    assert!(last_error().contains("disagrees"), "{}", last_error());
    assert_eq!(
        variants_game_from_text(
            c"chess3d".as_ptr(),
            c"heights=1".as_ptr(),
            fen.as_ptr(),
            &mut out
        ),
        VARIANTS_OK
    );
    variants_game_free(out);
    // A bad rank in a FEN: the message says where.
    let bad = c"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        variants_game_from_text(c"chess3d".as_ptr(), ptr::null(), bad.as_ptr(), &mut out),
        VARIANTS_BAD_POSITION
    );
    assert!(out.is_null());
    assert!(
        last_error().starts_with("position text: "),
        "{}",
        last_error()
    );
}

/// `variants_game_move_search_exceeds`: true only for a checkers3d position whose capture
/// search is longer than the budget. The hand-counted position and hostile #50 are those of
/// `Checkers3d::capture_search_exceeds`'s documentation.
#[test]
fn move_search_exceeds_guards_hostile_checkers3d_texts() {
    let from_text = |text: &str| {
        let name = CString::new("checkers3d").unwrap();
        let text = CString::new(text).unwrap();
        let mut game = ptr::null_mut();
        assert_eq!(
            variants_game_from_text(name.as_ptr(), ptr::null(), text.as_ptr(), &mut game),
            VARIANTS_OK
        );
        game
    };
    let exceeds = |game: *const variants_game, steps: u64| {
        let mut out = false;
        assert_eq!(
            variants_game_move_search_exceeds(game, steps, &mut out),
            VARIANTS_OK
        );
        out
    };
    // A king on d4@1 takes c5@1 (landing b6@1 or a7@1) or e5@1 (f6@1, g7@1, h8@1): five
    // capture steps, none going on (D3-9, D3-10).
    let king = from_text("W:WKd4@1:Bc5@1,e5@1:H8:1/8");
    assert!(exceeds(king, 4));
    assert!(!exceeds(king, 5));
    let hostile = checkers3d::hostile::hostile_positions(12, 51)[50].to_text();
    let hostile = from_text(&hostile);
    assert!(exceeds(hostile, 1_000_000));
    // The start of the default game has no capture.
    let start = new_game(&CString::new("checkers3d").unwrap(), None);
    assert!(!exceeds(start, 0));
    // NULL arguments.
    let mut out = false;
    assert_eq!(
        variants_game_move_search_exceeds(ptr::null(), 1, &mut out),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_game_move_search_exceeds(king, 1, ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );
    for game in [king, hostile, start] {
        variants_game_free(game);
    }
}

/// In every game of the registry, at its start and at each position of its test position file,
/// `variants_game_move_search_exceeds` answers what the library's `Game::move_search_exceeds`
/// does, with no budget and with a small one; the start of every game needs no search (no game
/// starts with a capture to look for).
#[test]
fn move_search_exceeds_agrees_with_the_library_in_every_game() {
    for info in registry::games() {
        let name = CString::new(info.name).unwrap();
        let file = registry::test_positions(info.name).expect("a test position file");
        let mut positions: Vec<(String, Option<&str>)> = vec![(String::new(), None)];
        positions.extend(
            file.entries
                .iter()
                .filter(|e| e.position.is_some())
                .map(|e| (e.config.to_string(), e.position)),
        );
        for (config, position) in positions {
            let rust = match position {
                None => variant_games::new_game(info.name, &config),
                Some(text) => variant_games::from_text(info.name, &config, text),
            }
            .unwrap_or_else(|e| panic!("{}: {e}", info.name));
            let config_c = CString::new(config.as_str()).unwrap();
            let game = match position {
                None => new_game(&name, Some(&config_c)),
                Some(text) => {
                    let text = CString::new(text).unwrap();
                    let mut game = ptr::null_mut();
                    assert_eq!(
                        variants_game_from_text(
                            name.as_ptr(),
                            config_c.as_ptr(),
                            text.as_ptr(),
                            &mut game
                        ),
                        VARIANTS_OK
                    );
                    game
                }
            };
            for steps in [0, 1_000] {
                let mut out = !rust.move_search_exceeds(steps);
                assert_eq!(
                    variants_game_move_search_exceeds(game, steps, &mut out),
                    VARIANTS_OK
                );
                assert_eq!(
                    out,
                    rust.move_search_exceeds(steps),
                    "{} {position:?} {steps}",
                    info.name
                );
                if position.is_none() {
                    assert!(!out, "{}: the start needs a search", info.name);
                }
            }
            variants_game_free(game);
        }
    }
}
