//! One game on the server: its record, who plays each seat, the seats' tokens, pending draw
//! offers and undo requests, and the state as the API shows it.

use crate::error::Error;
use crate::store::{Finished, GameRow, LogEntry};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use variant_engine::AnyEngine;
use variant_engine::Limits;
use variant_engine::nnue::EvalChoice;
use variant_games::{AnyGame, Game, History, Seat, Status, WinReason};
use variant_match::{EngineSpec, PlayerSpec};

/// One engine seat's engine, kept for the whole game (its table and what it learnt); shared
/// with the background search that uses it.
pub type SeatEngine = Arc<Mutex<AnyEngine>>;

/// A game's clocks (Fischer increment): every seat's time left as of its last move, and when
/// the turn in progress began.
#[derive(Clone, Debug)]
pub struct Clocks {
    /// Milliseconds every seat starts with.
    pub initial: u64,
    /// Milliseconds added to the mover's clock after each of its moves.
    pub increment: u64,
    /// Each seat's milliseconds left, not counting the turn in progress.
    pub left: Vec<u64>,
    /// The seat whose clock runs and since when (`None`: no clock runs).
    pub running: Option<(Seat, Instant)>,
    /// Which human seats a page holding the seat's token has opened (its event stream) since
    /// the server started: the wait for the first moves begins when every one has.
    pub held: Vec<bool>,
    /// How long the seat to move has for its first move, once every seat is held, before
    /// the game is aborted.
    pub first_move_limit: Duration,
    /// The seat that is to make its first move and since when it waits (`None`: no wait).
    pub first_move_wait: Option<(Seat, Instant)>,
}

/// The default of [`Clocks::first_move_limit`] (`variants serve --first-move-seconds`).
pub const FIRST_MOVE_LIMIT: Duration = Duration::from_secs(30);

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person with the seat's token.
    Human,
    /// The workspace's engine with the limits and table size of its spec (the players
    /// library's `engine[:depth=N,movetime=MS,nodes=N,hash=MB]`).
    Engine(EngineSpec),
}

/// The engine's thinking time a move when its spec names no limit, in milliseconds (a plain
/// `engine` seat has always thought this long on the server).
pub const DEFAULT_MOVETIME: u64 = 1000;
/// The engine's largest thinking time a move, in milliseconds: a bound for every engine
/// seat, also one limited by depth or nodes only (a worker thread is held while it thinks).
pub const MAX_MOVETIME: u64 = 60_000;
/// The engine's transposition table when the spec names none, in MiB (the server keeps one
/// table a seat for the whole game, many games at once, so it is small).
pub const DEFAULT_HASH_MB: usize = 4;
/// The largest table a seat may ask for, in MiB.
pub const MAX_HASH_MB: usize = 64;

/// What the server's seats can be, for its error messages.
const SEAT_GRAMMAR: &str = "human or engine[:depth=N,movetime=MS,nodes=N,hash=MB]";

impl Player {
    /// Reads a player spec of the players library (`variant_match::PlayerSpec`) that the
    /// server can serve: `human` or `engine[:depth=N,movetime=MS,nodes=N,hash=MB]`. A plain
    /// `engine` (no depth, movetime or nodes) thinks [`DEFAULT_MOVETIME`] ms a move, and
    /// without `hash` the table has [`DEFAULT_HASH_MB`] MiB.
    ///
    /// # Errors
    /// A spec the library does not read; `uci:` (the server starts no programs); `random`
    /// and `greedy` (not served); a movetime above [`MAX_MOVETIME`] or a hash above
    /// [`MAX_HASH_MB`].
    pub fn parse(text: &str) -> Result<Player, String> {
        let spec = PlayerSpec::parse(text).map_err(|e| e.to_string())?;
        match spec {
            PlayerSpec::Human => Ok(Player::Human),
            PlayerSpec::Engine(engine) => {
                // `eval=PATH` would read a file of the server's machine named by a client:
                // only the evaluations the server has are offered, and the spec is refused
                // before any file is read.
                if let Some(EvalChoice::File(_)) = engine.eval {
                    return Err(format!(
                        "player {text:?}: eval= must be classic or default on this server"
                    ));
                }
                let mut engine =
                    engine.or_limits(Limits::movetime(Duration::from_millis(DEFAULT_MOVETIME)));
                // The server's form names no table of the server's own default size.
                if engine.hash_mb == Some(DEFAULT_HASH_MB) {
                    engine.hash_mb = None;
                }
                if engine
                    .limits
                    .movetime
                    .is_some_and(|t| t > Duration::from_millis(MAX_MOVETIME))
                {
                    return Err(format!(
                        "player {text:?}: movetime must be 1 to {MAX_MOVETIME} milliseconds"
                    ));
                }
                if engine.hash_mb.is_some_and(|mb| mb > MAX_HASH_MB) {
                    return Err(format!(
                        "player {text:?}: hash must be 1 to {MAX_HASH_MB} MiB on this server"
                    ));
                }
                Ok(Player::Engine(engine))
            }
            PlayerSpec::Uci(_) => Err(format!(
                "player {text:?}: this server does not start programs (uci:…); \
                 a seat is {SEAT_GRAMMAR}"
            )),
            PlayerSpec::Random | PlayerSpec::Greedy => Err(format!(
                "player {text:?}: this server does not seat random or greedy players; \
                 a seat is {SEAT_GRAMMAR}"
            )),
        }
    }

    /// The text form `parse` reads back to the same player: the players library's text of
    /// the spec in the server's form (with the server's time limit when the spec gave none,
    /// without a table of the server's default size).
    pub fn text(&self) -> String {
        match self {
            Player::Human => PlayerSpec::Human.to_string(),
            Player::Engine(engine) => PlayerSpec::Engine(engine.clone()).to_string(),
        }
    }

    /// The engine seat's transposition table in MiB: the spec's `hash`, else the server's
    /// [`DEFAULT_HASH_MB`].
    pub fn table_mb(engine: &EngineSpec) -> usize {
        engine.hash_mb.unwrap_or(DEFAULT_HASH_MB)
    }
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
}

impl Room {
    /// A new game from its creation record, checked.
    ///
    /// # Errors
    /// Unknown game, bad configuration, or an impossible players or tokens list.
    pub fn new(row: &GameRow) -> Result<Room, Error> {
        let game = first_position(&row.game, &row.config, &row.start)?;
        let seats = game.seat_count();
        let players = row
            .players
            .iter()
            .map(|p| Player::parse(p).map_err(Error::Server))
            .collect::<Result<Vec<_>, _>>()?;
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
        })
        .map(|mut room| {
            room.status = room.history.status();
            room.restart_clock();
            room
        })
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
        match entry.kind.as_str() {
            "move" => {
                let before = self.position().clone();
                let mover = before.side_to_move();
                self.history.play_text(&entry.arg)?;
                if let (Some(clocks), Some(left)) = (&mut self.clocks, entry.clock)
                    && let Some(slot) = clocks.left.get_mut(mover.index())
                {
                    *slot = left;
                }
                self.hashes.push(before.zobrist());
                self.before_last = Some(before);
                Ok(())
            }
            "resign" | "time" => {
                let seat = self.seat_by_number(&entry.arg)?;
                self.history.resign(seat)?;
                self.before_last = None;
                if entry.kind == "time"
                    && let Some(clocks) = &mut self.clocks
                    && let Some(slot) = clocks.left.get_mut(seat.index())
                {
                    *slot = 0;
                }
                Ok(())
            }
            "agree" => Ok(self.history.agree_draw()?),
            "abort" => {
                self.history.abort()?;
                self.before_last = None;
                Ok(())
            }
            "claim" => Ok(self.history.claim_draw().map(|_| ())?),
            other => Err(Error::Server(format!("unknown log entry kind {other:?}"))),
        }
    }

    fn seat_by_number(&self, text: &str) -> Result<Seat, Error> {
        text.parse::<u8>()
            .ok()
            .filter(|&n| usize::from(n) < self.seat_count())
            .map(Seat)
            .ok_or_else(|| Error::Server(format!("no seat number {text:?}")))
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

    /// Whether the clocks run: the game has a time control, is not over, no seat is open, and
    /// every seat playing has made its first move (as on lichess: the first moves are free, so
    /// a player who opens the link late does not lose on time before the game begins; until
    /// then the game can be aborted).
    fn clock_runs(&self) -> bool {
        self.clocks.is_some()
            && !self.status.is_over()
            && !self.open.contains(&true)
            && !self.history.may_abort()
    }

    /// Starts the clock of the seat to move if it should run and does not (a new turn, the
    /// last open seat taken, a restart), stops it when the clocks should not run.
    pub fn restart_clock(&mut self) {
        let runs = self.clock_runs();
        let to_move = self.position().side_to_move();
        let waits = self.first_move_due();
        if let Some(clocks) = &mut self.clocks {
            clocks.first_move_wait = match clocks.first_move_wait {
                Some((seat, since)) if waits && seat == to_move => Some((seat, since)),
                _ if waits => Some((to_move, Instant::now())),
                _ => None,
            };
            clocks.running = match clocks.running {
                Some((seat, since)) if runs && seat == to_move => Some((seat, since)),
                _ if runs => Some((to_move, Instant::now())),
                _ => None,
            };
        }
    }

    /// Whether the seat to move owes its first move against [`Clocks::first_move_limit`]: the
    /// game has a clock, is not over, no seat is open, some seat has not made its first move
    /// (the game may be aborted), and every human seat is held by a page.
    fn first_move_due(&self) -> bool {
        let Some(clocks) = &self.clocks else {
            return false;
        };
        !self.status.is_over()
            && !self.open.contains(&true)
            && self.history.may_abort()
            && self
                .players
                .iter()
                .zip(&clocks.held)
                .all(|(player, held)| *held || !matches!(player, Player::Human))
    }

    /// Marks `seats` held by a page (their token's event stream opened): the wait for the first
    /// moves starts once every human seat is. Whether a seat was not held before (the state
    /// changed); games without a clock keep no such mark.
    pub fn hold(&mut self, seats: &[Seat]) -> bool {
        let Some(clocks) = &mut self.clocks else {
            return false;
        };
        let mut changed = false;
        for seat in seats {
            if let Some(held) = clocks.held.get_mut(seat.index()) {
                changed |= !*held;
                *held = true;
            }
        }
        if changed {
            self.restart_clock();
        }
        changed
    }

    /// Milliseconds the seat to move has left for its first move at `now`, while it waits.
    pub fn first_move_left(&self, now: Instant) -> Option<u64> {
        let clocks = self.clocks.as_ref()?;
        let (_, since) = clocks.first_move_wait?;
        let spent = now.saturating_duration_since(since);
        Some(clocks.first_move_limit.saturating_sub(spent).as_millis() as u64)
    }

    /// Every seat's milliseconds left at `now` (the running clock counted down, never below 0).
    pub fn clocks_at(&self, now: Instant) -> Option<Vec<u64>> {
        let clocks = self.clocks.as_ref()?;
        let mut left = clocks.left.clone();
        if let Some((seat, since)) = clocks.running
            && let Some(slot) = left.get_mut(seat.index())
        {
            let spent = now.saturating_duration_since(since).as_millis() as u64;
            *slot = slot.saturating_sub(spent);
        }
        Some(left)
    }

    /// When the running clock reaches zero, or the first move waited for is due, if either.
    pub fn deadline(&self) -> Option<Instant> {
        let clocks = self.clocks.as_ref()?;
        let flag = clocks.running.and_then(|(seat, since)| {
            let left = clocks.left.get(seat.index())?;
            Some(since + Duration::from_millis(*left))
        });
        let abort = clocks
            .first_move_wait
            .map(|(_, since)| since + clocks.first_move_limit);
        match (flag, abort) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// What the clocks end now: a flag fall if the running clock is at zero, an abort if the
    /// seat to move let its first move's time pass.
    pub fn fallen_flag(&self, now: Instant) -> Option<LogEntry> {
        if self.first_move_left(now) == Some(0) {
            return Some(LogEntry {
                kind: "abort".to_string(),
                arg: String::new(),
                clock: None,
            });
        }
        let (seat, _) = self.clocks.as_ref()?.running?;
        let left = self.clocks_at(now)?;
        (left.get(seat.index()) == Some(&0)).then(|| LogEntry {
            kind: "time".to_string(),
            arg: seat.0.to_string(),
            clock: None,
        })
    }

    /// The mover's clock after a move made now (increment included); `None` without clocks.
    fn clock_after_move(&self) -> Option<u64> {
        let clocks = self.clocks.as_ref()?;
        let mover = self.position().side_to_move();
        let left = self.clocks_at(Instant::now())?;
        // The increment comes with a move the clock ran for; the free first moves take none.
        let increment = if clocks.running.is_some() {
            clocks.increment
        } else {
            0
        };
        Some(left.get(mover.index()).copied().unwrap_or(0) + increment)
    }

    /// The engine's limits for a move: its spec's, with the thinking time its `movetime`
    /// (at most [`MAX_MOVETIME`]), and at most a twentieth of its clock when it has one.
    pub fn engine_limits(&self, spec: &EngineSpec) -> variant_engine::Limits {
        let movetime = spec
            .limits
            .movetime
            .map_or(MAX_MOVETIME, |t| t.as_millis() as u64);
        let mut limits = spec.limits;
        limits.movetime = Some(Duration::from_millis(self.engine_time(movetime)));
        limits
    }

    /// The engine's thinking time for a move: its `movetime`, and at most a twentieth of its
    /// clock when it has one.
    pub fn engine_time(&self, movetime: u64) -> u64 {
        let seat = self.position().side_to_move();
        match self.clocks_at(Instant::now()) {
            Some(left) => movetime
                .min(left.get(seat.index()).copied().unwrap_or(0) / 20)
                .max(1),
            None => movetime,
        }
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
        self.log.last().is_some_and(|e| e.kind == "time")
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
            status => Err(Refusal::Conflict(format!("the game is over: {status}"))),
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
            .map_err(|e| Refusal::Unprocessable(e.to_string()))?;
        Ok(LogEntry {
            kind: "move".to_string(),
            arg: canonical,
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
        Ok(LogEntry {
            kind: "abort".to_string(),
            arg: String::new(),
            clock: None,
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
        Ok(LogEntry {
            kind: "resign".to_string(),
            arg: seat.0.to_string(),
            clock: None,
        })
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

    /// Records a draw offer of `token`'s seats; returns the entry to store when every human
    /// seat has agreed (engines never agree), else `None`.
    ///
    /// # Errors
    /// 403 for a token without seats, 409 when the game is over.
    pub fn offer_draw(&mut self, token: &str) -> Result<Option<LogEntry>, Refusal> {
        self.ongoing()?;
        let held = self.seats_of(token);
        if held.is_empty() {
            return Err(Refusal::Forbidden("the token holds no seat".to_string()));
        }
        if self.players.iter().any(|p| *p != Player::Human) {
            return Err(Refusal::Conflict(
                "the engine does not agree to draws".to_string(),
            ));
        }
        for seat in held {
            self.draw_offers[seat.index()] = true;
        }
        let active = self.active_seats();
        let all = self
            .draw_offers
            .iter()
            .zip(&active)
            .all(|(&offered, &playing)| offered || !playing);
        Ok(all.then(|| LogEntry {
            kind: "agree".to_string(),
            arg: String::new(),
            clock: None,
        }))
    }

    /// Records an undo request; returns how many log entries to keep when every human seat has
    /// asked (or one token holds every human seat), else `None`. Taking back goes back past
    /// engine replies to the last position where a human was to move.
    ///
    /// A finished game (mate, resignation, flag fall, agreed draw…) is not taken back: its
    /// result stands, as it does over the board.
    ///
    /// # Errors
    /// 403 for a token without seats, 409 when the game is over or there is nothing to take
    /// back.
    pub fn request_undo(&mut self, token: &str) -> Result<Option<u64>, Refusal> {
        let held = self.seats_of(token);
        if held.is_empty() {
            return Err(Refusal::Forbidden("the token holds no seat".to_string()));
        }
        if self.status.is_over() {
            return Err(Refusal::Conflict(
                "the game is over: a finished game is not taken back".to_string(),
            ));
        }
        let keep = self.undo_target().ok_or_else(|| {
            Refusal::Conflict("nothing to take back: no human move yet".to_string())
        })?;
        for seat in held {
            self.undo_requests[seat.index()] = true;
        }
        let active = self.active_seats();
        let all = self
            .tokens
            .iter()
            .zip(&self.undo_requests)
            .zip(&active)
            .all(|((t, &asked), &playing)| t.is_none() || asked || !playing);
        Ok(all.then_some(keep))
    }

    /// The log length to go back to: before the last entry made by a human seat (a move
    /// whose mover was human, or any ending).
    fn undo_target(&self) -> Option<u64> {
        // The mover of entry i is the seat to move before it; replaying to find it would be
        // slow, so the movers are recomputed from a fresh replay only of the tail we need.
        let mut game = History::new(self.first_position().ok()?);
        let mut last_human = None;
        for (i, entry) in self.log.iter().enumerate() {
            let mover = game.position().side_to_move();
            let human =
                entry.kind != "move" || self.players.get(mover.index()) == Some(&Player::Human);
            if human {
                last_human = Some(i as u64);
            }
            let applied = match entry.kind.as_str() {
                "move" => game.play_text(&entry.arg).map(|_| ()),
                "resign" | "time" => {
                    let seat = self.seat_by_number(&entry.arg).ok()?;
                    game.resign(seat).map(|_| ())
                }
                "agree" => game.agree_draw(),
                "abort" => game.abort(),
                "claim" => game.claim_draw().map(|_| ()),
                _ => return None,
            };
            applied.ok()?;
        }
        last_human
    }

    /// Records a rematch request of `token`'s seats; answers whether every human seat has now
    /// asked (at once when one token holds them all, or for one person against engines).
    ///
    /// # Errors
    /// 403 for a token without seats; 409 while the game is on, or when a seat was never
    /// taken.
    pub fn request_rematch(&mut self, token: &str) -> Result<bool, Refusal> {
        let held = self.seats_of(token);
        if held.is_empty() {
            return Err(Refusal::Forbidden("the token holds no seat".to_string()));
        }
        if !self.status.is_over() {
            return Err(Refusal::Conflict(
                "the game is not over: a rematch follows a finished game".to_string(),
            ));
        }
        if self.open.contains(&true) {
            return Err(Refusal::Conflict(
                "a seat of this game was never taken: create a new game instead".to_string(),
            ));
        }
        for seat in held {
            self.rematch_requests[seat.index()] = true;
        }
        Ok(self
            .tokens
            .iter()
            .zip(&self.rematch_requests)
            .all(|(t, &asked)| t.is_none() || asked))
    }

    /// Where each seat's player sits in the rematch: the seats that play from the start
    /// rotate by one (two players swap colours; in "Bishops" each player takes the next
    /// seat), the others stay. One entry per seat: the seat index in the rematch.
    pub fn rematch_seats(&self) -> Vec<usize> {
        let playing = self
            .first_position()
            .map(|p| active_seats(&p))
            .unwrap_or_else(|_| vec![true; self.seat_count()]);
        let order: Vec<usize> = (0..playing.len()).filter(|&i| playing[i]).collect();
        let mut to: Vec<usize> = (0..playing.len()).collect();
        for (k, &i) in order.iter().enumerate() {
            to[i] = order[(k + 1) % order.len()];
        }
        to
    }

    /// The creation record of the rematch, with the id `id`: the same game, configuration,
    /// start position and clock; every player (and their token) in the seat
    /// [`Room::rematch_seats`] gives; not listed, no seat open.
    pub fn rematch_row(&self, id: String) -> GameRow {
        let to = self.rematch_seats();
        let mut players = vec![String::new(); to.len()];
        let mut tokens = vec![None; to.len()];
        let mut names = vec![None; to.len()];
        for (i, &j) in to.iter().enumerate() {
            players[j] = self.players[i].text();
            tokens[j] = self.tokens[i].clone();
            names[j] = self.names.get(i).cloned().flatten();
        }
        GameRow {
            id,
            game: self.game.clone(),
            config: self.config.clone(),
            players,
            tokens,
            start: self.start.clone(),
            listed: false,
            open: vec![false; to.len()],
            clock: self.clocks.as_ref().map(|c| (c.initial, c.increment)),
            names,
            rematch_requests: Vec::new(),
            rematch: None,
        }
    }

    /// How the finished game ended, for the archive (`at`: now, in ms since 1970).
    pub fn finished(&self, at: i64) -> Finished {
        let names: Vec<&str> = (0..self.seat_count())
            .map(|i| self.seat_name(Seat(i as u8)))
            .collect();
        let status = status_json(self.status, &names, self.ended_by_time());
        let text = |key: &str| status[key].as_str().unwrap_or("").to_string();
        Finished {
            result: text("result"),
            winner: text("winner"),
            text: text("text"),
            plies: self.log.len() as u64,
            at,
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
        Ok(LogEntry {
            kind: "claim".to_string(),
            arg: String::new(),
            clock: None,
        })
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
        };
        past.replay(&self.log[..ply.min(self.log.len())])?;
        if let Some(clocks) = &mut past.clocks {
            clocks.running = None;
        }
        Ok(past)
    }

    /// The state as the API shows it.
    pub fn state(&self) -> Value {
        let game = self.position();
        let status = self.status;
        let seat_names: Vec<&str> = (0..self.seat_count())
            .map(|i| self.seat_name(Seat(i as u8)))
            .collect();
        let moves = if status.is_over() {
            Vec::new()
        } else {
            game.legal_move_texts()
        };
        let players: serde_json::Map<String, Value> = seat_names
            .iter()
            .zip(&self.players)
            .map(|(name, p)| (name.to_string(), Value::String(p.text())))
            .collect();
        let flags = |v: &[bool]| -> Vec<&str> {
            v.iter()
                .zip(&seat_names)
                .filter(|(b, _)| **b)
                .map(|(_, n)| *n)
                .collect()
        };
        json!({
            "id": self.id,
            "game": self.game,
            "config": self.config,
            "start": (!self.start.is_empty()).then_some(&self.start),
            "position": game.to_text(),
            "to_move": seat_names.get(game.side_to_move().index()),
            "seats": seat_names,
            "players": players,
            "moves": moves,
            "status": status_json(status, &seat_names, self.ended_by_time()),
            "history": self.history.action_texts(),
            "ply": self.log.len(),
            "claimable": self.history.claimable_draw().map(|r| r.to_string()),
            "abortable": self.history.may_abort(),
            "first_move_ms": self.first_move_left(Instant::now()),
            "records": record_formats(&self.history),
            "rematch_requests": flags(&self.rematch_requests),
            "rematch": self.rematch.as_ref().map(|id| {
                let to = self.rematch_seats();
                let seats: serde_json::Map<String, Value> = seat_names
                    .iter()
                    .zip(&to)
                    .map(|(name, &j)| (name.to_string(), json!(seat_names.get(j))))
                    .collect();
                json!({"id": id, "seats": seats})
            }),
            "san": san_texts(&self.history),
            "draw_offers": flags(&self.draw_offers),
            "undo_requests": flags(&self.undo_requests),
            "engine_reply": self.engine_reply.as_ref().map(|(seat, mv)| json!({
                "seat": self.seat_name(*seat), "move": mv
            })),
            "one_token": self.one_token(),
            "listed": self.listed,
            "free_seats": flags(&self.open),
            "names": seat_names
                .iter()
                .zip(&self.names)
                .map(|(name, n)| (name.to_string(), json!(n)))
                .collect::<serde_json::Map<_, _>>(),
            "clock": self.clocks.as_ref().map(|c| json!({
                "initial_ms": c.initial,
                "increment_ms": c.increment,
                "running": c.running.map(|(seat, _)| self.seat_name(seat)),
            })),
            "clocks": self.clocks_at(Instant::now()).map(|left| {
                seat_names
                    .iter()
                    .zip(left)
                    .map(|(name, ms)| (name.to_string(), json!(ms)))
                    .collect::<serde_json::Map<_, _>>()
            }),
            "thinking": self.thinking.map(|seat| self.seat_name(seat)),
            "view": serde_json::to_value(variant_games::page::describe(game)).unwrap_or(Value::Null),
            "instance": crate::instance(),
        })
    }
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

/// The game's moves in SAN (`e4`, `Nxe5`, `O-O`, `Qh4#`), one for each entry of the state's
/// `history`, for a game that has a PGN form (FIDE chess: chess3d at one height); `None`
/// (`null` in the state) for every other game. An entry that is no move keeps its text.
fn san_texts(history: &History<AnyGame>) -> Option<Vec<String>> {
    variant_games::history_san(history)
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

/// A status as JSON: `{"result": "ongoing"|"win"|"draw", "winner", "reason", "reason_id",
/// "rule", "text"}` (`rule`: the rule id of a reason of the game's own, else empty); a win by
/// the resignation a flag fall was recorded as has the reason `time`.
fn status_json(status: Status, seat_names: &[&str], by_time: bool) -> Value {
    match status {
        Status::Ongoing => json!({"result": "ongoing", "text": "ongoing"}),
        Status::Win {
            winner,
            reason: WinReason::Resignation,
        } if by_time => json!({
            "result": "win",
            "winner": seat_names.get(winner.index()),
            "reason": "time",
            "reason_id": "time",
            "rule": "",
            "text": format!("{} wins (time)", seat_names.get(winner.index()).unwrap_or(&"?")),
        }),
        Status::Win { winner, reason } => json!({
            "result": "win",
            "winner": seat_names.get(winner.index()),
            "reason": reason.to_string(),
            "reason_id": reason.id(),
            "rule": reason.rule(),
            "text": format!("{} wins ({reason})", seat_names.get(winner.index()).unwrap_or(&"?")),
        }),
        Status::Aborted => json!({
            "result": "aborted",
            "reason": "aborted",
            "reason_id": "aborted",
            "rule": "",
            "text": "aborted",
        }),
        Status::Draw { reason } => json!({
            "result": "draw",
            "reason": reason.to_string(),
            "reason_id": reason.id(),
            "rule": reason.rule(),
            "text": format!("draw ({reason})"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_names_no_file_of_the_server() {
        // Refused before any file is read: a missing file and an existing one that is no net
        // get the same answer.
        for text in ["engine:eval=no/such.vnet", "engine:depth=2,eval=Cargo.toml"] {
            let e = Player::parse(text).unwrap_err();
            assert!(
                e.contains("eval= must be classic or default"),
                "{text}: {e}"
            );
        }
        for text in ["engine:eval=classic", "engine:eval=default", "engine:eval="] {
            assert!(Player::parse(text).is_ok(), "{text}");
        }
    }

    #[test]
    fn the_servers_form_of_a_seat() {
        let shown = |text: &str| Player::parse(text).unwrap().text();
        assert_eq!(shown("human"), "human");
        assert_eq!(shown("engine"), "engine:movetime=1000");
        assert_eq!(shown("engine:hash=4"), "engine:movetime=1000");
        assert_eq!(shown("engine:hash=8,depth=2"), "engine:depth=2,hash=8");
        assert_eq!(
            shown("engine:eval=classic,nodes=9"),
            "engine:nodes=9,eval=classic"
        );
        for text in ["engine", "engine:hash=8,depth=2", "engine:eval=classic"] {
            let player = Player::parse(text).unwrap();
            assert_eq!(Player::parse(&player.text()).unwrap(), player, "{text}");
        }
        let Player::Engine(plain) = Player::parse("engine").unwrap() else {
            panic!("an engine")
        };
        assert_eq!(Player::table_mb(&plain), DEFAULT_HASH_MB);
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

    #[test]
    fn seats_over_the_servers_bounds_are_refused() {
        for (text, why) in [
            ("engine:movetime=60001", "movetime must be 1 to 60000"),
            ("engine:hash=65", "hash must be 1 to 64 MiB"),
            ("uci:./e", "does not start programs"),
            ("greedy", "does not seat random or greedy"),
        ] {
            let e = Player::parse(text).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
