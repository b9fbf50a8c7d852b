//! C3-40: with one height chess3d is FIDE chess, so perft must match the published counts
//! (chessprogramming.org "Perft Results"). Also the rules page's reference counts for the 3D
//! start positions (rules/chess3d.md, "Reference counts").
//!
//! Long counts are `#[ignore]`d — release run: cargo test --release -p chess3d -- --ignored

use chess3d::{Chess3d, Chess3dConfig};
use variant_core::perft::{perft, perft_full};
use variant_core::{Game, GameConfig};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POS3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POS4_MIRROR: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POS5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POS6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

fn fen(text: &str) -> Chess3d {
    Chess3d::from_text(&Chess3dConfig::default(), text).unwrap()
}

fn check(text: &str, counts: &[u64]) {
    let game = fen(text);
    for (i, &expected) in counts.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&game, depth), expected, "{text} depth {depth}");
    }
}

#[test]
fn c3_40_start_position_depths_1_to_5() {
    check(START, &[20, 400, 8_902, 197_281, 4_865_609]);
    // The start position built from the configuration is the same position.
    let built = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    assert_eq!(built.to_text(), START);
    assert_eq!(perft(&built, 3), 8_902);
}

#[test]
fn c3_40_kiwipete_depths_1_to_4() {
    check(KIWIPETE, &[48, 2_039, 97_862, 4_085_603]);
}

#[test]
fn c3_40_more_positions_shallow() {
    check(POS3, &[14, 191, 2_812, 43_238, 674_624]);
    check(POS4, &[6, 264, 9_467, 422_333]);
    check(POS4_MIRROR, &[6, 264, 9_467, 422_333]);
    check(POS5, &[44, 1_486, 62_379, 2_103_487]);
    check(POS6, &[46, 2_079, 89_890, 3_894_594]);
}

#[test]
fn c3_40_playing_every_leaf_agrees() {
    // perft_full plays the last ply too: checks play_unchecked on every leaf move.
    assert_eq!(perft_full(&fen(KIWIPETE), 3), 97_862);
    assert_eq!(perft_full(&fen(POS3), 4), 43_238);
    assert_eq!(perft_full(&fen(POS4), 3), 9_467);
}

// release run: cargo test --release -p chess3d -- --ignored
#[test]
#[ignore]
fn c3_40_start_position_depth_6() {
    assert_eq!(perft(&fen(START), 6), 119_060_324);
}

// release run: cargo test --release -p chess3d -- --ignored
#[test]
#[ignore]
fn c3_40_kiwipete_depth_5() {
    assert_eq!(perft(&fen(KIWIPETE), 5), 193_690_690);
}

// release run: cargo test --release -p chess3d -- --ignored
#[test]
#[ignore]
fn c3_40_position_3_depth_7() {
    assert_eq!(perft(&fen(POS3), 7), 178_633_661);
}

// release run: cargo test --release -p chess3d -- --ignored
#[test]
#[ignore]
fn c3_40_position_4_and_mirror_depth_6() {
    assert_eq!(perft(&fen(POS4), 6), 706_045_033);
    assert_eq!(perft(&fen(POS4_MIRROR), 6), 706_045_033);
}

// release run: cargo test --release -p chess3d -- --ignored
#[test]
#[ignore]
fn c3_40_position_5_depth_5() {
    assert_eq!(perft(&fen(POS5), 5), 89_941_194);
}

// release run: cargo test --release -p chess3d -- --ignored
#[test]
#[ignore]
fn c3_40_position_6_depth_5() {
    assert_eq!(perft(&fen(POS6), 5), 164_075_551);
}

fn start3d(h: &str, lw: &str, lb: &str) -> Chess3d {
    let config =
        Chess3dConfig::from_pairs([("heights", h), ("white-base", lw), ("black-base", lb)])
            .unwrap();
    Chess3d::new(&config).unwrap()
}

/// The rules page's reference counts (computed there by an independent implementation).
#[test]
fn reference_counts_h2_h3_and_common_plane() {
    let g = start3d("2", "1", "2");
    assert_eq!(
        [perft(&g, 1), perft(&g, 2), perft(&g, 3)],
        [58, 3_356, 209_330]
    );
    let g = start3d("3", "1", "3");
    assert_eq!(
        [perft(&g, 1), perft(&g, 2), perft(&g, 3)],
        [92, 8_456, 821_879]
    );
    let g = start3d("8", "1", "1");
    assert_eq!([perft(&g, 1), perft(&g, 2)], [92, 8_449]);
}

#[test]
fn reference_counts_default_box_depths_1_2() {
    let g = Chess3d::new(&Chess3dConfig::default()).unwrap();
    assert_eq!([perft(&g, 1), perft(&g, 2)], [122, 14_865]);
}

#[test]
fn reference_counts_depth_3_of_8_heights() {
    // About 2.9 million nodes together: fine in the test profile (opt-level 1).
    let g = Chess3d::new(&Chess3dConfig::default()).unwrap();
    assert_eq!(perft(&g, 3), 1_976_792);
    let g = start3d("8", "1", "1");
    assert_eq!(perft(&g, 3), 903_258);
}
