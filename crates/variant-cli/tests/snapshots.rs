//! Snapshots (insta) of what people and programs read, for every game: `games`, `start`,
//! `moves`, `show` (text and SVG), `perft` (text, `--divide` and `--json`), `play` between
//! built-in players, `analyse` (text and `--json`) at a fixed depth, `match --json`, `bench`,
//! a `uci` session and the first line of `serve`; and the message of every hostile case. Times
//! and rates change from run to run: they are replaced by `#` (see [`redact`]); counts, moves,
//! scores and principal variations are not. A change of any output shows as a diff to review (`cargo insta
//! review`, or `INSTA_UPDATE=always cargo test -p variant-cli --test snapshots` to accept).
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

/// The seat names of each game, in seat order (the `play` and `match` specs need them).
fn seats(game: &str) -> &'static [&'static str] {
    match game {
        "bishops4p" => &["white", "grey", "black", "pink"],
        _ => &["white", "black"],
    }
}

/// Replaces the number after each of `keys` (`nps 123`, `"nps":123`, `time 5`) by `#`: the
/// parts of an output that measure time.
fn redact(text: &str, keys: &[&str]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'outer: while !rest.is_empty() {
        for key in keys {
            let boundary = out
                .chars()
                .last()
                .is_none_or(|c| !c.is_ascii_alphanumeric() && c != '_');
            if boundary && rest.starts_with(key) {
                let after = &rest[key.len()..];
                let sep = after.len() - after.trim_start_matches([' ', ':', '"']).len();
                let value = &after[sep..];
                let digits = value.len()
                    - value
                        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '-')
                        .len();
                if sep > 0 && digits > 0 {
                    out.push_str(key);
                    out.push_str(&after[..sep]);
                    out.push('#');
                    rest = &value[digits..];
                    continue 'outer;
                }
            }
        }
        let c = rest.chars().next().expect("not empty");
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[test]
fn redact_replaces_only_the_measured_numbers() {
    assert_eq!(
        redact(
            "depth 2 nodes 91 nps 6388 time 14 pv a3-b4 {\"nps\":100,\"time_ms\":0}",
            &["nps", "time", "time_ms"]
        ),
        "depth 2 nodes 91 nps # time # pv a3-b4 {\"nps\":#,\"time_ms\":#}"
    );
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

#[test]
fn perft_text_and_divide_of_every_game() {
    for (game, config) in GAMES {
        let n = name(game, config);
        let out = variants(&with_config(
            vec!["perft", game, "-d", "2", "--divide", "--quiet"],
            config,
        ));
        // The timing line (`0.007 s, 60696 nodes/s` on stderr) changes from run to run.
        let stable: Vec<String> = out
            .lines()
            .map(|line| {
                if line.ends_with("nodes/s") {
                    line.split(' ')
                        .map(|w| {
                            if w.starts_with(|c: char| c.is_ascii_digit()) {
                                "#"
                            } else {
                                w
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    line.to_string()
                }
            })
            .collect();
        insta::assert_snapshot!(format!("perft_divide_{n}"), stable.join("\n"));
    }
}

#[test]
fn play_between_built_in_players_in_every_game() {
    for (game, config) in GAMES {
        let n = name(game, config);
        let specs: Vec<String> = seats(game)
            .iter()
            .enumerate()
            .map(|(i, seat)| format!("{seat}={}", if i % 2 == 0 { "random" } else { "greedy" }))
            .collect();
        let mut args = with_config(
            vec!["play", game, "--seed", "7", "--max-plies", "3"],
            config,
        );
        for spec in &specs {
            args.extend(["--player", spec]);
        }
        insta::assert_snapshot!(format!("play_{n}"), variants(&args));
    }
}

#[test]
fn analyse_text_and_json_of_every_game() {
    for (game, config) in GAMES {
        let n = name(game, config);
        let keys = ["nps", "time", "time_ms"];
        let text = variants(&with_config(vec!["analyse", game, "--depth", "2"], config));
        insta::assert_snapshot!(format!("analyse_{n}"), redact(&text, &keys));
        let json = variants(&with_config(
            vec!["analyse", game, "--depth", "2", "--json"],
            config,
        ));
        insta::assert_snapshot!(format!("analyse_json_{n}"), redact(&json, &keys));
    }
}

#[test]
fn match_json_of_every_game() {
    for (game, config) in GAMES {
        let n = name(game, config);
        let kinds = ["random", "greedy", "random", "greedy"];
        let mut args = with_config(
            vec!["match", game, "--games", "2", "--seed", "3", "--json"],
            config,
        );
        for kind in &kinds[..seats(game).len()] {
            args.extend(["--player", kind]);
        }
        insta::assert_snapshot!(format!("match_json_{n}"), variants(&args));
    }
}

#[test]
fn bench_table_of_every_game() {
    for game in ["chess3d", "checkers3d", "bishops4p", "chess-t"] {
        let out = variants(&["bench", game, "--threads", "2"]);
        // The two rate columns (one thread, two threads) are the last two fields of each row.
        let stable: Vec<String> = out
            .lines()
            .map(|line| {
                let fields: Vec<&str> = line.split_whitespace().collect();
                if fields.first() == Some(&game) && fields.len() > 3 {
                    let kept = &fields[..fields.len() - 2];
                    format!("{} # #", kept.join(" "))
                } else {
                    line.to_string()
                }
            })
            .collect();
        insta::assert_snapshot!(format!("bench_{game}"), stable.join("\n"));
    }
}

/// Reads lines into `transcript` up to and including the first that starts with `end`.
fn read_through(output: &mut impl std::io::BufRead, transcript: &mut String, end: &str) {
    loop {
        let mut line = String::new();
        assert!(
            output.read_line(&mut line).expect("read") > 0,
            "{transcript}"
        );
        transcript.push_str(&line);
        if line.starts_with(end) {
            return;
        }
    }
}

#[test]
fn uci_session() {
    use std::io::{BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_variants"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("variants uci starts");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let mut transcript = String::new();
    // Each command, then the lines up to the answer that ends it (a search is waited for:
    // `quit` during a search would stop it early).
    let script: [(&str, Option<&str>); 6] = [
        ("uci", Some("uciok")),
        ("isready", Some("readyok")),
        ("ucinewgame", None),
        ("position startpos moves e2e4 e7e5", None),
        ("go depth 3", Some("bestmove")),
        ("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", None),
    ];
    for (command, until) in script {
        writeln!(input, "{command}").expect("write");
        transcript.push_str(&format!("> {command}\n"));
        if let Some(end) = until {
            read_through(&mut output, &mut transcript, end);
        }
    }
    writeln!(input, "isready").expect("write");
    transcript.push_str("> isready\n");
    read_through(&mut output, &mut transcript, "readyok");
    // A mate in one (Ra8#) found and scored as a mate.
    writeln!(input, "go depth 2").expect("write");
    transcript.push_str("> go depth 2\n");
    read_through(&mut output, &mut transcript, "bestmove");
    writeln!(input, "quit").expect("write");
    assert!(child.wait().expect("exits").success());
    insta::assert_snapshot!("uci_session", redact(&transcript, &["nps", "time"]));
}

#[test]
fn serve_first_line() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let data = std::env::temp_dir().join(format!("variants-snap-serve-{}.db", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_variants"))
        .args(["serve", "--port", "0", "--data"])
        .arg(&data)
        .stdout(Stdio::piped())
        .spawn()
        .expect("variants serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the first line");
    let _ = child.kill();
    let _ = child.wait();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", data.display()));
    }
    // The file name and the port change from run to run.
    let line = line.replace(&data.display().to_string(), "DATA");
    let stable = match line.rfind(':') {
        Some(i) if line[i + 1..].trim_end().ends_with('/') => format!("{}:PORT/", &line[..i]),
        _ => line,
    };
    insta::assert_snapshot!("serve_first_line", stable);
}
