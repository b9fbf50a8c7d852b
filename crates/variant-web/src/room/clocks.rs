//! A game's clocks (Fischer increment), the wait for the first moves, and the engine's
//! thinking time under a clock.

use super::{LogEntry, MAX_MOVETIME, Player, Room};
use std::time::{Duration, Instant};
use variant_engine::Limits;
use variant_games::{Game, Seat};
use variant_match::EngineSpec;

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

impl Room {
    /// Whether the clocks run: the game has a time control, is not over, no seat is open, and
    /// every seat playing has made its first move (as on lichess: the first moves are free, so
    /// a player who opens the link late does not lose on time before the game begins; until
    /// then the game can be aborted).
    pub(super) fn clock_runs(&self) -> bool {
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
    pub(super) fn first_move_due(&self) -> bool {
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
            return Some(LogEntry::Abort {
                idle: Some(self.position().side_to_move()),
            });
        }
        let (seat, _) = self.clocks.as_ref()?.running?;
        let left = self.clocks_at(now)?;
        (left.get(seat.index()) == Some(&0)).then_some(LogEntry::Time(seat))
    }

    /// The mover's clock after a move made now (increment included); `None` without clocks.
    pub(super) fn clock_after_move(&self) -> Option<u64> {
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
    pub fn engine_limits(&self, spec: &EngineSpec) -> Limits {
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
}
