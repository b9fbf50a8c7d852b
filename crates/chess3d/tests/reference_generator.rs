//! The simple reference generator (`tests/reference`) checked against independent numbers
//! (the rules page's table, FIDE perft), then the fast engine compared with it on random
//! playouts (proptest).
//!
//! Long checks are `#[ignore]`d — release run: cargo test --release -p chess3d -- --ignored
//! (the reference's depth-3 table counts take about 5 s in the test profile, so they run always).

mod reference;

use reference::{Pos, removal_table};

fn start(h: i32, lw: i32, lb: i32) -> Pos {
    Pos::start(h, lw, lb, removal_table("on"))
}

// ---------------------------------------------------------------------------------------
// The reference against the rules page's table (C3-5, C3-30 default table) and FIDE (C3-40).
// ---------------------------------------------------------------------------------------

/// Rules page table, (2, 1, 2). Depth 1 by hand: 8 pawns × (3 single steps (0,1,0),
/// (0,0,1), (0,1,1) + 1 double step (0,2,0); the vertical doubles leave the box) = 32;
/// knights b1/g1: two plane leaps + (±2,0,+1) + (0,2,+1) = 4 each = 8; rooks a1/h1 one
/// step up = 2; bishops two cube-diagonal steps up each = 4; queen d1: d1@2, c1@2, e1@2,
/// d2@2, c2@2, e2@2 = 6; king e1: the six cells above it and ahead-above = 6. Sum 58.
#[test]
fn reference_table_2_1_2() {
    let p = start(2, 1, 2);
    assert_eq!(p.perft(1), 58);
    assert_eq!(p.perft(2), 3_356);
}

#[test]
fn reference_table_2_1_2_depth3() {
    assert_eq!(start(2, 1, 2).perft(3), 209_330);
}

#[test]
fn reference_table_3_1_3() {
    let p = start(3, 1, 3);
    assert_eq!(p.perft(1), 92);
    assert_eq!(p.perft(2), 8_456);
}

#[test]
fn reference_table_3_1_3_depth3() {
    assert_eq!(start(3, 1, 3).perft(3), 821_879);
}

#[test]
fn reference_table_8_1_8() {
    let p = start(8, 1, 8);
    assert_eq!(p.perft(1), 122);
    assert_eq!(p.perft(2), 14_865);
}

#[test]
fn reference_table_8_1_8_depth3() {
    assert_eq!(start(8, 1, 8).perft(3), 1_976_792);
}

/// Rules page table, (8, 1, 1) common plane. Depth 1 by hand: pawns 16 (v = 0: FIDE steps);
/// knights 7 each (a3, c3, d1@2 / e1@2, b3@2 / g3@2, two cells at +2 heights, one at
/// (0,1,2)) = 14; rooks 7 up each = 14; bishops 5 + 2 cube-diagonal cells = 7 each = 14;
/// queen 7 up + 4 + 3 cube-diagonal + 4 + 3 main-diagonal (±1,0,1) + 7 along (0,1,1) = 28;
/// king 6. Sum 92.
#[test]
fn reference_table_8_1_1() {
    let p = start(8, 1, 1);
    assert_eq!(p.perft(1), 92);
    assert_eq!(p.perft(2), 8_449);
}

#[test]
fn reference_table_8_1_1_depth3() {
    assert_eq!(start(8, 1, 1).perft(3), 903_258);
}

/// C3-40: one height is FIDE chess; published perft of the start position.
#[test]
fn reference_fide_start() {
    let p = start(1, 1, 1);
    assert_eq!(p.perft(1), 20);
    assert_eq!(p.perft(2), 400);
    assert_eq!(p.perft(3), 8_902);
}

#[test]
fn reference_fide_start_depth4() {
    assert_eq!(start(1, 1, 1).perft(4), 197_281);
}

/// C3-40: Kiwipete (published 48, 2 039, 97 862) checks castling, en passant and
/// promotions of the reference in FIDE.
#[test]
fn reference_fide_kiwipete() {
    let p = Pos::parse(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        removal_table("on"),
    )
    .unwrap();
    assert_eq!(p.perft(1), 48);
    assert_eq!(p.perft(2), 2_039);
}

#[test]
fn reference_fide_kiwipete_depth3() {
    let p = Pos::parse(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        removal_table("on"),
    )
    .unwrap();
    assert_eq!(p.perft(3), 97_862);
}

/// C3-40: published "position 3" (en passant and discovered checks along the rank):
/// 14, 191, 2 812, 43 238.
#[test]
fn reference_fide_position3() {
    let p = Pos::parse("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", removal_table("on")).unwrap();
    assert_eq!(p.perft(1), 14);
    assert_eq!(p.perft(2), 191);
    assert_eq!(p.perft(3), 2_812);
}

/// C3-40: published "position 4" (promotions, castling under attack): 6, 264, 9 467.
#[test]
fn reference_fide_position4() {
    let p = Pos::parse(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        removal_table("on"),
    )
    .unwrap();
    assert_eq!(p.perft(1), 6);
    assert_eq!(p.perft(2), 264);
    assert_eq!(p.perft(3), 9_467);
}
