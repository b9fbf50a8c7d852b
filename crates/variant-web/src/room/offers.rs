//! What the seats ask of each other: draw offers, take-backs and rematches, each done once
//! every seat still playing (or every human seat) has asked.

use super::{LogEntry, Player, Refusal, Room, Setup, active_seats};
use variant_games::{Game, History};

impl Room {
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
        Ok(all.then_some(LogEntry::Agree))
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
            let human = !matches!(entry, LogEntry::Move { .. })
                || self.players.get(mover.index()) == Some(&Player::Human);
            if human {
                last_human = Some(i as u64);
            }
            let applied = match entry {
                LogEntry::Move { text, .. } => game.play_text(text).map(|_| ()),
                LogEntry::Resign(seat) | LogEntry::Time(seat) => {
                    self.known_seat(*seat).ok()?;
                    game.resign(*seat).map(|_| ())
                }
                LogEntry::Agree => game.agree_draw(),
                LogEntry::Abort { .. } => game.abort(),
                LogEntry::Claim => game.claim_draw().map(|_| ()),
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

    /// The setup of the rematch, with the id `id`, made at `created`: the same game,
    /// configuration, start position and clock; every player (and their token) in the seat
    /// [`Room::rematch_seats`] gives; not listed, no seat open.
    pub fn rematch_setup(&self, id: String, created: i64) -> Setup {
        let to = self.rematch_seats();
        let mut players = vec![Player::Human; to.len()];
        let mut tokens = vec![None; to.len()];
        let mut names = vec![None; to.len()];
        for (i, &j) in to.iter().enumerate() {
            players[j] = self.players[i].clone();
            tokens[j] = self.tokens[i].clone();
            names[j] = self.names.get(i).cloned().flatten();
        }
        Setup {
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
            created,
        }
    }
}
