//! `variants bench`: move-generation speed on each game's standard positions, single thread and
//! all threads, with every node count checked against its known value. Each rate is the best
//! of repeated runs over at least 0.4 s.

use crate::cli::BenchArgs;
use crate::error::Error;
use crate::output::outln;
use std::time::{Duration, Instant};
use variant_games::registry;

/// Each figure is the best of repeated runs that together take at least this long: one run of
/// a standard position takes milliseconds, too short to read a rate off on a shared machine.
const MEASURE_FOR: Duration = Duration::from_millis(400);

/// Runs `count` (which returns a node count) repeatedly for at least [`MEASURE_FOR`]; returns
/// the node count of the last run and the best nodes per second seen.
fn best_rate(mut count: impl FnMut() -> u64) -> (u64, f64) {
    let started = Instant::now();
    let mut best = 0f64;
    loop {
        let t = Instant::now();
        let nodes = count();
        let secs = t.elapsed().as_secs_f64().max(1e-9);
        best = best.max(nodes as f64 / secs);
        if started.elapsed() >= MEASURE_FOR {
            return (nodes, best);
        }
    }
}

pub fn run(args: &BenchArgs) -> Result<(), Error> {
    let names: Vec<String> = if args.games.is_empty() {
        registry::games()
            .iter()
            .map(|g| g.name.to_string())
            .collect()
    } else {
        args.games.clone()
    };
    let all = if args.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        args.threads
    };
    outln!(
        "{:<11} {:<24} {:>5} {:>12} {:>14} {:>14}",
        "game",
        "position",
        "depth",
        "nodes",
        "1 thread n/s",
        format!("{all} threads n/s")
    );
    let mut mismatches = Vec::new();
    for name in &names {
        for pos in registry::bench_positions(name)? {
            let game = match pos.position {
                Some(text) => variant_games::from_text(name, pos.config, text)?,
                None => variant_games::new_game(name, pos.config)?,
            };
            let (nodes, single) = best_rate(|| variant_games::perft(&game, pos.depth));
            let (par, multi) = best_rate(|| {
                super::divide(&game, pos.depth, all, &|_, _| {})
                    .iter()
                    .map(|(_, n)| n)
                    .sum()
            });
            outln!(
                "{:<11} {:<24} {:>5} {:>12} {:>14.0} {:>14.0}",
                name,
                pos.label,
                pos.depth,
                nodes,
                single,
                multi
            );
            if nodes != pos.nodes || par != pos.nodes {
                mismatches.push(format!(
                    "{name} {}: depth {} gave {nodes} (parallel {par}), expected {}",
                    pos.label, pos.depth, pos.nodes
                ));
            }
        }
    }
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(Error::Command(format!(
            "wrong node counts: {}",
            mismatches.join("; ")
        )))
    }
}
