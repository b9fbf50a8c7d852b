//! The `variants` command end to end: each subcommand's output and exit codes.

use crate::common;

use std::ffi::OsStr;
use std::process::{Command, Output};

fn variants(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_variants"))
        .args(args)
        .output()
        .expect("the variants binary runs")
}

/// Runs `variants` with `args`, then `path` as the last argument, feeding `input` on stdin.
fn variants_with_input(args: &[&str], path: &std::path::Path, input: &[u8]) -> Output {
    let mut all: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    all.push(path.as_os_str());
    common::run(&all, Some(input))
}

/// A fresh directory for one test's files (the test removes it at the end).
fn scratch_dir(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("variant-cli-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn games_lists_every_game_and_its_keys() {
    // Every game of the registry (the binary's `games --json`), with each of its keys.
    let games = common::games();
    assert_eq!(games.len(), variant_games::registry::games().len());
    let o = variants(&["games"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for name in &games {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{name}  "))),
            "{name} missing from:\n{out}"
        );
        let info = variant_games::registry::game_info(name).unwrap();
        for key in info.keys {
            assert!(
                out.lines()
                    .any(|l| l.trim_start().starts_with(&format!("{} ", key.name))),
                "{name}: key {} missing from:\n{out}",
                key.name
            );
        }
    }
}

#[test]
fn start_prints_the_position_text() {
    let o = variants(&["start", "chess3d", "--config", "heights=1"]);
    assert_eq!(
        stdout(&o).trim(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // C3-52: the default start, quoted from the rules page.
    let o = variants(&["start", "chess3d"]);
    assert_eq!(
        stdout(&o).trim(),
        "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w KQkq - 0 1 1,8"
    );
    // B4-51: the start text of the rules page.
    let o = variants(&["start", "bishops4p"]);
    assert!(
        stdout(&o).starts_with("2,bR,bN,bB,bK,bQ,bB,bN,bR,2/"),
        "{}",
        stdout(&o)
    );
    // CT-51.
    let o = variants(&["start", "chess-t"]);
    assert_eq!(
        stdout(&o).trim(),
        "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1"
    );
}

#[test]
fn moves_are_sorted_canonical_text() {
    let o = variants(&["moves", "chess3d", "--config", "heights=1"]);
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 20);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"e2e4".to_string()) && lines.contains(&"g1f3".to_string()));
    let o = variants(&["moves", "chess3d", "--position", KIWIPETE, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 48);
    // D3-40: 7 first moves of Russian draughts.
    let o = variants(&["moves", "checkers3d", "--config", "heights=1"]);
    assert_eq!(stdout(&o).lines().count(), 7);
    // B4-53: 26 first moves for White.
    let o = variants(&["moves", "bishops4p"]);
    assert_eq!(stdout(&o).lines().count(), 26);
}

#[test]
fn perft_counts_divides_and_speaks_json() {
    let o = variants(&["perft", "chess3d", "--depth", "3", "--config", "heights=1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "nodes 8902");
    let o = variants(&[
        "perft",
        "chess3d",
        "-d",
        "2",
        "--position",
        KIWIPETE,
        "--json",
        "--divide",
        "--threads",
        "2",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["game"], "chess3d");
    assert_eq!(v["depth"], 2);
    assert_eq!(v["nodes"], 2039);
    assert!(v["seconds"].is_number() && v["nodes_per_second"].is_number());
    let divide = v["divide"].as_object().unwrap();
    assert_eq!(divide.len(), 48);
    assert_eq!(
        divide.values().map(|n| n.as_u64().unwrap()).sum::<u64>(),
        2039
    );
    let o = variants(&["perft", "chess3d", "--depth", "2"]);
    // Rules page reference count (8,1,8) at depth 2.
    assert_eq!(stdout(&o).trim(), "nodes 14865");
}

/// `--hash MB`: the same counts with a transposition table (FIDE Kiwipete 48, 2 039, 97 862,
/// published; C3-40), and a table no machine has is a one-line error.
#[test]
fn perft_with_a_hash_table_counts_the_same() {
    for (threads, hash) in [("1", "4"), ("2", "1")] {
        let o = variants(&[
            "perft",
            "chess3d",
            "-d",
            "3",
            "--position",
            KIWIPETE,
            "--hash",
            hash,
            "--threads",
            threads,
            "--hash-seed",
            "7",
            "--json",
            "--divide",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["nodes"], 97_862);
        assert_eq!(v["divide"].as_object().unwrap().len(), 48);
        assert_eq!(v["hash_mb"], hash.parse::<u64>().unwrap());
    }
    let o = variants(&["perft", "chess3d", "-d", "3", "--hash", "99999999999"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.starts_with("error:") && e.contains("99999999999 MB"),
        "{e}"
    );
}

#[test]
fn errors_are_one_line_with_exit_codes() {
    // Bad input: exit 1, one line naming the bad part.
    let o = variants(&["moves", "chess4d"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.starts_with("error:") && e.contains("chess4d") && e.contains("chess3d"),
        "{e}"
    );
    let o = variants(&["moves", "chess3d", "--config", "heights=0"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("heights"), "{}", stderr(&o));
    let o = variants(&[
        "moves",
        "chess3d",
        "--position",
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("position text"), "{}", stderr(&o));
    // Usage errors: exit 2.
    let o = variants(&["perft", "chess3d"]);
    assert_eq!(o.status.code(), Some(2));
    let o = variants(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn show_draws_boards_and_svg() {
    let o = variants(&["show", "chess3d", "--config", "heights=2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("height 1") && out.contains("height 2"),
        "{out}"
    );
    assert!(
        out.contains("RNBQKBNR|"),
        "the position text follows the board:\n{out}"
    );
    // D3-3: 12 men per set-up height; with two heights White's on height 1, Black's on 2.
    let o = variants(&["show", "checkers3d", "--config", "heights=2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let (first, second) = out.split_once("height 2").expect("two boards");
    assert!(first.contains("height 1"), "{out}");
    let count = |text: &str, c: char| text.chars().filter(|&x| x == c).count();
    assert_eq!((count(first, 'M'), count(first, 'm')), (12, 0), "{out}");
    let second_board = second.split("\n\n").next().unwrap_or_default();
    assert_eq!(
        (count(second_board, 'M'), count(second_board, 'm')),
        (0, 12),
        "{out}"
    );
    // B4-2/B4-4: the corner blocks (empty, marked +) and the seats' pieces.
    let o = variants(&["show", "bishops4p"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rank1 = out
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap_or_default();
    assert_eq!(
        rank1.split_whitespace().collect::<Vec<_>>(),
        [
            "1", "+", "+", "wR", "wN", "wB", "wQ", "wK", "wB", "wN", "wR", "+", "+"
        ],
        "{out}"
    );
    assert!(
        out.contains("gK") && out.contains("pK") && out.contains("bK"),
        "{out}"
    );
    // CT-10: with --strength each cell shows White's and Black's sums.
    let o = variants(&["show", "chess-t", "--strength"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("strength White:Black"), "{out}");
    // Each cell reads `<piece or .><white>:<black>`. The start position is the same for both
    // sides seen from their own side (CT-3), so White's sum on a cell equals Black's on the
    // cell mirrored across the middle of the board.
    let mut sums = std::collections::HashMap::new();
    for line in out.lines() {
        let mut words = line.split_whitespace();
        let Some(rank) = words.next().and_then(|r| r.parse::<u32>().ok()) else {
            continue;
        };
        for (file, cell) in words.enumerate() {
            let (white, black) = cell[1..].split_once(':').expect("a strength note");
            let n = |t: &str| t.parse::<u32>().expect("a number");
            sums.insert((file, rank), (n(white), n(black)));
        }
    }
    assert_eq!(sums.len(), 64, "{out}");
    for (&(file, rank), &(white, _)) in &sums {
        assert_eq!(white, sums[&(file, 9 - rank)].1, "{file},{rank}:\n{out}");
    }
    // Without --strength the cells carry no sums.
    let plain = stdout(&variants(&["show", "chess-t"]));
    let rows: Vec<&str> = plain
        .lines()
        .filter(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|r| r.parse::<u32>().is_ok())
        })
        .collect();
    assert_eq!(rows.len(), 8, "{plain}");
    assert!(rows.iter().all(|r| !r.contains(':')), "{plain}");

    // Every game draws an SVG (its default configuration and its quick one); the 3D games with
    // more than one height draw one titled board per height (C3-2, D3-2).
    let dir = scratch_dir("test");
    for game in common::games() {
        for config in ["", common::quick_config(&game)] {
            let svg = dir.join(format!("{game}.svg"));
            let o = variants(&[
                "show",
                &game,
                "--config",
                config,
                "--svg",
                svg.to_str().unwrap(),
            ]);
            assert!(o.status.success(), "{game} {config:?}: {}", stderr(&o));
            let text = std::fs::read_to_string(&svg).unwrap();
            assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
        }
    }
    for (game, config, boards) in [("chess3d", "heights=3", 3), ("checkers3d", "heights=2", 2)] {
        let svg = dir.join(format!("{game}-{boards}.svg"));
        let o = variants(&[
            "show",
            game,
            "--config",
            config,
            "--svg",
            svg.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        let text = std::fs::read_to_string(&svg).unwrap();
        assert_eq!(text.matches(">height ").count(), boards, "{game}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_between_built_in_players_saves_and_loads_records() {
    let dir = scratch_dir("play");
    let record = dir.join("game.json");
    // Built-in players only: nothing is read from stdin.
    let o = variants_with_input(
        &[
            "play",
            "chess3d",
            "--config",
            "heights=1",
            "--player",
            "white=random",
            "--player",
            "black=greedy",
            "--seed",
            "7",
            "--max-plies",
            "12",
            "--quiet",
            "--save",
        ],
        &record,
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).matches(" plays ").count(), 12, "{}", stdout(&o));
    let json = std::fs::read_to_string(&record).unwrap();
    assert!(json.contains("\"game\": \"chess3d\""), "{json}");
    // A person continues the saved game: one move, then undo, then quit.
    let o = variants_with_input(
        &["play", "chess3d", "--quiet", "--load"],
        &record,
        b"moves\nzz9\nundo\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("error: move text \"zz9\""), "{out}");
}

#[test]
fn bench_prints_a_table_of_checked_counts() {
    let o = variants(&["bench", "bishops4p", "--threads", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains("1 thread n/s") && lines[0].contains("2 threads n/s"));
    // The registry's Bishops positions: B4-52 counts at depth 4 for four and three players.
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[1].contains("433629"), "{out}");
    assert!(lines[2].contains("636432"), "{out}");
    for line in &lines[1..] {
        let rate: f64 = line.split_whitespace().last().unwrap().parse().unwrap();
        assert!(rate > 0.0, "{line}");
    }
    let o = variants(&["bench", "go"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("unknown game"), "{}", stderr(&o));
}

/// `play` says before the first move which seats are the person's: with no `--player` every
/// seat is a person at this terminal; with one the rest are named with their player.
#[test]
fn play_says_whom_you_play() {
    let run = |args: &[&str]| {
        let all: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        stdout(&common::run(&all, Some(b"quit\n")))
    };
    let both = run(&["play", "chess3d", "--config", "heights=1", "--quiet"]);
    assert_eq!(
        both.lines().next(),
        Some(
            "you play white and black (all at this terminal; --player SEAT=engine gives a \
             seat to the engine)"
        )
    );
    let one = run(&["play", "chess3d", "--quiet", "--player", "black=random"]);
    assert_eq!(one.lines().next(), Some("you play white; black: random"));
    let bishops = run(&[
        "play",
        "bishops4p",
        "--quiet",
        "--player",
        "white=random",
        "--player",
        "grey=greedy",
        "--player",
        "pink=random",
    ]);
    assert_eq!(
        bishops.lines().next(),
        Some("you play black; white: random, grey: greedy, pink: random")
    );
}

#[test]
fn play_quit_saves_the_record_and_moves_after_the_end_say_so() {
    let dir = scratch_dir("quit");
    let record = dir.join("game.json");
    let o = variants_with_input(
        &[
            "play",
            "chess3d",
            "--config",
            "heights=1",
            "--quiet",
            "--save",
        ],
        &record,
        b"e2e4\ne7e5\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(json["moves"], serde_json::json!(["e2e4", "e7e5"]));
    // A draw by agreement ends the game; `moves` then lists nothing.
    let o = variants_with_input(
        &["play", "chess3d", "--quiet", "--load"],
        &record,
        b"draw\nmoves\n",
    );
    let out = stdout(&o);
    assert!(out.contains("game over: draw (agreement)"), "{out}");
    assert!(out.contains("none: the game is over"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
