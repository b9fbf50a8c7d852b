//! Perft from the start (or a position text) with bulk counting, printing nodes and nodes/s.
//!
//! `cargo run --release --example perft -p bishops4p -- [depth] [players=3|4] [position text]`
use bishops4p::{Bishops, BishopsConfig};
use std::time::Instant;
use variant_core::{Game, GameConfig, perft::perft};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(5);
    let mut pairs = Vec::new();
    let mut text = Vec::new();
    for a in args.iter().skip(1) {
        match a.split_once('=') {
            Some((k, v)) if !a.contains(' ') && !a.contains('/') => pairs.push((k, v)),
            _ => text.push(a.as_str()),
        }
    }
    let config = match BishopsConfig::from_pairs(pairs) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let game = if text.is_empty() {
        Bishops::new(&config).map_err(|e| e.to_string())
    } else {
        Bishops::from_text(&config, &text.join(" ")).map_err(|e| e.to_string())
    };
    let game = match game {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    for d in 1..=depth {
        let start = Instant::now();
        let nodes = perft(&game, d);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "depth {d}: {nodes} nodes in {secs:.3} s = {:.1} Mnodes/s",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
}
