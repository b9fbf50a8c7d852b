//! Perft from the start (or a given position): nodes and nodes per second, single thread,
//! bulk counting at every depth, then playing every leaf at the last depth.
//!
//! `cargo run --release --example chess_t_perft -p chess-t -- [depth] [config] [position text]`
//! e.g. `-- 5`, `-- 4 "ruleset=chess-t-2020;white-impregnable=d4;black-impregnable=h5"`.

use chess_t::{ChessT, ChessTConfig};
use std::time::Instant;
use variant_core::config::split_pairs;
use variant_core::{Game, GameConfig, perft};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(5);
    let config = match args.get(1) {
        Some(text) => match split_pairs(text).and_then(ChessTConfig::from_pairs) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        },
        None => ChessTConfig::default(),
    };
    let game = match args.get(2) {
        Some(text) => ChessT::from_text(&config, text).map_err(|e| e.to_string()),
        None => ChessT::new(&config).map_err(|e| e.to_string()),
    };
    let game = match game {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    println!("position {}", game.to_text());
    for d in 1..=depth {
        let start = Instant::now();
        let nodes = perft::perft(&game, d);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "depth {d}: {nodes} nodes in {secs:.3} s = {:.2} Mnodes/s",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    // "Play every leaf" perft (no bulk counting) at the same depth, for comparison.
    let start = Instant::now();
    let nodes = perft::perft_full(&game, depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "depth {depth} playing every leaf: {nodes} nodes in {secs:.3} s = {:.2} Mnodes/s",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
}
