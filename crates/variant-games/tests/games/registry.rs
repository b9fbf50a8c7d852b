//! The registry: game names, configuration keys and values, position texts that fix part of the
//! configuration, records of any game.

use variant_games::registry;
#[cfg(any(feature = "chess3d", feature = "checkers3d"))]
use variant_games::variant_core::GameConfig;
use variant_games::variant_core::{Game, History, binary};
#[cfg(feature = "chess3d")]
use variant_games::{Error, variant_core::ConfigError};

fn pairs(text: &str) -> Vec<(String, String)> {
    registry::parse_config(text).unwrap()
}

/// Every game of the build once, in registry order, with a description and its keys (each
/// named once).
#[test]
fn lists_every_game_once_with_its_keys() {
    let games = registry::games();
    assert!(!games.is_empty(), "the registry serves no game");
    let names: Vec<&str> = games.iter().map(|g| g.name).collect();
    assert_eq!(names, registry::names());
    for (i, info) in games.iter().enumerate() {
        assert!(!names[..i].contains(&info.name), "{} twice", info.name);
        assert!(!info.description.is_empty(), "{}", info.name);
        assert_eq!(registry::game_info(info.name).unwrap().name, info.name);
        let keys: Vec<&str> = info.keys.iter().map(|k| k.name).collect();
        for (j, key) in keys.iter().enumerate() {
            assert!(
                !key.is_empty() && !keys[..j].contains(key),
                "{}: {key}",
                info.name
            );
        }
    }
    // An unknown name is answered with the list of the games.
    let e = registry::new_game("chess4d", &[]).unwrap_err().to_string();
    for name in &names {
        assert!(e.contains(name), "{name} missing from: {e}");
    }
}

fn keys(name: &str) -> Vec<&'static str> {
    registry::game_info(name)
        .unwrap()
        .keys
        .iter()
        .map(|k| k.name)
        .collect()
}

// The key names fixed by the frontends issue, the same for CLI, C API and JSON.

#[test]
#[cfg(feature = "chess3d")]
fn chess3d_keys() {
    assert_eq!(
        keys("chess3d"),
        ["heights", "white-base", "black-base", "removal"]
    );
}

#[test]
#[cfg(feature = "checkers3d")]
fn checkers3d_keys() {
    for k in [
        "heights",
        "white-heights",
        "black-heights",
        "white-base",
        "black-base",
        "capture",
        "promotion",
        "removal",
    ] {
        assert!(keys("checkers3d").contains(&k), "checkers3d lacks {k}");
    }
}

#[test]
#[cfg(feature = "bishops4p")]
fn bishops4p_keys() {
    for k in ["mode", "players", "castling", "en-passant"] {
        assert!(keys("bishops4p").contains(&k), "bishops4p lacks {k}");
    }
}

#[test]
#[cfg(feature = "chess-t")]
fn chess_t_keys() {
    for k in [
        "ruleset",
        "long-jumpers",
        "guarded-castle",
        "optional-prince",
        "no-scouts",
        "white-impregnable",
        "black-impregnable",
    ] {
        assert!(keys("chess-t").contains(&k), "chess-t lacks {k}");
    }
}

#[test]
#[cfg(all(feature = "chess3d", feature = "chess-t"))]
fn unknown_games_keys_and_values_list_what_is_allowed() {
    let e = registry::new_game("chess4d", &[]).unwrap_err().to_string();
    assert!(
        e.contains("chess4d") && e.contains("chess3d") && e.contains("chess-t"),
        "{e}"
    );
    let e = registry::new_game("chess3d", &pairs("height=2"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("height") && e.contains("heights") && e.contains("removal"),
        "{e}"
    );
    let e = registry::new_game("chess3d", &pairs("heights=9")).unwrap_err();
    assert!(
        matches!(e, Error::Config(ConfigError::BadValue { .. })),
        "{e}"
    );
    let e = registry::new_game("checkers3d", &pairs("capture=most"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("majority") && e.contains("free"), "{e}");
    let e = registry::new_game("bishops4p", &pairs("players=5"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("players"), "{e}");
    let e = registry::new_game("chess-t", &pairs("ruleset=t2"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("t1-2024"), "{e}");
}

#[test]
#[cfg(feature = "chess3d")]
fn json_and_pairs_configure_alike() {
    let a = registry::new_game("chess3d", &pairs(r#"{"heights": 2, "removal": "off"}"#)).unwrap();
    let b = registry::new_game("chess3d", &pairs("heights=2;removal=off")).unwrap();
    assert_eq!(a.to_text(), b.to_text());
    assert_eq!(a.config().get("removal").as_deref(), Some("off"));
    // C3-5: H=2 puts Black's army on height 2.
    assert_eq!(
        a.count_legal_moves(),
        58,
        "rules page reference count (2,1,2) depth 1"
    );
    assert!(registry::parse_config("{").is_err());
    assert!(registry::parse_config("heights").is_err());
}

#[test]
#[cfg(feature = "chess3d")]
fn a_position_text_fixes_the_geometry_and_keys_must_agree() {
    let start2 = registry::new_game("chess3d", &pairs("heights=2"))
        .unwrap()
        .to_text();
    // The text alone fixes two heights.
    let g = registry::from_text("chess3d", &[], &start2).unwrap();
    assert_eq!(g.config().get("heights").as_deref(), Some("2"));
    assert_eq!(g.count_legal_moves(), 58);
    // Agreeing keys are fine, disagreeing ones are an error naming both values.
    assert!(registry::from_text("chess3d", &pairs("heights=2"), &start2).is_ok());
    let e = registry::from_text("chess3d", &pairs("heights=1"), &start2).unwrap_err();
    assert!(
        matches!(e, Error::Config(ConfigError::DisagreesWithPosition { .. })),
        "{e}"
    );
    let e = e.to_string();
    assert!(e.contains("heights=1") && e.contains("heights=2"), "{e}");
    // Height removal (C3-30) takes a game of 3 heights to 2, never to 1 (its bases, 1 and 3,
    // stay), and not at all when it is off.
    assert!(registry::from_text("chess3d", &pairs("heights=3"), &start2).is_ok());
    assert!(registry::from_text("chess3d", &pairs("heights=3;removal=off"), &start2).is_err());
    // Keys the text does not carry come from the configuration.
    let g = registry::from_text("chess3d", &pairs("removal=off"), &start2).unwrap();
    assert_eq!(g.config().get("removal").as_deref(), Some("off"));
}

/// D3-30's example on the rules page: a capture in `W:Wa1@1:Bb2@2,d4@4,f6@6,h8@8:H8:1/8`
/// leaves `B:Wg7@2:Bh8@3:H3:1/3`, a position of the game started on 8 heights, which a reader
/// told `heights=8` must take (and one told `heights=2` must not).
#[test]
#[cfg(feature = "checkers3d")]
fn checkers3d_positions_after_height_removal_belong_to_the_started_game() {
    let after = "B:Wg7@2:Bh8@3:H3:1/3";
    let g = registry::from_text("checkers3d", &pairs("heights=8"), after).unwrap();
    assert_eq!(g.config().get("heights").as_deref(), Some("3"));
    assert!(registry::from_text("checkers3d", &pairs("heights=8;black-base=8"), after).is_ok());
    assert!(registry::from_text("checkers3d", &pairs("heights=2"), after).is_err());
    assert!(registry::from_text("checkers3d", &pairs("heights=8;removal=off"), after).is_err());
    assert!(registry::from_text("checkers3d", &pairs("capture=free"), after).is_ok());
    let before = "W:Wa1@1:Bb2@2,d4@4,f6@6,h8@8:H8:1/8";
    let mut g = registry::from_text("checkers3d", &pairs("heights=8"), before).unwrap();
    g.play_text("a1@1:c3@3:e5@5:g7@7").unwrap();
    assert_eq!(g.to_string(), after);
}

#[test]
fn records_of_any_game_load_through_the_registry() {
    for info in registry::games() {
        let game = registry::new_game(info.name, &[]).unwrap();
        let mut history = History::new(game);
        for _ in 0..4 {
            let Some(mv) = history.position().legal_move_texts().into_iter().next() else {
                break;
            };
            history.play_text(&mv).unwrap();
        }
        let json = history.to_json();
        let back =
            registry::history_from_json(&json).unwrap_or_else(|e| panic!("{}: {e}", info.name));
        assert_eq!(
            back.position().to_text(),
            history.position().to_text(),
            "{}",
            info.name
        );
        let bytes = binary::encode(&history);
        let back =
            registry::history_from_binary(&bytes).unwrap_or_else(|e| panic!("{}: {e}", info.name));
        assert_eq!(back.action_texts(), history.action_texts(), "{}", info.name);
    }
    assert!(registry::history_from_binary(&[1, 2, 3]).is_err());
    assert!(registry::history_from_json(r#"{"game": "go"}"#).is_err());
}

#[test]
fn bench_positions_have_the_published_counts_at_small_depth() {
    // The registry's bench table must describe real positions: each builds, and for FIDE chess
    // the published counts at depth 1 hold (20 moves at the start, 48 in Kiwipete).
    for info in registry::games() {
        for pos in registry::bench_positions(info.name).unwrap() {
            let p = pairs(pos.config);
            let g = match pos.position {
                Some(t) => registry::from_text(info.name, &p, t).unwrap(),
                None => registry::new_game(info.name, &p).unwrap(),
            };
            assert!(g.count_legal_moves() > 0, "{} {}", info.name, pos.label);
        }
    }
    #[cfg(feature = "chess3d")]
    {
        let chess = registry::bench_positions("chess3d").unwrap();
        let kiwi = chess
            .iter()
            .find(|p| p.label.starts_with("Kiwipete"))
            .unwrap();
        let g =
            registry::from_text("chess3d", &pairs(kiwi.config), kiwi.position.unwrap()).unwrap();
        assert_eq!(g.count_legal_moves(), 48);
    }
}

/// Every named configuration a game offers (FIDE chess: chess3d at one height) is a valid
/// configuration of that game, and a game made with it reads back every key it fixes; its name
/// is unique among the games and the presets.
#[test]
fn every_preset_is_a_configuration_of_its_game() {
    use variant_games::variant_core::presentation::Presentation;
    let mut names: Vec<&str> = variant_games::registry::games()
        .iter()
        .map(|g| g.name)
        .collect();
    let mut presets = 0;
    for info in variant_games::registry::games() {
        let game = variant_games::new_game(info.name, "").unwrap();
        for preset in game.presets() {
            presets += 1;
            assert!(!names.contains(&preset.name), "{}: name taken", preset.name);
            names.push(preset.name);
            let made = variant_games::new_game(info.name, preset.config)
                .unwrap_or_else(|e| panic!("{} {}: {e}", info.name, preset.name));
            let config = made.config().to_string();
            for pair in preset.config.split(';') {
                assert!(
                    config.split(';').any(|kv| kv == pair),
                    "{}: {pair} not in {config}",
                    preset.name
                );
            }
        }
    }
    assert!(presets >= 1, "FIDE chess is offered as Chess");
}
