//! Perft benchmarks of "Bishops" (bulk counting, one thread): four players from the start
//! (B4-52, counts from crates/bishops4p/data/bishops4p.perft) and three players. Every benchmark
//! asserts its node count, so a fast wrong change fails.
#![allow(missing_docs)]
use bishops4p::{Bishops, BishopsConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use variant_benches::reference;
use variant_core::{Game, GameConfig, perft::perft};

fn bench(c: &mut Criterion) {
    let four = Bishops::new(&BishopsConfig::default()).expect("default configuration");
    let three_config = BishopsConfig::from_pairs([("players", "3")]).expect("players=3");
    let three = Bishops::new(&three_config).expect("three-player configuration");
    let cases: [(&str, &Bishops, u32, u64); 4] = [
        (
            "four players, depth 3",
            &four,
            3,
            reference("bishops4p", "four-players", 3),
        ),
        (
            "four players, depth 4",
            &four,
            4,
            reference("bishops4p", "four-players", 4),
        ),
        (
            "three players, depth 3",
            &three,
            3,
            reference("bishops4p", "three-players", 3),
        ),
        (
            "three players, depth 4",
            &three,
            4,
            reference("bishops4p", "three-players", 4),
        ),
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
