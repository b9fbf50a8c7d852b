//! Perft from a start position or a position text, printing nodes and nodes per second.
//!
//! ```text
//! cargo run --release -p checkers3d --example checkers3d_perft -- <depth> [key=value ...] [fen=<text>]
//! cargo run --release -p checkers3d --example checkers3d_perft -- 10 heights=1 capture=free
//! ```
use checkers3d::{Checkers3d, Checkers3dConfig};
use std::time::Instant;
use variant_core::{Game, GameConfig, perft::perft};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(6);
    let mut pairs = Vec::new();
    let mut fen = None;
    for arg in args.iter().skip(1) {
        match arg.split_once('=') {
            Some(("fen", text)) => fen = Some(text.to_string()),
            Some((k, v)) => pairs.push((k, v)),
            None => {
                eprintln!("expected key=value, got {arg:?}");
                std::process::exit(2);
            }
        }
    }
    let config = match Checkers3dConfig::from_pairs(pairs) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let game = match &fen {
        Some(text) => Checkers3d::from_text(&config, text).map_err(|e| e.to_string()),
        None => Checkers3d::new(&config).map_err(|e| e.to_string()),
    };
    let game = match game {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    println!("{}", game.to_text());
    for d in 1..=depth {
        let start = Instant::now();
        let nodes = perft(&game, d);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "depth {d:2}: {nodes:>14} nodes  {:8.3} s  {:8.1} M nodes/s",
            secs,
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
}
