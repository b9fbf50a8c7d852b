//! The game-record functions (`variants_record_*`): NULL arguments, moves after the end, undo,
//! draws by agreement and claim, resignation, repetition, and the JSON round trip.

use std::ffi::{CStr, CString, c_char};
use std::ptr;
use variant_ffi::*;
use variant_games::registry;
use variants_result::*;

fn read_text(call: impl Fn(*mut c_char, usize, *mut usize) -> variants_result) -> String {
    let mut needed = 0usize;
    assert_eq!(
        call(ptr::null_mut(), 0, &mut needed),
        VARIANTS_BUFFER_TOO_SMALL
    );
    let mut buf = vec![0 as c_char; needed];
    assert_eq!(call(buf.as_mut_ptr(), needed, &mut needed), VARIANTS_OK);
    let bytes: Vec<u8> = buf.iter().map(|&c| c as u8).collect();
    CStr::from_bytes_until_nul(&bytes)
        .ok()
        .and_then(|s| s.to_str().ok())
        .unwrap_or_else(|| panic!("not a NUL-terminated UTF-8 text"))
        .to_string()
}

fn last_error() -> String {
    read_text(|b, l, w| variants_last_error_message(b, l, w))
}

fn first_game() -> CString {
    let games = registry::games();
    let first = games
        .first()
        .unwrap_or_else(|| panic!("build with at least one game"));
    CString::new(first.name).unwrap_or_default()
}

fn new_record(name: &CStr, config: &CStr) -> *mut variants_record {
    let mut game = ptr::null_mut();
    assert_eq!(
        variants_game_new(name.as_ptr(), config.as_ptr(), &mut game),
        VARIANTS_OK
    );
    let mut record = ptr::null_mut();
    assert_eq!(variants_record_new(game, &mut record), VARIANTS_OK);
    variants_game_free(game);
    record
}

fn status(record: *const variants_record) -> variants_status {
    let mut status = variants_status {
        kind: variants_status_kind::VARIANTS_STATUS_ONGOING,
        winner_seat: -1,
        reason: variants_reason::VARIANTS_REASON_NONE,
    };
    assert_eq!(variants_record_status(record, &mut status), VARIANTS_OK);
    status
}

fn position_text(record: *const variants_record) -> String {
    let mut game = ptr::null_mut();
    assert_eq!(variants_record_position(record, &mut game), VARIANTS_OK);
    let text = read_text(|b, l, w| variants_game_to_text(game, b, l, w));
    variants_game_free(game);
    text
}

fn first_legal_move(record: *const variants_record) -> CString {
    let mut game = ptr::null_mut();
    assert_eq!(variants_record_position(record, &mut game), VARIANTS_OK);
    let moves = read_text(|b, l, w| variants_game_legal_moves(game, b, l, w));
    variants_game_free(game);
    CString::new(moves.split('\n').next().unwrap_or_default()).unwrap_or_default()
}

#[test]
fn null_arguments() {
    let sentinel = std::ptr::NonNull::<variants_record>::dangling().as_ptr();
    let mut out = sentinel;
    assert_eq!(
        variants_record_new(ptr::null(), &mut out),
        VARIANTS_NULL_ARGUMENT
    );
    assert!(out.is_null());
    let mut out = sentinel;
    assert_eq!(
        variants_record_from_json(ptr::null(), &mut out),
        VARIANTS_NULL_ARGUMENT
    );
    assert!(out.is_null());
    let mut buf = [0 as c_char; 16];
    let mut n = 0;
    let mut game = ptr::null_mut();
    let mut count = 0;
    let mut reason = variants_reason::VARIANTS_REASON_NONE;
    let null = ptr::null_mut();
    assert_eq!(
        variants_record_to_json(null, buf.as_mut_ptr(), 16, &mut n),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_record_moves(null, buf.as_mut_ptr(), 16, &mut n),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_record_position(null, &mut game),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_record_play(null, c"e2e4".as_ptr()),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(variants_record_undo(null), VARIANTS_NULL_ARGUMENT);
    assert_eq!(
        variants_record_repetition_count(null, &mut count),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_record_claimable_draw(null, &mut reason),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_record_claim_draw(null, &mut reason),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(variants_record_agree_draw(null), VARIANTS_NULL_ARGUMENT);
    assert_eq!(variants_record_resign(null, 0), VARIANTS_NULL_ARGUMENT);
    assert_eq!(last_error(), "argument record is NULL");
    variants_record_free(ptr::null_mut());

    let record = new_record(&first_game(), c"");
    assert_eq!(
        variants_record_play(record, ptr::null()),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_record_status(record, ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_record_position(record, ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_record_to_json(record, ptr::null_mut(), 4, &mut n),
        VARIANTS_NULL_ARGUMENT
    );
    variants_record_free(record);
}

#[test]
fn moves_undo_and_json_round_trip() {
    let name = first_game();
    let record = new_record(&name, c"");
    let start = position_text(record);
    assert_eq!(
        variants_record_undo(record),
        VARIANTS_NOT_POSSIBLE,
        "undo at the start"
    );
    assert_eq!(
        variants_record_play(record, c"?? not a move".as_ptr()),
        VARIANTS_BAD_MOVE
    );

    let mut played = Vec::new();
    for _ in 0..3 {
        let mv = first_legal_move(record);
        assert_eq!(
            variants_record_play(record, mv.as_ptr()),
            VARIANTS_OK,
            "{}",
            last_error()
        );
        played.push(mv.to_str().unwrap_or_default().to_string());
    }
    let moves = read_text(|b, l, w| variants_record_moves(record, b, l, w));
    assert_eq!(moves, played.join("\n"));
    let mut count = 0;
    assert_eq!(
        variants_record_repetition_count(record, &mut count),
        VARIANTS_OK
    );
    assert_eq!(count, 1);

    // JSON round trip: the same record, the same position.
    let json = CString::new(read_text(|b, l, w| {
        variants_record_to_json(record, b, l, w)
    }))
    .unwrap_or_default();
    let mut copy = ptr::null_mut();
    assert_eq!(
        variants_record_from_json(json.as_ptr(), &mut copy),
        VARIANTS_OK
    );
    assert_eq!(position_text(copy), position_text(record));
    assert_eq!(
        read_text(|b, l, w| variants_record_moves(copy, b, l, w)),
        moves
    );
    variants_record_free(copy);

    for _ in 0..3 {
        assert_eq!(variants_record_undo(record), VARIANTS_OK);
    }
    assert_eq!(position_text(record), start);
    variants_record_free(record);

    let mut out = ptr::null_mut();
    for bad in [c"", c"{", c"[1, 2]", c"{\"game\": 3}"] {
        let rc = variants_record_from_json(bad.as_ptr(), &mut out);
        assert_eq!(rc, VARIANTS_BAD_RECORD, "{bad:?}: {}", last_error());
        assert!(out.is_null());
    }
    assert_eq!(
        variants_record_from_json(c"\xff".as_ptr(), &mut out),
        VARIANTS_INVALID_UTF8
    );
}

#[test]
fn agreement_resignation_and_moves_after_the_end() {
    let name = first_game();
    let record = new_record(&name, c"");
    let mut reason = variants_reason::VARIANTS_REASON_AGREEMENT;
    assert_eq!(
        variants_record_claimable_draw(record, &mut reason),
        VARIANTS_OK
    );
    assert_eq!(reason, variants_reason::VARIANTS_REASON_NONE);
    assert_eq!(
        variants_record_claim_draw(record, ptr::null_mut()),
        VARIANTS_NOT_POSSIBLE
    );

    assert_eq!(variants_record_agree_draw(record), VARIANTS_OK);
    let s = status(record);
    assert_eq!(s.kind, variants_status_kind::VARIANTS_STATUS_DRAW);
    assert_eq!(s.reason, variants_reason::VARIANTS_REASON_AGREEMENT);
    let mv = first_legal_move(record);
    assert_eq!(
        variants_record_play(record, mv.as_ptr()),
        VARIANTS_NOT_POSSIBLE
    );
    assert!(last_error().contains("over"), "{}", last_error());
    assert_eq!(variants_record_agree_draw(record), VARIANTS_NOT_POSSIBLE);
    assert_eq!(
        variants_record_undo(record),
        VARIANTS_OK,
        "undo takes back the agreement"
    );
    assert_eq!(
        status(record).kind,
        variants_status_kind::VARIANTS_STATUS_ONGOING
    );

    let mut seats = 0;
    let mut game = ptr::null_mut();
    assert_eq!(variants_record_position(record, &mut game), VARIANTS_OK);
    assert_eq!(variants_game_seat_count(game, &mut seats), VARIANTS_OK);
    variants_game_free(game);
    assert_eq!(
        variants_record_resign(record, seats),
        VARIANTS_INVALID_ARGUMENT
    );
    assert_eq!(
        variants_record_resign(record, u32::MAX),
        VARIANTS_INVALID_ARGUMENT
    );
    if seats == 2 {
        // Two players: the other seat wins by resignation.
        assert_eq!(
            variants_record_resign(record, 0),
            VARIANTS_OK,
            "{}",
            last_error()
        );
        let s = status(record);
        assert_eq!(s.kind, variants_status_kind::VARIANTS_STATUS_WIN);
        assert_eq!(s.winner_seat, 1);
        assert_eq!(s.reason, variants_reason::VARIANTS_REASON_RESIGNATION);
    }
    variants_record_free(record);
}

/// Threefold repetition in FIDE chess (chess3d with one height): knights out and back twice.
#[test]
fn chess3d_threefold_repetition_claim() {
    let record = new_record(c"chess3d", c"heights=1");
    for _ in 0..2 {
        for mv in [c"g1f3", c"g8f6", c"f3g1", c"f6g8"] {
            assert_eq!(
                variants_record_play(record, mv.as_ptr()),
                VARIANTS_OK,
                "{}",
                last_error()
            );
        }
    }
    let mut count = 0;
    assert_eq!(
        variants_record_repetition_count(record, &mut count),
        VARIANTS_OK
    );
    assert_eq!(count, 3, "the start position has occurred three times");
    let mut reason = variants_reason::VARIANTS_REASON_NONE;
    assert_eq!(
        variants_record_claimable_draw(record, &mut reason),
        VARIANTS_OK
    );
    assert_eq!(reason, variants_reason::VARIANTS_REASON_REPETITION);
    let mut claimed = variants_reason::VARIANTS_REASON_NONE;
    assert_eq!(
        variants_record_claim_draw(record, &mut claimed),
        VARIANTS_OK
    );
    assert_eq!(claimed, variants_reason::VARIANTS_REASON_REPETITION);
    let s = status(record);
    assert_eq!(s.kind, variants_status_kind::VARIANTS_STATUS_DRAW);
    assert_eq!(s.reason, variants_reason::VARIANTS_REASON_REPETITION);
    variants_record_free(record);
}
