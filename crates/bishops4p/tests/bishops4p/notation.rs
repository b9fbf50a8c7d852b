//! Notation (B4-50, B4-51): text and move round trips, configuration from text, history undo
//! and hashes, and malformed input rejected with clear errors (never a panic).

use crate::common;

use bishops4p::{Bishops, BishopsConfig, Phase};
use common::{START, config, moves, play, pos};
use proptest::prelude::*;
use variant_core::{Game, GameConfig, History, MoveError, Seat};

/// B4-51: the start text of the rules page round-trips exactly, in both directions.
#[test]
fn b4_51_start_text_round_trips() {
    let g = Bishops::new(&BishopsConfig::default()).unwrap();
    assert_eq!(g.to_text(), START);
    let back = Bishops::from_text(&BishopsConfig::default(), START).unwrap();
    assert_eq!(back.to_text(), START);
    assert_eq!(back.zobrist(), g.zobrist());
    // Three players: Grey's army absent, White's placements pending.
    let three = Bishops::new(&config(&[("players", "3")])).unwrap();
    let text = three.to_text();
    assert!(
        text.ends_with(" w wbp w:KQ,g:-,b:KQ,p:KQ - 0 0 short QN"),
        "{text}"
    );
    let back = Bishops::from_text(&BishopsConfig::default(), &text).unwrap();
    assert_eq!(back.to_text(), text);
    assert_eq!(back.config().get("players").as_deref(), Some("3"));
}

/// B4-51: what the text fixes overrides the configuration.
#[test]
fn b4_51_text_fixes_configuration() {
    let long = START.replace(" short -", " long -");
    let g = Bishops::from_text(&BishopsConfig::default(), &long).unwrap();
    assert_eq!(g.config().get("mode").as_deref(), Some("long"));
    let g = Bishops::from_text(&config(&[("players", "3"), ("castling", "off")]), START).unwrap();
    assert_eq!(g.config().get("players").as_deref(), Some("4"));
    assert_eq!(g.config().get("castling").as_deref(), Some("on"));
    let g = Bishops::from_text(&config(&[("en-passant", "off")]), START).unwrap();
    assert_eq!(g.config().get("en-passant").as_deref(), Some("off"));
}

/// B4-50: every legal move formats to a text that parses back to it, along a playout; the
/// position text round-trips at every step.
#[test]
fn b4_50_move_and_position_round_trips() {
    for players in ["4", "3"] {
        let mut g = Bishops::new(&config(&[("players", players), ("mode", "long")])).unwrap();
        for ply in 0..120 {
            let mut list = <Bishops as Game>::MoveList::default();
            g.legal_moves_into(&mut list);
            for &m in list.iter() {
                let text = g.format_move(m);
                assert_eq!(g.parse_move(&text), Ok(m), "{text}");
            }
            let text = g.to_text();
            let back = Bishops::from_text(&BishopsConfig::default(), &text).unwrap();
            assert_eq!(back.to_text(), text);
            assert_eq!(back.zobrist(), g.zobrist());
            if list.is_empty() {
                break;
            }
            let pick = list[(ply * 7 + 3) % list.len()];
            g.play_unchecked(pick);
        }
    }
}

/// B4-50: the parser accepts `-` and `x` between cells and the short placement form.
#[test]
fn b4_50_parser_variants() {
    let g = Bishops::new(&BishopsConfig::default()).unwrap();
    let m = g.parse_move("c2c4").unwrap();
    assert_eq!(g.parse_move("c2-c4"), Ok(m));
    assert_eq!(g.parse_move(" c2xc4 "), Ok(m));
    assert_eq!(g.format_move(m), "c2c4");
    let three = Bishops::new(&config(&[("players", "3")])).unwrap();
    let q = three.parse_move("Q@b7").unwrap();
    assert_eq!(three.format_move(q), "Qf1@b7");
    assert_eq!(three.parse_move("Qf1@b7"), Ok(q));
    assert_eq!(
        three.format_move(three.parse_move("Nd1@b4").unwrap()),
        "Nd1@b4"
    );
    // Castling is written as the king's move.
    let c = pos("wKg1 wRj1 gKa6 bKf12 pKl7", "w wgbp w:K - 0 0 short -");
    assert_eq!(c.format_move(c.parse_move("g1i1").unwrap()), "g1i1");
}

/// Malformed and illegal moves give clear errors.
#[test]
fn bad_moves_are_rejected_clearly() {
    let g = Bishops::new(&BishopsConfig::default()).unwrap();
    for text in [
        "", "c2", "c2c", "m2m4", "c2c13", "c0c1", "Xc2@b4", "Qz9@b4", "c2c4q", "pas",
    ] {
        assert!(
            matches!(g.parse_move(text), Err(MoveError::Malformed { .. })),
            "{text}"
        );
    }
    let e = g.parse_move("c3c4").unwrap_err().to_string();
    assert!(e.contains("no piece on c3"), "{e}");
    let e = g.parse_move("b3c3").unwrap_err().to_string();
    assert!(e.contains("grey"), "{e}");
    let e = g.parse_move("c2c5").unwrap_err().to_string();
    assert!(e.contains("cannot move"), "{e}");
    let e = g.parse_move("pass").unwrap_err().to_string();
    assert!(e.contains("B4-15"), "{e}");
    let e = g.parse_move("Q@b7").unwrap_err().to_string();
    assert!(e.contains("B4-23"), "{e}");
}

/// Malformed position texts give errors naming the place.
#[test]
fn bad_positions_are_rejected_clearly() {
    let cases: &[(&str, &str)] = &[
        ("", "9 fields"),
        ("a b c", "9 fields"),
        (&START.replacen("2,bR", "3,bR", 1), "rank 12"),
        (&START.replacen("2,bR", "2,xR", 1), "rank 12"),
        (&START.replacen("2,bR", "2,bZ", 1), "rank 12"),
        (&START.replacen(" w wgbp", " x wgbp", 1), "side to move"),
        (&START.replacen(" w wgbp", " w wbgp", 1), "active colours"),
        (
            &START.replacen(" w wgbp", " w wbp", 1),
            "grey is not active",
        ),
        (&START.replacen("w:KQ,", "w:KX,", 1), "castling"),
        (&START.replacen(" - 0 0", " z9w 0 0", 1), "en passant"),
        (&START.replacen(" - 0 0", " e3w 0 0", 1), "en passant"),
        (&START.replacen(" 0 0 short", " x 0 short", 1), "halfmove"),
        (&START.replacen(" short -", " medium -", 1), "phase"),
        (&START.replacen(" short -", " short QQ", 1), "placements"),
        (&START.replacen(" short -", " short QN", 1), "placements"),
        (&START.replacen("bK", "bQ", 1), "no king"),
        (
            &START.replacen(
                "wP,wP,wP,wP,wP,wP,wP,wP,2/2,wR",
                "wP,wP,wP,wP,wP,wP,wP,wP,2/wP,1,wR",
                1,
            ),
            "pawn",
        ),
        (&START.replacen(" short -", " duel -", 1), "duel"),
        (
            &START.replacen("2,bR", "18446744073709551615,bR", 1),
            "rank 12",
        ),
    ];
    for (text, needle) in cases {
        let e = Bishops::from_text(&BishopsConfig::default(), text)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("position text: "), "{e}");
        assert!(e.contains(needle), "{text:?}: {e} (wanted {needle:?})");
    }
}

/// B4-23 with B4-51: placements are pending only while White has not moved (its first two
/// turns are placements, or passes while it has none), so a text with placements pending and a
/// White piece off its start cell (other than a placed queen or knight in a3–b10) is refused.
/// The first text is the start of a fuzz crash found earlier: White's king on f1.
#[test]
fn b4_23_pending_placements_need_an_unmoved_white() {
    let three_long = config(&[("players", "3"), ("mode", "long")]);
    let crash = "bR,2,bN,bB,bK,1,bB,bN,bR,2/2,bP,bP,bP,bP,bQ,bP,bP,bP,pN,1/10,pP,pR/6,bP,3,pP,1/8,pP,2,pB/10,pP,pK/10,pP,1/8,pP,2,pB/1,wN,8,pP,pN/wQ,1,wP,wP,6,pP,1/4,wP,wP,wP,pQ,wP,wP,1,pR/2,wR,1,wB,wK,1,wB,wN,wR,2 p wbp w:-,g:-,b:Q,p:K - 2 0 long N";
    let e = Bishops::from_text(&three_long, crash)
        .unwrap_err()
        .to_string();
    assert!(e.contains("placements (field 9)"), "{e}");
    assert!(e.contains("B4-23"), "{e}");
    let start = Bishops::new(&three_long).unwrap().to_text();
    // Start cells per B4-4: queen f1, knights d1 and i1, pawns c2–j2.
    let refused: &[(String, &str)] = &[
        // A pawn stepped (c2c3) while both placements are pending.
        (
            start.replacen(
                "10,pP,pR/2,wP,wP,wP,wP,wP,wP,wP,wP,2/",
                "2,wP,7,pP,pR/3,wP,wP,wP,wP,wP,wP,wP,2/",
                1,
            ),
            "pawn stands on c3",
        ),
        // The queen is placed (only N pending) yet still on f1.
        (
            start.replacen(" long QN", " long N", 1),
            "queen stands on f1",
        ),
        // A knight is placed (only Q pending) yet both knights are on d1 and i1.
        (start.replacen(" long QN", " long Q", 1), "one knight"),
    ];
    for (text, needle) in refused {
        let e = Bishops::from_text(&three_long, text)
            .map(|g| g.to_text())
            .unwrap_err()
            .to_string();
        assert!(e.contains(needle), "{text}: {e} (wanted {needle:?})");
    }
    // Accepted: the queen placed on b7 (only N pending), Black to move.
    let mut g = Bishops::new(&three_long).unwrap();
    play(&mut g, &["Qf1@b7"]);
    let text = g.to_text();
    assert!(text.ends_with(" long N"), "{text}");
    assert_eq!(
        Bishops::from_text(&three_long, &text).unwrap().to_text(),
        text
    );
}

/// B4-21 with B4-23: a player who leaves the long game takes its pending placements along, so
/// the duel that follows writes a text that reads back (White left with a knight
/// placement pending and the duel's text kept it, which B4-51 refuses).
#[test]
fn b4_21_leaving_white_takes_its_placements_along() {
    let three_long = config(&[("players", "3"), ("mode", "long")]);
    for placed in [None, Some("Qf1@b7"), Some("Nd1@b4")] {
        let mut g = Bishops::new(&three_long).unwrap();
        if let Some(m) = placed {
            play(&mut g, &[m, "e11e10", "k5j5"]);
        }
        assert_eq!(g.side_to_move(), Seat(0));
        g.resign(Seat(0)).unwrap();
        assert_eq!(g.pending_placements(), (false, false));
        assert_eq!(g.active_seats(), vec![Seat(2), Seat(3)]);
        let text = g.to_text();
        assert!(text.ends_with(" duel -"), "{text}");
        let back = Bishops::from_text(&three_long, &text).unwrap();
        assert_eq!(back.to_text(), text);
    }
}

/// B4-22 with B4-23: when Black leaves before White's second turn (here it resigns; in the
/// fuzz input kept in `fuzz/regressions/records/` White's queen placement mated it), the duel
/// of White and Pink is ordinary chess: White's pending placements lapse, its next turn is an
/// ordinary move, and the duel's text (B4-51: no placements in the duel) reads back.
#[test]
fn b4_22_pending_placements_lapse_when_the_duel_starts() {
    let three_long = config(&[("players", "3"), ("mode", "long")]);
    for placed in [None, Some("Qf1@b7")] {
        let mut g = Bishops::new(&three_long).unwrap();
        if let Some(m) = placed {
            play(&mut g, &[m]);
        }
        g.resign(Seat(2)).unwrap();
        assert_eq!(g.active_seats(), vec![Seat(0), Seat(3)]);
        assert_eq!(g.phase(), Phase::Duel);
        assert_eq!(g.pending_placements(), (false, false), "after {placed:?}");
        let text = g.to_text();
        assert!(text.ends_with(" duel -"), "{text}");
        let back = Bishops::from_text(&three_long, &text).unwrap();
        assert_eq!(back.to_text(), text);
        if g.side_to_move() == Seat(3) {
            // Pink's migration move (B4-22: a piece outside the central zone moves towards it).
            let first = moves(&g).first().cloned().expect("Pink has a move");
            play(&mut g, &[first.as_str()]);
        }
        // White's turn: no placement (`…@…`) is offered, but ordinary moves are, such as the
        // knight d1 into the central zone (B4-22's migration moves pieces towards it).
        assert_eq!(g.side_to_move(), Seat(0));
        let list = moves(&g);
        assert!(list.iter().all(|m| !m.contains('@')), "{list:?}");
        assert!(list.contains(&"d1c3".to_string()), "{list:?}");
    }
}

/// B4-21 with B4-13: a long-game start text in which White (not the side to move) is already
/// mated: Pink's queen h2 checks the king g1, which has no escape. No move makes such a
/// position (a move may mate only the mover's left neighbour), but the reader accepts it; at
/// the next ply White leaves like a player left stuck by a removal, instead of being handed
/// the turn with no move (found by the fuzz target `position_text`; the input is kept in
/// `fuzz/regressions/position_text/`).
#[test]
fn b4_21_an_inherited_mate_removes_the_player_at_the_next_ply() {
    const TEXT: &str = "1,bR,1,bN,bB,bK,bQ,bB,1,bR,2/2,bP,2,bP,bP,bP,bP,bP,pN,1/gR,gP,8,pP,pR/\
        gN,gP,bP,1,bP,3,pP,3/gB,gP,7,pP,1,pB/1,gP,8,pP,pK/gK,2,gP,6,pP,pQ/gB,gP,8,pP,pB/\
        1,gP,1,gQ,2,wP,3,pP,pN/gR,gP,5,wN,pP,2,pR/1,gN,wP,wP,wP,wP,1,pQ,wP,wP,2/\
        2,wR,1,wB,wQ,wK,wB,1,wR,2 g wgbp w:KQ,g:KQ,b:Q,p:KQ - 1 0 long -";
    let long = config(&[("mode", "long")]);
    let g = Bishops::from_text(&long, TEXT).unwrap();
    assert_eq!(g.side_to_move(), Seat(1));
    assert!(g.is_in_check(Seat(0)));
    let grey_moves = moves(&g);
    assert!(!grey_moves.is_empty());
    for grey_move in grey_moves {
        let mut after = g.clone();
        play(&mut after, &[grey_move.as_str()]);
        assert!(
            !after.active_seats().contains(&Seat(0)),
            "{grey_move}: White is still on the board"
        );
        let text = after.to_text();
        let back = Bishops::from_text(&long, &text).unwrap();
        assert_eq!(back.to_text(), text);
    }
}

/// B4-6 with B4-22: pawns only move forward, so no game has a pawn behind its start line
/// (Black's on rank 12, White's on rank 1, Grey's on file a, Pink's on file l), and the reader
/// refuses one. Found by the fuzz target `position_text` (the input is kept in
/// `fuzz/regressions/position_text/`): a three-player long-game text with a Black pawn on i12
/// was read; Pink's mate of White then started the Black–Pink duel, which turns Black's pawns
/// east (B4-22), and i12 lies on the turned pawn's extreme line (rank 12): the duel's text
/// did not read again.
#[test]
fn b4_6_no_pawn_behind_its_start_line() {
    const TEXT: &str = "bR,2,bN,bB,bK,1,bB,bP,bR,2/2,bP,bR,bP,bP,bQ,bP,bQ,bP,pN,1/10,pP,pR/\
        6,bP,3,pP,1/8,pP,2,pB/10,pP,pK/10,pP,1/8,pP,2,pR/1,wN,8,pP,pN/wQ,1,wP,wP,6,pP,1/\
        4,wP,wP,wP,pQ,wP,wP,1,pR/2,wR,1,wB,wK,1,wB,wN,wR,2 p wbp w:-,g:-,b:Q,p:K - 1 0 long -";
    let long = config(&[("players", "3"), ("mode", "long")]);
    let err = Bishops::from_text(&long, TEXT).unwrap_err().to_string();
    assert!(
        err.contains("black pawn cannot stand on i12") && err.contains("behind its start line"),
        "{err}"
    );
    // The same text without that pawn is read, and every position one move later (Pink's
    // mates of White among them, which start the duel) reads again.
    let fixed = TEXT.replacen("bB,bP,bR,2/", "bB,1,bR,2/", 1);
    let g = Bishops::from_text(&long, &fixed).unwrap();
    let mut duels = 0;
    for m in moves(&g) {
        let mut after = g.clone();
        play(&mut after, &[m.as_str()]);
        duels += usize::from(after.phase() == Phase::Duel);
        let text = after.to_text();
        let back =
            Bishops::from_text(&long, &text).unwrap_or_else(|e| panic!("after {m}: {e}\n  {text}"));
        assert_eq!(back.to_text(), text);
    }
    assert!(duels > 0, "no move of Pink mates White here");
}

/// Huge counters saturate instead of overflowing.
#[test]
fn huge_counters_do_not_overflow() {
    let text = START.replace(" - 0 0 short", " - 4294967295 0 short");
    let mut g = Bishops::from_text(&BishopsConfig::default(), &text).unwrap();
    play(&mut g, &["d1c3"]);
    assert_eq!(g.halfmove_clock(), u32::MAX);
}

/// History: undo restores the position and its hash; repetitions are counted by the full state.
#[test]
fn history_undo_restores_position_and_hash() {
    let start = Bishops::new(&BishopsConfig::default()).unwrap();
    let mut h = History::new(start.clone());
    let hashes: Vec<u64> = {
        let mut v = vec![start.zobrist()];
        for m in [
            "d1c3", "a4c5", "d12c10", "l4j5", "c3d1", "c5a4", "c10d12", "j5l4",
        ] {
            h.play_text(m).unwrap();
            v.push(h.position().zobrist());
        }
        v
    };
    // The knights went out and back: the start repeats (same full state), twice now.
    assert_eq!(h.repetition_count(), 2);
    assert_eq!(
        h.position().to_text().split(' ').next(),
        start.to_text().split(' ').next()
    );
    for i in (0..8).rev() {
        h.undo().unwrap();
        assert_eq!(h.position().zobrist(), hashes[i]);
    }
    assert_eq!(h.position().to_text(), start.to_text());
    assert!(h.undo().is_err());
    // Resignation in the long game goes on without the army.
    let mut h = History::new(Bishops::new(&config(&[("mode", "long")])).unwrap());
    h.resign(Seat(2)).unwrap();
    assert!(!h.position().is_active(Seat(2)));
    assert_eq!(h.action_texts(), ["resign:2"]);
}

#[test]
fn serde_config_and_records() {
    let c = config(&[("mode", "long"), ("players", "3")]);
    let json = serde_json::to_string(&c).unwrap();
    let back: BishopsConfig = serde_json::from_str(&json).unwrap();
    assert_eq!(back, c);
    let mut h = History::new(Bishops::new(&c).unwrap());
    h.play_text("Q@b7").unwrap();
    h.play_text("e11e10").unwrap();
    let json = h.to_json();
    assert!(json.contains("Qf1@b7"), "{json}");
}

/// A finished game has no moves and rejects any move text.
#[test]
fn finished_game_rejects_moves() {
    let mut g = pos(
        "wKg1 wRa1 gKa6 bKf12 bRb12 pKl5 pRl7",
        "w wgbp - - 0 0 short -",
    );
    play(&mut g, &["a1a3"]);
    assert!(moves(&g).is_empty());
    let e = g.parse_move("a6a5").unwrap_err().to_string();
    assert!(e.contains("game is over"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Garbage never panics the parsers.
    #[test]
    fn garbage_never_panics(text in ".{0,200}") {
        let _ = Bishops::from_text(&BishopsConfig::default(), &text);
        let g = Bishops::new(&BishopsConfig::default()).unwrap();
        let _ = g.parse_move(&text);
    }

    /// Mutations of the start text never panic, and what is accepted round-trips.
    #[test]
    fn mutated_texts_never_panic(pos in 0usize..START.len(), ch in proptest::char::range(' ', '~')) {
        let mut text: Vec<char> = START.chars().collect();
        let i = pos % text.len();
        text[i] = ch;
        let text: String = text.into_iter().collect();
        if let Ok(g) = Bishops::from_text(&BishopsConfig::default(), &text) {
            let again = Bishops::from_text(&BishopsConfig::default(), &g.to_text()).unwrap();
            prop_assert_eq!(again.to_text(), g.to_text());
            let _ = variant_core::perft::perft(&g, 2);
        }
    }
}
