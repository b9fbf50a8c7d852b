//! Perft against `data/checkers3d.perft`: the published 2D tables of D3-40 (Russian,
//! Brazilian, pool), the rules page's reference counts for 3D set-ups, and this program's own
//! deeper counts. Every count of the file up to a node budget is checked here with the typed
//! game; `crates/variant-games/tests/games/perft_data.rs` checks them all (long ones in release).

use checkers3d::Checkers3d;
use variant_core::Game;
use variant_core::perft::{perft, perft_full};
use variant_core::perft_data::PerftFile;

const DATA: &str = checkers3d::PERFT_DATA;

fn data() -> PerftFile<'static> {
    PerftFile::parse(DATA).unwrap()
}

fn game(id: &str) -> Checkers3d {
    data().entry(id).unwrap().game().unwrap()
}

#[test]
fn d3_40_and_the_rules_page_tables_to_a_million_nodes() {
    let checked = data().verify::<Checkers3d>(1_000_000).unwrap();
    // D3-40 to depth 8 (three tables), default switches to 4, three 3D tables to depth 4.
    assert!(checked >= 3 * 8 + 4 + 4 + 4 + 3, "{checked}");
}

#[test]
fn d3_40_default_switches_agree_where_the_rules_coincide() {
    // Majority + passing: no capture happens before depth 5 in any line (all three tables
    // agree up to 1 469), so the default gives the Russian counts there.
    let russian = data().entry("russian").unwrap().clone();
    let g = game("one-height-default-switches");
    for depth in 1..=4 {
        assert_eq!(
            Some(perft(&g, depth)),
            russian.nodes(depth),
            "depth {depth}"
        );
    }
}

#[test]
fn perft_full_agrees_with_bulk_counting() {
    // Playing every leaf (perft_full) and counting the last ply in bulk give the same numbers.
    let file = data();
    for (id, depth) in [("russian", 4), ("start-h3-two-white-heights", 3)] {
        let entry = file.entry(id).unwrap();
        let g: Checkers3d = entry.game().unwrap();
        assert_eq!(Some(perft_full(&g, depth)), entry.nodes(depth), "{id}");
    }
    assert_eq!(
        Some(game("start-h8").count_legal_moves()),
        data().entry("start-h8").unwrap().nodes(1)
    );
}
