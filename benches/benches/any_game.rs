//! A game chosen at run time against the typed game: bulk perft of every game through
//! `variant_games::AnyGame` and through its typed position, side by side in one run
//! (AnyGame ≥ 0.8× typed), on every game's benchmark positions (the `bench` lines of its perft
//! data). Node counts asserted against those files.
#![allow(missing_docs)]
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use variant_games::{AnyGame, GameCrate, TypedVisitor, perft};

/// Perft of the typed game, at the typed game's speed, for any game of the list.
struct TypedPerft(u32);

impl TypedVisitor for TypedPerft {
    type Output = u64;
    fn visit<G: GameCrate>(self, game: &G) -> u64 {
        perft(game, self.0)
    }
}

fn typed_perft(game: &AnyGame, depth: u32) -> u64 {
    game.typed().visit(TypedPerft(depth))
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("AnyGame vs typed perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    group.warm_up_time(Duration::from_secs(1));
    // Every game's first and last benchmark position (its perft data's `bench` lines): the
    // standard start and the heaviest other configuration it names.
    for &name in variant_games::registry::names() {
        let bench = variant_games::registry::bench_positions(name).expect("a game of the list");
        let (Some(first), Some(last)) = (bench.first(), bench.last()) else {
            panic!("{name}: its perft data has no `bench` line (see docs/perft.md)")
        };
        let cases = if bench.len() == 1 {
            vec![first]
        } else {
            vec![first, last]
        };
        for case in cases {
            bench_one(&mut group, name, case);
        }
    }
    group.finish();
}

fn bench_one(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    case: &variant_games::registry::BenchPosition,
) {
    let (config, depth, nodes) = (case.config, case.depth, case.nodes);
    {
        let any = match case.position {
            Some(text) => variant_games::from_text(name, config, text),
            None => variant_games::new_game(name, config),
        }
        .expect("a valid game");
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
