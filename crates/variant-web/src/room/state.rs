//! The state of a game as the API shows it (docs/web.md, "`GET /api/games/{id}` — the
//! state"): [`State`], what every answer about a game carries.

use super::{LogEntry, Room};
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;
use variant_games::page::PageFacts;
use variant_games::{AnyGame, Game, History, Seat, Status, WinReason};

/// Values by seat name (`{"white": …, "black": …}`).
pub type BySeat<T> = BTreeMap<&'static str, T>;

/// A game's state.
#[derive(Clone, Debug, Serialize)]
pub struct State {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The configuration.
    pub config: String,
    /// The start position's text, `null` for the game's own start.
    pub start: Option<String>,
    /// The position's text.
    pub position: String,
    /// The seat to move.
    pub to_move: Option<&'static str>,
    /// Every seat, in seat order.
    pub seats: Vec<&'static str>,
    /// Each seat's player (`human`, `engine:movetime=1000`).
    pub players: BySeat<String>,
    /// The legal moves' texts (none once the game is over).
    pub moves: Vec<String>,
    /// How the game stands.
    pub status: StatusView,
    /// The record's entries as texts.
    pub history: Vec<String>,
    /// The log's length.
    pub ply: usize,
    /// The draw the seat to move may claim now, if any.
    pub claimable: Option<String>,
    /// Whether the game may still be aborted.
    pub abortable: bool,
    /// The milliseconds the seat to move has left for its first move, while it waits.
    pub first_move_ms: Option<u64>,
    /// The record formats (`json`, `pgn`).
    pub records: Vec<&'static str>,
    /// The seats that asked for a rematch.
    pub rematch_requests: Vec<&'static str>,
    /// The rematch, once made.
    pub rematch: Option<RematchView>,
    /// The moves in SAN, for FIDE chess.
    pub san: Option<Vec<String>>,
    /// The seats that offered a draw.
    pub draw_offers: Vec<&'static str>,
    /// The seats that asked to take back.
    pub undo_requests: Vec<&'static str>,
    /// The engine's last reply.
    pub engine_reply: Option<EngineReply>,
    /// Whether one token holds every human seat.
    pub one_token: bool,
    /// Whether the game is in the lobby.
    pub listed: bool,
    /// The open seats.
    pub free_seats: Vec<&'static str>,
    /// The players' names by seat.
    pub names: BySeat<Option<String>>,
    /// The time control.
    pub clock: Option<ClockView>,
    /// Every seat's milliseconds left now.
    pub clocks: Option<BySeat<u64>>,
    /// The engine seat thinking now.
    pub thinking: Option<&'static str>,
    /// What the page needs to draw the game.
    pub view: PageFacts,
    /// This server process's id.
    pub instance: &'static str,
}

/// A status: `result` (`ongoing`, `win`, `draw`, `aborted`), the winner, the reason with its
/// id and rule id, and the text shown (`black wins (checkmate)`, `aborted: White did not
/// move`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct StatusView {
    /// `ongoing`, `win`, `draw` or `aborted`.
    pub result: &'static str,
    /// The winning seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    /// The reason in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The reason's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason_id: Option<String>,
    /// The rule id of a reason of the game's own, else empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The status as the page says it.
    pub text: String,
}

/// The rematch of a finished game: its id and where each seat's player sits in it.
#[derive(Clone, Debug, Serialize)]
pub struct RematchView {
    /// The rematch's id.
    pub id: String,
    /// Each seat's seat in the rematch.
    pub seats: BySeat<Option<&'static str>>,
}

/// The engine's last reply.
#[derive(Clone, Debug, Serialize)]
pub struct EngineReply {
    /// The engine's seat.
    pub seat: &'static str,
    /// Its move.
    #[serde(rename = "move")]
    pub mv: String,
}

/// A game's time control and the clock running.
#[derive(Clone, Debug, Serialize)]
pub struct ClockView {
    /// Every seat's starting time.
    pub initial_ms: u64,
    /// The increment a move.
    pub increment_ms: u64,
    /// The seat whose clock runs.
    pub running: Option<&'static str>,
}

impl Room {
    /// The state as the API shows it.
    pub fn state(&self) -> State {
        let game = self.position();
        let seat_names = self.seat_names();
        let flags = |v: &[bool]| -> Vec<&'static str> {
            v.iter()
                .zip(&seat_names)
                .filter(|(b, _)| **b)
                .map(|(_, n)| *n)
                .collect()
        };
        State {
            id: self.id.clone(),
            game: self.game.clone(),
            config: self.config.clone(),
            start: (!self.start.is_empty()).then(|| self.start.clone()),
            position: game.to_text(),
            to_move: seat_names.get(game.side_to_move().index()).copied(),
            seats: seat_names.clone(),
            players: by_seat(&seat_names, self.players.iter().map(|p| p.text())),
            moves: if self.status.is_over() {
                Vec::new()
            } else {
                game.legal_move_texts()
            },
            status: self.status_view(),
            history: self.history.action_texts(),
            ply: self.log.len(),
            claimable: self.history.claimable_draw().map(|r| r.to_string()),
            abortable: self.history.may_abort(),
            first_move_ms: self.first_move_left(Instant::now()),
            records: record_formats(&self.history),
            rematch_requests: flags(&self.rematch_requests),
            rematch: self.rematch.as_ref().map(|id| RematchView {
                id: id.clone(),
                seats: by_seat(
                    &seat_names,
                    self.rematch_seats()
                        .into_iter()
                        .map(|j| seat_names.get(j).copied()),
                ),
            }),
            san: variant_games::history_san(&self.history),
            draw_offers: flags(&self.draw_offers),
            undo_requests: flags(&self.undo_requests),
            engine_reply: self.engine_reply.as_ref().map(|(seat, mv)| EngineReply {
                seat: self.seat_name(*seat),
                mv: mv.clone(),
            }),
            one_token: self.one_token(),
            listed: self.listed,
            free_seats: flags(&self.open),
            names: by_seat(&seat_names, self.names.iter().cloned()),
            clock: self.clocks.as_ref().map(|c| ClockView {
                initial_ms: c.initial,
                increment_ms: c.increment,
                running: c.running.map(|(seat, _)| self.seat_name(seat)),
            }),
            clocks: self
                .clocks_at(Instant::now())
                .map(|left| by_seat(&seat_names, left)),
            thinking: self.thinking.map(|seat| self.seat_name(seat)),
            view: variant_games::page::describe(game),
            instance: crate::instance(),
        }
    }

    /// The game's status as the API shows it; a win by the resignation a flag fall was
    /// recorded as has the reason `time`.
    pub fn status_view(&self) -> StatusView {
        let names = self.seat_names();
        let name = |seat: Seat| names.get(seat.index()).copied();
        let text = status_text(self.status, &names, self.idle_seat());
        match self.status {
            Status::Ongoing => StatusView {
                result: "ongoing",
                winner: None,
                reason: None,
                reason_id: None,
                rule: None,
                text,
            },
            Status::Win {
                winner,
                reason: WinReason::Resignation,
            } if matches!(self.log.last(), Some(LogEntry::Time(_))) => StatusView {
                result: "win",
                winner: name(winner),
                reason: Some("time".into()),
                reason_id: Some("time".into()),
                rule: Some(String::new()),
                text: format!("{} wins (time)", name(winner).unwrap_or("?")),
            },
            Status::Win { winner, reason } => StatusView {
                result: "win",
                winner: name(winner),
                reason: Some(reason.to_string()),
                reason_id: Some(reason.id().to_string()),
                rule: Some(reason.rule().to_string()),
                text,
            },
            Status::Aborted => StatusView {
                result: "aborted",
                winner: None,
                reason: Some("aborted".into()),
                reason_id: Some("aborted".into()),
                rule: Some(String::new()),
                text,
            },
            Status::Draw { reason } => StatusView {
                result: "draw",
                winner: None,
                reason: Some(reason.to_string()),
                reason_id: Some(reason.id().to_string()),
                rule: Some(reason.rule().to_string()),
                text,
            },
        }
    }
}

/// `values` by seat name, one a seat in seat order.
fn by_seat<T>(names: &[&'static str], values: impl IntoIterator<Item = T>) -> BySeat<T> {
    names.iter().copied().zip(values).collect()
}

/// A status in words with the seats' names (`black wins (checkmate)`, `draw (stalemate)`,
/// `aborted: White did not move`), never a seat's number; `idle`: the seat that had not
/// made its first move when the game was aborted.
pub fn status_text(status: Status, seat_names: &[&str], idle: Option<Seat>) -> String {
    let name = |seat: Seat| seat_names.get(seat.index()).copied().unwrap_or("?");
    match status {
        Status::Ongoing => "ongoing".to_string(),
        Status::Win { winner, reason } => format!("{} wins ({reason})", name(winner)),
        Status::Draw { reason } => format!("draw ({reason})"),
        Status::Aborted => match idle {
            Some(seat) => format!("aborted: {} did not move", capitalised(name(seat))),
            None => "aborted".to_string(),
        },
    }
}

/// `white` → `White`: a seat's name at the start of a sentence.
fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The formats `GET /api/games/{id}/record` gives for this game: JSON always, PGN for a game
/// that has a PGN form (it depends on the start only: FIDE chess, chess3d at one height).
fn record_formats(history: &History<AnyGame>) -> Vec<&'static str> {
    let start = History::new(history.start().clone());
    if variant_games::history_to_pgn(&start, &[]).is_some() {
        vec!["json", "pgn"]
    } else {
        vec!["json"]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use variant_games::DrawReason;

    #[test]
    fn statuses_name_seats_not_numbers() {
        let names = ["white", "black"];
        let win = Status::Win {
            winner: Seat(1),
            reason: WinReason::Checkmate,
        };
        assert_eq!(status_text(win, &names, None), "black wins (checkmate)");
        assert_eq!(
            status_text(Status::Aborted, &names, Some(Seat(0))),
            "aborted: White did not move"
        );
        assert_eq!(status_text(Status::Aborted, &names, None), "aborted");
        let draw = Status::Draw {
            reason: DrawReason::Stalemate,
        };
        assert_eq!(status_text(draw, &names, None), "draw (stalemate)");
    }
}
