//! `variants bench`: move-generation speed on each game's standard positions, single thread and
//! all threads, with every node count checked against its known value.

use std::time::Instant;
use variants::{Error, registry};

pub fn run(games: &[String], threads: usize) -> Result<(), Error> {
    let names: Vec<String> = if games.is_empty() {
        registry::games()
            .iter()
            .map(|g| g.name.to_string())
            .collect()
    } else {
        games.to_vec()
    };
    let all = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
    println!(
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
            let pairs = registry::parse_config(pos.config)?;
            let game = match pos.position {
                Some(text) => registry::from_text(name, &pairs, text)?,
                None => registry::new_game(name, &pairs)?,
            };
            let t = Instant::now();
            let nodes = game.perft(pos.depth);
            let single = nodes as f64 / t.elapsed().as_secs_f64();
            let t = Instant::now();
            let par: u64 = game
                .divide(pos.depth, all, &|_, _| {})
                .iter()
                .map(|(_, n)| n)
                .sum();
            let multi = par as f64 / t.elapsed().as_secs_f64();
            println!(
                "{:<11} {:<24} {:>5} {:>12} {:>14.0} {:>14.0}",
                name, pos.label, pos.depth, nodes, single, multi
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
        Err(Error::Action(format!(
            "wrong node counts: {}",
            mismatches.join("; ")
        )))
    }
}
