//! Perft in pieces, for counting on many processes (the `variant_games.distributed` module): a
//! position split into the distinct positions some plies below it, and a batch of positions
//! given as text counted with one transposition table. Both release the GIL.

use crate::config;
use crate::errors::{VariantsError, to_py};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use std::path::Path;
use std::sync::Mutex;
use variant_games::AnyGame;
use variant_games::registry;
use variant_games::variant_core::{Game as _, GameConfig as _};
use variant_games::variant_perft::{
    self as perft, MAX_HASH_MB, PerftError, PerftOptions, PerftTable,
};

/// What a kept table has counted: game, configuration, the table's size and seed, and its
/// file when it is shared with other processes.
type TableKey = (String, String, usize, u64, Option<String>);

/// Tables kept between calls of `perft_texts(keep=True)`: a worker process counts piece after
/// piece of one job, and each batch finds the subtrees the earlier ones stored. A table is taken
/// out while a batch counts in it (so threads never share one) and put back after; tables of
/// another job are dropped when a table is put back.
static KEPT: Mutex<Vec<(TableKey, PerftTable)>> = Mutex::new(Vec::new());

/// The most tables kept (one per worker thread is what a worker needs).
const MAX_KEPT: usize = 64;

fn take_table(key: &TableKey) -> Result<PerftTable, PerftError> {
    let mut kept = KEPT.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(i) = kept.iter().position(|(k, _)| k == key) {
        return Ok(kept.swap_remove(i).1);
    }
    drop(kept);
    match &key.4 {
        // Another handle on the same file: one table for every thread and process.
        Some(path) => PerftTable::shared(Path::new(path), key.2, key.3),
        None => PerftTable::new(key.2, key.3),
    }
}

fn give_back(key: TableKey, table: PerftTable) {
    let mut kept = KEPT.lock().unwrap_or_else(|p| p.into_inner());
    kept.retain(|(k, _)| *k == key);
    if kept.len() < MAX_KEPT {
        kept.push((key, table));
    }
}

/// The largest hash seed accepted from Python (a non-negative 64-bit int).
const MAX_SEED: i64 = i64::MAX;

/// A perft error as the Python exception that fits it.
pub fn perft_error(error: PerftError) -> PyErr {
    match error {
        PerftError::DepthTooLarge { .. } | PerftError::HashTooLarge { .. } => {
            PyValueError::new_err(error.to_string())
        }
        PerftError::TableFile { .. } => PyOSError::new_err(error.to_string()),
        other => VariantsError::new_err(other.to_string()),
    }
}

/// Perft options from the Python arguments `threads`, `hash` (megabytes) and `hash_seed`.
pub fn options(
    threads: Option<&Bound<'_, PyAny>>,
    hash: Option<&Bound<'_, PyAny>>,
    hash_seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<PerftOptions<'static>> {
    let threads = match threads {
        Some(t) => config::int_arg("threads", t, 0, 4096)? as usize,
        None => 1,
    };
    let hash_mb = match hash {
        Some(h) => config::int_arg("hash", h, 0, MAX_HASH_MB as i64)? as usize,
        None => 0,
    };
    let hash_seed = match hash_seed {
        Some(s) => config::int_arg("hash_seed", s, 0, MAX_SEED)? as u64,
        None => 0,
    };
    Ok(PerftOptions {
        threads,
        hash_mb,
        hash_seed,
        ..PerftOptions::default()
    })
}

/// [`Game::split`]'s work: the pieces of `game` at `depth`, as position texts and paths;
/// without `merge`, one piece per move path (transpositions repeated), for measuring what the
/// merge saves.
pub fn split(
    py: Python<'_>,
    game: &AnyGame,
    depth: &Bound<'_, PyAny>,
    merge: bool,
) -> PyResult<Vec<(String, u64)>> {
    let depth = config::int_arg("depth", depth, 0, i64::from(perft::MAX_DEPTH))? as u32;
    if !merge {
        return Ok(py.allow_threads(|| {
            let mut out = Vec::new();
            every_path(game, depth, &mut out);
            out
        }));
    }
    py.allow_threads(|| {
        perft::split(game, depth).map(|pieces| {
            pieces
                .into_iter()
                .map(|p| (p.game.to_text(), p.paths))
                .collect()
        })
    })
    .map_err(perft_error)
}

/// The positions at the end of every move path of length `depth`, one entry each.
fn every_path(game: &AnyGame, depth: u32, out: &mut Vec<(String, u64)>) {
    if depth == 0 {
        out.push((game.to_text(), 1));
        return;
    }
    for mv in game.legal_moves().iter() {
        let mut child = game.clone();
        child.play_unchecked(*mv);
        every_path(&child, depth - 1, out);
    }
}

/// Perft of each position of `texts` (position texts of game `name` under `config`) at
/// `depth`, in order, with one transposition table of `hash` megabytes for them all (0: none)
/// and `threads` threads. With `keep=True` the table is kept in the process after the call and
/// used again by the next call for the same game, configuration, size and seed (a cluster
/// worker counting the pieces of one job in turn). With `table=PATH` (and `keep=True`) the
/// table is the file at `PATH` (made when there is none; use a memory file system such as
/// `/dev/shm`), shared with every process that counts with the same file: the worker processes
/// of one machine count into one table. The work of one `variant_games.distributed` task; the GIL is
/// released while counting. A shared table that cannot be made or mapped raises `OSError`.
///
/// >>> variant_games.perft_texts("chess3d", ["8/8/8/8/8/8/8/K6k w - - 0 1"], 2, config="heights=1")
/// [9]
#[pyfunction]
#[pyo3(signature = (name, texts, depth, config=None, hash=None, hash_seed=None, threads=None, keep=false, table=None))]
#[allow(clippy::too_many_arguments)]
pub fn perft_texts(
    py: Python<'_>,
    name: &str,
    texts: Vec<String>,
    depth: &Bound<'_, PyAny>,
    config: Option<&Bound<'_, PyAny>>,
    hash: Option<&Bound<'_, PyAny>>,
    hash_seed: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    keep: bool,
    table: Option<String>,
) -> PyResult<Vec<u64>> {
    let depth = config::int_arg("depth", depth, 0, i64::from(perft::MAX_DEPTH))? as u32;
    // An unknown game is an error even for an empty batch.
    registry::game_info(name).map_err(to_py)?;
    let pairs = config::pairs(config, None)?;
    let options = options(threads, hash, hash_seed)?;
    let games: Vec<AnyGame> = texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            registry::from_text(name, &pairs, text).map_err(|e| {
                let error = to_py(e);
                let message = format!("position {i} of the batch: {}", error.value(py));
                PyErr::from_type(error.get_type(py), message)
            })
        })
        .collect::<PyResult<_>>()?;
    if keep && options.hash_mb > 0 {
        let key: TableKey = (
            name.to_string(),
            games.first().map(config_text).unwrap_or_default(),
            options.hash_mb,
            options.hash_seed,
            table,
        );
        return py
            .allow_threads(|| {
                let mut table = take_table(&key)?;
                let counts = perft::perft_each_in(&games, depth, &mut table, &options);
                give_back(key, table);
                counts
            })
            .map_err(perft_error);
    }
    py.allow_threads(|| perft::perft_each(&games, depth, &options))
        .map_err(perft_error)
}

/// Drops the tables `perft_texts(keep=True)` keeps in this process: those of the shared table
/// file `table`, or all with `table=None`. A shared table's memory is given back once its file
/// is removed and no process maps it any more. Returns how many were dropped.
///
/// >>> variant_games.release_tables()
/// 0
#[pyfunction]
#[pyo3(signature = (table=None))]
pub fn release_tables(table: Option<String>) -> usize {
    let mut kept = KEPT.lock().unwrap_or_else(|p| p.into_inner());
    let before = kept.len();
    kept.retain(|(key, _)| table.is_some() && key.4 != table);
    before - kept.len()
}

/// A game's configuration as `k=v;k=v` text.
fn config_text(game: &AnyGame) -> String {
    game.config()
        .to_pairs()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(";")
}
