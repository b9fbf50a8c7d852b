//! Move generation on hostile checkers3d positions: the seeded positions of
//! `checkers3d::hostile` (1–4 kings of the side to move among 10–60 enemy men in the
//! 8-height box). Reports the median, the 90th and 99th percentiles and the slowest single
//! move generation, with the slowest position's text, so that a user can replay it with
//! `variants perft checkers3d --position '…' --depth 1`.
//!
//! ```text
//! cargo bench -p variant-benches --bench checkers3d_hostile [-- COUNT [SEED]]
//! ```
//!
//! A plain timing loop rather than criterion: each position is one measurement, and the
//! interest is the distribution over positions (and its worst case), not one routine's
//! mean. Each position is generated until 5 ms have passed (at least once) and the fastest run
//! counts, which keeps the load of a shared machine out of the figures as far as possible.
#![allow(missing_docs)]
use checkers3d::MoveList;
use checkers3d::hostile::hostile_positions;
use std::time::{Duration, Instant};
use variant_core::Game;

fn main() {
    // `cargo bench` passes `--bench`; numbers after it are COUNT and SEED.
    let numbers: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let count = numbers.first().map_or(500, |&n| n as usize).max(1);
    let seed = numbers.get(1).copied().unwrap_or(12);
    let positions = hostile_positions(seed, count);
    let mut times: Vec<(Duration, usize, usize)> = Vec::with_capacity(count);
    let started = Instant::now();
    for (i, pos) in positions.iter().enumerate() {
        let mut best = Duration::MAX;
        let mut spent = Duration::ZERO;
        let mut moves = 0;
        while spent < Duration::from_millis(5) {
            let mut list = MoveList::default();
            let t = Instant::now();
            pos.legal_moves_into(&mut list);
            let took = t.elapsed();
            moves = std::hint::black_box(&list).len();
            best = best.min(took);
            spent += took;
        }
        times.push((best, i, moves));
    }
    let total = started.elapsed();
    times.sort();
    let at = |q: f64| times[((count - 1) as f64 * q).round() as usize].0;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (slowest, index, moves) = times[count - 1];
    println!("checkers3d hostile move generation: {count} positions, seed {seed}");
    println!("  median  {:12.4} ms", ms(at(0.5)));
    println!("  p90     {:12.4} ms", ms(at(0.9)));
    println!("  p99     {:12.4} ms", ms(at(0.99)));
    println!(
        "  slowest {:12.4} ms  (position #{index}, {moves} moves)",
        ms(slowest)
    );
    println!(
        "  over 50 ms: {}",
        times
            .iter()
            .filter(|t| t.0 > Duration::from_millis(50))
            .count()
    );
    println!("  slowest position: {}", positions[index].to_text());
    println!("  (whole run {:.1} s)", total.as_secs_f64());
}
