//! Criterion benchmarks of the workspace's move generators (see `benches/`). Every benchmark
//! asserts its node count, so a fast wrong change fails.
//!
//! Run them with `cargo bench -p variant-benches` (one game: `--bench chess3d`). Each bench
//! measures what this example computes, a bulk-counting perft:
//!
//! ```
//! use chess3d::{Chess3d, Chess3dConfig};
//! use variant_core::{Game, GameConfig, perft};
//!
//! let config = Chess3dConfig::from_pairs([("heights", "1")]).unwrap();
//! let start = Chess3d::new(&config).unwrap();
//! // FIDE chess (C3-40): 8 902 positions after three plies.
//! assert_eq!(perft::perft(&start, 3), 8_902);
//! ```

use variant_games::perft_data::PerftEntry;

/// The entry `id` of `game`'s perft data file (`crates/<game>/data/<game>.perft`), the one place
/// the benches take their positions' reference counts from.
///
/// # Panics
///
/// If the game or the entry is missing: a bench without its reference count must not run.
///
/// ```
/// let entry = variant_benches::entry("chess3d", "fide-start");
/// assert_eq!(entry.config, "heights=1");
/// ```
pub fn entry(game: &str, id: &str) -> &'static PerftEntry<'static> {
    variant_games::perft_data::file(game)
        .and_then(|file| file.entry(id))
        .unwrap_or_else(|| panic!("crates/{game}/data/{game}.perft has no entry `{id}`"))
}

/// The reference count of `game`'s data-file entry `id` at `depth`.
///
/// # Panics
///
/// If the file has no such count.
///
/// ```
/// assert_eq!(variant_benches::reference("chess3d", "fide-start", 3), 8_902);
/// ```
pub fn reference(game: &str, id: &str, depth: u32) -> u64 {
    entry(game, id)
        .nodes(depth)
        .unwrap_or_else(|| panic!("crates/{game}/data/{game}.perft: `{id}` has no perft {depth}"))
}

/// cozy-chess's bulk-counting perft (as in its own example): the comparison of the chess3d
/// bench and of `examples/cozy_one.rs`.
///
/// ```
/// let board = cozy_chess::Board::default();
/// assert_eq!(variant_benches::cozy_perft(&board, 2), 400);
/// ```
pub fn cozy_perft(board: &cozy_chess::Board, depth: u8) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes += 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}
