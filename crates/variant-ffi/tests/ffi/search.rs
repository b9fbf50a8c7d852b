//! `variants_game_search` (move values), `variants_game_search_ex` (stop handle, progress) and
//! `variants_game_search_text`: the engine through the C API.

use std::ffi::{CStr, c_char, c_void};
use std::ptr;
use variant_ffi::*;

fn game(name: &CStr, config: &CStr, text: &CStr) -> *mut variants_game {
    let mut g: *mut variants_game = ptr::null_mut();
    let rc = variants_game_from_text(name.as_ptr(), config.as_ptr(), text.as_ptr(), &mut g);
    assert_eq!(rc, variants_result::VARIANTS_OK);
    g
}

/// C3-21 at one height (FIDE chess): Ra8# is a mate in one, scored as a win after one ply.
#[test]
fn search_text_finds_the_back_rank_mate() {
    let g = game(
        c"chess3d",
        c"heights=1",
        c"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    );
    let mut buf = [0 as c_char; 16];
    let (mut written, mut score) = (0usize, 0i32);
    let rc = variants_game_search_text(
        g,
        3,
        0,
        0,
        buf.as_mut_ptr(),
        buf.len(),
        &mut written,
        &mut score,
    );
    assert_eq!(rc, variants_result::VARIANTS_OK);
    let bytes: Vec<u8> = buf.iter().map(|&c| c as u8).collect();
    let text = CStr::from_bytes_until_nul(&bytes)
        .expect("NUL-terminated")
        .to_str()
        .expect("UTF-8");
    assert_eq!(text, "a1a8");
    assert_eq!(written, 5);
    assert_eq!(score, VARIANTS_MATE_SCORE - 1);
    variants_game_free(g);
}

#[test]
fn search_text_reports_bad_calls() {
    let g = game(
        c"chess3d",
        c"heights=1",
        c"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    );
    let mut buf = [0 as c_char; 16];
    let (mut written, mut score) = (0usize, 0i32);
    let no_limit =
        variants_game_search_text(g, 0, 0, 0, buf.as_mut_ptr(), 16, &mut written, &mut score);
    assert_eq!(no_limit, variants_result::VARIANTS_INVALID_ARGUMENT);
    let null = variants_game_search_text(
        ptr::null(),
        1,
        0,
        0,
        buf.as_mut_ptr(),
        16,
        &mut written,
        &mut score,
    );
    assert_eq!(null, variants_result::VARIANTS_NULL_ARGUMENT);
    let small =
        variants_game_search_text(g, 0, 0, 2000, buf.as_mut_ptr(), 2, &mut written, &mut score);
    assert_eq!(small, variants_result::VARIANTS_BUFFER_TOO_SMALL);
    assert_eq!(written, 5);
    variants_game_free(g);
    // Fool's mate: White is mated, nothing to search.
    let over = game(
        c"chess3d",
        c"heights=1",
        c"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    );
    let rc = variants_game_search_text(
        over,
        2,
        0,
        0,
        buf.as_mut_ptr(),
        16,
        &mut written,
        &mut score,
    );
    assert_eq!(rc, variants_result::VARIANTS_NOT_POSSIBLE);
    variants_game_free(over);
}

/// C3-21: the value names Ra8#, the move `variants_game_moves` lists for a1a8, and playing it
/// mates (checked by the rules through `variants_game_status`).
#[test]
fn search_returns_the_mating_move_as_a_value() {
    let g = game(
        c"chess3d",
        c"heights=1",
        c"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    );
    let (mut best, mut score) = (0u64, 0i32);
    assert_eq!(
        variants_game_search(g, 3, 0, 0, &mut best, &mut score),
        variants_result::VARIANTS_OK
    );
    let mut listed = 0u64;
    assert_eq!(
        variants_game_parse_move(g, c"a1a8".as_ptr(), &mut listed),
        variants_result::VARIANTS_OK
    );
    assert_eq!(best, listed);
    assert_eq!(score, VARIANTS_MATE_SCORE - 1);
    let mut after: *mut variants_game = ptr::null_mut();
    assert_eq!(
        variants_game_clone(g, &mut after),
        variants_result::VARIANTS_OK
    );
    assert_eq!(
        variants_game_play_move(after, best),
        variants_result::VARIANTS_OK
    );
    let mut status = variants_status {
        kind: variants_status_kind::VARIANTS_STATUS_ONGOING,
        winner_seat: -1,
        reason: variants_reason::VARIANTS_REASON_NONE,
    };
    assert_eq!(
        variants_game_status(after, &mut status),
        variants_result::VARIANTS_OK
    );
    assert_eq!(status.kind, variants_status_kind::VARIANTS_STATUS_WIN);
    assert_eq!(status.winner_seat, 0);
    variants_game_free(after);
    variants_game_free(g);
}

// A C callback receives raw pointers: reading them is the unsafe part of the contract.
#[allow(unsafe_code)]
unsafe extern "C" fn count_depths(user: *mut c_void, progress: *const variants_search_progress) {
    // SAFETY: `user` is the `Vec` passed below, `progress` lives for the call.
    let (depths, p) = unsafe { (&mut *(user as *mut Vec<(u32, u64)>), &*progress) };
    depths.push((p.depth, p.best_move));
}

/// The progress callback hears every depth in order, each with a move value; a stop requested
/// before the call still gives a legal move and `VARIANTS_OK`; no limit without a stop handle
/// is refused; a failed call leaves 0 in `*best_move`.
#[test]
fn search_ex_reports_depths_and_honours_the_stop() {
    let g = game(
        c"chess3d",
        c"heights=1",
        c"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let (mut best, mut score) = (0u64, 0i32);
    let mut depths: Vec<(u32, u64)> = Vec::new();
    let rc = variants_game_search_ex(
        g,
        4,
        0,
        0,
        ptr::null(),
        Some(count_depths),
        (&mut depths as *mut Vec<(u32, u64)>).cast(),
        &mut best,
        &mut score,
    );
    assert_eq!(rc, variants_result::VARIANTS_OK);
    assert_eq!(depths.iter().map(|d| d.0).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert!(depths.iter().all(|d| d.1 != 0));
    assert_eq!(depths.last().map(|d| d.1), Some(best));

    let mut stop: *mut variants_stop = ptr::null_mut();
    assert_eq!(variants_stop_new(&mut stop), variants_result::VARIANTS_OK);
    assert_eq!(variants_stop_request(stop), variants_result::VARIANTS_OK);
    best = 0;
    let rc = variants_game_search_ex(
        g,
        0,
        0,
        0,
        stop,
        None,
        ptr::null_mut(),
        &mut best,
        &mut score,
    );
    assert_eq!(rc, variants_result::VARIANTS_OK);
    let mut copy: *mut variants_game = ptr::null_mut();
    assert_eq!(
        variants_game_clone(g, &mut copy),
        variants_result::VARIANTS_OK
    );
    assert_eq!(
        variants_game_play_move(copy, best),
        variants_result::VARIANTS_OK
    );
    variants_game_free(copy);
    variants_stop_free(stop);

    best = 99;
    let rc = variants_game_search_ex(
        g,
        0,
        0,
        0,
        ptr::null(),
        None,
        ptr::null_mut(),
        &mut best,
        &mut score,
    );
    assert_eq!(rc, variants_result::VARIANTS_INVALID_ARGUMENT);
    assert_eq!(best, 0);
    variants_game_free(g);
}
