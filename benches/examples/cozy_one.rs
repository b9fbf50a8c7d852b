//! One bulk-counting perft of chess3d at one height or of cozy-chess, in its own process, so
//! each side can be timed by the kernel's CPU-time count on a loaded machine (see
//! docs/benchmarks.md, "Perft by CPU time"):
//!
//! ```text
//! cargo build --release -p variant-benches --example cozy_one
//! perf stat -e task-clock target/release/examples/cozy_one ours start 6
//! perf stat -e task-clock target/release/examples/cozy_one cozy start 6
//! ```
//!
//! Positions: `start` (FIDE start) and `kiwi` (Kiwipete). Prints the node count.
#![allow(missing_docs)]

use chess3d::{Chess3d, Chess3dConfig};
use variant_benches::cozy_perft;
use variant_core::Game;
use variant_core::perft::perft;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, side, position, depth] = &args[..] else {
        return Err("usage: cozy_one ours|cozy start|kiwi DEPTH".into());
    };
    let fen = match position.as_str() {
        "start" => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "kiwi" => "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        other => return Err(format!("unknown position {other}").into()),
    };
    let depth: u32 = depth.parse()?;
    let nodes = if side == "cozy" {
        let board: cozy_chess::Board = fen.parse().map_err(|e| format!("{e:?}"))?;
        cozy_perft(&board, u8::try_from(depth)?)
    } else {
        perft(&Chess3d::from_text(&Chess3dConfig::default(), fen)?, depth)
    };
    println!("{nodes}");
    Ok(())
}
