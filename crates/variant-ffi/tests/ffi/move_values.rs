//! Moves as values (`variants_game_moves`, `_play_move`, `_move_text`, `_parse_move`,
//! `_copy`), called from Rust: the values name the same moves as the text API, every value
//! that is not a legal move of the position is refused with the position unchanged, and
//! copies carry their position's values.

use std::ffi::{CStr, CString, c_char};
use std::ptr;
use variant_ffi::*;
use variant_games::registry;
use variants_result::*;

fn last_error() -> String {
    let mut buf = vec![0 as c_char; 4096];
    let mut written = 0;
    variants_last_error_message(buf.as_mut_ptr(), buf.len(), &mut written);
    let bytes: Vec<u8> = buf.iter().map(|&c| c as u8).collect();
    CStr::from_bytes_until_nul(&bytes)
        .map(|t| t.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn new_game(name: &str, config: &str) -> *mut variants_game {
    let name = CString::new(name).unwrap_or_default();
    let config = CString::new(config).unwrap_or_default();
    let mut game = ptr::null_mut();
    let rc = variants_game_new(name.as_ptr(), config.as_ptr(), &mut game);
    assert_eq!(rc, VARIANTS_OK, "{}", last_error());
    game
}

fn text(call: impl Fn(*mut c_char, usize, *mut usize) -> variants_result) -> String {
    let mut buf = vec![0 as c_char; 1 << 16];
    let mut written = 0;
    assert_eq!(
        call(buf.as_mut_ptr(), buf.len(), &mut written),
        VARIANTS_OK,
        "{}",
        last_error()
    );
    let bytes: Vec<u8> = buf.iter().map(|&c| c as u8).collect();
    CStr::from_bytes_until_nul(&bytes)
        .map(|t| t.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn position(game: *const variants_game) -> String {
    text(|b, l, w| variants_game_to_text(game, b, l, w))
}

fn values(game: *const variants_game) -> Vec<variants_move> {
    let mut count = 0;
    assert_eq!(
        variants_game_moves(game, ptr::null_mut(), 0, &mut count),
        if count_of(game) == 0 {
            VARIANTS_OK
        } else {
            VARIANTS_BUFFER_TOO_SMALL
        }
    );
    let mut moves = vec![0; count];
    let mut again = 0;
    assert_eq!(
        variants_game_moves(game, moves.as_mut_ptr(), moves.len(), &mut again),
        VARIANTS_OK
    );
    assert_eq!(again, count);
    moves
}

fn count_of(game: *const variants_game) -> u64 {
    let mut n = 0;
    assert_eq!(variants_game_legal_move_count(game, &mut n), VARIANTS_OK);
    n
}

/// Every game of the registry under its default configuration and the configurations its test
/// position file tags `family` (one height for the 3D games, three players, rule switches):
/// positions with captures, promotions, passes and the like come quickly.
fn configurations() -> Vec<(&'static str, &'static str)> {
    let mut games = Vec::new();
    for info in registry::games() {
        games.push((info.name, ""));
        let file = registry::test_positions(info.name).expect("a test position file");
        games.extend(file.family().map(|e| (info.name, e.config)));
    }
    games
}

/// Walks a few plies of each game (always the move `step` of the list, so that different
/// walks reach different positions) and checks the values against the text API at each.
#[test]
fn values_name_the_listed_moves_and_play_like_their_texts() {
    for (name, config) in configurations() {
        for step in [0usize, 3, 7] {
            let game = new_game(name, config);
            let by_text = new_game(name, config);
            for ply in 0..24 {
                let listed = values(game);
                let texts = text(|b, l, w| variants_game_legal_moves(game, b, l, w));
                let texts: Vec<&str> = texts.split('\n').filter(|t| !t.is_empty()).collect();
                assert_eq!(listed.len(), texts.len(), "{name} ply {ply}");
                assert!(listed.iter().all(|&v| v != 0), "0 is never a move");
                let mut distinct = listed.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len(), listed.len(), "{name}: values are distinct");
                for (&value, &mv) in listed.iter().zip(&texts) {
                    let named = text(|b, l, w| variants_game_move_text(game, value, b, l, w));
                    assert_eq!(named, mv, "{name} ply {ply}: move_text in list order");
                    let mv_c = CString::new(mv).unwrap_or_default();
                    let mut parsed = 0;
                    assert_eq!(
                        variants_game_parse_move(game, mv_c.as_ptr(), &mut parsed),
                        VARIANTS_OK
                    );
                    assert_eq!(parsed, value, "{name} ply {ply}: parse_move of {mv}");
                }
                let Some(&value) = listed.get(step % listed.len().max(1)) else {
                    break;
                };
                let mv = CString::new(texts[step % texts.len()]).unwrap_or_default();
                assert_eq!(variants_game_play_move(game, value), VARIANTS_OK);
                assert_eq!(variants_game_play(by_text, mv.as_ptr()), VARIANTS_OK);
                assert_eq!(position(game), position(by_text), "{name} ply {ply}");
            }
            variants_game_free(game);
            variants_game_free(by_text);
        }
    }
}

/// Values that are no legal move of the position are refused, and the position stays as it
/// was: made-up numbers, values of another game, and stale values (listed in a child, played
/// in its parent, and the other way round).
#[test]
fn values_that_are_not_legal_here_are_refused() {
    let mut games: Vec<*mut variants_game> = Vec::new();
    for (name, config) in configurations() {
        games.push(new_game(name, config));
    }
    for (i, &game) in games.iter().enumerate() {
        let before = position(game);
        let own = values(game);
        let mut refused: Vec<variants_move> = vec![0, 1, u64::MAX, 0x0fff_ffff_ffff_ffff];
        // Values of the other games.
        for (j, &other) in games.iter().enumerate() {
            if j != i && !values(other).is_empty() {
                let theirs = values(other);
                refused.extend(theirs.iter().filter(|v| !own.contains(v)));
            }
        }
        // Every value with one bit flipped that is not itself a listed value.
        for &v in &own {
            for bit in 0..64 {
                let flipped = v ^ (1 << bit);
                if !own.contains(&flipped) {
                    refused.push(flipped);
                }
            }
        }
        // Stale values: the moves of a child position that are no moves of this one.
        let mut clone = ptr::null_mut();
        assert_eq!(variants_game_clone(game, &mut clone), VARIANTS_OK);
        if let Some(&first) = own.first() {
            assert_eq!(variants_game_play_move(clone, first), VARIANTS_OK);
            let grandchildren = values(clone);
            refused.extend(grandchildren.iter().filter(|v| !own.contains(v)));
            // And this position's values in the child.
            for &v in &own {
                if !grandchildren.contains(&v) {
                    let child_before = position(clone);
                    assert_eq!(variants_game_play_move(clone, v), VARIANTS_ILLEGAL_MOVE);
                    assert_eq!(position(clone), child_before);
                }
            }
        }
        variants_game_free(clone);
        assert!(refused.len() > 64);
        for value in refused {
            assert_eq!(
                variants_game_play_move(game, value),
                VARIANTS_ILLEGAL_MOVE,
                "value {value:#x}"
            );
            assert!(last_error().contains("move value"), "{}", last_error());
            let mut buf = [0 as c_char; 64];
            let mut written = 0;
            assert_eq!(
                variants_game_move_text(game, value, buf.as_mut_ptr(), buf.len(), &mut written),
                VARIANTS_ILLEGAL_MOVE
            );
            assert_eq!(position(game), before, "a refused value changes nothing");
        }
        // The listed values still play after all the refusals.
        for &v in &own {
            let mut copy = ptr::null_mut();
            assert_eq!(variants_game_clone(game, &mut copy), VARIANTS_OK);
            assert_eq!(variants_game_play_move(copy, v), VARIANTS_OK);
            variants_game_free(copy);
        }
    }
    for game in games {
        variants_game_free(game);
    }
}

/// `variants_game_copy`: same game only, the copy is the same position (its values play), a
/// handle copied onto itself is unchanged, NULL is refused.
#[test]
fn copy_overwrites_a_position_of_the_same_game() {
    let names: Vec<&str> = registry::games().iter().map(|g| g.name).collect();
    for (i, name) in names.iter().enumerate() {
        let src = new_game(name, "");
        let first = values(src)[0];
        assert_eq!(variants_game_play_move(src, first), VARIANTS_OK);
        let dst = new_game(name, "");
        assert_eq!(variants_game_copy(dst, src), VARIANTS_OK);
        assert_eq!(position(dst), position(src));
        assert_eq!(values(dst), values(src));
        assert_eq!(variants_game_copy(dst, dst), VARIANTS_OK);
        assert_eq!(position(dst), position(src));
        assert_eq!(variants_game_copy(dst, ptr::null()), VARIANTS_NULL_ARGUMENT);
        assert_eq!(
            variants_game_copy(ptr::null_mut(), src),
            VARIANTS_NULL_ARGUMENT
        );
        if let Some(other) = names.get(i + 1) {
            let other = new_game(other, "");
            let before = position(dst);
            assert_eq!(variants_game_copy(dst, other), VARIANTS_INVALID_ARGUMENT);
            assert!(last_error().contains(name), "{}", last_error());
            assert_eq!(position(dst), before);
            variants_game_free(other);
        }
        variants_game_free(src);
        variants_game_free(dst);
    }
}

/// NULL arguments and the buffer protocol of `variants_game_moves`.
#[test]
fn moves_null_arguments_and_small_arrays() {
    let name = registry::games()[0].name;
    let game = new_game(name, "");
    let n = usize::try_from(count_of(game)).unwrap_or(0);
    let mut count = 0;
    let mut small = vec![0u64; n - 1];
    assert_eq!(
        variants_game_moves(game, small.as_mut_ptr(), small.len(), &mut count),
        VARIANTS_BUFFER_TOO_SMALL
    );
    assert_eq!(count, n);
    assert!(small.iter().all(|&v| v == 0), "nothing written but *count");
    assert_eq!(
        variants_game_moves(ptr::null(), small.as_mut_ptr(), small.len(), &mut count),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_game_moves(game, ptr::null_mut(), 5, &mut count),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_game_moves(game, small.as_mut_ptr(), small.len(), ptr::null_mut()),
        VARIANTS_NULL_ARGUMENT
    );
    assert_eq!(
        variants_game_play_move(ptr::null_mut(), 1),
        VARIANTS_NULL_ARGUMENT
    );
    let mut out = 7;
    assert_eq!(
        variants_game_parse_move(game, c"zz9".as_ptr(), &mut out),
        VARIANTS_BAD_MOVE
    );
    assert_eq!(out, 0, "*out is 0 on failure");
    assert_eq!(
        variants_game_parse_move(game, ptr::null(), &mut out),
        VARIANTS_NULL_ARGUMENT
    );
    variants_game_free(game);
}
