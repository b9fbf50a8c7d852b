//! The engine protocol (docs/protocol.md) end to end: `variants uci` driven through
//! `UCI_Variant` and the configuration options for every game and configuration family, each
//! position given both ways (`startpos moves …` and `fen TEXT`), every `bestmove` checked
//! legal with the library; and `variants match` with `uci:` players and `--sprt`.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;
use variant_games::Game;

/// A running `variants uci`, its output read by a thread so a silent engine fails the test
/// instead of hanging it.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_variants"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("variants uci starts");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in output.lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, command: &str) {
        writeln!(self.input, "{command}").expect("write");
    }

    /// The lines up to one starting with `word` (that one last); any error line fails.
    fn until(&mut self, word: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(120))
                .unwrap_or_else(|_| panic!("no {word:?} after {seen:?}"));
            assert!(!line.contains("error"), "{line} (after {seen:?})");
            let done = line.split_whitespace().next() == Some(word);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// `go nodes N` on the position set; the move of `bestmove`.
    fn best(&mut self) -> String {
        self.send("go nodes 3000");
        let lines = self.until("bestmove");
        let last = lines.last().expect("a line");
        last.split_whitespace().nth(1).expect("a move").to_string()
    }
}

/// The families: every game of the registry with its default configuration and the
/// configurations its test position file tags `family` (those that change the board, the seats
/// or the rules most).
fn families() -> Vec<(String, String)> {
    let mut families = Vec::new();
    for game in common::games() {
        families.push((game.clone(), String::new()));
        for entry in common::test_positions(&game).family() {
            families.push((game.clone(), entry.config.to_string()));
        }
    }
    families
}

#[test]
fn every_game_and_family_through_uci_variant() {
    let mut engine = Engine::start();
    engine.send("uci");
    let hello = engine.until("uciok");
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant type combo"))
    );
    for (game, config) in &families() {
        let (game, config) = (game.as_str(), config.as_str());
        engine.send(&format!("setoption name UCI_Variant value {game}"));
        let pairs = variant_games::registry::parse_config(config).expect("a configuration");
        for (key, value) in &pairs {
            engine.send(&format!("setoption name {key} value {value}"));
        }
        engine.send("ucinewgame");
        engine.send("isready");
        engine.until("readyok");
        let mut position = variant_games::new_game(game, config).expect("a game");
        let mut moves: Vec<String> = Vec::new();
        for ply in 0..6 {
            if position.status().is_over() {
                break;
            }
            // The same position both ways; each answer must be legal there.
            let text = position.to_text();
            engine.send(&format!("position fen {text}"));
            let from_fen = engine.best();
            assert!(
                position.parse_move(&from_fen).is_ok(),
                "{game} {config:?} ply {ply}: {from_fen} is not legal in {text}"
            );
            let line = if moves.is_empty() {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {}", moves.join(" "))
            };
            engine.send(&line);
            let from_start = engine.best();
            let mv = position
                .parse_move(&from_start)
                .unwrap_or_else(|e| panic!("{game} {config:?}: {line} → {from_start}: {e}"));
            moves.push(position.format_move(mv));
            position.play_unchecked(mv);
        }
        assert!(!moves.is_empty(), "{game} {config:?}");
    }
    engine.send("quit");
    assert!(engine.child.wait().expect("exits").success());
}

/// Errors are `info string error:` lines and the engine goes on with what it had.
#[test]
fn bad_options_and_positions_are_reported() {
    let mut engine = Engine::start();
    for bad in [
        "setoption name UCI_Variant value go",
        "setoption name heights value 9",
        "setoption name players value 3",
        "position fen not-a-position",
        "position startpos moves e2e5",
    ] {
        engine.send(bad);
        engine.send("isready");
        let line = engine
            .lines
            .recv_timeout(Duration::from_secs(60))
            .expect("an answer");
        assert!(line.starts_with("info string error: "), "{bad}: {line}");
        assert_eq!(engine.until("readyok").len(), 1);
    }
    // Still FIDE chess: the back-rank mate.
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(engine.best(), "a1a8");
    // `chess` (what python-chess sends) is FIDE chess again after another game.
    engine.send("setoption name UCI_Variant value chess-t");
    engine.send("setoption name UCI_Variant value chess");
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(engine.best(), "a1a8");
    engine.send("quit");
    assert!(engine.child.wait().expect("exits").success());
}

fn match_json(args: &[&str]) -> serde_json::Value {
    let o = Command::new(env!("CARGO_BIN_EXE_variants"))
        .args(args)
        .output()
        .expect("variants runs");
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("JSON")
}

/// `--player uci:PATH` (this very binary, started as `variants uci`) against the built-in
/// engine, in every game of the registry: each game ends with a result for every player.
#[test]
fn match_against_an_external_engine_in_every_game() {
    let me = format!("uci:{}", env!("CARGO_BIN_EXE_variants"));
    // Each game's quick configuration (its test position file), and its default one too when
    // that has another number of seats; as many players as seats.
    let mut cases: Vec<(String, &str, usize)> = Vec::new();
    for game in common::games() {
        let quick = common::quick_config(&game);
        let seats = common::seats(&game, quick).len();
        let default_seats = common::seats(&game, "").len();
        if default_seats != seats {
            cases.push((game.clone(), "", default_seats));
        }
        cases.push((game, quick, seats));
    }
    for (game, config, seats) in &cases {
        let (game, config, seats) = (game.as_str(), *config, *seats);
        let uci = format!("{me},movetime=20");
        let mut args = vec!["match", game, "--games", "2", "--max-plies", "60", "--json"];
        if !config.is_empty() {
            args.extend(["-c", config]);
        }
        args.extend(["--player", &uci]);
        for _ in 1..seats {
            args.extend(["--player", "engine:movetime=20"]);
        }
        let v = match_json(&args);
        assert_eq!(v["games"], 2, "{game}");
        let players = v["players"].as_array().expect("players");
        assert_eq!(players.len(), seats);
        for p in players {
            let n = p["wins"].as_u64().unwrap()
                + p["draws"].as_u64().unwrap()
                + p["losses"].as_u64().unwrap();
            assert_eq!(n, 2, "{game}: {p}");
        }
        assert_eq!(players[0]["spec"], uci.as_str());
    }
}

/// The engine against random moves: the SPRT (0 against 200 Elo) accepts H1 long before the
/// 200 games allowed. Each pair the engine wins twice adds about 0.42 to the LLR (ln of
/// 0.76/0.5 for s1 = L(200) = 0.76, s0 = 0.5), so about 8 pairs reach ln 19 = 2.94.
#[test]
fn sprt_accepts_h1_for_the_engine_against_random_and_stops_early() {
    let v = match_json(&[
        "match",
        "chess3d",
        "-c",
        "heights=1",
        "--player",
        "engine:movetime=20",
        "--player",
        "random",
        "--games",
        "200",
        "--sprt",
        "0,200",
        "--json",
    ]);
    let sprt = &v["sprt"];
    assert_eq!(sprt["result"], "H1", "{v}");
    assert!(sprt["llr"].as_f64().unwrap() >= sprt["upper"].as_f64().unwrap());
    assert!((sprt["upper"].as_f64().unwrap() - 19f64.ln()).abs() < 1e-9);
    let games = v["games"].as_u64().unwrap();
    assert!((2..200).contains(&games), "{games} games");
}

#[test]
fn openings_file_lines_are_played_from_both_sides() {
    let dir = std::env::temp_dir().join(format!("variants-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("openings.txt");
    std::fs::write(
        &file,
        "# a move list and a position\ne2e4 e7e5\n4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\n",
    )
    .expect("written");
    let path = file.to_string_lossy().to_string();
    let v = match_json(&[
        "match",
        "chess3d",
        "-c",
        "heights=1",
        "--player",
        "greedy",
        "--player",
        "random",
        "--openings",
        &path,
        "--games",
        "4",
        "--json",
    ]);
    assert_eq!(v["games"], 4);
    std::fs::write(&file, "e2e5\n").expect("written");
    let o = Command::new(env!("CARGO_BIN_EXE_variants"))
        .args([
            "match",
            "chess3d",
            "-c",
            "heights=1",
            "--player",
            "greedy",
            "--player",
            "random",
            "--openings",
            &path,
        ])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("openings line 1"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
