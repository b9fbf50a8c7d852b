//! Notation (CT-50, CT-51), configuration keys, records, undo, hashing, and malformed input.

use crate::common;

use chess_t::{ChessT, ChessTConfig, Piece, Ruleset, START_TEXT};
use common::*;
use proptest::prelude::*;
use variant_core::{ConfigError, Game, GameConfig, History, MoveError, Seat};

#[test]
fn ct_51_position_text_round_trip() {
    for text in [
        START_TEXT,
        "rspck2r/nV1nnVnn/8/3P4/8/2p5/NNv1NvNN/R1PCK1SR b p 17 42",
        "4k3/8/8/8/8/8/8/4K3 w - 0 1",
        "2Pk4/8/8/8/8/8/8/4K3 b Pp 0 30",
    ] {
        let game = pos("ruleset=t1-2024", text);
        assert_eq!(game.to_text(), text);
    }
}

#[test]
fn ct_50_move_text_round_trip_and_case() {
    let game = ChessT::new(&ChessTConfig::default()).unwrap();
    let mut list = <ChessT as Game>::MoveList::default();
    game.legal_moves_into(&mut list);
    for &m in list.iter() {
        let text = game.format_move(m);
        assert_eq!(game.parse_move(&text), Ok(m));
        assert_eq!(game.parse_move(&text.to_uppercase()), Ok(m));
        assert_eq!(game.parse_move(&format!("  {text} ")), Ok(m));
    }
    let promo = pos("ruleset=t1-2024", "4k3/V7/8/8/8/8/8/4K3 w - 0 1");
    let m = promo.parse_move("a7a8C").unwrap();
    assert_eq!(m.choice(), Some(Piece::Connet));
    assert_eq!(promo.format_move(m), "a7a8c");
}

/// CT-50: a move's text is its cells and choice letter alone, so `Move` has `Display`; it
/// writes what `format_move` writes, and the text reads back to the move, along random games
/// that reach promotions and CT-43 choices.
#[test]
fn ct_50_move_display_is_format_move() {
    for seed in 0..12u64 {
        let mut game = ChessT::new(&ChessTConfig::default()).unwrap();
        let mut state = seed;
        for _ in 0..200 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in moves.iter() {
                let shown = m.to_string();
                assert_eq!(shown, game.format_move(m));
                assert_eq!(game.parse_move(&shown), Ok(m), "{}", game.to_text());
            }
            // A 64-bit LCG (Knuth's constants) picks the next move.
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            game.play_unchecked(moves[(state >> 33) as usize % moves.len()]);
        }
    }
    // A hand-made promotion (CT-31): the letter is lower case.
    let promo = pos("ruleset=t1-2024", "4k3/V7/8/8/8/8/8/4K3 w - 0 1");
    assert_eq!(promo.parse_move("a7a8C").unwrap().to_string(), "a7a8c");
}

#[test]
fn malformed_moves_say_where() {
    let game = ChessT::new(&ChessTConfig::default()).unwrap();
    for (text, needle) in [
        ("", "0 characters"),
        ("e2", "2 characters"),
        ("e2e3e4", "6 characters"),
        ("z2e3", "characters 1-2"),
        ("e2e9", "characters 3-4"),
        ("a2a3x", "character 5"),
        ("é2e3", "ASCII"),
    ] {
        match game.parse_move(text) {
            Err(MoveError::Malformed { reason, .. }) => {
                assert!(reason.contains(needle), "{text}: {reason}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    for (text, needle) in [
        ("e4e5", "no piece"),
        ("e7e6", "Black"),
        ("a1b1", "own"),
        ("a2a5", "cannot reach"),
    ] {
        match game.parse_move(text) {
            Err(MoveError::Illegal { reason, .. }) => {
                assert!(
                    reason.to_lowercase().contains(&needle.to_lowercase()),
                    "{text}: {reason}"
                )
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    let game = pos("ruleset=t1-2024", "4k3/8/8/8/8/8/2N5/6K1 w - 0 1");
    let err = game.parse_move("c2c1").unwrap_err().to_string();
    assert!(err.contains("CT-20"), "{err}");
    // Superiority is explained with the sums.
    let game = pos("ruleset=t1-2024", "7k/8/sn6/N7/8/8/8/7K w - 0 1");
    let err = game.parse_move("a5a6").unwrap_err().to_string();
    assert!(err.contains("CT-11") && err.contains("2"), "{err}");
}

#[test]
fn malformed_positions_are_rejected_with_where() {
    let c = ChessTConfig::default();
    for (text, needle) in [
        ("", "0 fields"),
        ("rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN w Pp 0 1", "7 ranks"),
        (
            "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPS w Pp 0 1",
            "rank 1: 7 cells",
        ),
        (
            "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSRR w Pp 0 1",
            "rank 1: more than 8",
        ),
        (
            "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSX w Pp 0 1",
            "'X'",
        ),
        (
            "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPS0 w Pp 0 1",
            "'0'",
        ),
        (
            "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR x Pp 0 1",
            "side to move",
        ),
        (
            "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w PP 0 1",
            "rights",
        ),
        (
            "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp -1 1",
            "plies",
        ),
        (
            "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 0",
            "move number",
        ),
        ("8/8/8/8/8/8/8/8 w - 0 1", "neither side has a King"),
        ("4k3/8/8/8/8/8/8/3KK3 w - 0 1", "2 Kings"),
        ("4k3/8/8/8/8/8/8/CCCCK3 w - 0 1", "4 Connets"),
        ("4k3/8/8/8/8/N7/NNNNNNNN/RRRRKRRR w - 0 1", "17 pieces"),
    ] {
        let err = ChessT::from_text(&c, text).unwrap_err().to_string();
        assert!(err.starts_with("position text: "), "{err}");
        assert!(err.contains(needle), "{text:?}: {err}");
    }
}

#[test]
fn ct_40_config_keys_presets_and_order() {
    // ruleset is applied first, wherever it stands.
    let a =
        ChessTConfig::from_pairs([("long-jumpers", "off"), ("ruleset", "chess-t-2020")]).unwrap();
    let b =
        ChessTConfig::from_pairs([("ruleset", "chess-t-2020"), ("long-jumpers", "off")]).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.ruleset, Ruleset::ChessT2020);
    assert!(!a.long_jumpers && a.guarded_castle && a.optional_prince && a.no_scouts);
    assert_eq!(a.get("promotion-edition").as_deref(), Some("2024"));
    let c = ChessTConfig::from_pairs([("ruleset", "t1-2021")]).unwrap();
    assert_eq!(c.get("promotion-edition").as_deref(), Some("2021"));
    let d =
        ChessTConfig::from_pairs([("white-impregnable", "e4, d4"), ("black-impregnable", "h5")])
            .unwrap();
    assert_eq!(d.get("white-impregnable").as_deref(), Some("d4,e4"));
    for key in ChessTConfig::keys() {
        let value = d.get(key.name).unwrap();
        let mut e = ChessTConfig::default();
        e.set(key.name, &value).unwrap();
        assert_eq!(e.get(key.name), Some(value));
    }
    assert!(matches!(
        d.clone().set("colour", "red"),
        Err(ConfigError::UnknownKey { .. })
    ));
    assert!(matches!(
        ChessTConfig::default().set("ruleset", "t2"),
        Err(ConfigError::BadValue { .. })
    ));
    assert!(
        ChessTConfig::default()
            .set("white-impregnable", "d9")
            .is_err()
    );
    assert!(
        ChessTConfig::default()
            .set("white-impregnable", "d4,d4")
            .is_err()
    );
    assert!(
        ChessTConfig::default()
            .set("promotion-edition", "2022")
            .is_err()
    );
    let both = ChessTConfig::from_pairs([("white-impregnable", "d4"), ("black-impregnable", "d4")]);
    assert!(matches!(both, Err(ConfigError::Inconsistent(_))));
}

/// A garbage cell list (here: a cell followed by hundreds of NUL and control bytes, the input
/// the fuzz target `any_game` found) is refused with one short line that still names the key;
/// the bad text is quoted shortened, not in full.
#[test]
fn garbage_cell_list_gives_a_short_error() {
    let value = format!("a8{}{}", "\0".repeat(300), "\u{3}".repeat(100));
    let error = ChessTConfig::default()
        .set("black-impregnable", &value)
        .expect_err("not a cell list")
        .to_string();
    assert!(error.contains("black-impregnable"), "{error}");
    assert!(error.contains("is not a cell"), "{error}");
    assert!(
        !error.contains('\n') && error.len() < 400,
        "{} bytes: {error}",
        error.len()
    );
}

#[test]
fn config_serde_round_trip_and_ruleset_first() {
    let c = config("ruleset=chess-t-2020;white-impregnable=d4;black-impregnable=h5;no-scouts=off");
    let json = serde_json::to_string(&c).unwrap();
    assert!(json.contains("\"white-impregnable\":\"d4\""), "{json}");
    assert!(json.contains("\"no-scouts\":\"off\""), "{json}");
    let back: ChessTConfig = serde_json::from_str(&json).unwrap();
    assert_eq!(back, c);
    // Keys sorted alphabetically put ruleset last; it is still applied first.
    let partial: ChessTConfig =
        serde_json::from_str(r#"{"long-jumpers": false, "ruleset": "chess-t-2020"}"#).unwrap();
    assert!(!partial.long_jumpers && partial.no_scouts);
    let text: ChessTConfig = serde_json::from_str(r#"{"long-jumpers": "on"}"#).unwrap();
    assert!(text.long_jumpers);
    assert!(serde_json::from_str::<ChessTConfig>(r#"{"long-jumpers": "maybe"}"#).is_err());
    assert!(serde_json::from_str::<ChessTConfig>(r#"{"colour": 1}"#).is_err());
    assert!(serde_json::from_str::<ChessTConfig>(r#"{"white-impregnable": "z9"}"#).is_err());
}

#[test]
fn history_undo_restores_position_and_hash_and_records_replay() {
    let c = config("ruleset=chess-t-2020;black-impregnable=h5");
    let start = ChessT::new(&c).unwrap();
    let mut history = History::new(start.clone());
    for m in ["d2d4", "d7d5", "d1d3", "c8b8", "b2b1"] {
        history.play_text(m).unwrap();
    }
    let json = history.to_json();
    let replayed = History::<ChessT>::from_json(&json).unwrap();
    assert_eq!(replayed.position(), history.position());
    let binary = variant_core::binary::encode(&history);
    let decoded = variant_core::binary::decode::<ChessT>(&binary).unwrap();
    assert_eq!(decoded.position().to_text(), history.position().to_text());
    for _ in 0..5 {
        history.undo().unwrap();
    }
    assert_eq!(history.position(), &start);
    assert_eq!(history.position().zobrist(), start.zobrist());
    assert!(history.undo().is_err());
}

#[test]
fn game_face() {
    let game = ChessT::new(&ChessTConfig::default()).unwrap();
    assert_eq!(game.name(), "chess-t");
    assert_eq!(game.seat_count(), 2);
    assert_eq!(game.seat_name(Seat(1)), "black");
    assert_eq!(game.legal_moves().len(), 23);
    let view = game.board_view().unwrap();
    let d1 = view.boards[0].cell(3, 0).unwrap();
    assert_eq!(d1.mark, Some("castle"));
    assert_eq!(d1.piece.as_ref().map(|p| p.symbol), Some('C'));
    // d3 (start): White's Connet d1 jumps there (6) and the Knecht d2 steps there (2).
    assert_eq!(
        view.boards[0].cell(3, 2).unwrap().note.as_deref(),
        Some("8:0")
    );
    assert_eq!(game.config().get("ruleset").as_deref(), Some("t1-2024"));
    let mv = game.parse_move("E2E4").unwrap();
    assert_eq!(game.format_move(mv), "e2e4");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Incremental hash = recomputed hash; text and move round trips on random playouts.
    #[test]
    fn playout_hash_text_and_moves(choices in proptest::collection::vec(any::<u16>(), 1..100), which in 0..3usize) {
        let cfg = ["ruleset=t1-2024", "ruleset=chess-t-2020;white-impregnable=d4;black-impregnable=h5", "ruleset=t1-2021"][which];
        let c = config(cfg);
        let mut game = ChessT::new(&c).unwrap();
        for choice in choices {
            let mut list = <ChessT as Game>::MoveList::default();
            game.legal_moves_into(&mut list);
            if list.is_empty() {
                prop_assert!(game.status().is_over());
                break;
            }
            for &m in list.iter() {
                prop_assert_eq!(game.parse_move(&game.format_move(m)), Ok(m));
            }
            let mv = list[choice as usize % list.len()];
            game.play_unchecked(mv);
            prop_assert_eq!(game.zobrist(), game.recompute_zobrist());
            let reread = ChessT::from_text(&c, &game.to_text()).unwrap();
            prop_assert_eq!(&reread, &game);
            prop_assert_eq!(reread.zobrist(), game.zobrist());
        }
    }

    /// Garbage never panics: position texts and move texts.
    #[test]
    fn garbage_is_rejected_without_panic(text in ".{0,90}", mv in ".{0,8}") {
        let c = ChessTConfig::default();
        let _ = ChessT::from_text(&c, &text);
        let game = ChessT::new(&c).unwrap();
        let _ = game.parse_move(&mv);
        let _ = ChessTConfig::default().set("white-impregnable", &text);
    }

    /// Random but well-formed placements: reading never panics, and whatever is read plays.
    #[test]
    fn random_placements_never_panic(cells in proptest::collection::vec(0u8..15, 64), black in any::<bool>()) {
        let letters = ['.', 'K', 'C', 'P', 'R', 'N', 'V', 'S', 'k', 'c', 'p', 'r', 'n', 'v', 's'];
        let mut text = String::new();
        for rank in 0..8 {
            let mut empty = 0;
            for file in 0..8 {
                let l = letters[cells[rank * 8 + file] as usize];
                if l == '.' { empty += 1; } else {
                    if empty > 0 { text.push_str(&empty.to_string()); empty = 0; }
                    text.push(l);
                }
            }
            if empty > 0 { text.push_str(&empty.to_string()); }
            if rank < 7 { text.push('/'); }
        }
        text.push_str(if black { " b Pp 0 1" } else { " w Pp 0 1" });
        for cfg in ["ruleset=t1-2024", "ruleset=chess-t-2020;black-impregnable=h5,d5"] {
            if let Ok(game) = ChessT::from_text(&config(cfg), &text) {
                let _ = game.status();
                let _ = game.strength();
                let _ = game.is_in_check(Seat(0));
                let mut list = <ChessT as Game>::MoveList::default();
                game.legal_moves_into(&mut list);
                for &m in list.iter() {
                    let mut g = game.clone();
                    g.play_unchecked(m);
                    let _ = g.count_legal_moves();
                }
            }
        }
    }
}
