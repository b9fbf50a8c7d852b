//! Perft from the start (or a position text) with bulk counting, printing nodes and nodes/s.
//!
//! `cargo run --release --example bishops4p_perft -p bishops4p -- [depth] [players=3|4] [position text]`
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
        let cpu_start = cpu_seconds();
        let nodes = perft(&game, d);
        let secs = start.elapsed().as_secs_f64();
        let cpu = match (cpu_start, cpu_seconds()) {
            (Some(a), Some(b)) if b > a => {
                format!(
                    ", CPU {:.2} s = {:.1} Mnodes/s",
                    b - a,
                    nodes as f64 / (b - a) / 1e6
                )
            }
            _ => String::new(),
        };
        println!(
            "depth {d}: {nodes} nodes in {secs:.3} s = {:.1} Mnodes/s{cpu}",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
}

/// The process's user CPU time (Linux `/proc/self/stat`, in clock ticks of 1/100 s), which a
/// busy shared machine distorts less than wall time.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let utime: f64 = after.split_whitespace().nth(11)?.parse().ok()?;
    Some(utime / 100.0)
}
