//! `variant_games.History`: a game record with undo, draw claims, resignation, agreement, and
//! records as JSON and binary.

use crate::errors::to_py;
use crate::game::Game;
use crate::status::Status;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use variant_games::variant_core::Ending;
use variant_games::variant_core::{Game as _, binary};
use variant_games::{AnyGame, registry};

/// A game in progress or finished: its start, every action since, and how it ended.
#[pyclass(module = "variant_games", name = "History")]
pub struct History {
    inner: variant_games::History<AnyGame>,
}

impl History {
    fn game(&self) -> Game {
        Game::wrap(self.inner.position().clone())
    }
}

#[pymethods]
impl History {
    /// A record starting at `start` (a copy of it: later changes to `start` do not reach it).
    #[new]
    fn py_new(start: &Game) -> Self {
        History {
            inner: variant_games::History::new(start.inner.clone()),
        }
    }

    /// A record read from its JSON text (any game: the record names it).
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Self> {
        registry::history_from_json(text)
            .map(|inner| History { inner })
            .map_err(to_py)
    }

    /// A record read from the compact binary format (any game: the record names it).
    #[staticmethod]
    fn from_binary(data: &[u8]) -> PyResult<Self> {
        registry::history_from_binary(data)
            .map(|inner| History { inner })
            .map_err(to_py)
    }

    /// The record as JSON text.
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// The record in the compact binary format.
    fn to_binary<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &binary::encode(&self.inner))
    }

    /// A copy of the current position.
    #[getter]
    fn position(&self) -> Game {
        self.game()
    }

    /// The canonical text of every action so far (`resign:<seat number>` for a resignation
    /// the game went on after).
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.action_texts()
    }

    /// The state of the game, repetitions and game-level endings included.
    #[getter]
    fn status(&self) -> Status {
        let position = self.inner.position();
        Status::new(self.inner.status(), |s| position.seat_name(s))
    }

    /// How often the current position has occurred, this occurrence included.
    #[getter]
    fn repetition_count(&self) -> u32 {
        self.inner.repetition_count()
    }

    /// The draw the side to move could claim now (`repetition`, `move-count rule`), or `None`.
    #[getter]
    fn claimable_draw(&self) -> Option<String> {
        self.inner.claimable_draw().map(|r| r.to_string())
    }

    /// How the game ended other than by the position (`resignation by white`, `agreement`,
    /// `claim: repetition`), or `None`.
    #[getter]
    fn ending(&self) -> Option<String> {
        let position = self.inner.position();
        self.inner.ending().map(|e| match e {
            Ending::Resignation(seat) => format!("resignation by {}", position.seat_name(seat)),
            Ending::Agreement => "agreement".to_string(),
            Ending::Aborted => "aborted".to_string(),
            Ending::Claim(reason) => format!("claim: {reason}"),
        })
    }

    /// Plays a move given as text; returns its canonical text. On error nothing changes.
    fn play(&mut self, r#move: &str) -> PyResult<String> {
        let mv = self.inner.play_text(r#move).map_err(to_py)?;
        // The canonical text is that of the position the move was played in, the one before
        // the last (a move always adds a position).
        let positions = self.inner.positions();
        let before = positions
            .iter()
            .rev()
            .nth(1)
            .unwrap_or(self.inner.position());
        Ok(before.format_move(mv))
    }

    /// Takes back the last action (or the game-level ending, if there is one).
    fn undo(&mut self) -> PyResult<()> {
        self.inner.undo().map_err(to_py)
    }

    /// Claims a draw for the side to move; returns the reason. Fails when no claim holds.
    fn claim_draw(&mut self) -> PyResult<String> {
        self.inner
            .claim_draw()
            .map(|r| r.to_string())
            .map_err(to_py)
    }

    /// Ends the game drawn by agreement.
    fn agree_draw(&mut self) -> PyResult<()> {
        self.inner.agree_draw().map_err(to_py)
    }

    /// `seat` (a name or a number) resigns; returns the status after it. In "Bishops" the
    /// game may go on without the player.
    fn resign(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<Status> {
        let seat = self.game().seat_named(seat)?;
        self.inner.resign(seat).map_err(to_py)?;
        Ok(self.status())
    }

    /// The number of actions in the record.
    fn __len__(&self) -> usize {
        self.inner.action_texts().len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<variant_games.History of {} with {} actions, {}>",
            self.inner.position().name(),
            self.inner.action_texts().len(),
            self.inner.status()
        )
    }
}
