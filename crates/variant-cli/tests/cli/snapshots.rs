//! Snapshots (insta) of what people and programs read, for every game: `games`, `start`,
//! `moves`, `show` (text and SVG), `perft` (text, `--divide` and `--json`), `play` between
//! built-in players, `analyse` (text and `--json`) at a fixed depth, `match --json`, `bench`,
//! a `uci` session and the first line of `serve`; and the message of every hostile case. Times
//! and rates change from run to run: they are replaced by `#` (see [`redact`]); counts, moves,
//! scores and principal variations are not. A change of any output shows as a diff to review (`cargo insta
//! review`, or `INSTA_UPDATE=always cargo test -p variant-cli --test cli snapshots::` to accept).
//!
//! Every game of the registry is run (as `variants games --json` lists it), with its default
//! configuration and the `quick` configuration of its test position file
//! (`crates/<game>/data/<game>.positions`). What lists the games is built from the registry
//! (`games`, the known games of an error, `uci`'s options). Each game's own outputs are checked
//! against the game's data (its perft data file's reference counts, legal moves read back
//! through the library) for every game, and compared with their snapshot where the snapshot
//! is kept (`common::snapshot_kept`): a new game brings no snapshot here and is checked by its
//! data alone; insta would fail a missing snapshot in CI.
//!
//! The outputs' correctness is checked elsewhere against independent sources (the rules pages'
//! counts in cli.rs, the reference generators); these snapshots guard against unnoticed drift.

use crate::common;

use std::ffi::OsStr;
use variant_games::Game;

/// Every game of the binary with its default configuration, and with its quick configuration
/// when its test position file has one.
fn cases() -> Vec<(String, String)> {
    let mut cases = Vec::new();
    for game in common::games() {
        cases.push((game.clone(), String::new()));
        let quick = common::quick_config(&game);
        if !quick.is_empty() {
            cases.push((game, quick.to_string()));
        }
    }
    cases
}

/// Compares `value` with the snapshot `name` of this file, when it is kept (see
/// [`common::snapshot_kept`]).
macro_rules! snapshot_if_kept {
    ($name:expr, $value:expr) => {{
        let name: String = $name;
        if common::snapshot_kept("snapshots", &name) {
            insta::assert_snapshot!(name, $value);
        }
    }};
}

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

/// Splits the output of [`variants`] into its exit code, stdout and stderr.
fn parts(out: &str) -> (&str, &str, &str) {
    let (exit, rest) = out.split_once("\n--- stdout\n").expect("an exit line");
    let (stdout, stderr) = rest.split_once("--- stderr\n").expect("a stderr part");
    (exit, stdout, stderr)
}

/// The text `variants games` prints, built from the registry: each game's name and description,
/// then one line per configuration key with its default (`none` when empty) and what it allows.
fn games_text() -> String {
    let mut text = String::new();
    for g in variant_games::registry::games() {
        text.push_str(&format!("{}  {}\n", g.name, g.description));
        for k in g.keys {
            let default = if k.default.is_empty() {
                "none"
            } else {
                k.default
            };
            let bounds = if k.allowed.is_empty() {
                format!("default {default}")
            } else {
                format!("default {default}; allowed {}", k.allowed)
            };
            text.push_str(&format!(
                "    {:<20} {} ({bounds})\n",
                k.name, k.description
            ));
        }
    }
    text
}

#[test]
fn games_list() {
    // The list is the registry's: its text is built from it (a snapshot would have to change
    // with every game).
    let out = variants(&["games"]);
    assert_eq!(
        out,
        format!("exit: 0\n--- stdout\n{}--- stderr\n", games_text())
    );
    let json = variants(&["games", "--json"]);
    let (exit, stdout, _) = parts(&json);
    assert_eq!(exit, "exit: 0");
    let v: serde_json::Value = serde_json::from_str(stdout).expect("JSON");
    let games = variant_games::registry::games();
    let listed = v.as_array().expect("a list");
    assert_eq!(listed.len(), games.len());
    for (g, info) in listed.iter().zip(&games) {
        assert_eq!(g["name"], info.name);
        assert_eq!(g["description"], info.description);
        let keys = g["keys"].as_array().expect("keys");
        assert_eq!(keys.len(), info.keys.len(), "{}", info.name);
        for (k, key) in keys.iter().zip(info.keys) {
            assert_eq!(
                (&k["name"], &k["default"], &k["allowed"], &k["description"]),
                (
                    &serde_json::json!(key.name),
                    &serde_json::json!(key.default),
                    &serde_json::json!(key.allowed),
                    &serde_json::json!(key.description)
                )
            );
        }
    }
}

/// The start position of `game` under `config`, read back from the text `start` printed.
fn start_of(game: &str, config: &str, text: &str) -> variant_games::AnyGame {
    variant_games::from_text(game, config, text)
        .unwrap_or_else(|e| panic!("{game} {config:?}: `start` printed {text:?}: {e}"))
}

#[test]
fn start_moves_show_perft_of_every_game() {
    for (game, config) in cases() {
        let (game, config) = (game.as_str(), config.as_str());
        let n = name(game, config);
        let outs: Vec<(&str, String)> = ["start", "moves", "show"]
            .into_iter()
            .map(|cmd| (cmd, variants(&with_config(vec![cmd, game], config))))
            .collect();
        // The game's data: the start reads back, and its moves are as many as the reference
        // count of depth 1 of the game's perft data file (required for the default start).
        let (exit, start, _) = parts(&outs[0].1);
        assert_eq!(exit, "exit: 0", "{n}: {}", outs[0].1);
        let text = start.trim_end();
        let position = start_of(game, config, text);
        let (exit, moves, _) = parts(&outs[1].1);
        assert_eq!(exit, "exit: 0", "{n}: {}", outs[1].1);
        let moves: Vec<&str> = moves.lines().collect();
        let mut legal = position.legal_move_texts();
        legal.sort();
        assert_eq!(moves, legal, "{n}: the legal moves, sorted");
        match common::start_count(game, config, 1) {
            Some(count) => assert_eq!(moves.len() as u64, count, "{n}: moves"),
            None => assert!(
                !config.is_empty(),
                "crates/{game}/data/{game}.perft counts nothing from the default start at depth 1"
            ),
        }
        let (exit, show, _) = parts(&outs[2].1);
        assert_eq!(exit, "exit: 0", "{n}: {}", outs[2].1);
        assert!(
            show.lines().any(|l| l == text),
            "{n}: show prints the position text"
        );
        for (cmd, out) in outs {
            snapshot_if_kept!(format!("{cmd}_{n}"), out);
        }
        let out = variants(&with_config(
            vec!["perft", game, "-d", "2", "--json"],
            config,
        ));
        let (exit, stdout, _) = parts(&out);
        assert_eq!(exit, "exit: 0", "{n}: {out}");
        let v: serde_json::Value = serde_json::from_str(stdout).expect("JSON");
        assert_eq!(
            (&v["game"], &v["depth"]),
            (&serde_json::json!(game), &serde_json::json!(2))
        );
        if let Some(count) = common::start_count(game, config, 2) {
            assert_eq!(
                v["nodes"], count,
                "{n}: perft 2 (the game's perft data file)"
            );
        }
        // The rate and the time change from run to run; the counts must not.
        let stable = out
            .split(&[',', '{', '}'][..])
            .filter(|field| !field.contains("seconds") && !field.contains("nodes_per_second"))
            .collect::<Vec<_>>()
            .join(",");
        snapshot_if_kept!(format!("perft_json_{n}"), stable);
    }
}

#[test]
fn svg_of_every_game() {
    let dir = std::env::temp_dir().join(format!("variants-snapshots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    for (game, config) in cases() {
        let (game, config) = (game.as_str(), config.as_str());
        let n = name(game, config);
        let path = dir.join(format!("{n}.svg"));
        let path_text = path.to_string_lossy().to_string();
        let out = variants(&with_config(
            vec!["show", game, "--svg", &path_text],
            config,
        ));
        assert!(out.starts_with("exit: 0"), "{out}");
        let svg = std::fs::read_to_string(&path).expect("the SVG was written");
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "{n}: {svg}"
        );
        snapshot_if_kept!(format!("svg_{n}"), svg);
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
        // A text with the fields of a draughts position but no piece in them.
        (
            "bad_position_checkers3d_empty_fields",
            vec!["moves", "checkers3d", "--position", "W:W:B"],
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
    // The known games of the message are the registry's, whatever they are.
    let known = known_games();
    for (label, args) in cases {
        let out = variants(&args);
        if label == "unknown_game" {
            assert!(out.contains(&known), "{out}");
        }
        insta::assert_snapshot!(
            format!("hostile_{label}"),
            out.replace(&known, "KNOWN GAMES")
        );
    }
    // A position text that is garbage, for every game: exit 1 and one line naming the text.
    for game in common::games() {
        let out = variants(&["moves", &game, "--position", "garbage"]);
        let (exit, stdout, stderr) = parts(&out);
        assert_eq!((exit, stdout), ("exit: 1", ""), "{game}: {out}");
        assert!(
            stderr.starts_with("error: position text") && stderr.lines().count() == 1,
            "{game}: {out}"
        );
        snapshot_if_kept!(
            format!("hostile_bad_position_{}", game.replace('-', "_")),
            out
        );
    }
}

/// The registry's games as the unknown-game message lists them: `chess3d, checkers3d, …`.
fn known_games() -> String {
    common::games().join(", ")
}

#[test]
fn perft_text_and_divide_of_every_game() {
    for (game, config) in cases() {
        let (game, config) = (game.as_str(), config.as_str());
        let n = name(game, config);
        let out = variants(&with_config(
            vec!["perft", game, "-d", "2", "--divide", "--quiet"],
            config,
        ));
        // The game's data: a line per first move, whose counts add up to perft 2.
        let (exit, stdout, _) = parts(&out);
        assert_eq!(exit, "exit: 0", "{n}: {out}");
        let divide: Vec<u64> = stdout
            .lines()
            .filter_map(|l| l.rsplit_once(": ")?.1.parse().ok())
            .collect();
        let total = stdout
            .lines()
            .find_map(|l| l.strip_prefix("nodes "))
            .and_then(|t| t.parse::<u64>().ok())
            .expect("a nodes line");
        assert_eq!(divide.iter().sum::<u64>(), total, "{n}");
        if let Some(count) = common::start_count(game, config, 1) {
            assert_eq!(divide.len() as u64, count, "{n}: first moves");
        }
        if let Some(count) = common::start_count(game, config, 2) {
            assert_eq!(total, count, "{n}: perft 2");
        }
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
        snapshot_if_kept!(format!("perft_divide_{n}"), stable.join("\n"));
    }
}

#[test]
fn play_between_built_in_players_in_every_game() {
    for (game, config) in cases() {
        let (game, config) = (game.as_str(), config.as_str());
        let n = name(game, config);
        let specs: Vec<String> = common::seats(game, config)
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
        let out = variants(&args);
        // Three legal moves from the start (or fewer when the game ends), each by the seat to
        // move.
        let (exit, stdout, _) = parts(&out);
        assert_eq!(exit, "exit: 0", "{n}: {out}");
        let mut position = variant_games::new_game(game, config).expect("the start");
        let mut plies = 0;
        for line in stdout.lines() {
            let Some((seat, mv)) = line.split_once(" plays ") else {
                continue;
            };
            assert_eq!(
                seat,
                position.seat_name(position.side_to_move()),
                "{n}: {line}"
            );
            position
                .play_text(mv)
                .unwrap_or_else(|e| panic!("{n}: {line}: {e}"));
            plies += 1;
        }
        assert!(
            plies == 3 || (plies < 3 && position.status().is_over()),
            "{n}: {plies} plies:\n{out}"
        );
        snapshot_if_kept!(format!("play_{n}"), out);
    }
}

#[test]
fn analyse_text_and_json_of_every_game() {
    for (game, config) in cases() {
        let (game, config) = (game.as_str(), config.as_str());
        let n = name(game, config);
        let keys = ["nps", "time", "time_ms"];
        let start = variant_games::new_game(game, config).expect("the start");
        let text = variants(&with_config(vec!["analyse", game, "--depth", "2"], config));
        // A line per depth, then the best move, a legal move of the start.
        let (exit, stdout, _) = parts(&text);
        assert_eq!(exit, "exit: 0", "{n}: {text}");
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 3, "{n}: {text}");
        assert!(
            lines[0].starts_with("depth 1 ") && lines[1].starts_with("depth 2 "),
            "{n}"
        );
        let best = lines[2]
            .strip_prefix("bestmove ")
            .and_then(|l| l.split(' ').next())
            .expect("a bestmove line");
        assert!(start.parse_move(best).is_ok(), "{n}: {best} is not legal");
        snapshot_if_kept!(format!("analyse_{n}"), redact(&text, &keys));
        let json = variants(&with_config(
            vec!["analyse", game, "--depth", "2", "--json"],
            config,
        ));
        let (exit, stdout, _) = parts(&json);
        assert_eq!(exit, "exit: 0", "{n}: {json}");
        let v: serde_json::Value = serde_json::from_str(stdout).expect("JSON");
        assert_eq!(v["depth"], 2, "{n}");
        assert_eq!(v["best"], best, "{n}: the same search as the text");
        snapshot_if_kept!(format!("analyse_json_{n}"), redact(&json, &keys));
    }
}

#[test]
fn match_json_of_every_game() {
    for (game, config) in cases() {
        let (game, config) = (game.as_str(), config.as_str());
        let n = name(game, config);
        let seats = common::seats(game, config).len();
        let mut args = with_config(
            vec!["match", game, "--games", "2", "--seed", "3", "--json"],
            config,
        );
        for i in 0..seats {
            args.extend(["--player", if i % 2 == 0 { "random" } else { "greedy" }]);
        }
        let out = variants(&args);
        // Two games, and a result of each for every player.
        let (exit, stdout, _) = parts(&out);
        assert_eq!(exit, "exit: 0", "{n}: {out}");
        let v: serde_json::Value = serde_json::from_str(stdout).expect("JSON");
        assert_eq!(v["games"], 2, "{n}");
        let players = v["players"].as_array().expect("players");
        assert_eq!(players.len(), seats, "{n}");
        for p in players {
            let results = ["wins", "draws", "losses"].map(|k| p[k].as_u64().expect("a count"));
            assert_eq!(results.iter().sum::<u64>(), 2, "{n}: {p}");
        }
        snapshot_if_kept!(format!("match_json_{n}"), out);
    }
}

#[test]
fn bench_table_of_every_game() {
    for game in common::games() {
        let game = game.as_str();
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
        // A row per benchmark position of the game's perft data file, with its count.
        let rows: Vec<&String> = stable.iter().filter(|l| l.ends_with(" # #")).collect();
        let bench = variant_games::perft_data::file(game)
            .expect("a perft data file")
            .bench()
            .map(|(_, depth, label, nodes)| format!("{game} {label} {depth} {nodes} # #"))
            .collect::<Vec<_>>();
        assert!(!bench.is_empty(), "{game}: no bench position");
        assert_eq!(rows, bench.iter().collect::<Vec<_>>(), "{out}");
        snapshot_if_kept!(format!("bench_{game}"), stable.join("\n"));
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
    insta::assert_snapshot!(
        "uci_session",
        redact(&registry_options(&transcript), &["nps", "time"])
    );
}

/// The parts of a `uci` handshake that list every game, checked against the registry and
/// replaced by one line each, so that the snapshot keeps only what does not change with the
/// games: the `UCI_Variant` combo (every game, then `chess`) and the options of the keys of
/// the games other than the one the session plays (each with its game's default; chess3d's
/// keys, set for FIDE chess, stay as they are).
fn registry_options(transcript: &str) -> String {
    let names = common::games();
    let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
    let combo = format!("option name UCI_Variant type combo default chess3d{vars} var chess");
    assert!(
        transcript.lines().any(|l| l == combo),
        "{combo}:\n{transcript}"
    );
    // Each key once, in registry order, with the default of the first game that has it.
    let mut keys: Vec<&str> = Vec::new();
    let mut defaults: Vec<&str> = Vec::new();
    for info in variant_games::registry::games() {
        for key in info.keys {
            if !keys.contains(&key.name) {
                keys.push(key.name);
                defaults.push(if key.default.is_empty() {
                    "<empty>"
                } else {
                    key.default
                });
            }
        }
    }
    // The engine's own string options (`EvalFile`, the evaluation; `EvalParams`, its weights)
    // aside, the string options are the games' configuration keys.
    let option = |line: &str| -> Option<String> {
        let rest = line.strip_prefix("option name ")?;
        let (key, kind) = rest.split_once(" type ")?;
        (kind.starts_with("string default ") && !["EvalFile", "EvalParams"].contains(&key))
            .then(|| key.to_string())
    };
    let listed: Vec<String> = transcript.lines().filter_map(option).collect();
    assert_eq!(
        listed, keys,
        "one string option per configuration key:\n{transcript}"
    );
    let own: Vec<&str> = variant_games::registry::game_info("chess3d")
        .expect("chess3d")
        .keys
        .iter()
        .map(|k| k.name)
        .collect();
    let mut out = String::new();
    let mut replaced = false;
    for line in transcript.lines() {
        if line == combo {
            out.push_str("option name UCI_Variant type combo default chess3d VARS var chess\n");
        } else if let Some(key) = option(line).filter(|key| !own.contains(&key.as_str())) {
            // Another game's key: offered with that game's default.
            let i = keys.iter().position(|k| *k == key).expect("a listed key");
            assert_eq!(
                line,
                format!("option name {key} type string default {}", defaults[i]),
                "{transcript}"
            );
            if !replaced {
                out.push_str(
                    "option name KEY type string default DEFAULT (the other games' keys)\n",
                );
                replaced = true;
            }
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
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
