//! CT-52 reference counts (perft from the start, finished games are leaves), computed by an
//! independent implementation of the rules page.

mod common;

use chess_t::ChessT;
use common::config;
use variant_core::{Game, perft};

fn counts(config_text: &str, expected: &[u64]) {
    let game = ChessT::new(&config(config_text)).unwrap();
    for (depth, &nodes) in (1..).zip(expected) {
        assert_eq!(
            perft::perft(&game, depth),
            nodes,
            "{config_text} depth {depth}"
        );
    }
}

#[test]
fn ct_52_t1_2024_to_depth_4() {
    counts("ruleset=t1-2024", &[23, 529, 15_121, 431_531]);
}

#[test]
fn ct_52_t1_2021_to_depth_4() {
    counts("ruleset=t1-2021", &[23, 529, 15_121, 431_531]);
}

#[test]
fn ct_52_chess_t_2020_to_depth_3() {
    counts("ruleset=chess-t-2020", &[30, 900, 30_721]);
    counts(
        "ruleset=chess-t-2020;white-impregnable=d4;black-impregnable=h5",
        &[30, 900, 30_637],
    );
}

/// Playing every move to the leaves gives the same count as bulk counting.
#[test]
fn ct_52_full_perft_equals_bulk_perft() {
    let game = ChessT::new(&config("ruleset=chess-t-2020")).unwrap();
    assert_eq!(perft::perft_full(&game, 3), 30_721);
    assert_eq!(perft::perft_parallel(&game, 3, 2), 30_721);
}

// Release run: cargo test --release -p chess-t -- --ignored
#[test]
#[ignore]
fn ct_52_t1_2024_depth_5() {
    counts("ruleset=t1-2024", &[23, 529, 15_121, 431_531, 13_923_834]);
}

// Release run: cargo test --release -p chess-t -- --ignored
#[test]
#[ignore]
fn ct_52_t1_2021_depth_5() {
    counts("ruleset=t1-2021", &[23, 529, 15_121, 431_531, 13_923_834]);
}

// Release run: cargo test --release -p chess-t -- --ignored
#[test]
#[ignore]
fn ct_52_chess_t_2020_depth_4() {
    counts("ruleset=chess-t-2020", &[30, 900, 30_721, 1_047_027]);
    counts(
        "ruleset=chess-t-2020;white-impregnable=d4;black-impregnable=h5",
        &[30, 900, 30_637, 1_041_439],
    );
}

#[test]
fn divide_sums_to_perft() {
    let game = ChessT::new(&config("ruleset=t1-2024")).unwrap();
    let parts = perft::divide(&game, 3);
    assert_eq!(parts.len(), 23);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), 15_121);
    // No root move touches Black's army, so each leaves Black its 23 replies (CT-3 symmetry).
    for (m, _) in &parts {
        let mut child = game.clone();
        child.play_unchecked(*m);
        assert_eq!(child.count_legal_moves(), 23, "{}", game.format_move(*m));
    }
}
