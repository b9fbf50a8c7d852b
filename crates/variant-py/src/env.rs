//! `variant_games._native.Encoding`: the fast half of the PettingZoo environments (legal actions
//! and observation planes of a position), so that one `env.step` crosses into Rust once or
//! twice instead of looping in Python.

use crate::errors::VariantsError;
use crate::game::Game;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyTuple};
use variant_games::variant_core::Game as _;
use variant_games::variant_core::Seat;
use variant_games::variant_core::actions::ActionSpace;
use variant_games::variant_core::planes::Observation;

/// The action encoding and observation layout of one game configuration: the game's own
/// numbering (`ActionSpace`) and planes (`Observation`), through the facade.
#[pyclass(module = "variant_games", name = "Encoding", frozen)]
pub struct Encoding {
    slots: usize,
    size: usize,
    name: &'static str,
    config: String,
}

impl Encoding {
    fn check_game(&self, game: &Game) -> PyResult<()> {
        if game.inner.name() != self.name || game.config_text() != self.config {
            return Err(VariantsError::new_err(format!(
                "the encoding is for {} ({}), the game is {} ({})",
                self.name,
                self.config,
                game.inner.name(),
                game.config_text()
            )));
        }
        Ok(())
    }
}

#[pymethods]
impl Encoding {
    /// The encoding of `game`'s configuration; `slots` is the number of draughts moves kept per
    /// (origin, destination) pair.
    #[new]
    #[pyo3(signature = (game, slots=None))]
    fn py_new(game: &Game, slots: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let slots = match slots {
            Some(s) => crate::config::int_arg("slots", s, 1, 64)? as usize,
            None => 8,
        };
        let inner = &game.inner;
        Ok(Encoding {
            slots,
            size: inner.action_count(slots),
            name: inner.name(),
            config: game.config_text(),
        })
    }

    /// The number of actions.
    #[getter]
    fn size(&self) -> usize {
        self.size
    }

    /// The legal actions of `game` (sorted) with the move text of each, and the number of
    /// legal moves the encoding could not hold (draughts moves beyond the slots).
    fn legal(&self, game: &Game) -> PyResult<(Vec<usize>, Vec<String>, usize)> {
        self.check_game(game)?;
        let legal = game
            .inner
            .legal_actions(self.slots)
            .map_err(|e| VariantsError::new_err(e.to_string()))?;
        let actions = legal.actions.iter().map(|&(a, _)| a).collect();
        let texts = legal
            .actions
            .iter()
            .map(|&(_, mv)| game.inner.format_move(mv))
            .collect();
        Ok((actions, texts, legal.dropped))
    }

    /// The observation shape `(boards, ranks, files, channels)` for this configuration.
    fn observation_shape(&self, game: &Game) -> PyResult<(usize, usize, usize, usize)> {
        self.check_game(game)?;
        let shape = game
            .inner
            .observation(Seat(0))
            .map_err(|e| VariantsError::new_err(e.to_string()))?
            .shape;
        Ok((shape[0], shape[1], shape[2], shape[3]))
    }

    /// The observation planes of `game` seen by the seat `observer` (a name or a number), a
    /// NumPy `int8` array.
    fn observe<'py>(
        &self,
        py: Python<'py>,
        game: &Game,
        observer: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.check_game(game)?;
        let observer = game.seat_named(observer)?;
        let planes = game
            .inner
            .observation(observer)
            .map_err(|e| VariantsError::new_err(e.to_string()))?;
        let (shape, data) = (planes.shape, PyByteArray::new(py, &planes.data));
        py.import("numpy")?
            .call_method1("frombuffer", (data, "int8"))?
            .call_method1("reshape", (PyTuple::new(py, shape)?,))
    }
}
