//! The engine's commands end to end: `analyse`, `match`, `play --player …=engine` and `uci`.

use crate::common;

use std::ffi::OsStr;
use std::process::Output;

fn variants(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    common::run(&args, stdin)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_str(stdout(o).trim()).expect("one JSON object")
}

/// C3-21 (FIDE chess at one height): the back-rank mate Ra8#, found as mate 1.
#[test]
fn analyse_reports_a_mate_in_one_as_json() {
    let o = variants(
        &[
            "analyse",
            "chess3d",
            "-c",
            "heights=1",
            "--position",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "--depth",
            "3",
            "--json",
        ],
        None,
    );
    let v = json(&o);
    assert_eq!(v["best"], "a1a8");
    assert_eq!(v["score"]["mate"], 1);
    assert_eq!(v["depth"], 3);
    assert_eq!(v["pv"][0], "a1a8");
    assert!(v["nodes"].as_u64().expect("nodes") > 0);
}

/// CT-35 (king capture wins): the Scout on a5 takes the King on c4.
#[test]
fn analyse_prints_a_line_per_depth_and_the_best_move() {
    let o = variants(
        &[
            "analyse",
            "chess-t",
            "--position",
            "1rp1kpr1/nn2cnn1/R2nn3/s2Sn2n/N1K1N2N/6NP/N1N4N/2P1C1SR b Pp 8 20",
            "--depth",
            "2",
        ],
        None,
    );
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("depth 1 score mate 1 "));
    assert!(lines[1].starts_with("depth 2 score mate 1 "));
    assert!(lines[2].starts_with("bestmove a5c4 score mate 1 depth 2"));
}

#[test]
fn analyse_rejects_bad_input_with_a_message() {
    let o = variants(
        &[
            "analyse",
            "chess3d",
            "--position",
            "garbage",
            "--depth",
            "2",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("error: "));
    let o = variants(&["analyse", "chess3d"], None);
    assert_eq!(o.status.code(), Some(2), "no limit is a usage error");
    // A finished game (Fool's mate: White is mated) has nothing to analyse.
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let o = variants(
        &[
            "analyse",
            "chess3d",
            "-c",
            "heights=1",
            "-p",
            mated,
            "--depth",
            "1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("over"));
}

/// Every game ends with a result for each seat: wins + draws + losses = games per player, and
/// the points of all players add up to the number of games.
#[test]
fn match_counts_every_game_for_every_player() {
    let o = variants(
        &[
            "match",
            "checkers3d",
            "-c",
            "heights=1",
            "--player",
            "engine:depth=1",
            "--player",
            "random",
            "--games",
            "4",
            "--seed",
            "7",
            "--json",
        ],
        None,
    );
    let v = json(&o);
    assert_eq!(v["games"], 4);
    let players = v["players"].as_array().expect("players");
    assert_eq!(players.len(), 2);
    let mut points = 0.0;
    for p in players {
        let n = p["wins"].as_u64().unwrap()
            + p["draws"].as_u64().unwrap()
            + p["losses"].as_u64().unwrap();
        assert_eq!(n, 4);
        points += p["score"].as_f64().unwrap() * 4.0;
    }
    assert!((points - 4.0).abs() < 1e-9);
    assert!(v["elo"].is_number() && v["elo_error"].is_number());
    assert_eq!(players[0]["spec"], "engine:depth=1");
}

#[test]
fn match_rejects_a_wrong_number_of_players_and_bad_specs() {
    let o = variants(
        &[
            "match",
            "bishops4p",
            "--player",
            "engine",
            "--player",
            "greedy",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("needs 4 --player"));
    let o = variants(
        &[
            "match",
            "chess-t",
            "--player",
            "engine:depth=x",
            "--player",
            "random",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a positive number"));
}

#[test]
fn play_with_an_engine_player() {
    let o = variants(
        &[
            "play",
            "chess3d",
            "-c",
            "heights=1",
            "--player",
            "white=engine:depth=2",
            "--player",
            "black=engine:nodes=500",
            "--max-plies",
            "4",
            "--quiet",
        ],
        Some(b""),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert_eq!(out.matches(" plays ").count(), 4, "{out}");
}

/// The UCI handshake and a search, as a GUI would drive it; a bad command gets an
/// `info string` line and the engine keeps going.
#[test]
fn uci_answers_the_protocol() {
    let input = b"uci\nisready\nfoo\nposition startpos moves e2e4 e7e5 g1f3\ngo depth 3\nisready\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo nodes 5000\nposition startpos moves e2e5\nquit\n";
    let o = variants(&["uci"], Some(input));
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("uciok\n"));
    assert!(out.contains("readyok\n"));
    assert!(out.contains("info string error: unknown command \"foo\""));
    // `position` during a search stops it (UCI), so how deep `go depth 3` got depends on timing.
    assert!(out.contains("info depth 1 "));
    assert!(out.contains("bestmove a1a8\n"), "{out}");
    assert!(out.contains("score mate 1"));
    assert_eq!(out.matches("bestmove ").count(), 2);
    assert!(
        out.contains("info string error:"),
        "the illegal e2e5 is reported"
    );
}

/// `undo` against a built-in player takes back its reply and the person's move, so the turn
/// is the person's again (before, only the reply was taken back and played again at once).
#[test]
fn undo_returns_the_turn_to_the_person() {
    let o = variants(
        &[
            "play",
            "chess3d",
            "-c",
            "heights=1",
            "--player",
            "black=greedy",
            "--seed",
            "1",
            "--quiet",
        ],
        Some(b"e2e4\nundo\nshow\n"),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert_eq!(out.matches("black plays ").count(), 1, "{out}");
    // `show` after the undo prints the start position again, White to move.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let reply = out.find("black plays ").expect("a reply");
    assert!(out.rfind(start).is_some_and(|at| at > reply), "{out}");
    assert!(out.trim_end().ends_with("white>"), "{out}");
}

/// Every win in one of every game's test position file (`crates/<game>/data/<game>.positions`,
/// each with all its winning moves and the rule ids that make them wins): `analyse --json`
/// reports one of the winning moves as a mate in one.
#[test]
fn analyse_finds_every_game_s_wins_in_one() {
    for game in common::games() {
        let mut found = 0;
        for entry in common::test_positions(&game).wins() {
            let what = format!("{game} `{}`", entry.id);
            let position = entry.position.expect("a win in one names its position");
            let mut args = vec![
                "analyse",
                &game,
                "--position",
                position,
                "--depth",
                "2",
                "--json",
            ];
            if !entry.config.is_empty() {
                args.extend(["-c", entry.config]);
            }
            let v = json(&variants(&args, None));
            let best = v["best"].as_str().unwrap_or_default();
            assert!(entry.wins.contains(&best), "{what}: {v}");
            assert_eq!(v["score"]["mate"], 1, "{what}: {v}");
            found += 1;
        }
        assert!(found >= 1, "{game}: no win in one");
    }
}

/// `datagen` writes a VGDATA file (docs/engine.md): its header, then whole records; the same
/// games give the same bytes on one thread or two (game i is played from seed + i, and games
/// are written in order whatever thread finishes first).
#[test]
fn datagen_writes_the_same_records_on_any_number_of_threads() {
    let dir = std::env::temp_dir().join(format!("variants-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for threads in ["1", "2"] {
        let out = dir.join(format!("t{threads}.vgdata"));
        let o = variants(
            &[
                "datagen",
                "checkers3d",
                "-c",
                "heights=1",
                "--games",
                "3",
                "--nodes",
                "200",
                "--random-plies",
                "2",
                "--max-plies",
                "60",
                "--seed",
                "9",
                "-t",
                threads,
                "--out",
                out.to_str().unwrap(),
            ],
            None,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(stdout(&o).starts_with("3 games, "), "{}", stdout(&o));
        files.push(std::fs::read(&out).unwrap());
    }
    assert_eq!(files[0], files[1]);
    let bytes = &files[0];
    assert_eq!(&bytes[..6], b"VGDATA");
    let header = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    // Russian draughts: 64 cells, so 74 bytes a record; games numbered 0, 1, 2 in order.
    let records: Vec<&[u8]> = bytes[header..].chunks(74).collect();
    assert!(!records.is_empty() && records.iter().all(|r| r.len() == 74));
    let games: Vec<u32> = records
        .iter()
        .map(|r| u32::from_le_bytes(r[..4].try_into().unwrap()))
        .collect();
    assert!(games.windows(2).all(|w| w[0] <= w[1]) && games.iter().all(|&g| g < 3));
    // Results are 0, 1 or 2 for the mover; movers are seats 0 and 1 (D3-1: two players).
    assert!(records.iter().all(|r| r[9] <= 2 && r[8] <= 1));
    // A bad net file is refused by analyse with the reason.
    let net = dir.join("bad.vnet");
    std::fs::write(&net, b"VNET\x01\x00").unwrap();
    let o = variants(
        &[
            "analyse",
            "chess-t",
            "--depth",
            "1",
            "--eval-file",
            net.to_str().unwrap(),
        ],
        None,
    );
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("the net file is cut off"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// What a search reports apart from its speed: best move, score, depth, nodes and line.
fn search_facts(o: &Output) -> Vec<serde_json::Value> {
    let v = json(o);
    ["best", "score", "depth", "nodes", "pv"]
        .iter()
        .map(|k| v[k].clone())
        .collect()
}

/// `--eval-params FILE` with a file of the default values (its comments changed, its lines
/// in another order) searches exactly as without: the same nodes, score and line at a fixed
/// depth for `analyse`, the same games for `match`, the same answer to `uci`'s `EvalParams`.
#[test]
fn eval_params_with_the_default_values_change_nothing() {
    let dir = std::env::temp_dir().join(format!("variants-params-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for game in ["chess-t", "checkers3d", "bishops4p", "qubic"] {
        let text = variant_engine::eval::params::default_text(game).unwrap();
        let mut lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        let header = lines
            .iter()
            .position(|l| l.starts_with("eval-params"))
            .unwrap();
        let header = lines.remove(header);
        lines.reverse();
        let file = dir.join(format!("{game}.params"));
        std::fs::write(
            &file,
            format!("# reordered\n{header}\n{}\n", lines.join("\n")),
        )
        .unwrap();
        let path = file.to_str().unwrap();
        let analyse = |extra: &[&str]| {
            let mut args = vec!["analyse", game, "--depth", "3", "--json"];
            args.extend_from_slice(extra);
            search_facts(&variants(&args, None))
        };
        assert_eq!(analyse(&[]), analyse(&["--eval-params", path]), "{game}");
        let play_match = |extra: &[&str]| {
            let mut args = vec!["match", game, "--player", "engine:depth=2"];
            // One spec per seat: Bishops has four (B4-3).
            let others = if game == "bishops4p" { 3 } else { 1 };
            for _ in 0..others {
                args.extend_from_slice(&["--player", "greedy"]);
            }
            args.extend_from_slice(&["--games", "2", "--max-plies", "12", "--json"]);
            args.extend_from_slice(extra);
            json(&variants(&args, None))["players"].clone()
        };
        assert_eq!(
            play_match(&[]),
            play_match(&["--eval-params", path]),
            "{game}"
        );
        let uci = |set: &str| {
            let input = format!(
                "uci\nsetoption name UCI_Variant value {game}\n{set}position startpos\n\
                 go depth 3\nisready\nquit\n"
            );
            let out = stdout(&variants(&["uci"], Some(input.as_bytes())));
            out.lines()
                .filter(|l| l.starts_with("bestmove") || l.starts_with("info depth"))
                .map(|l| l.split(" nps ").next().unwrap_or(l).to_string())
                .collect::<Vec<_>>()
        };
        let set = format!("setoption name EvalParams value {path}\n");
        let (plain, with) = (uci(""), uci(&set));
        assert!(plain.iter().any(|l| l.starts_with("bestmove")), "{plain:?}");
        assert_eq!(plain, with, "{game}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A malformed parameter file is refused with its line by every command that takes one, a
/// file for another game by the commands that know the game, and by `uci` as an
/// `info string error` that changes nothing.
#[test]
fn malformed_eval_params_are_refused_with_their_line() {
    let dir = std::env::temp_dir().join(format!("variants-bad-params-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = variant_engine::eval::params::default_text("chess-t").unwrap();
    let bad = dir.join("bad.params");
    std::fs::write(&bad, text.replacen("control 2", "control two", 1)).unwrap();
    let line = text.lines().position(|l| l == "control 2").unwrap() + 1;
    let expected = format!("parameter file, line {line}: `control`: `two` is not an integer");
    let bad = bad.to_str().unwrap();
    let stderr = |o: &Output| String::from_utf8_lossy(&o.stderr).into_owned();
    for args in [
        vec!["analyse", "chess-t", "--depth", "1", "--eval-params", bad],
        vec![
            "match",
            "chess-t",
            "--player",
            "greedy",
            "--player",
            "greedy",
            "--eval-params",
            bad,
        ],
        vec![
            "play",
            "chess-t",
            "--player",
            "white=greedy",
            "--eval-params",
            bad,
        ],
        vec!["uci", "--eval-params", bad],
    ] {
        let o = variants(&args, Some(b"quit\n"));
        assert!(!o.status.success(), "{args:?}");
        assert!(stderr(&o).contains(&expected), "{args:?}: {}", stderr(&o));
    }
    // A file for checkers3d given to a chess-T search.
    let other = dir.join("checkers3d.params");
    std::fs::write(
        &other,
        variant_engine::eval::params::default_text("checkers3d").unwrap(),
    )
    .unwrap();
    let o = variants(
        &[
            "analyse",
            "chess-t",
            "--depth",
            "1",
            "--eval-params",
            other.to_str().unwrap(),
        ],
        None,
    );
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("is for checkers3d, not chess-t"),
        "{}",
        stderr(&o)
    );
    // The protocol reports the error and searches on with the table it had.
    let input = format!("setoption name EvalParams value {bad}\nisready\nquit\n");
    let out = stdout(&variants(&["uci"], Some(input.as_bytes())));
    assert!(
        out.contains(&format!("info string error: EvalParams: {expected}")),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
