//! Perft of one game, through `AnyGame` or through the typed game it holds, in its own process,
//! so each side can be timed by the kernel's CPU-time count on a loaded machine (see
//! docs/benchmarks.md, "AnyGame for an embedder"):
//!
//! ```text
//! cargo build --release -p variant-games --example any_vs_typed
//! REPS=1 perf stat -e task-clock target/release/examples/any_vs_typed chess3d heights=1 6 typed
//! REPS=1 perf stat -e task-clock target/release/examples/any_vs_typed chess3d heights=1 6 any
//! ```
//!
//! `REPS` (default 3) repeats the count; each line prints the count and the wall-clock rate.

use std::time::Instant;
use variant_games::{GameCrate, TypedVisitor, perft};

/// Perft of the typed game, at the typed game's speed, for any game of the list.
struct TypedPerft(u32);

impl TypedVisitor for TypedPerft {
    type Output = u64;
    fn visit<G: GameCrate>(self, game: &G) -> u64 {
        perft(game, self.0)
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, name, config, depth, mode] = &args[..] else {
        return Err("usage: any_vs_typed GAME CONFIG DEPTH typed|any".into());
    };
    let depth: u32 = depth.parse()?;
    let reps: usize = std::env::var("REPS").map_or(Ok(3), |r| r.parse())?;
    let any = variant_games::new_game(name, config)?;
    for _ in 0..reps {
        let start = Instant::now();
        let nodes = match mode.as_str() {
            "any" => perft(&any, depth),
            _ => any.typed().visit(TypedPerft(depth)),
        };
        let rate = nodes as f64 / start.elapsed().as_secs_f64() / 1e6;
        println!("{mode} {nodes} {rate:.1} M/s");
    }
    Ok(())
}
