//! Perft benchmarks of chess3d: with one height side by side with cozy-chess (the same
//! bulk-counting perft, same depth, node counts asserted), and the default 8-height start.
//!
//! Run: `cargo bench -p variant-benches --bench chess3d`. Criterion prints elements/s =
//! nodes/s (single thread).
#![allow(missing_docs)]
use chess3d::{Chess3d, Chess3dConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use variant_benches::{cozy_perft, reference};
use variant_core::{Game, perft::perft};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn fide_pair(c: &mut Criterion, name: &str, fen: &str, depth: u32, expected: u64) {
    let ours = Chess3d::from_text(&Chess3dConfig::default(), fen).expect("valid FEN");
    let cozy: cozy_chess::Board = fen.parse().expect("valid FEN");
    assert_eq!(
        perft(&ours, depth),
        expected,
        "chess3d {name} perft({depth})"
    );
    assert_eq!(
        cozy_perft(&cozy, depth as u8),
        expected,
        "cozy-chess {name} perft({depth})"
    );
    let mut group = c.benchmark_group(format!("chess3d H=1 {name} perft {depth}"));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(expected));
    group.bench_function("chess3d", |b| {
        b.iter(|| assert_eq!(perft(black_box(&ours), depth), expected))
    });
    group.bench_function("cozy-chess", |b| {
        b.iter(|| assert_eq!(cozy_perft(black_box(&cozy), depth as u8), expected))
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    fide_pair(c, "start", START, 5, reference("chess3d", "fide-start", 5));
    fide_pair(
        c,
        "kiwipete",
        KIWIPETE,
        4,
        reference("chess3d", "fide-kiwipete", 4),
    );

    // The default box (H=8, Lw=1, Lb=8); depth 3 count from the rules page's table.
    let box8 = Chess3d::new(&Chess3dConfig::default()).expect("default config");
    let expected = reference("chess3d", "start-h8", 3);
    assert_eq!(perft(&box8, 3), expected);
    let mut group = c.benchmark_group("chess3d H=8 start perft 3");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(expected));
    group.bench_function("chess3d", |b| {
        b.iter(|| assert_eq!(perft(black_box(&box8), 3), expected))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
