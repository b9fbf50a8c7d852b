//! The simple reference generator (`tests/reference`) checked against independent numbers
//! (the rules page's table, FIDE perft), then the fast engine compared with it on random
//! playouts (proptest).
//!
//! Long checks are `#[ignore]`d — release run: cargo test --release -p chess3d -- --ignored
//! (the reference's depth-3 table counts are too slow for the test profile's every run).

use crate::reference;

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
#[ignore = "several seconds in debug; release run: cargo test --release -p chess3d -- --ignored"]
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
#[ignore = "several seconds in debug; release run: cargo test --release -p chess3d -- --ignored"]
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
#[ignore = "several seconds in debug; release run: cargo test --release -p chess3d -- --ignored"]
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
#[ignore = "several seconds in debug; release run: cargo test --release -p chess3d -- --ignored"]
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
    let p = Pos::parse(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        removal_table("on"),
    )
    .unwrap();
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

// ---------------------------------------------------------------------------------------
// The fast engine against the reference on random playouts.
// ---------------------------------------------------------------------------------------

use chess3d::{Chess3d, Chess3dConfig};
use proptest::prelude::*;
use reference::RStatus;
use variant_core::{DrawReason, Game, GameConfig, Status, WinReason, perft::perft};

/// (H, Lw, Lb) choices: H ∈ {1, 2, 3, 8} with Lw < Lb, Lw = Lb and Lw > Lb.
const GEOMETRIES: &[(i32, i32, i32)] = &[
    (1, 1, 1),
    (2, 1, 2),
    (2, 2, 1),
    (2, 1, 1),
    (2, 2, 2),
    (3, 1, 3),
    (3, 3, 1),
    (3, 2, 2),
    (3, 1, 2),
    (3, 3, 2),
    (8, 1, 8),
    (8, 8, 1),
    (8, 1, 1),
    (8, 4, 5),
    (8, 6, 3),
    (8, 5, 5),
];

/// Removal tables: the default, none, and custom ones where removal starts at once (32 pieces
/// allow it) or with gaps (`0`/`-` leave a height count out).
const REMOVALS: &[&str] = &[
    "on",
    "off",
    "32,32,32,32,32,32,32",
    "0,30,-,24,0,28,32",
    "12,4,20,0,9,31,2",
];

fn engine_config(removal: &str) -> Chess3dConfig {
    let mut c = Chess3dConfig::default();
    c.set("removal", removal).expect("removal value");
    c
}

fn engine_texts(game: &Chess3d) -> Vec<String> {
    let mut list = <Chess3d as Game>::MoveList::default();
    game.legal_moves_into(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| game.format_move(m)).collect();
    v.sort();
    v
}

fn status_of(s: Status) -> RStatus {
    match s {
        Status::Ongoing => RStatus::Ongoing,
        Status::Win {
            winner,
            reason: WinReason::Checkmate,
        } => RStatus::Checkmate(winner.0),
        Status::Draw {
            reason: DrawReason::Stalemate,
        } => RStatus::Stalemate,
        Status::Draw {
            reason: DrawReason::DeadPosition,
        } => RStatus::Dead,
        Status::Draw {
            reason: DrawReason::AutomaticMoveRule,
        } => RStatus::SeventyFive,
        other => panic!("unexpected status from the position alone: {other:?}"),
    }
}

/// SplitMix64: the playout's move choices from the proptest seed.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays `plies` random legal moves from `text` in both generators, comparing at every ply
/// the sorted legal move texts, the position text, check and status. Returns the final text.
fn compare_playout(
    text: &str,
    removal: &str,
    seed: u64,
    plies: usize,
) -> Result<String, TestCaseError> {
    let mut engine = Chess3d::from_text(&engine_config(removal), text)
        .map_err(|e| TestCaseError::fail(format!("engine refuses {text}: {e}")))?;
    let mut reference = Pos::parse(text, removal_table(removal))
        .map_err(|e| TestCaseError::fail(format!("reference refuses {text}: {e}")))?;
    let mut state = seed;
    let mut played: Vec<String> = Vec::new();
    for _ in 0..=plies {
        let here = reference.to_text();
        prop_assert_eq!(
            engine.to_text(),
            here.clone(),
            "position text after {:?} (removal {})",
            played,
            removal
        );
        let e = engine_texts(&engine);
        let r = reference.legal_texts();
        prop_assert_eq!(
            &e,
            &r,
            "legal moves (engine left, reference right) at {} after {:?}, removal {}",
            here,
            played,
            removal
        );
        prop_assert_eq!(
            engine.is_in_check(engine.side_to_move()),
            reference.in_check(),
            "check at {}",
            here
        );
        prop_assert_eq!(
            engine.count_legal_moves(),
            e.len() as u64,
            "bulk count at {}",
            here
        );
        prop_assert_eq!(
            status_of(engine.status()),
            reference.status(),
            "status at {}",
            here
        );
        if played.len() == plies || r.is_empty() {
            break;
        }
        let mv = &r[(next(&mut state) % r.len() as u64) as usize];
        engine
            .play_text(mv)
            .map_err(|err| TestCaseError::fail(format!("engine refuses {mv} at {here}: {err}")))?;
        reference.play_text(mv).map_err(TestCaseError::fail)?;
        played.push(mv.clone());
    }
    Ok(engine.to_text())
}

/// A random sparse position: both kings and up to `extra` other pieces on random cells;
/// pawns only on ranks 2–7 and on the heights between the two base heights (C3-13: a pawn
/// never leaves that range). Rejected when the side not to move is in check.
fn random_sparse(seed: u64, extra: usize) -> Option<(String, &'static str)> {
    let mut s = seed;
    let (h, lw, lb) = GEOMETRIES[(next(&mut s) % GEOMETRIES.len() as u64) as usize];
    let removal = REMOVALS[(next(&mut s) % REMOVALS.len() as u64) as usize];
    let mut cells: Vec<Option<char>> = vec![None; 64 * h as usize];
    let n_extra = (next(&mut s) % (extra as u64 + 1)) as usize;
    let mut wanted = Vec::new();
    // Half the time a side starts castled-ready: king on e1/e8 of its base height, rooks on
    // their corners (each with probability 1/2), with the matching castling letters.
    let mut castling = String::new();
    for (color, king, rook, rank, base, letters) in [
        (0, 'K', 'R', 0usize, lw, ['K', 'Q']),
        (1, 'k', 'r', 7, lb, ['k', 'q']),
    ] {
        let at = |x: usize| (base as usize - 1) * 64 + rank * 8 + x;
        if next(&mut s).is_multiple_of(2) {
            cells[at(4)] = Some(king);
            for (x, letter) in [(7, letters[0]), (0, letters[1])] {
                if next(&mut s).is_multiple_of(2) {
                    cells[at(x)] = Some(rook);
                    castling.push(letter);
                }
            }
        } else {
            wanted.push(king);
        }
        let _ = color;
    }
    // Pawns on their start cells (rank 2 on Lw, rank 7 on Lb) invite double steps and en
    // passant.
    for _ in 0..(next(&mut s) % 4) {
        let x = (next(&mut s) % 8) as usize;
        let (i, c) = if next(&mut s).is_multiple_of(2) {
            ((lw as usize - 1) * 64 + 8 + x, 'P')
        } else {
            ((lb as usize - 1) * 64 + 48 + x, 'p')
        };
        if cells[i].is_none() {
            cells[i] = Some(c);
        }
    }
    for _ in 0..n_extra {
        wanted.push(b"PNBRQpnbrq"[(next(&mut s) % 10) as usize] as char);
    }
    let (zlo, zhi) = (lw.min(lb) - 1, lw.max(lb) - 1);
    for piece in wanted {
        for _attempt in 0..20 {
            let i = (next(&mut s) % cells.len() as u64) as usize;
            let (y, z) = ((i / 8 % 8) as i32, (i / 64) as i32);
            if cells[i].is_some() {
                continue;
            }
            if piece.eq_ignore_ascii_case(&'p') && (!(1..=6).contains(&y) || z < zlo || z > zhi) {
                continue;
            }
            cells[i] = Some(piece);
            break;
        }
    }
    let mut boards = Vec::new();
    for z in 0..h as usize {
        let mut ranks = Vec::new();
        for y in (0..8).rev() {
            let mut r = String::new();
            let mut empty = 0;
            for x in 0..8 {
                match cells[z * 64 + y * 8 + x] {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            r.push_str(&empty.to_string());
                            empty = 0;
                        }
                        r.push(c);
                    }
                }
            }
            if empty > 0 {
                r.push_str(&empty.to_string());
            }
            ranks.push(r);
        }
        boards.push(ranks.join("/"));
    }
    let side = if next(&mut s).is_multiple_of(2) {
        "w"
    } else {
        "b"
    };
    // "KQkq" order.
    let castling: String = "KQkq".chars().filter(|c| castling.contains(*c)).collect();
    let castling = if castling.is_empty() {
        "-".to_string()
    } else {
        castling
    };
    let mut text = format!("{} {side} {castling} - 0 1", boards.join("|"));
    if h > 1 {
        text.push_str(&format!(" {lw},{lb}"));
    }
    let pos = Pos::parse(&text, removal_table(removal)).ok()?;
    // The side that just moved may not be in check.
    let mut other = pos.clone();
    other.side = 1 - other.side;
    if other.in_check() {
        return None;
    }
    Some((text, removal))
}

/// Proptest cases: `default`, or `PROPTEST_CASES` from the environment for long hunts
/// (`PROPTEST_CASES=5000 cargo test --release -p chess3d`).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

proptest! {
    // No regression files: a failure prints its minimal case, which goes into
    // DISCREPANCIES.md and a fixed test.
    #![proptest_config(ProptestConfig {
        cases: cases(48),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Random playouts (up to 60 plies) from the start of every geometry and removal table.
    #[test]
    fn engine_matches_reference_from_the_start(
        g in 0..GEOMETRIES.len(),
        r in 0..REMOVALS.len(),
        seed in any::<u64>(),
        plies in 0usize..=60,
    ) {
        let (h, lw, lb) = GEOMETRIES[g];
        let removal = REMOVALS[r];
        let start = Pos::start(h, lw, lb, removal_table(removal)).to_text();
        let config = Chess3dConfig::from_pairs([
            ("heights", h.to_string().as_str()),
            ("white-base", lw.to_string().as_str()),
            ("black-base", lb.to_string().as_str()),
            ("removal", removal),
        ]).expect("config");
        prop_assert_eq!(Chess3d::new(&config).expect("start").to_text(), start.clone());
        compare_playout(&start, removal, seed, plies)?;
    }

    /// Random playouts (up to 80 plies) from random sparse positions: few pieces, so removal,
    /// the barrier near base cubes, promotions and endings come up often.
    #[test]
    fn engine_matches_reference_from_sparse_positions(seed in any::<u64>(), plies in 0usize..=80) {
        let Some((text, removal)) = random_sparse(seed, 10) else { return Ok(()) };
        compare_playout(&text, removal, seed ^ 0x5555, plies)?;
    }

    /// Perft to depth 2 at random positions reached by a playout.
    #[test]
    fn engine_perft_matches_reference(
        g in 0..GEOMETRIES.len(),
        r in 0..REMOVALS.len(),
        seed in any::<u64>(),
        plies in 0usize..=40,
    ) {
        let (h, lw, lb) = GEOMETRIES[g];
        let removal = REMOVALS[r];
        let start = Pos::start(h, lw, lb, removal_table(removal)).to_text();
        let text = compare_playout(&start, removal, seed, plies)?;
        let engine = Chess3d::from_text(&engine_config(removal), &text).expect("engine");
        let reference = Pos::parse(&text, removal_table(removal)).expect("reference");
        prop_assert_eq!(perft(&engine, 2), reference.perft(2), "perft 2 at {}", text);
    }
}

/// Perft to depth 3 at a few fixed positions reached by playouts (removal on and a custom
/// table), engine against reference.
#[test]
fn engine_perft3_matches_reference_after_playouts() {
    for (h, lw, lb, removal, seed, plies) in [
        (2, 1, 2, "on", 1u64, 30usize),
        (3, 3, 1, "32,32,32,32,32,32,32", 2, 20),
        (8, 1, 8, "32,32,32,32,32,32,32", 3, 10),
        (3, 2, 2, "off", 4, 25),
    ] {
        let start = Pos::start(h, lw, lb, removal_table(removal)).to_text();
        let text = compare_playout(&start, removal, seed, plies).expect("playout");
        let engine = Chess3d::from_text(&engine_config(removal), &text).expect("engine");
        let reference = Pos::parse(&text, removal_table(removal)).expect("reference");
        assert_eq!(perft(&engine, 3), reference.perft(3), "perft 3 at {text}");
    }
}

/// The engine's perft from the start equals the rules page's table (engine side of the same
/// numbers the reference checks above).
#[test]
fn engine_table_counts() {
    for (h, lw, lb, counts) in [
        (2, 1, 2, [58u64, 3_356, 209_330]),
        (3, 1, 3, [92, 8_456, 821_879]),
        (8, 1, 8, [122, 14_865, 1_976_792]),
        (8, 1, 1, [92, 8_449, 903_258]),
    ] {
        let config = Chess3dConfig::from_pairs([
            ("heights", h.to_string().as_str()),
            ("white-base", lw.to_string().as_str()),
            ("black-base", lb.to_string().as_str()),
        ])
        .unwrap();
        let g = Chess3d::new(&config).unwrap();
        for (d, n) in counts.iter().enumerate() {
            assert_eq!(
                perft(&g, d as u32 + 1),
                *n,
                "({h},{lw},{lb}) depth {}",
                d + 1
            );
        }
    }
}
