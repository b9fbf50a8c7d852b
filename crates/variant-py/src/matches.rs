//! Matches between players (the `variant_match` library) for Python: a whole match, one game of
//! a match by its index (what a `variant_games.distributed` task plays), and the report of games
//! played anywhere. Options, results and reports cross as JSON text (the library's serde
//! form), which the pure-Python layer turns into dicts. The GIL is released while games run.

use crate::errors::{VariantsError, to_py};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use variant_match::{GameResult, Match, MatchError, MatchOptions, run_match};

/// A match error as a Python exception: the games' library errors keep their classes; bad
/// options and player specs are `ValueError`s; a player that fails is a `VariantsError`.
fn match_error(error: MatchError) -> PyErr {
    match error {
        MatchError::Game(e) => to_py(e),
        e @ (MatchError::Spec { .. } | MatchError::Options(_)) => {
            PyValueError::new_err(e.to_string())
        }
        other => VariantsError::new_err(other.to_string()),
    }
}

/// Match options from their JSON text, checked.
fn checked(options: &str) -> PyResult<Match> {
    let options: MatchOptions = serde_json::from_str(options)
        .map_err(|e| PyValueError::new_err(format!("match options: {e}")))?;
    Match::new(options).map_err(match_error)
}

fn to_json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| VariantsError::new_err(e.to_string()))
}

/// Plays the match described by `options` (the JSON of the library's `MatchOptions`) and
/// returns its report as JSON text (the keys of `variants match --json`). The GIL is released
/// while the games run.
#[pyfunction]
pub fn match_run(py: Python<'_>, options: &str) -> PyResult<String> {
    let checked = checked(options)?;
    let report = py
        .allow_threads(|| run_match(checked.options(), &|_| {}))
        .map_err(match_error)?;
    to_json(&report)
}

/// Plays game number `index` of the match `options` (JSON) with fresh players and returns its
/// result as JSON text: the same game the whole match plays as its `index`-th. The GIL is
/// released while it runs.
#[pyfunction]
pub fn match_game(py: Python<'_>, options: &str, index: usize) -> PyResult<String> {
    let checked = checked(options)?;
    let result = py
        .allow_threads(|| {
            let mut players = checked.players()?;
            checked.play_game(&mut players, index)
        })
        .map_err(match_error)?;
    to_json(&result)
}

/// The report (JSON text) of the games `results` (a JSON list of results of `match_game`) of
/// the match `options`: W/D/L, score, Elo ± error, and the SPRT's state when it runs one.
#[pyfunction]
pub fn match_report(options: &str, results: &str) -> PyResult<String> {
    let checked = checked(options)?;
    let results: Vec<GameResult> = serde_json::from_str(results)
        .map_err(|e| PyValueError::new_err(format!("match results: {e}")))?;
    to_json(&checked.report(&results))
}
