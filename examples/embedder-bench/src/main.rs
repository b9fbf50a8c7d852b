//! AnyGame perft against the typed game's perft, built the way an embedder builds: a crate
//! of its own depending on `variants` by path, Cargo's default release profile.
//!
//! ```text
//! cargo xtask embedder-bench            # the four positions of docs/benchmarks.md
//! cargo xtask embedder-bench --quick    # smaller depths: that it builds, counts and runs
//! ```
//!
//! `ONLY=<game>` counts one game's position only; `ROUNDS=<n>` sets the rounds.
//!
//! Each position is counted `ROUNDS` times on each side, the sides interleaved (typed, any,
//! typed, any, …) so a slow phase of a shared machine hits both; the best time of each side
//! is kept. Every count is checked against the known node count. Output: one line per
//! position with both times and the ratio typed time / AnyGame time (1.0 = the same speed).

use std::process::ExitCode;
use std::time::{Duration, Instant};
use variants::{AnyGame, TypedGame, perft};

/// A position to count: game, configuration, depth and the known node count.
struct Case {
    game: &'static str,
    config: &'static str,
    depth: u32,
    nodes: u64,
    /// The same at a small depth (`--quick`).
    quick: (u32, u64),
}

/// The four positions of the acceptance (issue 21): FIDE chess perft 5, Russian draughts perft
/// 9, Bishops perft 5, chess-T perft 5. Node counts from data/perft (published tables and the
/// rules pages' reference counts).
const CASES: &[Case] = &[
    Case {
        game: "chess3d",
        config: "heights=1",
        depth: 5,
        nodes: 4_865_609,
        quick: (3, 8_902),
    },
    Case {
        game: "checkers3d",
        config: "heights=1;capture=free",
        depth: 9,
        nodes: 4_570_586,
        quick: (4, 1_469),
    },
    Case {
        game: "bishops4p",
        config: "",
        depth: 5,
        nodes: 12_134_565,
        quick: (3, 17_132),
    },
    Case {
        game: "chess-t",
        config: "",
        depth: 5,
        nodes: 13_923_834,
        quick: (3, 15_121),
    },
];

/// The typed game's perft (the embedder's own dispatch, as a program that knows the game
/// would write it).
fn typed_perft(game: &AnyGame, depth: u32) -> u64 {
    match game.typed() {
        TypedGame::Chess3d(g) => perft(g, depth),
        TypedGame::Checkers3d(g) => perft(g, depth),
        TypedGame::Bishops(g) => perft(g, depth),
        TypedGame::ChessT(g) => perft(g, depth),
        _ => unreachable!("the default build of variants holds the four games"),
    }
}

/// Times `f`, checking its count.
fn timed(f: impl Fn() -> u64, nodes: u64, what: &str) -> Result<Duration, String> {
    let start = Instant::now();
    let counted = f();
    let took = start.elapsed();
    if counted != nodes {
        return Err(format!("{what}: counted {counted}, expected {nodes}"));
    }
    Ok(took)
}

fn main() -> ExitCode {
    let quick = std::env::args().any(|a| a == "--quick");
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(if quick { 1 } else { 5 });
    let mut worst = f64::INFINITY;
    println!(
        "game        config                   depth      nodes   typed ms     any ms  typed/any"
    );
    let only = std::env::var("ONLY").ok();
    for case in CASES {
        if only.as_deref().is_some_and(|name| name != case.game) {
            continue;
        }
        let (depth, nodes) = if quick {
            case.quick
        } else {
            (case.depth, case.nodes)
        };
        let game = match variants::new_game(case.game, case.config) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("{}: {e}", case.game);
                return ExitCode::FAILURE;
            }
        };
        let what = format!("{} {} perft {depth}", case.game, case.config);
        let (mut typed, mut any) = (Duration::MAX, Duration::MAX);
        for _ in 0..rounds {
            let sides = timed(|| typed_perft(&game, depth), nodes, &what)
                .and_then(|t| Ok((t, timed(|| perft(&game, depth), nodes, &what)?)));
            match sides {
                Ok((t, a)) => {
                    typed = typed.min(t);
                    any = any.min(a);
                }
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        let ratio = typed.as_secs_f64() / any.as_secs_f64();
        worst = worst.min(ratio);
        println!(
            "{:<11} {:<24} {:>5} {:>10} {:>10.2} {:>10.2} {:>10.2}",
            case.game,
            format!("{:?}", case.config),
            depth,
            nodes,
            typed.as_secs_f64() * 1e3,
            any.as_secs_f64() * 1e3,
            ratio
        );
    }
    println!("lowest ratio {worst:.2}");
    ExitCode::SUCCESS
}
