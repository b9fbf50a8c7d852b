//! A game chosen at run time against the typed game: bulk perft of every game through
//! `variant_games::AnyGame` and through its typed position, side by side in one run
//! (AnyGame ≥ 0.8× typed). Node counts asserted (C3-40, D3-40, B4-52, CT-52).
#![allow(missing_docs)]
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use variant_games::{AnyGame, TypedGame, perft};

/// game, entry of its perft data file (configuration and reference count), depth.
const CASES: &[(&str, &str, u32)] = &[
    ("chess3d", "fide-start", 5),
    ("chess3d", "start-h8", 3),
    ("checkers3d", "russian", 9),
    ("bishops4p", "four-players", 4),
    ("chess-t", "t1-2024", 5),
];

fn typed_perft(game: &AnyGame, depth: u32) -> u64 {
    match game.typed() {
        TypedGame::Chess3d(g) => perft(g, depth),
        TypedGame::Checkers3d(g) => perft(g, depth),
        TypedGame::Bishops(g) => perft(g, depth),
        TypedGame::ChessT(g) => perft(g, depth),
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("AnyGame vs typed perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    group.warm_up_time(Duration::from_secs(1));
    for &(name, id, depth) in CASES {
        let config = variant_benches::entry(name, id).config;
        let nodes = variant_benches::reference(name, id, depth);
        let any = variant_games::new_game(name, config).expect("a valid game");
        assert_eq!(perft(&any, depth), nodes, "{name} {config} AnyGame");
        assert_eq!(typed_perft(&any, depth), nodes, "{name} {config} typed");
        group.throughput(Throughput::Elements(nodes));
        let label = format!("{name} {config} depth {depth}");
        group.bench_function(format!("{label} typed"), |b| {
            b.iter(|| typed_perft(black_box(&any), depth))
        });
        group.bench_function(format!("{label} AnyGame"), |b| {
            b.iter(|| perft(black_box(&any), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
