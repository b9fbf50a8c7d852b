//! Perft with a transposition table and two threads (`perft_with`) against every count of the
//! perft data files (`crates/<game>/data/<game>.perft`) up to a node budget: the published FIDE
//! tables (C3-40, chessprogramming.org "Perft Results") and the rules pages' tables (C3
//! "Reference counts", D3-40, B4-52, CT-52). The counts come from those sources, not from this code.
//!
//! Each count is taken with a 16 MB table (few replacements) and with a table of one megabyte
//! and another seed (constant replacement, other buckets), on two threads, and with a 4 MB
//! table on one thread (the sequential count, which loads the children's buckets ahead).

use variant_games::perft_data::files;
use variant_games::variant_perft::{PerftOptions, perft_with};

/// The counts up to this many leaves (the FIDE start's perft 5, 4 865 609, is the largest).
const BUDGET: u64 = 5_000_000;

#[test]
fn every_reference_count_with_a_table() {
    let mut checked = Vec::new();
    for file in files().unwrap() {
        let mut counts = 0;
        for entry in &file.entries {
            let game = match entry.position {
                None => variant_games::new_game(file.game, entry.config),
                Some(text) => variant_games::from_text(file.game, entry.config, text),
            }
            .unwrap();
            for count in entry.counts.iter().filter(|c| c.nodes <= BUDGET) {
                for (threads, hash_mb, hash_seed) in [(2, 16, 0), (2, 1, 0xC0FFEE), (1, 4, 7)] {
                    let options = PerftOptions {
                        threads,
                        hash_mb,
                        hash_seed,
                        ..PerftOptions::default()
                    };
                    assert_eq!(
                        perft_with(&game, count.depth, &options),
                        Ok(count.nodes),
                        "{} `{}`: depth {}, {threads} threads, {hash_mb} MB, seed {hash_seed} ({})",
                        file.game,
                        entry.id,
                        count.depth,
                        count.source
                    );
                }
                counts += 1;
            }
        }
        checked.push((file.game, counts));
    }
    // Every game of the registry had counts checked (with the four games of today: every FIDE
    // position to depth 4, the 3D tables to depth 3 (checkers3d 5), D3-40 to depth 9, B4-52,
    // CT-52 to depth 4); a budget or a filter that skips a game fails here.
    let names: Vec<&str> = variant_games::registry::names().to_vec();
    assert_eq!(
        checked.iter().map(|&(game, _)| game).collect::<Vec<_>>(),
        names
    );
    for (game, counts) in checked {
        assert!(counts >= 1, "{game}: no count within the budget");
    }
}
