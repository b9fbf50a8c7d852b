//! One game on the server: its record, who plays each seat, the seats' tokens, pending draw
//! offers and undo requests. Built from domain values ([`Setup`], [`LogEntry`]); the store
//! keeps them as rows. Its clocks, players, log and state (as the API shows it) have modules
//! of their own.

mod clocks;
mod log;
mod offers;
mod player;
mod state;

pub use clocks::{Clocks, FIRST_MOVE_LIMIT};
pub use log::LogEntry;
pub use player::{MAX_MOVETIME, Player};
pub use state::{BySeat, State, StatusView, status_text};

use crate::error::Error;
use std::sync::{Arc, Mutex};
use variant_engine::AnyEngine;
use variant_games::{AnyGame, Game, History, Seat, Status};
use variant_match::EngineSpec;

/// One engine seat's engine, kept for the whole game (its table and what it learnt); shared
/// with the background search that uses it.
pub type SeatEngine = Arc<Mutex<AnyEngine>>;

/// What a game is made of when it is created (or read back): the game, its seats and their
/// players, tokens and names, the lobby's open seats, the clock, the rematch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The configuration as `k=v;k=v`.
    pub config: String,
    /// The player of every seat.
    pub players: Vec<Player>,
    /// The token of every human seat.
    pub tokens: Vec<Option<String>>,
    /// The start position's text when the game was created from a position, else empty.
    pub start: String,
    /// Whether the game is shown in the lobby.
    pub listed: bool,
    /// For each seat, whether it is open (listed and not taken yet).
    pub open: Vec<bool>,
    /// The time control: initial and increment, in milliseconds.
    pub clock: Option<(u64, u64)>,
    /// The players' names, one a seat.
    pub names: Vec<Option<String>>,
    /// The seats that asked for a rematch of the finished game.
    pub rematch_requests: Vec<bool>,
    /// The rematch's id, once made.
    pub rematch: Option<String>,
    /// When the game was created, in milliseconds since 1970 (open games expire).
    pub created: i64,
}

/// How a finished game ended, for the archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// `win`, `draw` or `aborted`.
    pub result: String,
    /// The winning seat's name (empty unless a win).
    pub winner: String,
    /// The status as the page says it (`black wins (checkmate)`).
    pub text: String,
    /// The plies played: the log's entries, an abort not counted (a game aborted before any
    /// move has none).
    pub plies: u64,
    /// When it ended, in milliseconds since 1970 (UTC).
    pub at: i64,
}

/// Why a request about a game was refused; the API turns each into an HTTP status.
#[derive(Debug)]
pub enum Refusal {
    /// 400: the request itself is wrong (bad JSON field, unknown seat…).
    BadRequest(String),
    /// 403: the token does not hold the seat the request needs.
    Forbidden(String),
    /// 409: the game's state does not allow it (over, no claim…).
    Conflict(String),
    /// 422: an illegal or malformed move.
    Unprocessable(String),
}

/// A game being played.
#[derive(Debug)]
pub struct Room {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The configuration as given at creation (normalised `k=v;k=v`).
    pub config: String,
    /// Who plays each seat.
    pub players: Vec<Player>,
    /// The token of each human seat.
    pub tokens: Vec<Option<String>>,
    /// The start position's text, empty for the game's own start position.
    pub start: String,
    /// The record.
    pub history: History<AnyGame>,
    /// The log as stored (one entry per move, resignation or ending).
    pub log: Vec<LogEntry>,
    /// Seats that offered a draw since the last action.
    pub draw_offers: Vec<bool>,
    /// Seats that asked to take back since the last action.
    pub undo_requests: Vec<bool>,
    /// The engine's last reply, for the page.
    pub engine_reply: Option<(Seat, String)>,
    /// The position before the last move (to mark the cells it changed).
    pub before_last: Option<AnyGame>,
    /// The Zobrist hashes of the positions before each move (the engine's repetitions).
    pub hashes: Vec<u64>,
    /// Whether the game is shown in the lobby.
    pub listed: bool,
    /// For each seat, whether it is open (listed, not taken yet).
    pub open: Vec<bool>,
    /// The clocks, when the game has a time control.
    pub clocks: Option<Clocks>,
    /// The engine seat searching now.
    pub thinking: Option<Seat>,
    /// Each engine seat's engine once it has moved (`None` for human seats and before the
    /// first search); dropped with the room.
    pub engines: Vec<Option<SeatEngine>>,
    /// `history.status()` as of the last change: finding it generates the legal moves, so it
    /// is worked out once a change, not on every read (the lobby reads it for every listed
    /// game).
    pub status: Status,
    /// Seats that asked for a rematch of this finished game (stored).
    pub rematch_requests: Vec<bool>,
    /// The rematch, once every human seat asked: its game's id (stored).
    pub rematch: Option<String>,
    /// The players' names, one a seat (`None`: none given).
    pub names: Vec<Option<String>>,
    /// When the game was created, in milliseconds since 1970.
    pub created: i64,
}

impl Room {
    /// A new game from its setup, checked.
    ///
    /// # Errors
    /// Unknown game, bad configuration, or an impossible players or tokens list.
    pub fn new(row: &Setup) -> Result<Room, Error> {
        let game = first_position(&row.game, &row.config, &row.start)?;
        let seats = game.seat_count();
        let players = row.players.clone();
        if players.len() != seats || row.tokens.len() != seats || row.open.len() != seats {
            return Err(Error::Server(format!(
                "{} has {seats} seats, the record lists {} players",
                row.game,
                players.len()
            )));
        }
        Ok(Room {
            id: row.id.clone(),
            game: row.game.clone(),
            config: row.config.clone(),
            players,
            tokens: row.tokens.clone(),
            start: row.start.clone(),
            history: History::new(game),
            log: Vec::new(),
            draw_offers: vec![false; seats],
            undo_requests: vec![false; seats],
            engine_reply: None,
            before_last: None,
            hashes: Vec::new(),
            listed: row.listed,
            open: row.open.clone(),
            clocks: row.clock.map(|(initial, increment)| Clocks {
                initial,
                increment,
                left: vec![initial; seats],
                running: None,
                held: vec![false; seats],
                first_move_limit: FIRST_MOVE_LIMIT,
                first_move_wait: None,
            }),
            thinking: None,
            engines: vec![None; seats],
            status: Status::Ongoing,
            rematch_requests: {
                let mut asked = row.rematch_requests.clone();
                asked.resize(seats, false);
                asked
            },
            rematch: row.rematch.clone(),
            names: {
                let mut names = row.names.clone();
                names.resize(seats, None);
                names
            },
            created: row.created,
        })
        .map(|mut room| {
            room.status = room.history.status();
            room.restart_clock();
            room
        })
    }

    /// A stored game: its setup with its log replayed.
    ///
    /// # Errors
    /// As [`Room::new`] and [`Room::replay`].
    pub fn restore(setup: &Setup, log: &[LogEntry]) -> Result<Room, Error> {
        let mut room = Room::new(setup)?;
        room.replay(log)?;
        Ok(room)
    }

    /// Replays stored log entries.
    ///
    /// # Errors
    /// An entry that does not apply (the database was edited by hand).
    pub fn replay(&mut self, log: &[LogEntry]) -> Result<(), Error> {
        for entry in log {
            self.apply(entry)?;
            self.log.push(entry.clone());
        }
        self.status = self.history.status();
        // The turn in progress starts again now: time while the server was down is nobody's.
        if let Some(clocks) = &mut self.clocks {
            clocks.running = None;
        }
        self.restart_clock();
        Ok(())
    }

    /// Applies a log entry to the record (not to `log`).
    fn apply(&mut self, entry: &LogEntry) -> Result<(), Error> {
        match entry {
            LogEntry::Move { text, clock } => {
                let before = self.position().clone();
                let mover = before.side_to_move();
                self.history.play_text(text)?;
                if let (Some(clocks), Some(left)) = (&mut self.clocks, *clock)
                    && let Some(slot) = clocks.left.get_mut(mover.index())
                {
                    *slot = left;
                }
                self.hashes.push(before.zobrist());
                self.before_last = Some(before);
                Ok(())
            }
            LogEntry::Resign(seat) | LogEntry::Time(seat) => {
                self.known_seat(*seat)?;
                self.history.resign(*seat)?;
                self.before_last = None;
                if matches!(entry, LogEntry::Time(_))
                    && let Some(clocks) = &mut self.clocks
                    && let Some(slot) = clocks.left.get_mut(seat.index())
                {
                    *slot = 0;
                }
                Ok(())
            }
            LogEntry::Agree => Ok(self.history.agree_draw()?),
            LogEntry::Abort { .. } => {
                self.history.abort()?;
                self.before_last = None;
                Ok(())
            }
            LogEntry::Claim => Ok(self.history.claim_draw().map(|_| ())?),
        }
    }

    /// Refuses a seat the game does not have (a log edited by hand).
    fn known_seat(&self, seat: Seat) -> Result<(), Error> {
        if seat.index() < self.seat_count() {
            Ok(())
        } else {
            Err(Error::Server(format!("no seat number {}", seat.0)))
        }
    }

    /// The position the game started from.
    fn first_position(&self) -> Result<AnyGame, Error> {
        first_position(&self.game, &self.config, &self.start)
    }

    /// The current position.
    pub fn position(&self) -> &AnyGame {
        self.history.position()
    }

    /// How many seats the game has.
    pub fn seat_count(&self) -> usize {
        self.players.len()
    }

    /// The seat's name (`white`, `grey`…).
    pub fn seat_name(&self, seat: Seat) -> &'static str {
        self.position().seat_name(seat)
    }

    /// The seat a name (or number) stands for.
    pub fn seat_named(&self, name: &str) -> Option<Seat> {
        (0..self.seat_count())
            .map(|i| Seat(i as u8))
            .find(|&s| self.seat_name(s) == name || s.0.to_string() == name)
    }

    /// The seats `token` holds.
    pub fn seats_of(&self, token: &str) -> Vec<Seat> {
        self.tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| t.as_deref() == Some(token))
            .map(|(i, _)| Seat(i as u8))
            .collect()
    }

    /// The engine to move, if the game goes on and an engine holds the seat to move.
    pub fn engine_to_move(&self) -> Option<EngineSpec> {
        // Nobody moves while a seat waits for its player, engines neither.
        if self.status.is_over() || self.open.contains(&true) {
            return None;
        }
        match self.players.get(self.position().side_to_move().index()) {
            Some(Player::Engine(spec)) => Some(spec.clone()),
            _ => None,
        }
    }

    /// The engine of the engine seat to move, made on its first move and kept for the game.
    pub fn seat_engine(&mut self, spec: &EngineSpec) -> SeatEngine {
        let index = self.position().side_to_move().index();
        if self.engines.len() <= index {
            self.engines.resize(index + 1, None);
        }
        Arc::clone(self.engines[index].get_or_insert_with(|| {
            let mut engine = AnyEngine::with_hash_mb(Player::table_mb(spec));
            // The seat's spec names no net file (`Player::parse` refuses one), so its
            // evaluation is had without reading a file and cannot fail.
            engine.set_evaluation(spec.evaluation().unwrap_or_default());
            Arc::new(Mutex::new(engine))
        }))
    }

    /// The seats still playing (the facade's `AnyGame::playing_seats`: in "Bishops" a seat
    /// leaves the long game; other games keep all their seats to the end).
    pub fn active_seats(&self) -> Vec<bool> {
        active_seats(self.position())
    }

    /// Takes the open seat `name`; returns its token.
    ///
    /// # Errors
    /// 400 for a seat the game does not have, 409 when it is not open or the game is over.
    pub fn take_seat(&mut self, name: &str, player: Option<String>) -> Result<String, Refusal> {
        let seat = self
            .seat_named(name)
            .ok_or_else(|| Refusal::BadRequest(format!("no seat {name:?} in this game")))?;
        self.ongoing()?;
        let token = match (self.open.get(seat.index()), self.tokens.get(seat.index())) {
            (Some(true), Some(Some(token))) => token.clone(),
            _ => {
                return Err(Refusal::Conflict(format!(
                    "the seat {} is not free",
                    self.seat_name(seat)
                )));
            }
        };
        self.open[seat.index()] = false;
        if player.is_some() {
            self.names[seat.index()] = player;
        }
        self.restart_clock();
        Ok(token)
    }

    /// Whether the game ended by a flag fall (the last entry; a long "Bishops" game that went on
    /// after one ends some other way).
    fn ended_by_time(&self) -> bool {
        matches!(self.log.last(), Some(LogEntry::Time(_)))
    }

    /// Whether every human seat has one and the same token (one person plays them all).
    pub fn one_token(&self) -> bool {
        let mut human = self.tokens.iter().flatten();
        match human.next() {
            Some(first) => human.all(|t| t == first),
            None => true,
        }
    }

    fn ongoing(&self) -> Result<(), Refusal> {
        match self.status {
            Status::Ongoing => Ok(()),
            Status::Win { winner, .. } if self.ended_by_time() => Err(Refusal::Conflict(format!(
                "the game is over: {} wins on time",
                self.seat_name(winner)
            ))),
            status => Err(Refusal::Conflict(format!(
                "the game is over: {}",
                status_text(status, &self.seat_names(), self.idle_seat())
            ))),
        }
    }

    /// Checks a move by the holder of `token`; returns the log entry to store.
    ///
    /// # Errors
    /// 403 when the token does not hold the seat to move, 409 when the game is over, 422 for
    /// a malformed or illegal move.
    pub fn check_move(&self, token: Option<&str>, text: &str) -> Result<LogEntry, Refusal> {
        let to_move = self.position().side_to_move();
        let holds = token.is_some_and(|t| self.seats_of(t).contains(&to_move));
        if !holds {
            return Err(Refusal::Forbidden(format!(
                "the token does not hold {}, the seat to move",
                self.seat_name(to_move)
            )));
        }
        self.ongoing()?;
        self.waiting()?;
        self.check_engine_move(text)
    }

    /// Refuses a move while a seat of the game is open: the game begins once every seat is
    /// taken (its clock does not run before either).
    fn waiting(&self) -> Result<(), Refusal> {
        let open: Vec<&str> = (0..self.seat_count())
            .filter(|&i| self.open[i])
            .map(|i| self.seat_name(Seat(i as u8)))
            .collect();
        if open.is_empty() {
            Ok(())
        } else {
            Err(Refusal::Conflict(format!(
                "waiting for an opponent: the seat {} is still open; the game begins once \
                 every seat is taken",
                open.join(", ")
            )))
        }
    }

    /// Checks a move of the seat to move (no token: the engine's own move).
    ///
    /// # Errors
    /// 409 when the game is over, 422 for a malformed or illegal move.
    pub fn check_engine_move(&self, text: &str) -> Result<LogEntry, Refusal> {
        self.ongoing()?;
        let canonical = self
            .position()
            .parse_move(text)
            .map(|mv| self.position().format_move(mv))
            .map_err(|e| Refusal::Unprocessable(self.named(e)))?;
        Ok(LogEntry::Move {
            text: canonical,
            clock: self.clock_after_move(),
        })
    }

    /// Checks an abort by a seat holder: allowed while some seat playing has not made its first
    /// move; the game then ends without a result.
    ///
    /// # Errors
    /// 403 for a token without seats, 409 when the game is over or every seat has moved.
    pub fn check_abort(&self, token: &str) -> Result<LogEntry, Refusal> {
        if self.seats_of(token).is_empty() {
            return Err(Refusal::Forbidden("the token holds no seat".to_string()));
        }
        self.ongoing()?;
        if !self.history.may_abort() {
            return Err(Refusal::Conflict(
                "every player has moved: the game can no longer be aborted (resign instead)"
                    .to_string(),
            ));
        }
        Ok(LogEntry::Abort {
            idle: Some(self.position().side_to_move()),
        })
    }

    /// Checks a resignation; `seat` chooses among the token's seats (default: the seat to move
    /// if the token holds it, else its only seat).
    ///
    /// # Errors
    /// 403 for a token without seats, 400 for an ambiguous or foreign seat, 409 when over.
    pub fn check_resign(&self, token: &str, seat: Option<&str>) -> Result<LogEntry, Refusal> {
        self.ongoing()?;
        let seat = self.acting_seat(token, seat)?;
        // A seat that has left (mated or resigned in "Bishops"' long game, B4-21) cannot
        // resign again: refused here, before the entry is stored, not by the replay after.
        if !self.position().playing_seats().contains(&seat) {
            return Err(Refusal::Conflict(format!(
                "{} is not playing any more",
                self.seat_name(seat)
            )));
        }
        Ok(LogEntry::Resign(seat))
    }

    /// The seat a request by `token` acts for.
    pub fn acting_seat(&self, token: &str, seat: Option<&str>) -> Result<Seat, Refusal> {
        let held = self.seats_of(token);
        if held.is_empty() {
            return Err(Refusal::Forbidden("the token holds no seat".to_string()));
        }
        match seat {
            Some(name) => {
                let seat = self
                    .seat_named(name)
                    .ok_or_else(|| Refusal::BadRequest(format!("no seat {name:?}")))?;
                if held.contains(&seat) {
                    Ok(seat)
                } else {
                    Err(Refusal::Forbidden(format!(
                        "the token does not hold {name}"
                    )))
                }
            }
            None => {
                let to_move = self.position().side_to_move();
                if held.contains(&to_move) {
                    Ok(to_move)
                } else {
                    Ok(held[0])
                }
            }
        }
    }

    /// How the finished game ended, for the archive (`at`: now, in ms since 1970).
    pub fn finished(&self, at: i64) -> Finished {
        let status = self.status_view();
        Finished {
            result: status.result.to_string(),
            winner: status.winner.unwrap_or_default().to_string(),
            text: status.text,
            plies: self
                .log
                .iter()
                .filter(|e| !matches!(e, LogEntry::Abort { .. }))
                .count() as u64,
            at,
        }
    }

    /// `text` (an error of the games' library) with every seat it names by number
    /// (`seat 1`) named as the game names it (`black`).
    pub fn named(&self, text: impl ToString) -> String {
        let mut text = text.to_string();
        // The highest number first, so that `seat 1` does not take the start of `seat 10`.
        for (i, name) in self.seat_names().iter().enumerate().rev() {
            text = text.replace(&format!("seat {i}"), name);
        }
        text
    }

    /// Every seat's name, in seat order.
    pub fn seat_names(&self) -> Vec<&'static str> {
        (0..self.seat_count())
            .map(|i| self.seat_name(Seat(i as u8)))
            .collect()
    }

    /// The seat that had not made its first move when the game was aborted, if it was.
    pub fn idle_seat(&self) -> Option<Seat> {
        match self.log.last() {
            Some(LogEntry::Abort { idle }) => *idle,
            _ => None,
        }
    }

    /// Checks a draw claim by the seat to move.
    ///
    /// # Errors
    /// 403 when the token does not hold the seat to move, 409 when no claim holds.
    pub fn check_claim(&self, token: &str) -> Result<LogEntry, Refusal> {
        self.ongoing()?;
        let to_move = self.position().side_to_move();
        if !self.seats_of(token).contains(&to_move) {
            return Err(Refusal::Forbidden(
                "only the seat to move can claim".to_string(),
            ));
        }
        if self.history.claimable_draw().is_none() {
            return Err(Refusal::Conflict(
                "no draw can be claimed in this position".to_string(),
            ));
        }
        Ok(LogEntry::Claim)
    }

    /// Applies an entry that was checked and stored: the record moves on and pending offers
    /// lapse.
    ///
    /// # Errors
    /// Only if the entry does not apply, which `check_*` rules out.
    pub fn commit(&mut self, entry: LogEntry) -> Result<(), Error> {
        self.apply(&entry)?;
        self.status = self.history.status();
        if self.status.is_over() {
            // The engines' tables (4 MiB each by default) serve no finished game; a take-back
            // that reopens it makes them again. Kept, they made the server's memory grow with
            // every game an engine played (the soak, `cargo xtask soak`).
            self.engines.fill(None);
        }
        self.log.push(entry);
        self.draw_offers.fill(false);
        self.undo_requests.fill(false);
        self.restart_clock();
        Ok(())
    }

    /// Rebuilds the record from the first `keep` log entries (undo).
    ///
    /// # Errors
    /// Only if the stored log does not replay.
    pub fn truncate(&mut self, keep: u64) -> Result<(), Error> {
        self.history = History::new(self.first_position()?);
        let log: Vec<LogEntry> = self.log.drain(..).take(keep as usize).collect();
        if let Some(clocks) = &mut self.clocks {
            clocks.left.fill(clocks.initial);
        }
        self.hashes.clear();
        self.before_last = None;
        self.replay(&log)?;
        self.draw_offers.fill(false);
        self.undo_requests.fill(false);
        self.engine_reply = None;
        Ok(())
    }

    /// The game as it was after its first `ply` log entries, for showing a past position: the
    /// record, the last move's marks, the clocks as they were left (none running), no pending
    /// offers; the current room is not touched.
    ///
    /// # Errors
    /// Only if the stored log does not replay (`ply` beyond the log replays all of it).
    pub fn at_ply(&self, ply: usize) -> Result<Room, Error> {
        let seats = self.seat_count();
        let mut past = Room {
            id: self.id.clone(),
            game: self.game.clone(),
            config: self.config.clone(),
            players: self.players.clone(),
            tokens: self.tokens.clone(),
            start: self.start.clone(),
            history: History::new(self.first_position()?),
            log: Vec::new(),
            draw_offers: vec![false; seats],
            undo_requests: vec![false; seats],
            engine_reply: None,
            before_last: None,
            hashes: Vec::new(),
            listed: self.listed,
            open: self.open.clone(),
            clocks: self.clocks.as_ref().map(|c| Clocks {
                initial: c.initial,
                increment: c.increment,
                left: vec![c.initial; seats],
                running: None,
                held: vec![false; seats],
                first_move_limit: c.first_move_limit,
                first_move_wait: None,
            }),
            thinking: None,
            engines: vec![None; seats],
            status: Status::Ongoing,
            rematch_requests: vec![false; seats],
            rematch: None,
            names: self.names.clone(),
            created: self.created,
        };
        past.replay(&self.log[..ply.min(self.log.len())])?;
        if let Some(clocks) = &mut past.clocks {
            clocks.running = None;
        }
        Ok(past)
    }
}

/// The start position of the game `name` in configuration `config`: the game's own, or the
/// position `start` when the game was created from one (non-empty).
///
/// # Errors
/// Unknown game, bad configuration, or a position text that cannot be read.
pub fn first_position(name: &str, config: &str, start: &str) -> Result<AnyGame, Error> {
    Ok(if start.is_empty() {
        variant_games::new_game(name, config)?
    } else {
        variant_games::from_text(name, config, start)?
    })
}

/// The seats still playing in `position`, one flag a seat (see [`Room::active_seats`]).
pub fn active_seats(position: &AnyGame) -> Vec<bool> {
    let playing = position.playing_seats();
    (0..position.seat_count())
        .map(|i| playing.contains(&Seat(i as u8)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new game of `game` between people, one seat each.
    fn room(game: &str) -> Room {
        let seats = variant_games::new_game(game, "").unwrap().seat_count();
        Room::new(&Setup {
            id: "t".into(),
            game: game.into(),
            config: String::new(),
            players: vec![Player::Human; seats],
            tokens: (0..seats).map(|i| Some(format!("t{i}"))).collect(),
            start: String::new(),
            listed: false,
            open: vec![false; seats],
            clock: None,
            names: vec![None; seats],
            rematch_requests: Vec::new(),
            rematch: None,
            created: 0,
        })
        .unwrap()
    }

    // B4-1: the seats of "Bishops" in seat order are White, Grey, Black and Pink.
    #[test]
    fn errors_of_the_library_name_seats_by_name() {
        let four = room("bishops4p");
        assert_eq!(four.seat_names(), ["white", "grey", "black", "pink"]);
        assert_eq!(
            four.named("seat 1 is not playing any more"),
            "grey is not playing any more"
        );
        assert_eq!(
            four.named("seat 3 wins (checkmate); seat 0 resigned"),
            "pink wins (checkmate); white resigned"
        );
        // Text without a seat number is kept as it is.
        assert_eq!(four.named("no legal move"), "no legal move");
    }

    /// B4-21: in the long game of "Bishops" a player who resigns leaves and the others play
    /// on; that seat resigning again is a refusal (409) that changes nothing — the server
    /// answered 500 after storing an entry its own replay refuses (found by the web_api fuzz
    /// target; docs/rules/bishops4p.md §9).
    #[test]
    fn b4_21_a_seat_that_left_cannot_resign_again() {
        let server = crate::web_testing::Server::new().unwrap();
        let (status, body) = server.request(
            "POST",
            "/api/games",
            br#"{"game": "bishops4p", "config": "mode=long", "one_token": true}"#,
        );
        assert_eq!(status, 201, "{body}");
        let created: serde_json::Value = serde_json::from_str(&body).unwrap();
        let id = created["id"].as_str().unwrap();
        let token = created["tokens"]["black"].as_str().unwrap();
        let resign = format!(r#"{{"token": "{token}", "seat": "black"}}"#);
        let path = format!("/api/games/{id}/resign");
        let (status, body) = server.request("POST", &path, resign.as_bytes());
        assert_eq!(status, 200, "black resigns and leaves: {body}");
        let state = server.request("GET", &format!("/api/games/{id}"), b"");
        let (status, body) = server.request("POST", &path, resign.as_bytes());
        assert_eq!(status, 409, "{body}");
        assert!(body.contains("black is not playing any more"), "{body}");
        assert_eq!(
            server.request("GET", &format!("/api/games/{id}"), b""),
            state
        );
        // The record still loads and ends at the game's position.
        let (status, record) = server.request("GET", &format!("/api/games/{id}/record"), b"");
        assert_eq!(status, 200, "{record}");
        let history = variant_games::history_from_json(&record).unwrap();
        let state: serde_json::Value = serde_json::from_str(&state.1).unwrap();
        assert_eq!(
            serde_json::json!(history.position().to_text()),
            state["position"]
        );
    }
}
