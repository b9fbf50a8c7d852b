//! Notation round trips (C3-50 … C3-52) and robustness: text → position → text, move → text →
//! move on random playouts, and malformed inputs (position texts, move texts, configuration
//! values, binary records, random bytes) that must give errors, never panics.

use crate::reference;

use chess3d::{Chess3d, Chess3dConfig};
use proptest::prelude::*;
use reference::{Pos, removal_table};
use variant_core::{Game, GameConfig, History, MoveError, binary};

const GEOMETRIES: &[(u8, u8, u8)] = &[
    (1, 1, 1),
    (2, 1, 2),
    (2, 2, 2),
    (3, 1, 3),
    (3, 3, 1),
    (8, 1, 8),
    (8, 1, 1),
    (8, 6, 2),
];

fn config(h: u8, lw: u8, lb: u8, removal: &str) -> Chess3dConfig {
    Chess3dConfig::from_pairs([
        ("heights", h.to_string().as_str()),
        ("white-base", lw.to_string().as_str()),
        ("black-base", lb.to_string().as_str()),
        ("removal", removal),
    ])
    .unwrap()
}

fn legal(g: &Chess3d) -> Vec<<Chess3d as Game>::Move> {
    let mut list = <Chess3d as Game>::MoveList::default();
    g.legal_moves_into(&mut list);
    list.to_vec()
}

/// A random playout of the engine from the start of a geometry; returns every position.
fn playout(g: usize, removal: &str, seed: u64, plies: usize) -> Vec<Chess3d> {
    let (h, lw, lb) = GEOMETRIES[g % GEOMETRIES.len()];
    let mut game = Chess3d::new(&config(h, lw, lb, removal)).unwrap();
    let mut out = vec![game.clone()];
    let mut state = seed;
    for _ in 0..plies {
        let moves = legal(&game);
        if moves.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        game.play_unchecked(moves[((state >> 33) % moves.len() as u64) as usize]);
        out.push(game.clone());
    }
    out
}

/// C3-52 and C3-51 on one position: the text reads back to the same position (text and
/// hash), every legal move's text parses back to the move (also with `-` and `x` between the
/// cells), and the reference reads the same text to the same text.
fn check_roundtrips(game: &Chess3d, removal: &str) -> Result<(), TestCaseError> {
    let text = game.to_text();
    let again = Chess3d::from_text(game.config(), &text)
        .map_err(|e| TestCaseError::fail(format!("engine refuses its own text {text}: {e}")))?;
    prop_assert_eq!(again.to_text(), text.clone());
    prop_assert_eq!(
        again.zobrist(),
        game.zobrist(),
        "hash of the re-read text {}",
        text
    );
    prop_assert_eq!(again.repetition_key(), game.repetition_key());
    let r = Pos::parse(&text, removal_table(removal)).map_err(TestCaseError::fail)?;
    prop_assert_eq!(r.to_text(), text.clone());
    let w = if game.heights() > 1 { 4 } else { 2 };
    for mv in legal(game) {
        let t = game.format_move(mv);
        prop_assert_eq!(game.parse_move(&t), Ok(mv), "move text {} at {}", t, text);
        let (from, to) = t.split_at(w);
        prop_assert_eq!(game.parse_move(&format!("{from}-{to}")), Ok(mv));
        prop_assert_eq!(game.parse_move(&format!("{from}x{to}")), Ok(mv));
    }
    Ok(())
}

/// Proptest cases: `default`, or `PROPTEST_CASES` from the environment for long hunts
/// (`PROPTEST_CASES=5000 cargo test --release -p chess3d`).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(32), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn text_and_move_roundtrips(g in 0usize..8, on in any::<bool>(), seed in any::<u64>(), plies in 0usize..60) {
        let removal = if on { "on" } else { "32,32,32,32,32,32,32" };
        for game in playout(g, removal, seed, plies) {
            check_roundtrips(&game, removal)?;
        }
    }

    /// Arbitrary strings as position texts, move texts and configuration values: an error or
    /// a value, never a panic. A text that is accepted reads back to itself.
    #[test]
    fn arbitrary_strings_never_panic(s in "\\PC{0,80}") {
        let c = Chess3dConfig::default();
        if let Ok(g) = Chess3d::from_text(&c, &s) {
            let t = g.to_text();
            prop_assert_eq!(Chess3d::from_text(g.config(), &t).map(|x| x.to_text()), Ok(t));
        }
        let start = Chess3d::new(&c).unwrap();
        let _ = start.parse_move(&s);
        let one = Chess3d::new(&config(1, 1, 1, "on")).unwrap();
        let _ = one.parse_move(&s);
        for key in ["heights", "white-base", "black-base", "removal", &s] {
            let mut c = Chess3dConfig::default();
            let _ = c.set(key, &s);
            let _ = c.validate();
        }
    }

    /// Strings made of notation characters (much more likely to get deep into the parsers).
    #[test]
    fn notation_like_strings_never_panic(s in "[a-h1-9@|/ wbKQRBNPkqrbnp0,x-]{0,120}") {
        let c = Chess3dConfig::default();
        if let Ok(g) = Chess3d::from_text(&c, &s) {
            let t = g.to_text();
            prop_assert_eq!(Chess3d::from_text(g.config(), &t).map(|x| x.to_text()), Ok(t));
            let _ = g.status();
            let _ = legal(&g);
        }
        let _ = Chess3d::new(&c).unwrap().parse_move(&s);
    }

    /// A valid text with one character replaced, deleted or inserted: an error or a valid
    /// position, never a panic; accepted texts read back to themselves, and their moves agree
    /// with the reference generator's when the reference also accepts the text.
    #[test]
    fn mutated_texts_never_panic(g in 0usize..8, seed in any::<u64>(), plies in 0usize..30,
                                 at in any::<prop::sample::Index>(), op in 0u8..3,
                                 ch in prop::sample::select(b"0123456789/|@,- wbKQRBNPkqrbnpx".to_vec())) {
        let games = playout(g, "on", seed, plies);
        let text = games.last().unwrap().to_text();
        let mut bytes = text.into_bytes();
        let i = at.index(bytes.len());
        match op {
            0 => bytes[i] = ch,
            1 => { bytes.remove(i); }
            _ => bytes.insert(i, ch),
        }
        let mutated = String::from_utf8(bytes).unwrap();
        let c = Chess3dConfig::default();
        if let Ok(game) = Chess3d::from_text(&c, &mutated) {
            let t = game.to_text();
            prop_assert_eq!(Chess3d::from_text(game.config(), &t).map(|x| x.to_text()), Ok(t.clone()));
            let _ = game.status();
            if let Ok(r) = Pos::parse(&t, removal_table("on")) {
                let mut e: Vec<String> = legal(&game).iter().map(|&m| game.format_move(m)).collect();
                e.sort();
                prop_assert_eq!(e, r.legal_texts(), "moves at mutated text {}", t);
            }
        }
    }

    /// Random bytes and mutated encodings as binary records: an error or a record, never a
    /// panic.
    #[test]
    fn binary_garbage_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200),
                                   seed in any::<u64>(), at in any::<prop::sample::Index>(), b in any::<u8>()) {
        let _ = binary::decode::<Chess3d>(&bytes);
        let mut with_version = vec![binary::FORMAT_VERSION];
        with_version.extend(&bytes);
        let _ = binary::decode::<Chess3d>(&with_version);
        // A real record with one byte changed.
        let mut h = History::new(Chess3d::new(&config(3, 1, 3, "on")).unwrap());
        let mut state = seed;
        for _ in 0..12 {
            let moves = legal(h.position());
            if moves.is_empty() {
                break;
            }
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            h.play(moves[((state >> 33) % moves.len() as u64) as usize]).unwrap();
        }
        let mut enc = binary::encode(&h);
        let i = at.index(enc.len());
        enc[i] = b;
        let _ = binary::decode::<Chess3d>(&enc);
        let _ = History::<Chess3d>::from_json(&String::from_utf8_lossy(&bytes));
    }
}

/// Malformed position texts named one by one: each is an error (with a message), not a panic.
#[test]
fn c3_52_malformed_positions_are_errors() {
    let c = Chess3dConfig::default();
    let two = "8/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/8";
    for bad in [
        "",
        " ",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - a 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2,2",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KK2 w - - 0 1",
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        "|",
        "8/8/8/8/8/8/8/4K3||4k3/8/8/8/8/8/8/8 w - - 0 1 1,3",
        &format!("{two} w - - 0 1 1"),
        &format!("{two} w - - 0 1 1,"),
        &format!("{two} w - - 0 1 0,2"),
        &format!("{two} w - - 0 1 1,2,3"),
        &format!("{two} w - - 0 1 a,b"),
        &format!("{two} w - e3@3 0 1 1,2"),
        &format!("{two} w - e3 0 1 1,2"),
        &format!("{two} w - - 0 1 1,2 extra"),
        &format!("{two}|{two}|{two}|{two}|8/8/8/8/8/8/8/8 w - - 0 1 1,2"),
    ] {
        match Chess3d::from_text(&c, bad) {
            Ok(g) => panic!("accepted {bad:?} as {}", g.to_text()),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

/// Malformed and illegal move texts (C3-51) are told apart.
#[test]
fn c3_51_malformed_moves_are_errors() {
    let g = Chess3d::new(&Chess3dConfig::default()).unwrap();
    for bad in [
        "",
        "e2",
        "e2@1",
        "e2@1e",
        "e2@1e4",
        "e2@1e4@",
        "e2@1e4@0",
        "i2@1e4@1",
        "e0@1e4@1",
        "e2@1e4@1qq",
        "e2@1e4@1k",
        "e2@1@e4@1",
        "e2@1 e4@1",
        "é2@1e4@1",
        "e2@1e4@1x",
    ] {
        match g.parse_move(bad) {
            Err(MoveError::Malformed { .. }) | Err(MoveError::Illegal { .. }) => {}
            Err(other) => panic!("{bad:?}: unexpected error kind {other:?}"),
            Ok(m) => panic!("{bad:?} accepted as {}", g.format_move(m)),
        }
    }
    for illegal in [
        "e2@1e5@1",
        "e2@1e4@2",
        "e1@1e2@1",
        "a1@1a1@2x",
        "e7@8e5@8",
        "e2@1e4@1q",
    ] {
        assert!(g.parse_move(illegal).is_err(), "{illegal}");
    }
    assert!(matches!(
        g.parse_move("e7@8e5@8"),
        Err(MoveError::Illegal { .. })
    ));
}
