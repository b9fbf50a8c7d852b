//! chess-T move generation: bulk-counting perft from the start (CT-52 node counts asserted).
#![allow(missing_docs)]
use chess_t::{ChessT, ChessTConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use variant_benches::reference;
use variant_core::{Game, GameConfig, perft};

/// A benchmarked start: label, configuration pairs, perft depth, node count (CT-52).
type Case = (
    &'static str,
    &'static [(&'static str, &'static str)],
    u32,
    u64,
);

fn bench(c: &mut Criterion) {
    let cases: [Case; 3] = [
        (
            "t1-2024",
            &[("ruleset", "t1-2024")],
            5,
            reference("chess-t", "t1-2024", 5),
        ),
        (
            "chess-t-2020",
            &[("ruleset", "chess-t-2020")],
            4,
            reference("chess-t", "chess-t-2020", 4),
        ),
        (
            "chess-t-2020 d4/h5",
            &[
                ("ruleset", "chess-t-2020"),
                ("white-impregnable", "d4"),
                ("black-impregnable", "h5"),
            ],
            4,
            reference("chess-t", "chess-t-2020-impregnable-d4-h5", 4),
        ),
    ];
    let mut group = c.benchmark_group("chess-t perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    group.warm_up_time(Duration::from_secs(1));
    for (name, pairs, depth, nodes) in cases {
        let config = ChessTConfig::from_pairs(pairs.iter().copied()).expect("valid configuration");
        let start = ChessT::new(&config).expect("start position");
        assert_eq!(perft::perft(&start, depth), nodes, "{name} depth {depth}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name} depth {depth}"), |b| {
            b.iter(|| perft::perft(black_box(&start), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
