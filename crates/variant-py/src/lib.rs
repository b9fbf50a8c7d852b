//! The Python package `variant_games`: the workspace's games for Python, built by maturin as
//! the extension module `variant_games._native` (the pure-Python part of the package, with the
//! PettingZoo environments, is in `python/variant_games`).
//!
//! The Python API is documented in `docs/python.md`; this crate only converts between Python
//! and the facade crate [`variant_games`].
//!
//! # Example
//!
//! In Python:
//!
//! ```text
//! >>> import variant_games
//! >>> variant_games.Game("chess3d", heights=1).perft(3)
//! 8902
//! ```

mod config;
mod env;
mod errors;
mod game;
mod history;
mod matches;
mod nnue;
mod pieces;
mod search;
mod status;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The names of the games this build serves.
#[pyfunction]
fn games() -> Vec<&'static str> {
    variant_games::registry::games()
        .iter()
        .map(|g| g.name)
        .collect()
}

/// The configuration keys of a game: a list of `(key, default, allowed, description)`.
#[pyfunction]
fn config_keys(name: &str) -> PyResult<Vec<(String, String, String, String)>> {
    let info = variant_games::registry::game_info(name).map_err(errors::to_py)?;
    Ok(info
        .keys
        .iter()
        .map(|k| {
            (
                k.name.to_string(),
                k.default.to_string(),
                k.allowed.to_string(),
                k.description.to_string(),
            )
        })
        .collect())
}

/// The reference perft counts of a game, from its perft data file
/// (`crates/<game>/data/<game>.perft`: published tables, the rules page's counts, counts made
/// here): a list of dicts with `id`, `config`, `position` (`None`: the start position),
/// `depth`, `nodes` and `source`, one per count.
#[pyfunction]
fn perft_references<'py>(py: Python<'py>, name: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    variant_games::registry::game_info(name).map_err(errors::to_py)?;
    let file = variant_games::perft_data::file(name)
        .ok_or_else(|| PyValueError::new_err(format!("{name}: no perft data")))?;
    let mut counts = Vec::new();
    for entry in &file.entries {
        for count in &entry.counts {
            let d = PyDict::new(py);
            d.set_item("id", entry.id)?;
            d.set_item("config", entry.config)?;
            d.set_item("position", entry.position)?;
            d.set_item("depth", count.depth)?;
            d.set_item("nodes", count.nodes)?;
            d.set_item("source", count.source)?;
            counts.push(d);
        }
    }
    Ok(counts)
}

/// The test positions of a game, from its test position file
/// (`crates/<game>/data/<game>.positions`): the configurations its tests run it under and
/// positions such as wins in one. A list of dicts with `id`, `config`, `position` (`None`: a
/// configuration), `wins` (the moves that win at once), `tags` (`quick`, `family`) and `rule`
/// (the rule ids behind the entry).
#[pyfunction]
fn test_positions<'py>(py: Python<'py>, name: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    variant_games::registry::game_info(name).map_err(errors::to_py)?;
    let file = variant_games::registry::test_positions(name)
        .ok_or_else(|| PyValueError::new_err(format!("{name}: no test positions")))?;
    file.entries
        .iter()
        .map(|entry| {
            let d = PyDict::new(py);
            d.set_item("id", entry.id)?;
            d.set_item("config", entry.config)?;
            d.set_item("position", entry.position)?;
            d.set_item("wins", entry.wins.clone())?;
            d.set_item("tags", entry.tags.clone())?;
            d.set_item("rule", entry.rule)?;
            Ok(d)
        })
        .collect()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(config_keys, m)?)?;
    m.add_function(wrap_pyfunction!(perft_references, m)?)?;
    m.add_function(wrap_pyfunction!(test_positions, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::perft_texts, m)?)?;
    m.add_function(wrap_pyfunction!(nnue::datagen_header, m)?)?;
    m.add_function(wrap_pyfunction!(nnue::datagen_games, m)?)?;
    m.add_function(wrap_pyfunction!(nnue::nnue_layout, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::release_tables, m)?)?;
    m.add_function(wrap_pyfunction!(matches::match_run, m)?)?;
    m.add_function(wrap_pyfunction!(matches::match_game, m)?)?;
    m.add_function(wrap_pyfunction!(matches::match_report, m)?)?;
    m.add_class::<game::Game>()?;
    m.add_class::<status::Status>()?;
    m.add_class::<history::History>()?;
    m.add_class::<env::Encoding>()?;
    m.add_class::<search::SearchResult>()?;
    errors::register(m)?;
    Ok(())
}
