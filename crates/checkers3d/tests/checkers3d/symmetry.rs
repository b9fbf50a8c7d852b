//! Symmetry (design, "Correctness"): reflected positions have the same perft.
//!
//! A file mirror alone (x → 7 − x) sends the dark cells to light ones (a1 ↔ h1), so it is no
//! symmetry of a board played on dark cells; the symmetries used are:
//! - the height mirror z → H − 1 − z (base heights mirrored too), which keeps both colours;
//! - the colour swap: ranks, files and heights reversed (x, y, z) → (7 − x, 7 − y, H − 1 − z),
//!   the colours of the pieces exchanged and the other side to move.
//!
//! Removal is off: it always takes the highest empty height, which no reflection keeps (D3-30).

use crate::reference;

use checkers3d::{Checkers3d, Checkers3dConfig};
use reference::{Piece, RefPos, Rules};
use variant_core::perft::perft;
use variant_core::{Game, GameConfig};

fn rules(majority: bool, passing: bool) -> Rules {
    Rules {
        majority,
        passing,
        removal: [None; 7],
    }
}

fn transform(p: &RefPos, swap_colours: bool) -> RefPos {
    let h = p.heights;
    let flip =
        |b: &Vec<bool>| -> Vec<i32> { (0..h).filter(|&z| b[(h - 1 - z) as usize]).collect() };
    let (wb, bb) = if swap_colours {
        (flip(&p.black_base), flip(&p.white_base))
    } else {
        (flip(&p.white_base), flip(&p.black_base))
    };
    let mut q = RefPos::empty(h, &wb, &bb, p.rules.clone());
    q.white_to_move = p.white_to_move != swap_colours;
    for z in 0..h {
        for y in 0..8 {
            for x in 0..8 {
                if let Some(piece) = p.get((x, y, z)) {
                    let (to, piece) = if swap_colours {
                        (
                            (7 - x, 7 - y, h - 1 - z),
                            Piece {
                                white: !piece.white,
                                king: piece.king,
                            },
                        )
                    } else {
                        ((x, y, h - 1 - z), piece)
                    };
                    q.set(to, Some(piece));
                }
            }
        }
    }
    q
}

fn fast(p: &RefPos, majority: bool, passing: bool) -> Checkers3d {
    let config = Checkers3dConfig::from_pairs([
        ("removal", "off"),
        ("capture", if majority { "majority" } else { "free" }),
        ("promotion", if passing { "passing" } else { "end" }),
    ])
    .unwrap();
    Checkers3d::from_text(&config, &p.text()).unwrap()
}

/// Positions to reflect: starts of several set-ups and positions reached by playing the
/// first legal move a number of times.
fn positions(majority: bool, passing: bool) -> Vec<RefPos> {
    let mut out = Vec::new();
    type Setup<'a> = (i32, &'a [i32], &'a [i32], &'a [i32], &'a [i32]);
    let setups: [Setup; 4] = [
        (1, &[0], &[0], &[0], &[0]),
        (2, &[0], &[1], &[0], &[1]),
        (3, &[0, 1], &[2], &[1], &[2]),
        (4, &[1], &[2], &[0], &[3]),
    ];
    for (h, w, b, wb, bb) in setups {
        let mut p = RefPos::start(h, w, b, wb, bb, rules(majority, passing));
        out.push(p.clone());
        for ply in 0..24 {
            let legal = p.legal();
            if legal.is_empty() {
                break;
            }
            let (_, id) = &legal[(ply * 7) % legal.len()];
            p.play(id);
            if ply % 6 == 5 {
                out.push(p.clone());
            }
        }
    }
    out
}

#[test]
fn height_mirror_keeps_perft() {
    for (majority, passing) in [(true, true), (false, false)] {
        for p in positions(majority, passing) {
            let a = fast(&p, majority, passing);
            let b = fast(&transform(&p, false), majority, passing);
            assert_eq!(
                perft(&a, 3),
                perft(&b, 3),
                "{} vs {}",
                a.to_text(),
                b.to_text()
            );
        }
    }
}

#[test]
fn colour_swap_keeps_perft() {
    for (majority, passing) in [(true, true), (false, true), (true, false)] {
        for p in positions(majority, passing) {
            let a = fast(&p, majority, passing);
            let b = fast(&transform(&p, true), majority, passing);
            assert_ne!(a.side_to_move(), b.side_to_move());
            assert_eq!(
                perft(&a, 3),
                perft(&b, 3),
                "{} vs {}",
                a.to_text(),
                b.to_text()
            );
        }
    }
}

#[test]
fn colour_swap_of_the_start_is_the_start() {
    // D3-3: with one height the start is symmetric under the colour swap (Black to move).
    let p = RefPos::start(1, &[0], &[0], &[0], &[0], rules(false, true));
    let q = transform(&p, true);
    let mut expected = p.clone();
    expected.white_to_move = false;
    assert_eq!(q.text(), expected.text());
}
