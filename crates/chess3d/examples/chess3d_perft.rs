//! Perft with bulk counting, single thread, printing nodes and nodes/s.
//!
//! `cargo run --release --example chess3d_perft -p chess3d -- <depth> [position text|start] [key=value;...]`
//!
//! Without a position text the configuration's start position is used (`start` says so
//! explicitly, to give a configuration alone). Examples:
//! `… -- 5 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`,
//! `… -- 3 start "heights=4;white-base=1;black-base=4"`.

use chess3d::{Chess3d, Chess3dConfig};
use std::time::Instant;
use variant_core::config::split_pairs;
use variant_core::{Game, GameConfig, perft::perft};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(4);
    let config = match args.get(2) {
        Some(c) => match split_pairs(c).and_then(Chess3dConfig::from_pairs) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        },
        None => Chess3dConfig::default(),
    };
    let game = match args.get(1).map(String::as_str) {
        None | Some("start") => Chess3d::new(&config).map_err(|e| e.to_string()),
        Some(text) => Chess3d::from_text(&config, text).map_err(|e| e.to_string()),
    };
    let game = match game {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    println!("{}", game.to_text());
    let start = Instant::now();
    let nodes = perft(&game, depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "depth {depth}: {nodes} nodes in {secs:.3} s, {:.1} M nodes/s",
        nodes as f64 / secs / 1e6
    );
}
