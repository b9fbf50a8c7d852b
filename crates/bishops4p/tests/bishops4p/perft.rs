//! Perft from the start against `data/bishops4p.perft` (B4-52, checked here with the
//! typed game up to a node budget, all of it by
//! `crates/variant-games/tests/games/perft_data.rs`), B4-53, and the four-fold rotation
//! symmetry of the seats (B4-3, B4-4).

use crate::common;

use bishops4p::{Bishops, BishopsConfig};
use common::{START, moves, pos, rotate_text};
use variant_core::Game;
use variant_core::perft::{perft, perft_full};
use variant_core::perft_data::PerftFile;

const DATA: &str = bishops4p::PERFT_DATA;

fn start4() -> Bishops {
    Bishops::new(&BishopsConfig::default()).unwrap()
}

/// B4-52: four and three players, short and long game, to depth 3.
#[test]
fn b4_52_perft_tables() {
    let file = PerftFile::parse(DATA).unwrap();
    let checked = file.verify::<Bishops>(40_000).unwrap();
    assert!(checked >= 12, "{checked}");
    // Bulk counting and playing every leaf agree.
    let entry = file.entry("four-players").unwrap();
    assert_eq!(Some(perft_full(&start4(), 2)), entry.nodes(2));
}

/// B4-53: from the start each colour has 26 legal moves: 16 pawn moves, knights 3 + 3, the
/// rooks' steps into the corner blocks 2 + 2.
#[test]
fn b4_53_each_colour_has_26_moves() {
    for (letter, rooks) in [
        ('w', ["c1a1", "c1b1", "j1k1", "j1l1"]),
        ('g', ["a10a11", "a10a12", "a3a1", "a3a2"]),
        ('b', ["c12a12", "c12b12", "j12k12", "j12l12"]),
        ('p', ["l10l11", "l10l12", "l3l1", "l3l2"]),
    ] {
        let text = START.replacen(" w wgbp", &format!(" {letter} wgbp"), 1);
        let g = Bishops::from_text(&BishopsConfig::default(), &text).unwrap();
        let list = moves(&g);
        assert_eq!(list.len(), 26, "{letter}: {list:?}");
        for r in rooks {
            assert!(
                list.contains(&r.to_string()),
                "{letter}: {r} missing from {list:?}"
            );
        }
    }
    // White's list by hand: 8 pawns × 2, Nd1 b2 c3 e3, Ni1 h3 j3 k2, rooks into a1 b1 k1 l1.
    let mut expected: Vec<String> = ["c", "d", "e", "f", "g", "h", "i", "j"]
        .iter()
        .flat_map(|f| [format!("{f}2{f}3"), format!("{f}2{f}4")])
        .chain(
            [
                "d1b2", "d1c3", "d1e3", "i1h3", "i1j3", "i1k2", "c1a1", "c1b1", "j1k1", "j1l1",
            ]
            .map(String::from),
        )
        .collect();
    expected.sort();
    assert_eq!(moves(&start4()), expected);
}

/// B4-3/B4-4: the start turned by one seat is the start with the next colour to move, and
/// perft is the same for each colour to move (depths 1–3).
#[test]
fn b4_4_rotations_of_the_start_agree() {
    let base: Vec<u64> = (1..=3).map(|d| perft(&start4(), d)).collect();
    let mut text = START.to_string();
    for (k, letter) in ['g', 'b', 'p'].iter().enumerate() {
        text = rotate_text(&text);
        assert_eq!(
            text,
            START.replacen(" w wgbp", &format!(" {letter} wgbp"), 1),
            "rotation {}",
            k + 1
        );
        let g = Bishops::from_text(&BishopsConfig::default(), &text).unwrap();
        let counts: Vec<u64> = (1..=3).map(|d| perft(&g, d)).collect();
        assert_eq!(counts, base, "rotation {}", k + 1);
    }
}

/// Rotating a middlegame position (checks, blocks, castling rights, en passant) by one, two
/// and three seats leaves perft unchanged (depths 1–3).
#[test]
fn b4_4_rotations_of_other_positions_agree() {
    let texts = [
        // A few moves in: Grey to move, an en-passant right, a pinned Grey pawn (b5).
        {
            let mut g = start4();
            common::play(&mut g, &["d2d4", "b8d8", "f11f9", "k5i5", "e2e4"]);
            g.to_text()
        },
        pos(
            "wKb2 wBe5 wRc1 wPd2 gKa6 gQc8 gPb4 bKf12 bRj12 bPg11 pKl7 pNk5 pBl8",
            "g wgbp w:-,g:-,b:Q,p:- - 0 0 short -",
        )
        .to_text(),
    ];
    for text in texts {
        let g = Bishops::from_text(&BishopsConfig::default(), &text).unwrap();
        let base: Vec<u64> = (1..=3).map(|d| perft(&g, d)).collect();
        let mut t = text.clone();
        for k in 1..4 {
            t = rotate_text(&t);
            let r = Bishops::from_text(&BishopsConfig::default(), &t).unwrap();
            let counts: Vec<u64> = (1..=3).map(|d| perft(&r, d)).collect();
            assert_eq!(counts, base, "rotation {k} of {text}");
        }
    }
}
