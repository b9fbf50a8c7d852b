//! The test position files of the game crates (`crates/<game>/data/<game>.positions`), which
//! the tests of every frontend take their configurations and wins in one from, checked for
//! every game of the registry through `AnyGame` (the game chosen by name, as the frontends do).
//!
//! A win in one is checked with the rules alone, never with a search: every listed move is
//! legal and canonical, the game is won by the side that moved, and no other legal move wins at
//! once. Why each position is a win is written next to it in its file, with the rule ids of
//! `docs/rules/<game>.md` (the ids are checked against the pages by
//! `benches/tests/benches/docs_test_positions.rs`, which may read the workspace's docs).

use variant_games::variant_core::test_positions::TestPositions;
use variant_games::variant_core::{Game, Status};
use variant_games::{AnyGame, registry};

fn build(game: &str, config: &str, position: Option<&str>) -> AnyGame {
    let built = match position {
        None => variant_games::new_game(game, config),
        Some(text) => variant_games::from_text(game, config, text),
    };
    built.unwrap_or_else(|e| panic!("{game} {config:?} {position:?}: {e}"))
}

/// Every game of the registry has a file, in registry order, that reads and names its game.
#[test]
fn every_game_has_a_well_formed_file() {
    let names: Vec<&str> = registry::games().iter().map(|g| g.name).collect();
    assert!(!names.is_empty(), "the registry serves no game");
    let texts = registry::test_position_texts();
    assert_eq!(
        texts.iter().map(|(name, _)| *name).collect::<Vec<_>>(),
        names
    );
    for &(name, text) in texts {
        let file = TestPositions::parse(text)
            .unwrap_or_else(|e| panic!("crates/{name}/data/{name}.positions: {e}"));
        assert_eq!(file.game, name);
        assert_eq!(registry::test_positions(name), Some(&file));
        for entry in &file.entries {
            assert!(
                !entry.rule.trim().is_empty(),
                "{name} `{}`: no rule ids",
                entry.id
            );
        }
    }
}

/// Every configuration of every file builds, and no two of a file are the same configuration
/// (compared as the game reads them, so `heights=1` and `heights=1;removal=on` are one).
#[test]
fn configurations_build_and_differ() {
    for info in registry::games() {
        let file = registry::test_positions(info.name).expect("a test position file");
        let mut seen: Vec<String> = Vec::new();
        for entry in file.configurations() {
            let game = build(info.name, entry.config, None);
            let key = game.config().to_string();
            assert!(
                !seen.contains(&key),
                "{} `{}`: configuration {key:?} listed twice",
                info.name,
                entry.id
            );
            seen.push(key);
        }
        assert!(
            !seen.is_empty(),
            "{}: no configuration to run the game under",
            info.name
        );
    }
}

/// Every game brings at least one win in one (the frontends' engine tests search each), and
/// every win is one by the rules: each listed move wins, no other legal move does.
#[test]
fn every_win_in_one_wins_by_the_rules() {
    for info in registry::games() {
        let file = registry::test_positions(info.name).expect("a test position file");
        let mut wins = 0;
        for entry in file.wins() {
            let game = build(info.name, entry.config, entry.position);
            let what = format!("{} `{}` (line {})", info.name, entry.id, entry.line);
            assert!(!game.status().is_over(), "{what}: the game is already over");
            let mover = game.side_to_move();
            for text in game.legal_move_texts() {
                let mut after = game.clone();
                after
                    .play_text(&text)
                    .unwrap_or_else(|e| panic!("{what}: {text}: {e}"));
                let won = matches!(after.status(), Status::Win { winner, .. } if winner == mover);
                let listed = entry.wins.contains(&text.as_str());
                assert_eq!(
                    won,
                    listed,
                    "{what}: {text} {} but is {}listed",
                    if won { "wins" } else { "does not win" },
                    if listed { "" } else { "not " }
                );
                wins += usize::from(won);
            }
            // Every listed move was among the legal ones, in canonical text.
            for text in &entry.wins {
                let mv = game
                    .parse_move(text)
                    .unwrap_or_else(|e| panic!("{what}: {text}: {e}"));
                assert_eq!(game.format_move(mv), *text, "{what}: canonical text");
            }
        }
        assert!(
            wins >= 1,
            "{}: the test position file has no win in one",
            info.name
        );
    }
}

/// Positions are never tagged; the `quick` configuration, when a file has one, is among its
/// `family` (the tests that take a few configurations of every game include the quick one).
#[test]
fn tags_are_on_configurations_only() {
    for info in registry::games() {
        let file = registry::test_positions(info.name).expect("a test position file");
        for entry in &file.entries {
            assert!(
                entry.tags.is_empty() || entry.is_configuration(),
                "{} `{}`",
                info.name,
                entry.id
            );
        }
        if let Some(quick) = file.quick() {
            assert!(quick.has_tag("family"), "{} `{}`", info.name, quick.id);
        }
    }
}
