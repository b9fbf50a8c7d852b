//! Perft benchmark (to be written by the game's owner).
#![allow(missing_docs)]
use criterion::{Criterion, criterion_group, criterion_main};

fn bench(_c: &mut Criterion) {}

criterion_group!(benches, bench);
criterion_main!(benches);
