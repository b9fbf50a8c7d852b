//! Notation and bookkeeping (D3-50, D3-51): text and move round trips on random playouts,
//! History make/undo, incremental hash = recomputed hash, records, and malformed input
//! (texts, moves, random strings) rejected with errors, never a panic.

use checkers3d::{Checkers3d, Checkers3dConfig};
use proptest::prelude::*;
use variant_core::{Game, GameConfig, History, binary};

fn config_for(h: u8, majority: bool, passing: bool, removal: &str) -> Checkers3dConfig {
    let h_text = h.to_string();
    let mut pairs = vec![
        ("heights", h_text.as_str()),
        ("capture", if majority { "majority" } else { "free" }),
        ("promotion", if passing { "passing" } else { "end" }),
        ("removal", removal),
    ];
    if h >= 3 {
        pairs.push(("white-heights", "1,2"));
        pairs.push(("black-base", "2,3"));
    }
    Checkers3dConfig::from_pairs(pairs).unwrap()
}

fn legal(g: &Checkers3d) -> Vec<checkers3d::Move> {
    let mut list = Default::default();
    g.legal_moves_into(&mut list);
    let list: &[checkers3d::Move] = &list;
    list.to_vec()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, .. ProptestConfig::default() })]

    /// D3-50 / D3-51: every position's text reads back to the same position (hash, config),
    /// every move's text reads back to the same move; History undo restores every position.
    #[test]
    fn round_trips_on_playouts(
        h in prop::sample::select(vec![1u8, 2, 3, 8]),
        majority in any::<bool>(),
        passing in any::<bool>(),
        removal in prop::sample::select(vec!["on", "off", "20,20,20,20,20,20,20"]),
        choices in prop::collection::vec(any::<u32>(), 0..120),
    ) {
        let config = config_for(h, majority, passing, removal);
        let mut history = History::new(Checkers3d::new(&config).unwrap());
        for c in choices {
            let g = history.position().clone();
            let back = Checkers3d::from_text(&config, &g.to_text()).unwrap();
            prop_assert_eq!(back.to_text(), g.to_text());
            prop_assert_eq!(back.repetition_key(), g.repetition_key());
            prop_assert_eq!(back.config().to_pairs(), g.config().to_pairs());
            prop_assert_eq!(g.zobrist(), g.recompute_zobrist());
            let moves = legal(&g);
            for &m in &moves {
                let text = g.format_move(m);
                prop_assert_eq!(g.parse_move(&text).unwrap(), m, "{}", text);
            }
            if moves.is_empty() || history.status().is_over() {
                break;
            }
            let m = moves[c as usize % moves.len()];
            history.play(m).unwrap();
        }
        // Undo everything: each position comes back with its hash.
        let positions: Vec<Checkers3d> = history.positions().to_vec();
        for i in (0..positions.len()).rev() {
            prop_assert_eq!(history.position().to_text(), positions[i].to_text());
            prop_assert_eq!(history.position().zobrist(), positions[i].zobrist());
            if i > 0 {
                history.undo().unwrap();
            }
        }
        prop_assert!(history.undo().is_err());
    }

    /// Random strings never panic the readers.
    #[test]
    fn garbage_is_rejected_without_panics(text in "\\PC{0,60}") {
        let config = Checkers3dConfig::default();
        let _ = Checkers3d::from_text(&config, &text);
        let g = Checkers3d::new(&config).unwrap();
        let _ = g.parse_move(&text);
        let one = Checkers3d::new(&config_for(1, true, true, "on")).unwrap();
        let _ = one.parse_move(&text);
    }

    /// Strings made of the notation's own characters, which reach deeper into the readers.
    #[test]
    fn near_miss_texts_are_rejected_without_panics(text in "[WBKH:,@/ a-h0-9x-]{0,40}") {
        for h in [1u8, 3] {
            let config = config_for(h, true, true, "on");
            if let Ok(g) = Checkers3d::from_text(&config, &text) {
                // What reads must write back and read again.
                let again = Checkers3d::from_text(&config, &g.to_text()).unwrap();
                prop_assert_eq!(again.to_text(), g.to_text());
                let _ = g.status();
                let _ = legal(&g);
            }
            let g = Checkers3d::new(&config).unwrap();
            if let Ok(m) = g.parse_move(&text) {
                prop_assert!(legal(&g).contains(&m));
            }
        }
    }
}

#[test]
fn records_round_trip_through_json_and_binary() {
    let config = config_for(3, true, false, "off");
    let mut history = History::new(Checkers3d::new(&config).unwrap());
    for _ in 0..20 {
        let moves = legal(history.position());
        if moves.is_empty() {
            break;
        }
        history.play(moves[moves.len() / 2]).unwrap();
    }
    let json = history.to_json();
    let back = History::<Checkers3d>::from_json(&json).unwrap();
    assert_eq!(back.position().to_text(), history.position().to_text());
    let bytes = binary::encode(&history);
    let back = binary::decode::<Checkers3d>(&bytes).unwrap();
    assert_eq!(back.position().to_text(), history.position().to_text());
    assert_eq!(back.start().config(), history.start().config());
}

#[test]
fn config_serde_round_trip_and_keys() {
    let config = Checkers3dConfig::from_pairs([
        ("heights", "5"),
        ("white-heights", "1,2"),
        ("black-base", "4,5"),
        ("capture", "free"),
        ("removal", "0,8,9,-,11,12,13"),
    ])
    .unwrap();
    let json = serde_json::to_string(&config).unwrap();
    let back: Checkers3dConfig = serde_json::from_str(&json).unwrap();
    assert_eq!(back, config);
    assert_eq!(back.get("black-heights").unwrap(), "5");
    assert!(
        serde_json::from_str::<Checkers3dConfig>(r#"{"heights": 2, "white-heights": "3"}"#)
            .is_err()
    );
    let keys: Vec<&str> = Checkers3dConfig::keys().iter().map(|k| k.name).collect();
    assert_eq!(
        keys,
        [
            "heights",
            "white-heights",
            "black-heights",
            "white-base",
            "black-base",
            "capture",
            "promotion",
            "removal"
        ]
    );
}

#[test]
fn d3_51_text_overrides_the_configuration() {
    // Default configuration (8 heights), a one-height text: the game has one height.
    let g = Checkers3d::from_text(&Checkers3dConfig::default(), "W:Wc3:Bd6").unwrap();
    assert_eq!(g.config().get("heights").unwrap(), "1");
    // A 4-height text with base heights 2/3 under a configuration of 8 heights.
    let g = Checkers3d::from_text(&Checkers3dConfig::default(), "W:Wc3@1:Bd6@4:H4:2/3").unwrap();
    assert_eq!(g.config().get("heights").unwrap(), "4");
    assert_eq!(g.config().get("white-base").unwrap(), "2");
    assert_eq!(g.config().get("black-base").unwrap(), "3");
    // Without the base field the configuration's base heights are used where they fit.
    let config = Checkers3dConfig::from_pairs([("heights", "4"), ("white-base", "2")]).unwrap();
    let g = Checkers3d::from_text(&config, "W:Wc3@1:Bd6@4:H4").unwrap();
    assert_eq!(g.to_text(), "W:Wc3@1:Bd6@4:H4:2/4");
}

#[test]
fn errors_say_where() {
    let config = Checkers3dConfig::default();
    let e = Checkers3d::from_text(&config, "W:Wc3@1,z9@1:Bd6@8:H8:1/8")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("position text: field 2 (White pieces), item 2"),
        "{e}"
    );
    let g = Checkers3d::new(&config).unwrap();
    let e = g.parse_move("c3@1-q4@2").unwrap_err().to_string();
    assert!(e.contains("cell 2"), "{e}");
    let e = g.parse_move("d6@8-c5@8").unwrap_err().to_string();
    assert!(e.contains("no White piece on d6@8"), "{e}");
}
