//! `variants perft`: node counts, optionally divided by root move, on several threads, with a
//! transposition table, with a progress bar.

use crate::cli::PerftArgs;
use crate::error::Error;
use crate::output::outln;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Instant;
use variant_games::Game;
use variant_games::variant_perft::{PerftOptions, Progress, divide_with};

pub fn run(opts: &PerftArgs) -> Result<(), Error> {
    let game = crate::setup::game(&opts.position)?;
    let show_bar = !opts.quiet && opts.depth >= 3 && std::io::stderr().is_terminal();
    let bar = show_bar.then(|| {
        let bar = ProgressBar::new(0);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} perft {msg} [{bar:30}] {pos}/{len} root moves, {elapsed}",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar
    });
    let depth = opts.depth;
    let progress = |p: Progress| {
        if let Some(bar) = &bar {
            bar.set_length(p.root_moves as u64);
            bar.set_position(p.root_moves_done as u64);
            bar.set_message(format!("depth {depth}, {} nodes", p.nodes));
        }
    };
    let options = PerftOptions {
        threads: opts.threads,
        hash_mb: opts.hash,
        hash_seed: opts.hash_seed,
        stop: None,
        progress: bar.is_some().then_some(&progress as _),
    };
    let started = Instant::now();
    let plain = !opts.divide && opts.threads == 1 && opts.hash == 0 && bar.is_none();
    let (nodes, divide) = if plain {
        // The plain single-thread count, without the options' bookkeeping.
        (variant_games::perft(&game, opts.depth), Vec::new())
    } else {
        let d = divide_with(&game, opts.depth, &options)
            .map_err(|e| Error::Command(e.to_string()))?
            .into_iter()
            .map(|(mv, n)| (game.format_move(mv), n))
            .collect::<Vec<_>>();
        let nodes = if opts.depth == 0 {
            1
        } else {
            d.iter().map(|(_, n)| n).sum()
        };
        (nodes, d)
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
        if opts.hash > 0 {
            value["hash_mb"] = serde_json::Value::from(opts.hash);
        }
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
