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
//! is kept. Times are the CPU time of the counting thread (on Unix; wall-clock elsewhere), so
//! other processes on a busy machine lengthen them less. Every count is checked against the
//! known node count. Output: one line per position with both times and the ratio typed time /
//! AnyGame time (1.0 = the same speed), for two counts:
//!
//! - `perft`: the library's `perft`, the figure of the acceptance.
//! - `walk`: `perft_generic`, the same count without the game's `perft_count` hook (list the
//!   moves, copy the parent into the child, play, count the last ply in bulk), so every node
//!   goes through `AnyGame`'s own `legal_moves_into`, `clone_from`, `play_unchecked` and
//!   `count_legal_moves`, as in a search over `AnyGame`. `perft` on an `AnyGame` counts on
//!   the typed game it holds (`Game::perft_count`) and no longer shows these per-node costs.

use std::process::ExitCode;
use std::time::Duration;
use variant_games::variant_core::perft::perft_generic as walk;
use variant_games::{AnyGame, TypedGame, perft};

/// A position to count: game, configuration, depth and the known node count.
struct Case {
    game: &'static str,
    config: &'static str,
    depth: u32,
    nodes: u64,
    /// The same at a small depth (`--quick`).
    quick: (u32, u64),
}

/// The four positions of the acceptance: FIDE chess perft 5, Russian draughts perft
/// 9, Bishops perft 5, chess-T perft 5. Node counts from the games' perft data files
/// (`crates/<game>/data/<game>.perft`: published tables and the rules pages' reference counts).
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
        _ => unreachable!("the cases above are positions of these four games"),
    }
}

/// The typed game's walk.
fn typed_walk(game: &AnyGame, depth: u32) -> u64 {
    match game.typed() {
        TypedGame::Chess3d(g) => walk(g, depth),
        TypedGame::Checkers3d(g) => walk(g, depth),
        TypedGame::Bishops(g) => walk(g, depth),
        TypedGame::ChessT(g) => walk(g, depth),
        _ => unreachable!("the cases above are positions of these four games"),
    }
}

/// A clock of the CPU time the calling thread has used: on a shared machine, time the thread
/// waited for a core does not count. Wall-clock time where the platform has no such clock.
#[cfg(unix)]
fn now() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec to write; the clock id is a constant of the platform.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    if rc != 0 {
        return since_start();
    }
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Wall-clock time where the thread's CPU time cannot be read.
#[cfg(not(unix))]
fn now() -> Duration {
    since_start()
}

/// Wall-clock time since the first call.
fn since_start() -> Duration {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

/// Times `f`, checking its count.
fn timed(f: impl Fn() -> u64, nodes: u64, what: &str) -> Result<Duration, String> {
    let start = now();
    let counted = f();
    let took = now().saturating_sub(start);
    if counted != nodes {
        return Err(format!("{what}: counted {counted}, expected {nodes}"));
    }
    Ok(took)
}

/// The best time of each side over `rounds` interleaved rounds (typed, any, typed, any, …).
fn best_of(
    rounds: usize,
    typed: impl Fn() -> u64,
    any: impl Fn() -> u64,
    nodes: u64,
    what: &str,
) -> Result<(Duration, Duration), String> {
    let (mut best_typed, mut best_any) = (Duration::MAX, Duration::MAX);
    for _ in 0..rounds {
        best_typed = best_typed.min(timed(&typed, nodes, what)?);
        best_any = best_any.min(timed(&any, nodes, what)?);
    }
    Ok((best_typed, best_any))
}

fn main() -> ExitCode {
    let quick = std::env::args().any(|a| a == "--quick");
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(if quick { 1 } else { 5 });
    let mut worst = f64::INFINITY;
    let mut worst_walk = f64::INFINITY;
    println!(
        "{:<36} {:>5} {:>10}  {:>26}  {:>26}",
        "", "", "", "perft (ms CPU)", "walk (ms CPU)"
    );
    println!(
        "{:<11} {:<24} {:>5} {:>10}  {:>8} {:>8} {:>8}  {:>8} {:>8} {:>8}",
        "game", "config", "depth", "nodes", "typed", "any", "ratio", "typed", "any", "ratio"
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
        let game = match variant_games::new_game(case.game, case.config) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("{}: {e}", case.game);
                return ExitCode::FAILURE;
            }
        };
        let what = format!("{} {} perft {depth}", case.game, case.config);
        let counted = best_of(
            rounds,
            || typed_perft(&game, depth),
            || perft(&game, depth),
            nodes,
            &what,
        )
        .and_then(|p| {
            let w = best_of(
                rounds,
                || typed_walk(&game, depth),
                || walk(&game, depth),
                nodes,
                &format!("{what} (walk)"),
            )?;
            Ok((p, w))
        });
        let ((typed, any), (typed_w, any_w)) = match counted {
            Ok(times) => times,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        let ratio = typed.as_secs_f64() / any.as_secs_f64();
        let ratio_walk = typed_w.as_secs_f64() / any_w.as_secs_f64();
        worst = worst.min(ratio);
        worst_walk = worst_walk.min(ratio_walk);
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{:<11} {:<24} {:>5} {:>10}  {:>8.2} {:>8.2} {:>8.2}  {:>8.2} {:>8.2} {:>8.2}",
            case.game,
            format!("{:?}", case.config),
            depth,
            nodes,
            ms(typed),
            ms(any),
            ratio,
            ms(typed_w),
            ms(any_w),
            ratio_walk
        );
    }
    println!("lowest ratio: perft {worst:.2}, walk {worst_walk:.2}");
    ExitCode::SUCCESS
}
