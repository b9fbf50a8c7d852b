//! CT-52 reference counts (perft from the start, finished games are leaves), computed by an
//! independent implementation of the rules page, read from `data/chess-t.perft`.

use chess_t::ChessT;
use variant_core::perft_data::PerftFile;
use variant_core::{Game, perft};

const DATA: &str = chess_t::PERFT_DATA;

fn data() -> PerftFile<'static> {
    PerftFile::parse(DATA).unwrap()
}

/// CT-52 for every ruleset to depth 4 (`data/chess-t.perft`; the deeper counts are
/// checked in release by `crates/variant-games/tests/games/perft_data.rs`).
#[test]
fn ct_52_tables_to_depth_4() {
    let checked = data().verify::<ChessT>(1_100_000).unwrap();
    assert_eq!(checked, 4 * 4, "four rulesets to depth 4");
}

/// Playing every move to the leaves gives the same count as bulk counting.
#[test]
fn ct_52_full_perft_equals_bulk_perft() {
    let entry = data().entry("chess-t-2020").unwrap().clone();
    let game: ChessT = entry.game().unwrap();
    assert_eq!(Some(perft::perft_full(&game, 3)), entry.nodes(3));
    assert_eq!(
        Some(variant_perft::perft_parallel(&game, 3, 2)),
        entry.nodes(3)
    );
}

#[test]
fn divide_sums_to_perft() {
    let entry = data().entry("t1-2024").unwrap().clone();
    let game: ChessT = entry.game().unwrap();
    let parts = perft::divide(&game, 3);
    assert_eq!(Some(parts.len() as u64), entry.nodes(1));
    assert_eq!(
        Some(parts.iter().map(|(_, n)| n).sum::<u64>()),
        entry.nodes(3)
    );
    // No root move touches Black's army, so each leaves Black its 23 replies (CT-3 symmetry).
    for (m, _) in &parts {
        let mut child = game.clone();
        child.play_unchecked(*m);
        assert_eq!(child.count_legal_moves(), 23, "{}", game.format_move(*m));
    }
}
