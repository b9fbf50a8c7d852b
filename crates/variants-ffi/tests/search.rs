//! `variants_game_search`: the engine through the C API.

use std::ffi::{CStr, c_char};
use std::ptr;
use variants_ffi::*;

fn game(name: &CStr, config: &CStr, text: &CStr) -> *mut variants_game {
    let mut g: *mut variants_game = ptr::null_mut();
    let rc = variants_game_from_text(name.as_ptr(), config.as_ptr(), text.as_ptr(), &mut g);
    assert_eq!(rc, variants_result::VARIANTS_OK);
    g
}

/// C3-21 at one height (FIDE chess): Ra8# is a mate in one, scored as a win after one ply.
#[test]
fn search_finds_the_back_rank_mate() {
    let g = game(
        c"chess3d",
        c"heights=1",
        c"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    );
    let mut buf = [0 as c_char; 16];
    let (mut written, mut score) = (0usize, 0i32);
    let rc = variants_game_search(
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
fn search_reports_bad_calls() {
    let g = game(
        c"chess3d",
        c"heights=1",
        c"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    );
    let mut buf = [0 as c_char; 16];
    let (mut written, mut score) = (0usize, 0i32);
    let no_limit = variants_game_search(g, 0, 0, 0, buf.as_mut_ptr(), 16, &mut written, &mut score);
    assert_eq!(no_limit, variants_result::VARIANTS_INVALID_ARGUMENT);
    let null = variants_game_search(
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
    let small = variants_game_search(g, 0, 0, 2000, buf.as_mut_ptr(), 2, &mut written, &mut score);
    assert_eq!(small, variants_result::VARIANTS_BUFFER_TOO_SMALL);
    assert_eq!(written, 5);
    variants_game_free(g);
    // Fool's mate: White is mated, nothing to search.
    let over = game(
        c"chess3d",
        c"heights=1",
        c"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    );
    let rc = variants_game_search(
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
