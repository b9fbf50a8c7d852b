//! Fuzzing of the C API with proptest: arbitrary bytes as game names, configurations, position
//! texts and moves never make the library panic (no `VARIANTS_PANIC`) and give only the codes
//! documented for each function; random games played through the C API keep the position text
//! readable (`from_text(to_text(p))` writes `to_text(p)` again).

use proptest::prelude::*;
use std::ffi::{CStr, CString, c_char};
use std::ptr;
use variant_ffi::*;
use variant_games::registry;
use variants_result::*;

/// A C string from arbitrary non-NUL bytes (valid UTF-8 or not).
fn c_string(bytes: &[u8]) -> CString {
    CString::new(bytes.to_vec()).unwrap_or_default()
}

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

fn to_text(game: *const variants_game) -> String {
    read_text(|b, l, w| variants_game_to_text(game, b, l, w))
}

fn last_error() -> String {
    read_text(|b, l, w| variants_last_error_message(b, l, w))
}

/// Game names: the served ones, and arbitrary bytes.
fn game_names() -> impl Strategy<Value = Vec<u8>> {
    let names: Vec<Vec<u8>> = registry::games()
        .iter()
        .map(|g| g.name.as_bytes().to_vec())
        .collect();
    prop_oneof![
        3 => proptest::sample::select(names),
        1 => proptest::collection::vec(1u8..=255, 0..12),
    ]
}

/// Texts: printable ASCII (close to real notation), or arbitrary non-NUL bytes.
fn texts() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        "[ -~]{0,80}".prop_map(String::into_bytes),
        "[a-h1-8@/xpnbrqkPNBRQK =:,;{}\"-]{0,80}".prop_map(String::into_bytes),
        proptest::collection::vec(1u8..=255, 0..80),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn construction_from_arbitrary_bytes_gives_documented_codes(
        name in game_names(),
        config in texts(),
        text in texts(),
    ) {
        let (name, config, text) = (c_string(&name), c_string(&config), c_string(&text));
        let mut game = ptr::null_mut();
        let rc = variants_game_new(name.as_ptr(), config.as_ptr(), &mut game);
        prop_assert!(
            matches!(rc, VARIANTS_OK | VARIANTS_INVALID_UTF8 | VARIANTS_UNKNOWN_GAME
                | VARIANTS_BAD_CONFIG),
            "new: {rc:?}: {}", last_error()
        );
        prop_assert_eq!(rc == VARIANTS_OK, !game.is_null());
        prop_assert_eq!(rc == VARIANTS_OK, last_error().is_empty());
        variants_game_free(game);

        let mut game = ptr::null_mut();
        let rc = variants_game_from_text(name.as_ptr(), config.as_ptr(), text.as_ptr(), &mut game);
        prop_assert!(
            matches!(rc, VARIANTS_OK | VARIANTS_INVALID_UTF8 | VARIANTS_UNKNOWN_GAME
                | VARIANTS_BAD_CONFIG | VARIANTS_BAD_POSITION),
            "from_text: {rc:?}: {}", last_error()
        );
        prop_assert_eq!(rc == VARIANTS_OK, !game.is_null());
        variants_game_free(game);
    }

    #[test]
    fn random_games_through_the_c_api(
        game_index in 0usize..8,
        steps in proptest::collection::vec((any::<bool>(), any::<u16>(), texts()), 1..24),
    ) {
        let games = registry::games();
        prop_assume!(!games.is_empty());
        let name = CString::new(games[game_index % games.len()].name).unwrap_or_default();
        let mut game = ptr::null_mut();
        prop_assert_eq!(variants_game_new(name.as_ptr(), ptr::null(), &mut game), VARIANTS_OK);
        for (legal, pick, garbage) in steps {
            let before = to_text(game);
            let moves = read_text(|b, l, w| variants_game_legal_moves(game, b, l, w));
            let moves: Vec<&str> = moves.split('\n').filter(|m| !m.is_empty()).collect();
            let mut count = 0u64;
            prop_assert_eq!(variants_game_legal_move_count(game, &mut count), VARIANTS_OK);
            prop_assert_eq!(count, moves.len() as u64);
            if legal && !moves.is_empty() {
                let mv = CString::new(moves[usize::from(pick) % moves.len()]).unwrap_or_default();
                let rc = variants_game_play(game, mv.as_ptr());
                prop_assert_eq!(rc, VARIANTS_OK, "{:?}: {}", mv, last_error());
            } else {
                let mv = c_string(&garbage);
                let rc = variants_game_play(game, mv.as_ptr());
                prop_assert!(
                    matches!(rc, VARIANTS_OK | VARIANTS_INVALID_UTF8 | VARIANTS_BAD_MOVE
                        | VARIANTS_ILLEGAL_MOVE),
                    "play {:?}: {rc:?}: {}", mv, last_error()
                );
                if rc != VARIANTS_OK {
                    prop_assert_eq!(to_text(game), before, "a rejected move changed the position");
                }
            }
            // The text reads back to the same position.
            let text = CString::new(to_text(game)).unwrap_or_default();
            let mut copy = ptr::null_mut();
            let rc = variants_game_from_text(name.as_ptr(), ptr::null(), text.as_ptr(), &mut copy);
            prop_assert_eq!(rc, VARIANTS_OK, "{:?}: {}", text, last_error());
            prop_assert_eq!(to_text(copy), text.to_str().unwrap_or_default());
            variants_game_free(copy);
            let mut status = variants_status {
                kind: variants_status_kind::VARIANTS_STATUS_ONGOING,
                winner_seat: -1,
                reason: variants_reason::VARIANTS_REASON_NONE,
            };
            prop_assert_eq!(variants_game_status(game, &mut status), VARIANTS_OK);
            prop_assert_eq!(
                status.winner_seat >= 0,
                status.kind == variants_status_kind::VARIANTS_STATUS_WIN
            );
        }
        variants_game_free(game);
    }
}
