//! `variant_games.Status`: whether a game goes on, and if not, who won and why.

use pyo3::prelude::*;
use variant_games::Status as CoreStatus;
use variant_games::variant_core::Seat;

/// The state of a game: `over`, `winner` (a seat name or `None`), `winners`, `draw`, `reason`.
#[pyclass(module = "variant_games", name = "Status", frozen, eq, str)]
#[derive(Clone, PartialEq, Eq)]
pub struct Status {
    /// Whether the game has ended.
    #[pyo3(get)]
    over: bool,
    /// Whether it ended drawn.
    #[pyo3(get)]
    draw: bool,
    /// The winning seat's name, if the game is won.
    #[pyo3(get)]
    winner: Option<String>,
    /// Why the game ended (`checkmate`, `stalemate`, …), `None` while it goes on.
    #[pyo3(get)]
    reason: Option<String>,
    /// The reason's short id for programs (`checkmate`, `no-legal-moves`, or a game's own such
    /// as `four-in-a-line`), `None` while the game goes on.
    #[pyo3(get)]
    reason_id: Option<String>,
    /// The rule id on the game's rules page of a reason of the game's own; `None` for the
    /// reasons games share and while the game goes on.
    #[pyo3(get)]
    rule: Option<String>,
    /// The library's one-line description (`white wins (checkmate)`).
    text: String,
}

impl Status {
    /// The Python value of a status; `seat_name` names the seats.
    pub fn new(status: CoreStatus, seat_name: impl Fn(Seat) -> &'static str) -> Status {
        match status {
            CoreStatus::Ongoing => Status {
                over: false,
                draw: false,
                winner: None,
                reason: None,
                reason_id: None,
                rule: None,
                text: "ongoing".to_string(),
            },
            CoreStatus::Win { winner, reason } => Status {
                over: true,
                draw: false,
                winner: Some(seat_name(winner).to_string()),
                reason: Some(reason.to_string()),
                reason_id: Some(reason.id().to_string()),
                rule: Some(reason.rule().to_string()).filter(|r| !r.is_empty()),
                text: format!("{} wins ({reason})", seat_name(winner)),
            },
            CoreStatus::Aborted => Status {
                over: true,
                draw: false,
                winner: None,
                reason: Some("aborted".to_string()),
                reason_id: Some("aborted".to_string()),
                rule: None,
                text: "aborted".to_string(),
            },
            CoreStatus::Draw { reason } => Status {
                over: true,
                draw: true,
                winner: None,
                reason: Some(reason.to_string()),
                reason_id: Some(reason.id().to_string()),
                rule: Some(reason.rule().to_string()).filter(|r| !r.is_empty()),
                text: format!("draw ({reason})"),
            },
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

#[pymethods]
impl Status {
    /// The winners: one seat name for a win, none for a draw or a game that goes on.
    #[getter]
    fn winners(&self) -> Vec<String> {
        self.winner.iter().cloned().collect()
    }

    fn __repr__(&self) -> String {
        format!("<Status {}>", self.text)
    }
}
