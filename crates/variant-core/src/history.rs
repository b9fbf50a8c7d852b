//! The game record: the moves played from a start position, undo, repetition counting, draw
//! claims, resignation and draw by agreement.

use crate::{ActionError, DrawReason, Error, Game, MoveError, Seat, Status};
use serde::{Deserialize, Serialize};

/// One step of a game record: a move, or a resignation after which the game went on (a player
/// leaving a multi-player game).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action<M> {
    /// A move.
    Move(M),
    /// A resignation by the seat that did not end the game.
    Resignation(Seat),
}

/// How a game ended other than by the position itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Ending {
    /// The seat resigned and the game ended.
    Resignation(Seat),
    /// The players agreed a draw.
    Agreement,
    /// A draw was claimed for the reason.
    Claim(DrawReason),
}

/// A game in progress or finished: its start, every action since, and how it ended.
///
/// The history keeps every position (copy-make), so [`History::undo`] is exact and cheap.
#[derive(Clone, Debug)]
pub struct History<G: Game> {
    positions: Vec<G>,
    actions: Vec<Action<G::Move>>,
    ending: Option<(Ending, Status)>,
}

impl<G: Game> History<G> {
    /// A record starting at `start`.
    pub fn new(start: G) -> Self {
        History {
            positions: vec![start],
            actions: Vec::new(),
            ending: None,
        }
    }

    /// The same record over another game type: every position and move converted (e.g. a
    /// typed game's record into the record of a game chosen at run time).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, History};
    /// # use variant_core::doc_game::Nim;
    /// let mut history = History::new(Nim::default());
    /// history.play(2).unwrap();
    /// let same = history.clone().map(|p| p, |m| m);
    /// assert_eq!(same.action_texts(), ["2"]);
    /// ```
    pub fn map<H: Game>(
        self,
        position: impl Fn(G) -> H,
        mv: impl Fn(G::Move) -> H::Move,
    ) -> History<H> {
        History {
            positions: self.positions.into_iter().map(position).collect(),
            actions: self
                .actions
                .into_iter()
                .map(|a| match a {
                    Action::Move(m) => Action::Move(mv(m)),
                    Action::Resignation(seat) => Action::Resignation(seat),
                })
                .collect(),
            ending: self.ending,
        }
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &G {
        // `positions` is never empty: `new` pushes the start and `undo` never pops it.
        &self.positions[self.positions.len() - 1]
    }

    /// Every position from the start to the current one.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// Every action from the start.
    pub fn actions(&self) -> &[Action<G::Move>] {
        &self.actions
    }

    /// The moves played (resignations left out).
    pub fn moves(&self) -> impl Iterator<Item = G::Move> + '_ {
        self.actions.iter().filter_map(|a| match a {
            Action::Move(m) => Some(*m),
            Action::Resignation(_) => None,
        })
    }

    /// The game-level ending (resignation, agreement, claim), if there is one.
    pub fn ending(&self) -> Option<Ending> {
        self.ending.map(|(e, _)| e)
    }

    /// How often the current position has occurred, this occurrence included (identity by
    /// [`Game::repetition_key`]).
    pub fn repetition_count(&self) -> u32 {
        let key = self.position().repetition_key();
        self.positions
            .iter()
            .filter(|p| p.repetition_key() == key)
            .count() as u32
    }

    /// The state of the game: a game-level ending, else the position's own result, else an
    /// automatic repetition draw.
    pub fn status(&self) -> Status {
        if let Some((_, status)) = self.ending {
            return status;
        }
        let status = self.position().status();
        if status.is_over() {
            return status;
        }
        if let Some(n) = self.position().repetition_rules().automatic
            && self.repetition_count() >= n
        {
            return Status::Draw {
                reason: DrawReason::AutomaticRepetition,
            };
        }
        Status::Ongoing
    }

    /// The draw the side to move could claim now, if any.
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if self.status().is_over() {
            return None;
        }
        if let Some(n) = self.position().repetition_rules().claim
            && self.repetition_count() >= n
        {
            return Some(DrawReason::Repetition);
        }
        self.position().claimable_draw()
    }

    fn ensure_ongoing(&self) -> Result<(), Error> {
        match self.status() {
            Status::Ongoing => Ok(()),
            status => Err(ActionError::GameOver { status }.into()),
        }
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: G::Move) -> Result<(), Error> {
        self.ensure_ongoing()?;
        let mut next = self.position().clone();
        next.try_play(mv)?;
        self.positions.push(next);
        self.actions.push(Action::Move(mv));
        Ok(())
    }

    /// Parses and plays a move given as text.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, Error> {
        self.ensure_ongoing()?;
        let mut next = self.position().clone();
        let mv = next.play_text(text)?;
        self.positions.push(next);
        self.actions.push(Action::Move(mv));
        Ok(mv)
    }

    /// Takes back the last action (or the game-level ending, if there is one).
    pub fn undo(&mut self) -> Result<(), Error> {
        if self.ending.take().is_some() {
            return Ok(());
        }
        if self.actions.pop().is_none() {
            return Err(ActionError::NothingToUndo.into());
        }
        self.positions.pop();
        Ok(())
    }

    /// Claims a draw for the side to move; fails when no claim holds.
    pub fn claim_draw(&mut self) -> Result<DrawReason, Error> {
        let reason = self.claimable_draw().ok_or(ActionError::NoDrawToClaim)?;
        self.ending = Some((Ending::Claim(reason), Status::Draw { reason }));
        Ok(reason)
    }

    /// Ends the game drawn by agreement.
    pub fn agree_draw(&mut self) -> Result<(), Error> {
        self.ensure_ongoing()?;
        self.ending = Some((
            Ending::Agreement,
            Status::Draw {
                reason: DrawReason::Agreement,
            },
        ));
        Ok(())
    }

    /// `seat` resigns. In a two-player game the other seat wins; a multi-player game may go on
    /// without the resigning player (see [`Game::resign`]).
    pub fn resign(&mut self, seat: Seat) -> Result<Status, Error> {
        self.ensure_ongoing()?;
        let mut next = self.position().clone();
        match next.resign(seat)? {
            Some(status) => {
                self.ending = Some((Ending::Resignation(seat), status));
                Ok(status)
            }
            None => {
                self.positions.push(next);
                self.actions.push(Action::Resignation(seat));
                Ok(self.status())
            }
        }
    }

    /// Re-applies a game-level ending read from a record.
    pub(crate) fn apply_ending(&mut self, ending: Ending) -> Result<(), Error> {
        match ending {
            Ending::Resignation(seat) => {
                let status = self.resign(seat)?;
                if self.ending.is_none() {
                    return Err(ActionError::EndingMismatch(format!(
                        "a resignation by {seat} does not end this game (status {status})"
                    ))
                    .into());
                }
                Ok(())
            }
            Ending::Agreement => self.agree_draw(),
            Ending::Claim(reason) => {
                let got = self.claim_draw()?;
                if got != reason {
                    return Err(ActionError::EndingMismatch(format!(
                        "the claim holds as {got}, the record says {reason}"
                    ))
                    .into());
                }
                Ok(())
            }
        }
    }

    /// Canonical texts of every action, as a record stores them (`resign:<seat number>` for a
    /// resignation the game went on after).
    pub fn action_texts(&self) -> Vec<String> {
        self.actions
            .iter()
            .zip(&self.positions)
            .map(|(action, before)| match action {
                Action::Move(m) => before.format_move(*m),
                Action::Resignation(seat) => format!("{RESIGN_PREFIX}{}", seat.0),
            })
            .collect()
    }

    /// Plays an action text as [`History::action_texts`] writes it.
    pub fn play_action_text(&mut self, text: &str) -> Result<(), Error> {
        if let Some(seat) = text.strip_prefix(RESIGN_PREFIX) {
            let seat: u8 = seat
                .parse()
                .map_err(|_| MoveError::malformed(text, "expected resign:<seat number>"))?;
            let status = self.resign(Seat(seat))?;
            if self.ending.is_some() {
                return Err(ActionError::EndingMismatch(format!(
                    "resignation inside the record ended the game ({status})"
                ))
                .into());
            }
            return Ok(());
        }
        self.play_text(text).map(|_| ())
    }
}

/// The prefix of a resignation inside a record's action list.
pub const RESIGN_PREFIX: &str = "resign:";
