//! `variants perft`: node counts, optionally split at the root, with a progress bar.

use crate::cli::PositionArgs;
use crate::error::Error;
use crate::output::outln;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Instant;
use variants::Game;

pub struct Options {
    pub depth: u32,
    pub divide: bool,
    pub threads: usize,
    pub json: bool,
    pub quiet: bool,
}

pub fn run(args: &PositionArgs, opts: Options) -> Result<(), Error> {
    let game = crate::setup::game(args)?;
    let show_bar = !opts.quiet && opts.depth >= 3 && std::io::stderr().is_terminal();
    let bar = show_bar.then(|| {
        let bar = ProgressBar::new(0);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} perft {msg} [{bar:30}] {pos}/{len} root moves, {elapsed}",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(format!("depth {}", opts.depth));
        bar
    });
    let started = Instant::now();
    let progress = |done: usize, total: usize| {
        if let Some(bar) = &bar {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    };
    let (nodes, divide) = if opts.divide || opts.threads != 1 || bar.is_some() {
        let d = super::divide(&game, opts.depth, opts.threads, &progress);
        let nodes = if opts.depth == 0 {
            1
        } else {
            d.iter().map(|(_, n)| n).sum()
        };
        (nodes, d)
    } else {
        (variants::perft(&game, opts.depth), Vec::new())
    };
    let seconds = started.elapsed().as_secs_f64();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let nps = if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    };
    let mut divide = divide;
    divide.sort();
    if opts.json {
        let mut value = serde_json::json!({
            "game": game.name(),
            "depth": opts.depth,
            "nodes": nodes,
            "seconds": seconds,
            "nodes_per_second": nps.round() as u64,
        });
        if opts.divide {
            let map: serde_json::Map<String, serde_json::Value> = divide
                .iter()
                .map(|(m, n)| (m.clone(), serde_json::Value::from(*n)))
                .collect();
            value["divide"] = serde_json::Value::Object(map);
        }
        outln!("{value}");
    } else {
        if opts.divide {
            for (m, n) in &divide {
                outln!("{m}: {n}");
            }
            outln!();
        }
        outln!("nodes {nodes}");
        eprintln!("{seconds:.3} s, {:.0} nodes/s", nps);
    }
    Ok(())
}
