//! C3-40: with one height chess3d is FIDE chess. The perft tables themselves (published
//! FIDE counts, chessprogramming.org "Perft Results", and the rules page's reference counts
//! for the 3D starts) live in `data/chess3d.perft` and are all checked by
//! `crates/variant-games/tests/games/perft_data.rs`; this file checks the paths that runner
//! does not take, against the same counts: the typed game, the start built from the
//! configuration, and playing every leaf (`perft_full`).

use chess3d::{Chess3d, Chess3dConfig};
use variant_core::Game;
use variant_core::perft::{perft, perft_full};
use variant_core::perft_data::PerftFile;

const DATA: &str = chess3d::PERFT_DATA;

/// The data file's entry `id` as a typed game, and its count at `depth`.
fn reference(id: &str, depth: u32) -> (Chess3d, u64) {
    let file = PerftFile::parse(DATA).unwrap();
    let entry = file.entry(id).unwrap();
    (entry.game().unwrap(), entry.nodes(depth).unwrap())
}

#[test]
fn c3_40_typed_perft_of_every_fide_position_to_depth_4() {
    for id in [
        "fide-start",
        "fide-kiwipete",
        "fide-position-3",
        "fide-position-4",
        "fide-position-4-mirrored",
        "fide-position-5",
        "fide-position-6",
    ] {
        for depth in 1..=4 {
            let (game, expected) = reference(id, depth);
            assert_eq!(perft(&game, depth), expected, "{id} depth {depth}");
        }
    }
}

#[test]
fn c3_40_the_configured_start_is_the_fide_start() {
    let built = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    assert_eq!(
        built.to_text(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let (_, expected) = reference("fide-start", 5);
    assert_eq!(perft(&built, 5), expected);
}

#[test]
fn c3_40_playing_every_leaf_agrees() {
    // perft_full plays the last ply too: checks play_unchecked on every leaf move.
    for (id, depth) in [
        ("fide-kiwipete", 3),
        ("fide-position-3", 4),
        ("fide-position-4", 3),
    ] {
        let (game, expected) = reference(id, depth);
        assert_eq!(perft_full(&game, depth), expected, "{id} depth {depth}");
    }
}

/// The rules page's reference counts of the 3D starts, typed game (C3-5, C3-30).
#[test]
fn reference_counts_of_the_3d_starts() {
    for id in ["start-h2", "start-h3", "start-h8", "common-plane-h8"] {
        for depth in 1..=3 {
            let (game, expected) = reference(id, depth);
            assert_eq!(perft(&game, depth), expected, "{id} depth {depth}");
        }
    }
}
