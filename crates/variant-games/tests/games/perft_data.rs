//! The one runner of the perft data files (`crates/<game>/data/<game>.perft`): every count of
//! every file, up to a node budget, through `AnyGame` (the game chosen by name at run time, as the
//! CLI, the C library and Python use it). The counts come from the sources named in the files
//! (published FIDE tables, the rules pages' tables with their rule ids C3-40, D3-40, B4-52,
//! CT-52), not from this code; the few marked `computed here` are this program's own deep
//! counts, each taken twice.
//!
//! Also checked here: the registry's benchmark positions are the files' `bench` entries (the
//! documentation's agreement with the files is checked by
//! `benches/tests/benches/docs_perft_data.rs`).
//!
//! The long counts run in release: `cargo test --release -p variant-games --test games
//! perft_data -- --ignored` (part of `cargo xtask ci`); `VARIANTS_PERFT_BUDGET=N` raises the
//! node budget.

use variant_games::perft_data::{PerftEntry, PerftFile, files, texts};
use variant_games::variant_core::Game;
use variant_games::variant_perft::{perft, perft_parallel};
use variant_games::{AnyGame, registry};

/// Counts up to this many leaves run in every `cargo test` (the test profile optimises).
const QUICK_BUDGET: u64 = 1_000_000;
/// Counts up to this many leaves run in the release test (CI).
const RELEASE_BUDGET: u64 = 750_000_000;

fn all() -> &'static [PerftFile<'static>] {
    files().unwrap_or_else(|(game, e)| panic!("crates/{game}/data/{game}.perft: {e}"))
}

fn build(game: &str, entry: &PerftEntry<'_>) -> AnyGame {
    let built = match entry.position {
        None => variant_games::new_game(game, entry.config),
        Some(text) => variant_games::from_text(game, entry.config, text),
    };
    built.unwrap_or_else(|e| panic!("{game} `{}`: {e}", entry.id))
}

/// Checks every count up to `budget` leaves; returns how many it checked for each game of the
/// registry, in registry order.
fn run(budget: u64, threads: usize) -> Vec<(&'static str, usize)> {
    let mut checked = Vec::new();
    for file in all() {
        let mut counts = 0;
        for entry in &file.entries {
            let game = build(file.game, entry);
            for count in entry.counts.iter().filter(|c| c.nodes <= budget) {
                let got = if threads > 1 {
                    perft_parallel(&game, count.depth, threads)
                } else {
                    perft(&game, count.depth)
                };
                assert_eq!(
                    got, count.nodes,
                    "{}.perft line {}: `{}` perft {} (source: {})",
                    file.game, count.line, entry.id, count.depth, count.source
                );
                counts += 1;
            }
        }
        checked.push((file.game, counts));
    }
    checked
}

/// Every game of the registry had counts checked: a budget or a filter that silently skips a
/// game (or every game) fails here.
fn assert_every_game_counted(checked: &[(&str, usize)]) {
    let names: Vec<&str> = registry::games().iter().map(|g| g.name).collect();
    assert_eq!(
        checked.iter().map(|&(game, _)| game).collect::<Vec<_>>(),
        names
    );
    for &(game, counts) in checked {
        assert!(
            counts >= 1,
            "{game}: no count within the budget was checked"
        );
    }
}

#[test]
fn every_count_within_the_quick_budget() {
    assert_every_game_counted(&run(QUICK_BUDGET, 1));
}

// release run: cargo test --release -p variant-games --test games perft_data -- --ignored
#[test]
#[ignore]
fn every_count_within_the_release_budget() {
    let budget = std::env::var("VARIANTS_PERFT_BUDGET")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(RELEASE_BUDGET);
    assert_every_game_counted(&run(budget, 2));
}

/// Whether `source` names a rule of the game's rules page as its first word: an id such as
/// `D3-40:` or `CT-52:` (upper-case letters or digits, `-`, digits, a colon).
fn cites_a_rule_id(source: &str) -> bool {
    let Some((id, _)) = source.split_once(':') else {
        return false;
    };
    id.split_once('-').is_some_and(|(head, number)| {
        head.starts_with(|c: char| c.is_ascii_uppercase())
            && head
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            && !number.is_empty()
            && number.chars().all(|c| c.is_ascii_digit())
    })
}

#[test]
fn sources_are_read_as_written() {
    assert!(cites_a_rule_id("D3-40: Russian draughts"));
    assert!(cites_a_rule_id("CT-52: t1-2024"));
    assert!(!cites_a_rule_id("rules page: docs/spec/chess3d.md"));
    assert!(!cites_a_rule_id("someone said so"));
}

#[test]
fn every_file_is_well_formed_and_names_its_game() {
    let files = all();
    let names: Vec<&str> = texts().iter().map(|(name, _)| *name).collect();
    // One file for each game of the registry, in its order, naming its game.
    assert_eq!(
        names,
        registry::games().iter().map(|g| g.name).collect::<Vec<_>>()
    );
    for (file, name) in files.iter().zip(&names) {
        assert_eq!(file.game, *name);
        assert!(!file.entries.is_empty(), "{name}");
        for entry in &file.entries {
            // Each entry builds, and its depth-1 count is the number of legal moves (when the
            // file gives one): the position is the one the source counted from.
            let game = build(name, entry);
            if let Some(n) = entry.nodes(1) {
                assert_eq!(game.legal_moves().len() as u64, n, "{name} `{}`", entry.id);
            }
            // A published table (FIDE), the rules page's tables, a rule of the rules page by
            // its id (D3-40, B4-52, CT-52, …), or this program's own count.
            for count in &entry.counts {
                assert!(
                    count.computed_here()
                        || ["FIDE:", "rules page:"]
                            .iter()
                            .any(|s| count.source.starts_with(s))
                        || cites_a_rule_id(count.source),
                    "{name}.perft line {}: unknown kind of source `{}`",
                    count.line,
                    count.source
                );
            }
        }
    }
}

#[test]
fn the_registry_bench_positions_are_the_files_bench_entries() {
    for file in all() {
        let bench = registry::bench_positions(file.game).unwrap();
        let expected: Vec<_> = file.bench().collect();
        assert!(!bench.is_empty(), "{}", file.game);
        assert_eq!(bench.len(), expected.len(), "{}", file.game);
        for (b, (entry, depth, label, nodes)) in bench.iter().zip(expected) {
            assert_eq!(
                (b.label, b.config, b.position, b.depth, b.nodes),
                (label, entry.config, entry.position, depth, nodes)
            );
        }
    }
}
