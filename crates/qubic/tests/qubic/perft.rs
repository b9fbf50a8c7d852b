//! Q-11's reference counts (derived by hand on the rules page, read from `data/qubic.perft`).

use qubic::Qubic;
use variant_core::perft_data::PerftFile;
use variant_core::{Game, perft};

fn data() -> PerftFile<'static> {
    PerftFile::parse(qubic::PERFT_DATA).unwrap()
}

/// Every count of the file up to 16 million leaves: the start to depth 4, after a1@1 to
/// depth 4, and the short trees of the ending positions. The start's depth 5 (915 million
/// leaves) is left to the facade's release run.
#[test]
fn q11_counts_to_depth_4() {
    let checked = data().verify::<Qubic>(16_000_000).unwrap();
    // start 4 + after-a1 4 + x-threat 5 + both-threats 4 + full-box 1 + x-won 1.
    assert_eq!(checked, 19);
}

/// The start's counts are the falling products 64 · 63 · … of Q-11, written here apart
/// from the file so that a wrong file cannot agree with itself.
#[test]
fn q11_start_counts_are_falling_products() {
    let file = data();
    let start = file.entry("start").unwrap();
    let mut product = 1u64;
    for depth in 1..=5u64 {
        product *= 65 - depth;
        assert_eq!(start.nodes(depth as u32), Some(product), "depth {depth}");
    }
}

/// Playing every move to the leaves gives the same count as bulk counting, and so does the
/// parallel count.
#[test]
fn full_perft_equals_bulk_perft() {
    let file = data();
    for id in ["x-threat", "both-threats"] {
        let entry = file.entry(id).unwrap();
        let game: Qubic = entry.game().unwrap();
        for depth in 1..=4 {
            let bulk = perft::perft(&game, depth);
            assert_eq!(perft::perft_full(&game, depth), bulk, "{id} {depth}");
            assert_eq!(
                variant_perft::perft_parallel(&game, depth, 2),
                bulk,
                "{id} {depth}"
            );
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    let game = Qubic::default();
    let parts = perft::divide(&game, 3);
    assert_eq!(parts.len(), 64);
    // By symmetry of counting, every first move leaves 63 · 62 leaves at depth 3.
    assert!(parts.iter().all(|&(_, n)| n == 63 * 62));
}

/// The Zobrist key kept up move by move equals the one computed from scratch.
#[test]
fn incremental_hash_equals_recomputed_hash() {
    let mut game = Qubic::default();
    for text in ["a1@1", "d4@4", "b2@2", "c3@3", "a4@1", "d1@4", "b3@2"] {
        game.play_text(text).unwrap();
        assert_eq!(game.zobrist(), game.recompute_zobrist(), "after {text}");
        let again: Qubic = game.to_string().parse().unwrap();
        assert_eq!(again.zobrist(), game.zobrist(), "after {text}");
    }
}
