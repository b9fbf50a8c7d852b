//! Runs fuzz target bodies over a corpus on the stable toolchain, without libFuzzer or
//! sanitizers, and prints executions per second: a profile of where a target's time goes
//! (`perf record` on this binary) and a check of a corpus outside `cargo test`.
//!
//! ```text
//! cargo run --release -p variant-fuzz-checks --example replay -- play_moves fuzz/corpus/play_moves [rounds]
//! ```

use std::time::Instant;
use variant_fuzz_checks::targets;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(dir)) = (args.first(), args.get(1)) else {
        eprintln!("usage: replay <target> <corpus dir> [rounds]");
        std::process::exit(2);
    };
    let rounds: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(1);
    let Some(target) = targets::by_name(name) else {
        eprintln!("no target {name:?}");
        std::process::exit(2);
    };
    let mut inputs = Vec::new();
    match std::fs::read_dir(dir) {
        Ok(entries) => {
            for entry in entries.flatten() {
                if let Ok(data) = std::fs::read(entry.path()) {
                    inputs.push(data);
                }
            }
        }
        Err(e) => {
            eprintln!("cannot list {dir}: {e}");
            std::process::exit(1);
        }
    }
    let started = Instant::now();
    for _ in 0..rounds {
        for data in &inputs {
            target(data);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let runs = inputs.len() * rounds;
    println!(
        "{name}: {runs} executions of {} inputs in {secs:.3} s: {:.0} exec/s",
        inputs.len(),
        runs as f64 / secs.max(1e-9)
    );
}
