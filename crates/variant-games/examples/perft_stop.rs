//! How soon a perft returns after its stop flag is raised, for every game's default start:
//! a count far too deep to finish is stopped from this thread after a varying delay, and the
//! time from raising the flag to the count's return is measured.
//!
//! `cargo run --release -p variant-games --example perft_stop -- [TRIES]`

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use variant_games::variant_core::Game;
use variant_games::variant_perft::{PerftError, PerftOptions, perft_with};
use variant_games::{GameCrate, TypedVisitor};

/// Stops `tries` counts of `game` and prints the median and the largest latency.
fn measure<G: Game>(name: &str, game: &G, tries: u32) {
    let mut latencies = Vec::new();
    for (try_no, (threads, hash_mb)) in (0..tries).zip([(1, 0), (2, 0), (2, 64)].iter().cycle()) {
        let stop = AtomicBool::new(false);
        let options = PerftOptions {
            threads: *threads,
            hash_mb: *hash_mb,
            stop: Some(&stop),
            ..PerftOptions::default()
        };
        let latency = std::thread::scope(|s| {
            let counting = s.spawn(|| {
                let result = perft_with(game, 20, &options);
                (result, Instant::now())
            });
            std::thread::sleep(Duration::from_millis(100 + 37 * u64::from(try_no)));
            let raised = Instant::now();
            stop.store(true, Ordering::Relaxed);
            let (result, returned) = counting.join().expect("the count does not panic");
            assert_eq!(result, Err(PerftError::Stopped));
            returned.duration_since(raised)
        });
        latencies.push(latency.as_secs_f64() * 1000.0);
    }
    latencies.sort_by(f64::total_cmp);
    println!(
        "{name:<11} {tries} stops: median {:.3} ms, largest {:.3} ms",
        latencies[latencies.len() / 2],
        latencies[latencies.len() - 1]
    );
}

/// [`measure`] for whichever game of the list the visitor is given.
struct Measure(u32);

impl TypedVisitor for Measure {
    type Output = ();
    fn visit<G: GameCrate>(self, game: &G) {
        measure(G::NAME, game, self.0);
    }
}

fn main() {
    let tries = std::env::args()
        .nth(1)
        .and_then(|t| t.parse().ok())
        .unwrap_or(12);
    for &name in variant_games::registry::names() {
        let game = variant_games::new_game(name, "").expect("every game has a default start");
        game.typed().visit(Measure(tries));
    }
}
