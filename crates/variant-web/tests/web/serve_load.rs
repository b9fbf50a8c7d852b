//! Load test of `variants serve` (loopback only, bounded): `VARIANTS_LOAD_GAMES` scripted
//! clients (default 100), each playing its own game (the games of the registry in turn, every
//! seat human) for `VARIANTS_LOAD_SECONDS` (default 20; docs/web.md gives the 60-second figure), each
//! move a new connection, each client pausing `VARIANTS_LOAD_THINK_MS` (default 100) between
//! its moves — a person needs seconds, so 100 clients offer at most 1000 moves a second; 0
//! makes it a closed loop (as fast as the machine goes); `VARIANTS_LOAD_SYNC` (`full`, the
//! default, or `normal`) is the server's `--sync`. Every answer must be 200, and the 99th percentile of the move
//! answers (human moves, no engine) must stay under 50 ms. Every game has a clock (an hour and
//! a second a move: the server's timers run, none expires) and is listed, and one more client
//! reads the lobby (`GET /api/games`) every 250 ms throughout (the figure holds with
//! clocks and the lobby in). `VARIANTS_LOAD_ANALYSTS` (default 3; 0 leaves analyses out) more
//! clients (each its own browser id) each start an analysis (`GET /api/analysis`, 1 or
//! 2 s of search of a game's start) every `VARIANTS_LOAD_ANALYSIS_EVERY_MS` (default 3000)
//! and read it to its end: the server runs few at once, so some are refused with 429 — an
//! expected answer, counted apart; every analysis let in must stream a depth and its `done`
//! line.
//!
//! Timing belongs in release builds: this test is `#[ignore]`d and run by
//! `cargo xtask release-tests` (profile `release-tests`).

use crate::server;

use serde_json::{Value, json};
use server::{Server, scratch};
use std::time::{Duration, Instant};

/// A client starts a new game after this many plies (or when its game ends).
const MAX_PLIES: usize = 120;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct ClientReport {
    latencies: Vec<Duration>,
    errors: Vec<String>,
    games: usize,
}

fn client(server: &Server, index: usize, until: Instant, think: Duration) -> ClientReport {
    let mut report = ClientReport {
        latencies: Vec::new(),
        errors: Vec::new(),
        games: 0,
    };
    let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ (index as u64 + 1);
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    'games: while Instant::now() < until {
        // The games of the registry in turn, each with its default configuration.
        let games = variant_games::registry::names();
        let (game, config) = (games[(index + report.games) % games.len()], "");
        let (status, created) = server.post(
            "/api/games",
            &json!({"game": game, "config": config, "one_token": true, "listed": [],
                    "clock": {"initial_ms": 3_600_000, "increment_ms": 1000}}),
        );
        if status != 201 {
            report
                .errors
                .push(format!("create {game}: {status} {created}"));
            return report;
        }
        report.games += 1;
        let id = created["id"].as_str().unwrap_or_default().to_string();
        let token = created["tokens"]
            .as_object()
            .and_then(|t| t.values().next())
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let (_, mut state) = server.get(&format!("/api/games/{id}"));
        for _ in 0..MAX_PLIES {
            if Instant::now() >= until {
                break 'games;
            }
            let moves = state["moves"].as_array().cloned().unwrap_or_default();
            if state["status"]["result"] != "ongoing" || moves.is_empty() {
                break;
            }
            let mv = moves[(next() % moves.len() as u64) as usize]
                .as_str()
                .unwrap_or_default()
                .to_string();
            std::thread::sleep(think);
            let started = Instant::now();
            let (status, answer) = server.post(
                &format!("/api/games/{id}/moves"),
                &json!({"move": mv, "token": token}),
            );
            report.latencies.push(started.elapsed());
            if status != 200 {
                report
                    .errors
                    .push(format!("{game} {id} move {mv}: {status} {answer}"));
                break;
            }
            state = answer;
        }
    }
    report
}

/// What the analysis clients saw.
#[derive(Default)]
struct AnalysisReport {
    /// Analyses that streamed a depth and their end.
    done: usize,
    /// 429 answers (the server's limit of analyses at once).
    refused: usize,
    errors: Vec<String>,
}

/// Starts an analysis of a start position every `every` until `until`, 1 or 2 s long in turn,
/// and reads each to its end.
fn analyst(server: &Server, index: usize, until: Instant, every: Duration) -> AnalysisReport {
    let mut report = AnalysisReport::default();
    let games = variant_games::registry::names();
    let mut round = 0usize;
    while Instant::now() + every < until {
        std::thread::sleep(every);
        let game = games[(index + round) % games.len()];
        let ms = 1000 + 1000 * (round % 2);
        round += 1;
        let path = format!("/api/analysis?game={game}&ms={ms}&client=load-analyst-{index}");
        let (status, body) = server.raw("GET", &path, None);
        match status {
            429 => report.refused += 1,
            200 => {
                let lines: Vec<Value> = body
                    .lines()
                    .filter(|l| l.starts_with('{'))
                    .filter_map(|l| serde_json::from_str(l).ok())
                    .collect();
                let depth = lines
                    .iter()
                    .any(|l| l["type"] == "depth" && l["depth"].as_u64() >= Some(1));
                let done = lines.last().is_some_and(|l| l["type"] == "done");
                if depth && done {
                    report.done += 1;
                } else {
                    report
                        .errors
                        .push(format!("analysis of {game}: no depth or no end: {body}"));
                }
            }
            other => report
                .errors
                .push(format!("analysis of {game}: {other} {body}")),
        }
    }
    report
}

/// Reads the lobby every 250 ms until `until`: every answer must be 200 and list games.
fn lobby_reader(server: &Server, until: Instant) -> ClientReport {
    let mut report = ClientReport {
        latencies: Vec::new(),
        errors: Vec::new(),
        games: 0,
    };
    while Instant::now() < until {
        std::thread::sleep(Duration::from_millis(250));
        let started = Instant::now();
        let (status, lobby) = server.get("/api/games?open=false");
        report.latencies.push(started.elapsed());
        if status != 200 || !lobby["games"].is_array() {
            report.errors.push(format!("lobby: {status} {lobby}"));
        }
    }
    report
}

#[test]
#[ignore = "load test: release build (cargo xtask release-tests)"]
fn hundred_games_at_once() {
    let clients = env_number("VARIANTS_LOAD_GAMES", 100) as usize;
    let seconds = env_number("VARIANTS_LOAD_SECONDS", 20);
    let think = Duration::from_millis(env_number("VARIANTS_LOAD_THINK_MS", 100));
    let sync = std::env::var("VARIANTS_LOAD_SYNC").unwrap_or_else(|_| "full".to_string());
    let analysts = env_number("VARIANTS_LOAD_ANALYSTS", 3) as usize;
    let every = Duration::from_millis(env_number("VARIANTS_LOAD_ANALYSIS_EVERY_MS", 3000));
    let dir = scratch("load");
    // The figure is the server's, not the disk's: with `--sync full` every move waits for an
    // fsync, and right after a build (CI runs this after linking the release test binaries)
    // that fsync queues behind the writeback of gigabytes of build output, which can multiply
    // the p99 (docs/notes/2026-12-code-comment-figures.md). Writing the machine's dirty pages
    // out first leaves the disk to the server.
    let _ = std::process::Command::new("sync").status();
    let server = Server::start_with(&dir.join("games.db"), &["--sync", &sync]);
    let until = Instant::now() + Duration::from_secs(seconds);
    type Reports = (Vec<ClientReport>, ClientReport, Vec<AnalysisReport>);
    let (reports, lobby, analyses): Reports = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..clients)
            .map(|i| {
                let server = &server;
                scope.spawn(move || client(server, i, until, think))
            })
            .collect();
        let lobby = scope.spawn(|| lobby_reader(&server, until));
        let analysts: Vec<_> = (0..analysts)
            .map(|i| {
                let server = &server;
                // Staggered, so that they do not all ask at the same moment.
                let every = every + Duration::from_millis(300 * i as u64);
                scope.spawn(move || analyst(server, i, until, every))
            })
            .collect();
        (
            handles
                .into_iter()
                .map(|h| h.join().expect("client thread"))
                .collect(),
            lobby.join().expect("lobby thread"),
            analysts
                .into_iter()
                .map(|h| h.join().expect("analysis thread"))
                .collect(),
        )
    });
    let mut errors: Vec<String> = reports.iter().flat_map(|r| r.errors.clone()).collect();
    errors.extend(lobby.errors);
    let analysed: usize = analyses.iter().map(|a| a.done).sum();
    let refused: usize = analyses.iter().map(|a| a.refused).sum();
    errors.extend(analyses.into_iter().flat_map(|a| a.errors));
    println!("analysis: {analysed} streamed to their end, {refused} refused with 429 (the limit)");
    println!(
        "lobby: {} reads, slowest {:.2} ms",
        lobby.latencies.len(),
        lobby
            .latencies
            .iter()
            .max()
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    );
    let games: usize = reports.iter().map(|r| r.games).sum();
    let mut latencies: Vec<Duration> = reports.into_iter().flat_map(|r| r.latencies).collect();
    latencies.sort();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "load: --sync {sync}, {clients} clients, {seconds} s, think {} ms, {games} games, {} moves ({:.0}/s), \
         p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms, {} errors",
        think.as_millis(),
        latencies.len(),
        latencies.len() as f64 / seconds.max(1) as f64,
        ms(pick(0.50)),
        ms(pick(0.90)),
        ms(pick(0.99)),
        ms(latencies.last().copied().unwrap_or_default()),
        errors.len()
    );
    assert!(errors.is_empty(), "errors: {errors:?}");
    assert!(latencies.len() > clients, "too few moves were played");
    assert!(
        analysts == 0 || seconds < 10 || analysed > 0,
        "no analysis ran to its end"
    );
    assert!(
        pick(0.99) < Duration::from_millis(50),
        "p99 {:.2} ms is over 50 ms",
        ms(pick(0.99))
    );
}
