//! The learned evaluation's data for Python: training data files' headers, self-play records
//! (`variant_games.distributed datagen` runs these on Dask workers) and a game's layout.

use crate::config;
use crate::errors::to_py;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use variant_engine::datagen::{self, DatagenOptions};
use variant_engine::nnue::{self, Layout};
use variant_games::AnyGame;
use variant_games::registry;
use variant_games::variant_core::Game as _;

fn start_and_layout(game: &str, config: &Bound<'_, PyAny>) -> PyResult<(AnyGame, Layout)> {
    let pairs = config::pairs(Some(config), None)?;
    let start = registry::new_game(game, &pairs).map_err(to_py)?;
    let layout = nnue::layout_of(&start).ok_or_else(|| {
        PyValueError::new_err(format!("{game} has no learned evaluation in this build"))
    })?;
    Ok((start, layout))
}

/// The header of a training data file ("VGDATA") for `game` in `config` (docs/engine.md).
///
/// >>> import variant_games._native as n
/// >>> n.datagen_header("chess3d", "heights=1")[:6]
/// b'VGDATA'
#[pyfunction]
pub fn datagen_header<'py>(
    py: Python<'py>,
    game: &str,
    config: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let (start, layout) = start_and_layout(game, config)?;
    Ok(PyBytes::new(
        py,
        &datagen::header(&layout, &start.config().to_string()),
    ))
}

/// The records (no header) of the self-play games `first .. first + count - 1` of `game` in
/// `config`: each game `i` played from seed `seed + i` with `nodes` nodes a move after
/// `random_plies` random plies, so the same arguments always give the same bytes. The GIL is
/// released while the games are played.
///
/// >>> import variant_games._native as n
/// >>> len(n.datagen_games("checkers3d", "heights=1", 0, 1, 100, 2, 0)) % (10 + 64)
/// 0
#[pyfunction]
#[pyo3(signature = (game, config, first, count, nodes, random_plies, seed, max_plies=None))]
#[allow(clippy::too_many_arguments)]
pub fn datagen_games<'py>(
    py: Python<'py>,
    game: &str,
    config: &Bound<'py, PyAny>,
    first: &Bound<'py, PyAny>,
    count: &Bound<'py, PyAny>,
    nodes: &Bound<'py, PyAny>,
    random_plies: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    max_plies: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let (start, _) = start_and_layout(game, config)?;
    let first = config::int_arg("first", first, 0, i64::from(u32::MAX))? as u64;
    let count = config::int_arg("count", count, 0, 1 << 20)? as u64;
    let options = DatagenOptions {
        nodes: config::int_arg("nodes", nodes, 1, 1 << 40)? as u64,
        random_plies: config::int_arg("random_plies", random_plies, 0, 1000)? as u32,
        seed: config::int_arg("seed", seed, 0, i64::MAX)? as u64,
        max_plies: match max_plies {
            Some(m) => config::int_arg("max_plies", m, 1, 100_000)? as u32,
            None => DatagenOptions::default().max_plies,
        },
    };
    if first + count > u64::from(u32::MAX) + 1 {
        return Err(PyValueError::new_err("games are numbered below 2**32"));
    }
    let bytes = py
        .allow_threads(|| nnue::datagen_games(&start, first, count, &options))
        .unwrap_or_default();
    Ok(PyBytes::new(py, &bytes))
}

/// The learned evaluation's layout of `game` in `config`: cells, kinds, seats, the board
/// family and, per seat, the orientation table (docs/engine.md).
///
/// >>> import variant_games._native as n
/// >>> layout = n.nnue_layout("chess3d", "heights=1")
/// >>> layout["cells"], layout["kinds"], layout["seats"], layout["orient"][1][0]
/// (64, 6, 2, 56)
#[pyfunction]
pub fn nnue_layout<'py>(
    py: Python<'py>,
    game: &str,
    config: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let (_, layout) = start_and_layout(game, config)?;
    let out = PyDict::new(py);
    out.set_item("cells", layout.cells())?;
    out.set_item("kinds", layout.kinds())?;
    out.set_item("seats", layout.seats())?;
    out.set_item("family", layout.family())?;
    let orient: Vec<Vec<u16>> = layout
        .orient_table()
        .chunks(layout.cells())
        .map(<[u16]>::to_vec)
        .collect();
    out.set_item("orient", orient)?;
    Ok(out)
}
