//! Perft benchmarks of "Bishops" (bulk counting, one thread): four players from the start
//! (B4-52: 17 132 and 433 629 nodes) and three players (32 008 and 636 432). Every benchmark
//! asserts its node count, so a fast wrong change fails.
#![allow(missing_docs)]
use bishops4p::{Bishops, BishopsConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use variant_core::{Game, GameConfig, perft::perft};

fn bench(c: &mut Criterion) {
    let four = Bishops::new(&BishopsConfig::default()).expect("default configuration");
    let three_config = BishopsConfig::from_pairs([("players", "3")]).expect("players=3");
    let three = Bishops::new(&three_config).expect("three-player configuration");
    let cases: [(&str, &Bishops, u32, u64); 4] = [
        ("four players, depth 3", &four, 3, 17_132),
        ("four players, depth 4", &four, 4, 433_629),
        ("three players, depth 3", &three, 3, 32_008),
        ("three players, depth 4", &three, 4, 636_432),
    ];
    let mut group = c.benchmark_group("bishops4p perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    group.warm_up_time(Duration::from_millis(500));
    for (name, game, depth, nodes) in cases {
        assert_eq!(perft(game, depth), nodes, "{name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| b.iter(|| perft(black_box(game), depth)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
