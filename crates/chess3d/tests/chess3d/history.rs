//! Game records and hashing through `variant_core::History`: record → JSON → record,
//! record → binary → record, make/undo restoring the exact position and hash, the incremental
//! Zobrist hash against a recomputation and against the hash of the re-read text, and equal
//! hashes for equal positions reached by different move orders (C3-22).

use chess3d::{Chess3d, Chess3dConfig};
use proptest::prelude::*;
use variant_core::{DrawReason, Ending, Game, GameConfig, History, Seat, Status, binary};

const GEOMETRIES: &[(u8, u8, u8)] = &[
    (1, 1, 1),
    (2, 1, 2),
    (2, 2, 1),
    (3, 1, 3),
    (3, 2, 2),
    (8, 1, 8),
    (8, 1, 1),
    (8, 7, 3),
];

const REMOVALS: &[&str] = &["on", "off", "32,32,32,32,32,32,32", "0,30,-,24,0,28,32"];

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

/// A history of up to `plies` random legal moves from `start` (stops at the end of the game).
fn random_history(start: Chess3d, seed: u64, plies: usize) -> History<Chess3d> {
    let mut h = History::new(start);
    let mut state = seed;
    for _ in 0..plies {
        if h.status().is_over() {
            break;
        }
        let moves = legal(h.position());
        if moves.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        h.play(moves[((state >> 33) % moves.len() as u64) as usize])
            .unwrap();
    }
    h
}

fn same_game(a: &History<Chess3d>, b: &History<Chess3d>) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.action_texts(), b.action_texts());
    prop_assert_eq!(a.position().to_text(), b.position().to_text());
    prop_assert_eq!(a.position().zobrist(), b.position().zobrist());
    prop_assert_eq!(a.start().to_text(), b.start().to_text());
    prop_assert_eq!(a.ending(), b.ending());
    prop_assert_eq!(a.status(), b.status());
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

    /// Record → JSON → record and record → binary → record give the same moves, the same
    /// final position and the same ending; also from a non-standard start (a position reached
    /// by a playout, recorded as the start text).
    #[test]
    fn records_roundtrip(g in 0..GEOMETRIES.len(), r in 0..REMOVALS.len(), seed in any::<u64>(),
                         plies in 0usize..60, skip in 0usize..10, ending in 0u8..3) {
        let (h, lw, lb) = GEOMETRIES[g];
        let start = Chess3d::new(&config(h, lw, lb, REMOVALS[r])).unwrap();
        // A start position of its own: `skip` plies into a game.
        let first = random_history(start, seed ^ 1, skip);
        let mid = first.position().clone();
        let mut hist = random_history(mid, seed, plies);
        if !hist.status().is_over() {
            match ending {
                0 => {}
                1 => { hist.agree_draw().unwrap(); }
                _ => { hist.resign(hist.position().side_to_move()).unwrap(); }
            }
        }
        let json = hist.to_json();
        let back = History::<Chess3d>::from_json(&json)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{json}")))?;
        same_game(&hist, &back)?;
        let bytes = binary::encode(&hist);
        let back = binary::decode::<Chess3d>(&bytes)
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        same_game(&hist, &back)?;
        // The record's configuration is the start's (heights and base heights of the text).
        prop_assert_eq!(back.start().config().get("heights"), hist.start().config().get("heights"));
    }

    /// Make then undo through History restores the exact positions and hashes; every
    /// position's incremental hash equals the recomputed one and the hash of its re-read text.
    #[test]
    fn undo_and_hashes(g in 0..GEOMETRIES.len(), r in 0..REMOVALS.len(), seed in any::<u64>(), plies in 0usize..70) {
        let (h, lw, lb) = GEOMETRIES[g];
        let start = Chess3d::new(&config(h, lw, lb, REMOVALS[r])).unwrap();
        let mut hist = random_history(start, seed, plies);
        let snapshots: Vec<(String, u64)> =
            hist.positions().iter().map(|p| (p.to_text(), p.zobrist())).collect();
        for p in hist.positions() {
            prop_assert_eq!(p.recompute_zobrist(), p.zobrist(), "recomputed hash at {}", p.to_text());
            let again = Chess3d::from_text(p.config(), &p.to_text()).unwrap();
            prop_assert_eq!(again.zobrist(), p.zobrist(), "hash of the re-read text {}", p.to_text());
        }
        for i in (0..snapshots.len()).rev() {
            let (text, hash) = &snapshots[i];
            prop_assert_eq!(&hist.position().to_text(), text);
            prop_assert_eq!(hist.position().zobrist(), *hash);
            if i > 0 {
                hist.undo().unwrap();
            }
        }
        prop_assert!(hist.undo().is_err(), "undo at the start must fail");
    }
}

/// C3-22: equal positions reached by different move orders have equal hashes and count as a
/// repetition; the hash differs for a different position.
#[test]
fn c3_22_transpositions_hash_equal() {
    let start = Chess3d::new(&Chess3dConfig::default()).unwrap();
    let play = |moves: &[&str]| {
        let mut g = start.clone();
        for m in moves {
            g.play_text(m).unwrap();
        }
        g
    };
    let a = play(&["b1@1c3@1", "b8@8c6@8", "g1@1f3@1", "g8@8f6@8"]);
    let b = play(&["g1@1f3@1", "g8@8f6@8", "b1@1c3@1", "b8@8c6@8"]);
    assert_eq!(a.to_text(), b.to_text());
    assert_eq!(a.zobrist(), b.zobrist());
    assert_eq!(a.repetition_key(), b.repetition_key());
    let c = play(&["b1@1c3@1", "b8@8c6@8", "g1@1f3@1", "g8@8h6@8"]);
    assert_ne!(a.zobrist(), c.zobrist());
    // A knight that goes up and comes back: same position, same hash.
    let d = play(&["b1@1b3@2", "b8@8c6@8", "b3@2b1@1", "c6@8b8@8"]);
    assert_eq!(d.repetition_key(), start.repetition_key());
}

/// The perft table's key leaves out the en-passant cell that C3-15 writes after every double
/// step: 1. e4 Nc6 2. d4 and 1. d4 Nc6 2. e4 differ only in that cell (e.g. d3@1 against
/// e3@1, which no black pawn can reach), so their Zobrist hashes differ but their perft keys
/// and their legal moves are equal. A cell that can be used changes the legal moves, which the
/// table's second key compares.
#[test]
fn perft_key_ignores_the_en_passant_cell() {
    let start = Chess3d::new(&Chess3dConfig::default()).unwrap();
    let play = |moves: &[&str]| {
        let mut g = start.clone();
        for m in moves {
            g.play_text(m).unwrap();
        }
        g
    };
    let a = play(&["e2@1e4@1", "b8@8c6@8", "d2@1d4@1"]);
    let b = play(&["d2@1d4@1", "b8@8c6@8", "e2@1e4@1"]);
    assert_ne!(a.to_text(), b.to_text(), "the e.p. cells differ");
    assert_ne!(a.zobrist(), b.zobrist());
    assert_eq!(a.perft_key(), b.perft_key());
    let moves = |g: &Chess3d| {
        let mut v: Vec<String> = g.legal_moves().iter().map(|&m| g.format_move(m)).collect();
        v.sort();
        v
    };
    assert_eq!(moves(&a), moves(&b));
    // Without a double step the key is the Zobrist hash.
    let c = play(&["b1@1c3@1"]);
    assert_eq!(c.perft_key(), c.zobrist());
}

/// C3-22: a double step whose en-passant cell cannot be used repeats the position without
/// it: after 1. e2@1e4@1 (e.p. e3@1, no black pawn can take) and knight moves back and forth,
/// the history counts the positions as equal.
#[test]
fn c3_22_unusable_en_passant_cell_is_no_difference() {
    let start = Chess3d::new(&Chess3dConfig::default()).unwrap();
    let mut h = History::new(start);
    h.play_text("e2@1e4@1").unwrap();
    assert!(
        h.position().to_text().contains(" e3@1 "),
        "e.p. cell written after every double step"
    );
    for m in ["b8@8c6@8", "b1@1c3@1", "c6@8b8@8", "c3@1b1@1"] {
        h.play_text(m).unwrap();
    }
    // Black to move again with the same placement as after 1. e4, the e.p. cell now absent.
    assert_eq!(h.repetition_count(), 2);
}

/// C3-23 and records: endings survive the JSON and binary round trips; a draw claim after a
/// threefold repetition too.
#[test]
fn endings_roundtrip() {
    let start = Chess3d::new(&config(2, 1, 2, "on")).unwrap();
    let mut h = History::new(start);
    for _ in 0..2 {
        for m in ["b1@1c3@1", "b8@2c6@2", "c3@1b1@1", "c6@2b8@2"] {
            h.play_text(m).unwrap();
        }
    }
    assert_eq!(h.claim_draw().unwrap(), DrawReason::Repetition);
    assert_eq!(h.ending(), Some(Ending::Claim(DrawReason::Repetition)));
    for back in [
        History::<Chess3d>::from_json(&h.to_json()).unwrap(),
        binary::decode::<Chess3d>(&binary::encode(&h)).unwrap(),
    ] {
        assert_eq!(
            back.status(),
            Status::Draw {
                reason: DrawReason::Repetition
            }
        );
        assert_eq!(back.action_texts(), h.action_texts());
    }
    let mut r = History::new(Chess3d::new(&Chess3dConfig::default()).unwrap());
    r.play_text("e2@1e4@1").unwrap();
    r.resign(Seat(1)).unwrap();
    let back = History::<Chess3d>::from_json(&r.to_json()).unwrap();
    assert_eq!(back.ending(), Some(Ending::Resignation(Seat(1))));
    assert_eq!(back.status().winner(), Some(Seat(0)));
}

/// A JSON record with an illegal move, a wrong game name or a bad configuration is an error.
#[test]
fn bad_records_are_errors() {
    let mut h = History::new(Chess3d::new(&Chess3dConfig::default()).unwrap());
    h.play_text("e2@1e4@1").unwrap();
    let json = h.to_json();
    assert!(History::<Chess3d>::from_json(&json.replace("e2@1e4@1", "e2@1e5@1")).is_err());
    assert!(History::<Chess3d>::from_json(&json.replace("\"chess3d\"", "\"checkers3d\"")).is_err());
    assert!(
        History::<Chess3d>::from_json(&json.replace("\"heights\": \"8\"", "\"heights\": \"9\""))
            .is_err()
            || !json.contains("\"heights\": \"8\"")
    );
    assert!(History::<Chess3d>::from_json("{").is_err());
    let mut bytes = binary::encode(&h);
    bytes.push(0);
    assert!(binary::decode::<Chess3d>(&bytes).is_err(), "trailing byte");
    assert!(binary::decode::<Chess3d>(&[]).is_err());
}
