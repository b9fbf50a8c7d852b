//! `variants uci`: the Universal Chess Interface for chess3d with one height (FIDE chess,
//! C3-40), so that chess GUIs and python-chess can drive the engine. Moves are UCI's long
//! algebraic form (`e2e4`, `e7e8q`), which is chess3d's own notation at one height (C3-51).
//!
//! Supported: `uci`, `isready`, `ucinewgame`, `position startpos|fen FEN [moves …]`,
//! `go [depth N] [movetime MS] [nodes N] [wtime MS btime MS winc MS binc MS movestogo N]
//! [infinite]`, `stop`, `quit`. Bad input gets an `info string error: …` line, never a crash.

use crate::error::Error;
use crate::output::outln;
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;
use variants::chess3d::{Chess3d, Chess3dConfig, Color};
use variants::variant_core::Game;
use variants_engine::{Limits, Score, Searcher};

type Running = (JoinHandle<Searcher<Chess3d>>, Arc<AtomicBool>);

/// Runs the UCI loop until `quit` or the end of input.
///
/// # Errors
///
/// None in practice: protocol errors are reported to the GUI as `info string` lines.
pub fn run() -> Result<(), Error> {
    let config = Chess3dConfig {
        heights: 1,
        ..Chess3dConfig::default()
    };
    let mut position = Chess3d::new(&config)?;
    let mut earlier: Vec<u64> = Vec::new();
    let mut searcher: Option<Searcher<Chess3d>> = Some(Searcher::new());
    let mut running: Option<Running> = None;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        match command {
            "uci" => {
                outln!("id name variants-engine {}", env!("CARGO_PKG_VERSION"));
                outln!("id author The variants developers");
                outln!("uciok");
            }
            "isready" => outln!("readyok"),
            "ucinewgame" => {
                finish(&mut running, &mut searcher);
                if let Some(s) = searcher.as_mut() {
                    s.clear();
                }
            }
            "position" => {
                finish(&mut running, &mut searcher);
                match set_position(&config, &words[1..]) {
                    Ok((p, e)) => {
                        position = p;
                        earlier = e;
                    }
                    Err(e) => outln!("info string error: {e}"),
                }
            }
            "go" => {
                finish(&mut running, &mut searcher);
                let limits = go_limits(&words[1..], position.turn());
                let stop = Arc::new(AtomicBool::new(false));
                let mut s = searcher.take().unwrap_or_default();
                let (pos, hist, flag) = (position.clone(), earlier.clone(), Arc::clone(&stop));
                let handle = std::thread::spawn(move || {
                    let r = s.search(&pos, &hist, &limits, Some(&flag), |p| {
                        let pv: Vec<String> = {
                            let mut g = pos.clone();
                            p.pv.iter()
                                .map(|&m| {
                                    let t = g.format_move(m);
                                    g.play_unchecked(m);
                                    t
                                })
                                .collect()
                        };
                        outln!(
                            "info depth {} score {} nodes {} nps {} time {} pv {}",
                            p.depth,
                            uci_score(p.score),
                            p.nodes,
                            p.nps,
                            p.elapsed.as_millis(),
                            pv.join(" ")
                        );
                    });
                    match r.best {
                        Some(m) => outln!("bestmove {}", pos.format_move(m)),
                        None => outln!("bestmove 0000"),
                    }
                    s
                });
                running = Some((handle, stop));
            }
            "stop" => finish(&mut running, &mut searcher),
            "quit" => break,
            "debug" | "setoption" | "register" | "ponderhit" => {}
            other => outln!("info string error: unknown command {other:?}"),
        }
    }
    finish(&mut running, &mut searcher);
    Ok(())
}

/// Stops a running search (it prints its `bestmove`) and takes the searcher back.
fn finish(running: &mut Option<Running>, searcher: &mut Option<Searcher<Chess3d>>) {
    if let Some((handle, stop)) = running.take() {
        stop.store(true, Ordering::Relaxed);
        if let Ok(s) = handle.join() {
            *searcher = Some(s);
        }
    }
}

fn uci_score(score: Score) -> String {
    score.to_string()
}

/// `startpos|fen FEN… [moves m…]`: the position and the hashes of the positions before it.
fn set_position(config: &Chess3dConfig, words: &[&str]) -> Result<(Chess3d, Vec<u64>), Error> {
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let mut game = match words.first() {
        Some(&"startpos") => Chess3d::new(config)?,
        Some(&"fen") => Chess3d::from_text(config, &words[1..moves_at].join(" "))?,
        _ => {
            return Err(Error::Action(
                "position: expected startpos or fen".to_string(),
            ));
        }
    };
    let mut earlier = Vec::new();
    for text in words.iter().skip(moves_at + 1) {
        let mv = game.parse_move(text)?;
        earlier.push(game.zobrist());
        game.try_play(mv)?;
    }
    Ok((game, earlier))
}

/// The limits of a `go` command; `infinite` (or nothing) searches until `stop`.
fn go_limits(words: &[&str], turn: Color) -> Limits {
    let mut limits = Limits::default();
    let value = |key: &str| -> Option<u64> {
        let i = words.iter().position(|&w| w == key)?;
        words.get(i + 1)?.parse().ok()
    };
    limits.depth = value("depth").map(|d| d.clamp(1, 100) as u32);
    limits.nodes = value("nodes");
    limits.movetime = value("movetime").map(Duration::from_millis);
    let (time, inc) = match turn {
        Color::White => (value("wtime"), value("winc")),
        Color::Black => (value("btime"), value("binc")),
    };
    if limits.movetime.is_none()
        && let Some(time) = time
    {
        let moves_to_go = value("movestogo").unwrap_or(30).max(1);
        let budget = time / moves_to_go + inc.unwrap_or(0) / 2;
        // Keep a reserve for the GUI's overhead.
        let budget = budget.min(time.saturating_sub(50) / 2).max(1);
        limits.movetime = Some(Duration::from_millis(budget));
    }
    limits
}
