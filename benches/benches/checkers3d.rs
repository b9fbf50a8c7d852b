//! Perft benchmarks of checkers3d (bulk counting, one thread): Russian draughts at one height
//! from the start (D3-40) and the default 8-height start (rules page reference counts). Each
//! benchmark asserts its node count.
#![allow(missing_docs)]
use checkers3d::{Checkers3d, Checkers3dConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use variant_benches::reference;
use variant_core::{Game, GameConfig, perft::perft};

fn bench_case(c: &mut Criterion, name: &str, pairs: &[(&str, &str)], depth: u32, nodes: u64) {
    let config = Checkers3dConfig::from_pairs(pairs.iter().copied()).expect("valid configuration");
    let game = Checkers3d::new(&config).expect("valid start");
    assert_eq!(perft(&game, depth), nodes, "{name}");
    let mut group = c.benchmark_group("checkers3d");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    group.warm_up_time(Duration::from_secs(1));
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(name, |b| {
        b.iter(|| {
            let n = perft(black_box(&game), depth);
            assert_eq!(n, nodes);
            n
        })
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    // D3-40, Russian rules: 4 570 586 nodes at depth 9.
    bench_case(
        c,
        "perft9_russian_h1",
        &[
            ("heights", "1"),
            ("capture", "free"),
            ("promotion", "passing"),
        ],
        9,
        reference("checkers3d", "russian", 9),
    );
    // Rules page, default 8-height start: 724 201 nodes at depth 4.
    bench_case(
        c,
        "perft4_default_h8",
        &[],
        4,
        reference("checkers3d", "start-h8", 4),
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
