//! Perft with a transposition table and two threads (`perft_with`) against the reference
//! counts every game is already tested with: the published FIDE tables (C3-40, from
//! chessprogramming.org "Perft Results") and the rules pages' tables (C3 "Reference counts",
//! D3-40, B4-52, CT-52). The counts are copied from those sources, not from this code.
//!
//! Each count is taken with a 16 MB table (few replacements) and with a table of one megabyte
//! and another seed (constant replacement, other buckets), on two threads.

use variants::variant_core::perft::{PerftOptions, perft_with};
use variants::variant_core::{Game, GameConfig};

/// `counts[i]` is perft `i + 1` of `game`.
fn check<G: Game>(what: &str, game: &G, counts: &[u64]) {
    for (hash_mb, hash_seed) in [(16, 0), (1, 0xC0FFEE)] {
        let options = PerftOptions {
            threads: 2,
            hash_mb,
            hash_seed,
            ..PerftOptions::default()
        };
        for (depth, &expected) in (1..).zip(counts) {
            assert_eq!(
                perft_with(game, depth, &options),
                Ok(expected),
                "{what}: depth {depth}, {hash_mb} MB, seed {hash_seed}"
            );
        }
    }
}

fn config<C: GameConfig>(pairs: &[(&str, &str)]) -> C {
    C::from_pairs(pairs.iter().copied()).unwrap()
}

mod chess3d_fide {
    use super::*;
    use variants::chess3d::{Chess3d, Chess3dConfig};

    fn fen(text: &str) -> Chess3d {
        Chess3d::from_text(&Chess3dConfig::default(), text).unwrap()
    }

    /// C3-40: with one height chess3d is FIDE chess; the six standard positions.
    #[test]
    fn c3_40_every_fide_reference_position() {
        for (text, counts) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                &[20, 400, 8_902, 197_281, 4_865_609][..],
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                &[48, 2_039, 97_862, 4_085_603],
            ),
            (
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                &[14, 191, 2_812, 43_238, 674_624, 11_030_083],
            ),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                &[6, 264, 9_467, 422_333],
            ),
            (
                "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
                &[6, 264, 9_467, 422_333],
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                &[44, 1_486, 62_379, 2_103_487],
            ),
            (
                "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                &[46, 2_079, 89_890, 3_894_594],
            ),
        ] {
            check(text, &fen(text), counts);
        }
    }

    /// The rules page's reference counts of the 3D start positions (C3-5, C3-30).
    #[test]
    fn chess3d_rules_page_table() {
        for (pairs, counts) in [
            (
                &[("heights", "2"), ("white-base", "1"), ("black-base", "2")][..],
                &[58, 3_356, 209_330][..],
            ),
            (
                &[("heights", "3"), ("white-base", "1"), ("black-base", "3")],
                &[92, 8_456, 821_879],
            ),
            (
                &[("heights", "8"), ("white-base", "1"), ("black-base", "1")],
                &[92, 8_449, 903_258],
            ),
            (&[], &[122, 14_865, 1_976_792]),
        ] {
            let game = Chess3d::new(&config::<Chess3dConfig>(pairs)).unwrap();
            check(&format!("chess3d {pairs:?}"), &game, counts);
        }
    }
}

mod checkers3d_tables {
    use super::*;
    use variants::checkers3d::{Checkers3d, Checkers3dConfig};

    fn start(pairs: &[(&str, &str)]) -> Checkers3d {
        Checkers3d::new(&config::<Checkers3dConfig>(pairs)).unwrap()
    }

    /// D3-40: the published 2D tables (Russian, Brazilian, pool) with one height.
    #[test]
    fn d3_40_two_dimensional_tables() {
        for (pairs, counts) in [
            (
                &[
                    ("heights", "1"),
                    ("capture", "free"),
                    ("promotion", "passing"),
                ][..],
                &[7, 49, 302, 1_469, 7_482, 37_986, 190_146, 929_899][..],
            ),
            (
                &[
                    ("heights", "1"),
                    ("capture", "majority"),
                    ("promotion", "end"),
                ],
                &[7, 49, 302, 1_469, 7_473, 37_628, 187_302, 907_830],
            ),
            (
                &[("heights", "1"), ("capture", "free"), ("promotion", "end")],
                &[7, 49, 302, 1_469, 7_482, 37_986, 190_146, 929_896],
            ),
        ] {
            check(&format!("checkers3d {pairs:?}"), &start(pairs), counts);
        }
    }

    /// The rules page's reference counts of the 3D set-ups.
    #[test]
    fn checkers3d_rules_page_table() {
        for (pairs, counts) in [
            (&[][..], &[28, 784, 23_828, 724_201][..]),
            (&[("heights", "2")], &[28, 784, 21_749, 580_131]),
            (
                &[
                    ("heights", "3"),
                    ("white-heights", "1,2"),
                    ("black-heights", "3"),
                ],
                &[49, 1_372, 63_999, 1_789_032],
            ),
        ] {
            check(&format!("checkers3d {pairs:?}"), &start(pairs), counts);
        }
    }
}

/// B4-52: four players and three players (with the two placements), short and long game.
#[test]
fn b4_52_bishops_table() {
    use variants::bishops4p::{Bishops, BishopsConfig};
    for (pairs, counts) in [
        (&[][..], &[26, 669, 17_132, 433_629][..]),
        (&[("mode", "long")], &[26, 669, 17_132]),
        (&[("players", "3")], &[48, 1_244, 32_008, 636_432]),
    ] {
        let game = Bishops::new(&config::<BishopsConfig>(pairs)).unwrap();
        check(&format!("bishops4p {pairs:?}"), &game, counts);
    }
}

/// CT-52: the rules page's counts for the three rulesets (finished games are leaves).
#[test]
fn ct_52_chess_t_table() {
    use variants::chess_t::{ChessT, ChessTConfig};
    for (pairs, counts) in [
        (
            &[("ruleset", "t1-2024")][..],
            &[23, 529, 15_121, 431_531][..],
        ),
        (&[("ruleset", "t1-2021")], &[23, 529, 15_121, 431_531]),
        (
            &[("ruleset", "chess-t-2020")],
            &[30, 900, 30_721, 1_047_027],
        ),
        (
            &[
                ("ruleset", "chess-t-2020"),
                ("white-impregnable", "d4"),
                ("black-impregnable", "h5"),
            ],
            &[30, 900, 30_637, 1_041_439],
        ),
    ] {
        let game = ChessT::new(&config::<ChessTConfig>(pairs)).unwrap();
        check(&format!("chess-t {pairs:?}"), &game, counts);
    }
}
