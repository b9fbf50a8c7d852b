//! Perft against the rules page: the published 2D tables of D3-40 and the page's reference
//! counts for 3D set-ups.
//!
//! Long counts are `#[ignore]`d; release run: cargo test --release -p checkers3d -- --ignored

use checkers3d::{Checkers3d, Checkers3dConfig};
use variant_core::perft::perft;
use variant_core::{Game, GameConfig};

fn start(pairs: &[(&str, &str)]) -> Checkers3d {
    Checkers3d::new(&Checkers3dConfig::from_pairs(pairs.iter().copied()).unwrap()).unwrap()
}

const RUSSIAN: &[(&str, &str)] = &[
    ("heights", "1"),
    ("capture", "free"),
    ("promotion", "passing"),
];
const BRAZILIAN: &[(&str, &str)] = &[
    ("heights", "1"),
    ("capture", "majority"),
    ("promotion", "end"),
];
const POOL: &[(&str, &str)] = &[("heights", "1"), ("capture", "free"), ("promotion", "end")];

const RUSSIAN_COUNTS: [u64; 10] = [
    7, 49, 302, 1_469, 7_482, 37_986, 190_146, 929_899, 4_570_586, 22_444_032,
];
const BRAZILIAN_COUNTS: [u64; 10] = [
    7, 49, 302, 1_469, 7_473, 37_628, 187_302, 907_830, 4_431_766, 21_560_022,
];
const POOL_COUNTS: [u64; 10] = [
    7, 49, 302, 1_469, 7_482, 37_986, 190_146, 929_896, 4_570_534, 22_435_955,
];

fn check(pairs: &[(&str, &str)], counts: &[u64], depths: std::ops::RangeInclusive<u32>) {
    let g = start(pairs);
    for d in depths {
        assert_eq!(perft(&g, d), counts[d as usize - 1], "{pairs:?} depth {d}");
    }
}

#[test]
fn d3_40_russian_to_depth_7() {
    check(RUSSIAN, &RUSSIAN_COUNTS, 1..=7);
}

#[test]
fn d3_40_brazilian_to_depth_7() {
    check(BRAZILIAN, &BRAZILIAN_COUNTS, 1..=7);
}

#[test]
fn d3_40_pool_to_depth_7() {
    check(POOL, &POOL_COUNTS, 1..=7);
}

#[test]
fn d3_40_default_switches_agree_where_the_rules_coincide() {
    // Majority + passing: no capture happens before depth 5 in any line (all three tables
    // agree up to 1 469), so the default gives the same counts there.
    check(&[("heights", "1")], &RUSSIAN_COUNTS, 1..=4);
}

// release run: cargo test --release -p checkers3d -- --ignored
#[test]
#[ignore]
fn d3_40_russian_depths_8_to_10() {
    check(RUSSIAN, &RUSSIAN_COUNTS, 8..=10);
}

// release run: cargo test --release -p checkers3d -- --ignored
#[test]
#[ignore]
fn d3_40_brazilian_depths_8_to_10() {
    check(BRAZILIAN, &BRAZILIAN_COUNTS, 8..=10);
}

// release run: cargo test --release -p checkers3d -- --ignored
#[test]
#[ignore]
fn d3_40_pool_depths_8_to_10() {
    check(POOL, &POOL_COUNTS, 8..=10);
}

const DEFAULT_3D: [u64; 5] = [28, 784, 23_828, 724_201, 23_412_712];
const H2: [u64; 5] = [28, 784, 21_749, 580_131, 15_274_382];
const H3_TWO_WHITE: [u64; 4] = [49, 1_372, 63_999, 1_789_032];

#[test]
fn reference_counts_default_h8_to_depth_4() {
    check(&[], &DEFAULT_3D, 1..=4);
}

#[test]
fn reference_counts_h2_to_depth_4() {
    check(&[("heights", "2")], &H2, 1..=4);
}

#[test]
fn reference_counts_h3_two_white_heights_to_depth_4() {
    check(
        &[
            ("heights", "3"),
            ("white-heights", "1,2"),
            ("black-heights", "3"),
        ],
        &H3_TWO_WHITE,
        1..=4,
    );
}

// release run: cargo test --release -p checkers3d -- --ignored
#[test]
#[ignore]
fn reference_counts_depth_5() {
    check(&[], &DEFAULT_3D, 5..=5);
    check(&[("heights", "2")], &H2, 5..=5);
}

#[test]
fn perft_full_agrees_with_bulk_counting() {
    // Playing every leaf (perft_full) and counting the last ply in bulk give the same numbers.
    for pairs in [RUSSIAN, &[("heights", "3"), ("white-heights", "1,2")][..]] {
        let g = start(pairs);
        assert_eq!(
            perft(&g, 4),
            variant_core::perft::perft_full(&g, 4),
            "{pairs:?}"
        );
    }
    let g = start(&[]);
    assert_eq!(g.count_legal_moves(), 28);
}
