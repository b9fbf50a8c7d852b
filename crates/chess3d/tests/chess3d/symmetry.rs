//! Symmetries of chess3d checked on the fast engine: mirroring the files (a↔h) and swapping
//! the colours (ranks flipped, heights flipped, colours and side to move swapped) leave the
//! legal moves (mapped through the same transform) and perft unchanged.
//!
//! - Mirror: the rules are symmetric under x → 7 − x except castling, whose king stands on
//!   the e-file (C3-19): a mirrored king would stand on d1, so positions are compared without
//!   castling rights. Removal (C3-31) does not look at files, so it may be on.
//! - Colour swap: y → 7 − y, z → H − 1 − z, Lw' = H + 1 − Lb, Lb' = H + 1 − Lw, White ↔ Black,
//!   castling letters swapped. Removal always takes the highest empty height (C3-31), which is
//!   not colour-symmetric, so removal is off.

use crate::reference;

use chess3d::{Chess3d, Chess3dConfig};
use proptest::prelude::*;
use reference::{Pos, removal_table};
use variant_core::{Game, GameConfig, perft::perft};

// ---------------------------------------------------------------------------------------
// Transforms on texts (position C3-52, move C3-51).
// ---------------------------------------------------------------------------------------

fn expand(rank: &str) -> Vec<char> {
    let mut v = Vec::new();
    for c in rank.chars() {
        match c.to_digit(10) {
            Some(d) => v.extend(std::iter::repeat_n('.', d as usize)),
            None => v.push(c),
        }
    }
    v
}

fn compress(cells: &[char]) -> String {
    let mut s = String::new();
    let mut empty = 0;
    for &c in cells {
        if c == '.' {
            empty += 1;
        } else {
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            s.push(c);
        }
    }
    if empty > 0 {
        s.push_str(&empty.to_string());
    }
    s
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// A cell text (C3-50) as 0-based (x, y, z).
fn cell(text: &str) -> (u8, u8, u8) {
    let b = text.as_bytes();
    let z = if b.len() > 2 { b[3] - b'1' } else { 0 };
    (b[0] - b'a', b[1] - b'1', z)
}

fn cell_text((x, y, z): (u8, u8, u8), heights: u8) -> String {
    let mut s = format!("{}{}", (b'a' + x) as char, y + 1);
    if heights > 1 {
        s.push_str(&format!("@{}", z + 1));
    }
    s
}

/// The number of boards of a position text.
fn heights_of(text: &str) -> u8 {
    text.split_whitespace().next().unwrap().split('|').count() as u8
}

/// Mirrors the files of a position text and drops the castling rights.
fn mirror_text(text: &str) -> String {
    let h = heights_of(text);
    let mut f: Vec<String> = text.split_whitespace().map(String::from).collect();
    f[0] = f[0]
        .split('|')
        .map(|board| {
            board
                .split('/')
                .map(|rank| {
                    let mut cells = expand(rank);
                    cells.reverse();
                    compress(&cells)
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect::<Vec<_>>()
        .join("|");
    f[2] = "-".to_string();
    if f[3] != "-" {
        let (x, y, z) = cell(&f[3]);
        f[3] = cell_text((7 - x, y, z), h);
    }
    f.join(" ")
}

/// Drops the castling rights of a position text.
fn without_castling(text: &str) -> String {
    let mut f: Vec<String> = text.split_whitespace().map(String::from).collect();
    f[2] = "-".to_string();
    f.join(" ")
}

/// Swaps the colours: ranks and heights flipped, piece colours, side, castling and base
/// heights swapped.
fn swap_text(text: &str) -> String {
    let h = heights_of(text);
    let mut f: Vec<String> = text.split_whitespace().map(String::from).collect();
    let mut boards: Vec<String> = f[0]
        .split('|')
        .map(|board| {
            let mut ranks: Vec<String> = board
                .split('/')
                .map(|r| r.chars().map(swap_case).collect())
                .collect();
            ranks.reverse();
            ranks.join("/")
        })
        .collect();
    boards.reverse();
    f[0] = boards.join("|");
    f[1] = if f[1] == "w" { "b" } else { "w" }.to_string();
    if f[2] != "-" {
        let swapped: String = f[2].chars().map(swap_case).collect();
        f[2] = "KQkq".chars().filter(|c| swapped.contains(*c)).collect();
    }
    if f[3] != "-" {
        let (x, y, z) = cell(&f[3]);
        f[3] = cell_text((x, 7 - y, h - 1 - z), h);
    }
    if f.len() == 7 {
        let (lw, lb) = f[6].split_once(',').unwrap();
        let (lw, lb): (u8, u8) = (lw.parse().unwrap(), lb.parse().unwrap());
        f[6] = format!("{},{}", h + 1 - lb, h + 1 - lw);
    }
    f.join(" ")
}

/// Maps the cells of a move text through `map`.
fn map_move(mv: &str, heights: u8, map: impl Fn((u8, u8, u8)) -> (u8, u8, u8)) -> String {
    let w = if heights > 1 { 4 } else { 2 };
    let (from, rest) = mv.split_at(w);
    let (to, promo) = rest.split_at(w);
    format!(
        "{}{}{promo}",
        cell_text(map(cell(from)), heights),
        cell_text(map(cell(to)), heights)
    )
}

// ---------------------------------------------------------------------------------------
// Checks.
// ---------------------------------------------------------------------------------------

fn engine(text: &str, removal: &str) -> Chess3d {
    let mut c = Chess3dConfig::default();
    c.set("removal", removal).unwrap();
    Chess3d::from_text(&c, text).unwrap_or_else(|e| panic!("engine refuses {text}: {e}"))
}

fn sorted_moves(g: &Chess3d) -> Vec<String> {
    let mut list = <Chess3d as Game>::MoveList::default();
    g.legal_moves_into(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| g.format_move(m)).collect();
    v.sort();
    v
}

/// Checks that `b` is `a` under the transform `map` of cells: equal move sets (mapped) and
/// equal perft to `depth`.
fn check_pair(
    a: &str,
    b: &str,
    removal: &str,
    depth: u32,
    map: impl Fn((u8, u8, u8)) -> (u8, u8, u8),
) {
    let (ga, gb) = (engine(a, removal), engine(b, removal));
    let h = ga.heights();
    let mut mapped: Vec<String> = sorted_moves(&ga)
        .iter()
        .map(|m| map_move(m, h, &map))
        .collect();
    mapped.sort();
    assert_eq!(
        mapped,
        sorted_moves(&gb),
        "moves of {a} mapped vs moves of {b}"
    );
    assert_eq!(
        perft(&ga, depth),
        perft(&gb, depth),
        "perft {depth}: {a} vs {b}"
    );
}

fn check_mirror(text: &str, removal: &str, depth: u32) {
    let a = without_castling(text);
    let b = mirror_text(text);
    check_pair(&a, &b, removal, depth, |(x, y, z)| (7 - x, y, z));
}

fn check_swap(text: &str, depth: u32) {
    let h = heights_of(text);
    let b = swap_text(text);
    check_pair(text, &b, "off", depth, |(x, y, z)| (x, 7 - y, h - 1 - z));
}

fn start(h: u8, lw: u8, lb: u8) -> String {
    let c = Chess3dConfig::from_pairs([
        ("heights", h.to_string().as_str()),
        ("white-base", lw.to_string().as_str()),
        ("black-base", lb.to_string().as_str()),
    ])
    .unwrap();
    Chess3d::new(&c).unwrap().to_text()
}

/// The transforms themselves: the colour swap of the start is the start (C3-5 is
/// colour-symmetric with Lw' = H + 1 − Lb), the mirror of the mirror is the original.
#[test]
fn transforms_are_involutions() {
    for (h, lw, lb) in [(8, 1, 8), (3, 1, 3), (2, 2, 2), (1, 1, 1)] {
        let s = start(h, lw, lb);
        assert_eq!(swap_text(&swap_text(&s)), s);
        assert_eq!(mirror_text(&mirror_text(&s)), without_castling(&s));
    }
    // (8,1,8) swaps to (8,1,8) with White and Black exchanged and Black to move.
    let s = start(8, 1, 8);
    assert_eq!(swap_text(&s).replace(" b ", " w "), s);
    // (3,1,2) swaps to (3,2,3).
    assert!(swap_text(&start(3, 1, 2)).ends_with(" 2,3"));
}

/// Start positions: the colour swap leaves perft 3 unchanged, and the mirror perft 3.
#[test]
fn start_positions_are_symmetric() {
    for (h, lw, lb) in [(1, 1, 1), (2, 1, 2), (3, 1, 2), (3, 3, 1), (8, 2, 6)] {
        let s = start(h, lw, lb);
        check_swap(&s, 3);
        check_mirror(&s, "on", 2);
    }
}

/// Standard FIDE positions (C3-40) are symmetric too (Kiwipete after the mirror has no
/// castling; the colour swap keeps it).
#[test]
fn fide_positions_are_symmetric() {
    for t in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ] {
        check_swap(t, 3);
        check_mirror(t, "on", 3);
    }
}

/// A hand-made 3D position with an en-passant cell and pieces next to base cubes, both
/// transforms (the e.p. cell d7@2 maps to d2@2 under the swap, e7@2 under the mirror).
#[test]
fn en_passant_and_barrier_position_is_symmetric() {
    let t = "8/3p4/8/8/8/8/8/7K|8/8/2P5/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - d7@2 0 2 1,3";
    check_swap(t, 3);
    check_mirror(t, "on", 3);
}

const GEOMETRIES: &[(u8, u8, u8)] = &[
    (1, 1, 1),
    (2, 1, 2),
    (2, 2, 1),
    (2, 1, 1),
    (3, 1, 3),
    (3, 2, 2),
    (3, 3, 2),
    (8, 1, 8),
    (8, 5, 4),
];

/// A random playout of `plies` plies from the start (moves chosen by `seed`); the reference
/// generator picks the moves, so the path does not depend on the engine.
fn playout(h: u8, lw: u8, lb: u8, removal: &str, seed: u64, plies: usize) -> String {
    let mut p = Pos::parse(&start(h, lw, lb), removal_table(removal)).unwrap();
    let mut state = seed;
    for _ in 0..plies {
        let moves = p.legal_texts();
        if moves.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = &moves[((state >> 33) % moves.len() as u64) as usize];
        p.play_text(mv).unwrap();
    }
    p.to_text()
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
    #![proptest_config(ProptestConfig { cases: cases(32), failure_persistence: None, ..ProptestConfig::default() })]

    /// Mirror symmetry at random positions (removal on or off).
    #[test]
    fn mirror_symmetry(g in 0..GEOMETRIES.len(), seed in any::<u64>(), plies in 0usize..50, on in any::<bool>()) {
        let (h, lw, lb) = GEOMETRIES[g];
        let removal = if on { "on" } else { "off" };
        let text = playout(h, lw, lb, removal, seed, plies);
        check_mirror(&text, removal, 2);
    }

    /// Colour-swap symmetry at random positions (removal off).
    #[test]
    fn colour_swap_symmetry(g in 0..GEOMETRIES.len(), seed in any::<u64>(), plies in 0usize..50) {
        let (h, lw, lb) = GEOMETRIES[g];
        let text = playout(h, lw, lb, "off", seed, plies);
        check_swap(&text, 2);
    }
}
