//! The Python package `variant_games`: the workspace's four games for Python, built by maturin as
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
mod pieces;
mod search;
mod status;

use pyo3::prelude::*;

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

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(config_keys, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::perft_texts, m)?)?;
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
