//! The game record: the moves played from a start position, undo, repetition counting, draw
//! claims, resignation and draw by agreement.

use crate::{ActionError, DrawReason, Error, Game, MoveError, Seat, Status};
use serde::{Deserialize, Serialize};

/// One step of a game record: a move, or a resignation after which the game went on (a player
/// leaving a multi-player game).
///
/// # Example
///
/// ```
/// use variant_core::{Action, History};
/// // The docs' one-heap Nim: take 1, 2 or 3 counters; whoever takes the last one wins.
/// use variant_core::doc_game::Nim;
///
/// let mut history = History::new(Nim::default());
/// history.play(3).unwrap();
/// assert_eq!(history.actions(), [Action::Move(3)]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action<M> {
    /// A move.
    Move(M),
    /// A resignation by the seat that did not end the game.
    Resignation(Seat),
}

/// How a game ended other than by the position itself.
///
/// # Example
///
/// ```
/// use variant_core::{Ending, History, Seat};
/// use variant_core::doc_game::Nim;
///
/// let mut history = History::new(Nim::default());
/// assert_eq!(history.ending(), None);
/// history.resign(Seat(1)).unwrap();
/// assert_eq!(history.ending(), Some(Ending::Resignation(Seat(1))));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Ending {
    /// The seat resigned and the game ended.
    Resignation(Seat),
    /// The players agreed a draw.
    Agreement,
    /// A draw was claimed for the reason.
    Claim(DrawReason),
    /// The game was called off before every player had moved (no result).
    Aborted,
}

/// A game in progress or finished: its start, every action since, and how it ended.
///
/// The history keeps every position (copy-make), so [`History::undo`] is exact and cheap.
///
/// # Example
///
/// ```
/// use variant_core::{Game, History, Seat, Status, WinReason};
/// use variant_core::doc_game::Nim;
///
/// // Nim from 10 counters: 3 + 3 + 3 + 1 takes them all, the fourth take (the second seat's)
/// // the last counter.
/// let mut history = History::new(Nim::default());
/// for take in ["3", "3", "3", "1"] {
///     history.play_text(take).unwrap();
/// }
/// assert_eq!(history.status(), Status::Win { winner: Seat(1), reason: WinReason::NoLegalMoves });
/// history.undo().unwrap();
/// assert_eq!(history.position().to_text(), "1 1"); // 1 counter left, the second seat to move
/// ```
#[derive(Clone, Debug)]
pub struct History<G: Game> {
    positions: Vec<G>,
    actions: Vec<Action<G::Move>>,
    ending: Option<(Ending, Status)>,
}

impl<G: Game> History<G> {
    /// A record starting at `start`.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, History};
    /// use variant_core::doc_game::Nim;
    ///
    /// let start = Nim::from_text(&Default::default(), "5 1").unwrap();
    /// let history = History::new(start.clone());
    /// assert_eq!(history.position(), &start);
    /// assert!(history.actions().is_empty());
    /// ```
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
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, History};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.play(2).unwrap();
    /// assert_eq!(history.start().to_text(), "10 0");
    /// assert_eq!(history.position().to_text(), "8 1");
    /// ```
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The current position.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, History, Seat};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.play(1).unwrap();
    /// assert_eq!(history.position().side_to_move(), Seat(1));
    /// assert_eq!(history.position().legal_moves().len(), 3);
    /// ```
    pub fn position(&self) -> &G {
        // `positions` is never empty: `new` pushes the start and `undo` never pops it.
        &self.positions[self.positions.len() - 1]
    }

    /// Every position from the start to the current one.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, History};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.play(1).unwrap();
    /// history.play(2).unwrap();
    /// let texts: Vec<String> = history.positions().iter().map(|p| p.to_text()).collect();
    /// assert_eq!(texts, ["10 0", "9 1", "7 0"]);
    /// ```
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// Every action from the start.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Action, History};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.play(2).unwrap();
    /// history.play(1).unwrap();
    /// assert_eq!(history.actions(), [Action::Move(2), Action::Move(1)]);
    /// ```
    pub fn actions(&self) -> &[Action<G::Move>] {
        &self.actions
    }

    /// The moves played (resignations left out).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::History;
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.play(2).unwrap();
    /// history.play(3).unwrap();
    /// assert_eq!(history.moves().map(u32::from).sum::<u32>(), 5);
    /// ```
    pub fn moves(&self) -> impl Iterator<Item = G::Move> + '_ {
        self.actions.iter().filter_map(|a| match a {
            Action::Move(m) => Some(*m),
            Action::Resignation(_) => None,
        })
    }

    /// The game-level ending (resignation, agreement, claim), if there is one.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Ending, History};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.agree_draw().unwrap();
    /// assert_eq!(history.ending(), Some(Ending::Agreement));
    /// history.undo().unwrap(); // takes back the agreement, not a move
    /// assert_eq!(history.ending(), None);
    /// ```
    pub fn ending(&self) -> Option<Ending> {
        self.ending.map(|(e, _)| e)
    }

    /// How often the current position has occurred, this occurrence included (identity by
    /// [`Game::repetition_key`]).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::History;
    /// use variant_core::doc_game::Nim;
    ///
    /// // A Nim heap only shrinks, so no position comes back: every count is 1.
    /// let mut history = History::new(Nim::default());
    /// history.play(1).unwrap();
    /// assert_eq!(history.repetition_count(), 1);
    /// ```
    pub fn repetition_count(&self) -> u32 {
        let key = self.position().repetition_key();
        self.positions
            .iter()
            .filter(|p| p.repetition_key() == key)
            .count() as u32
    }

    /// The state of the game: a game-level ending, else the position's own result, else an
    /// automatic repetition draw.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{DrawReason, History, Status};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// assert_eq!(history.status(), Status::Ongoing);
    /// history.agree_draw().unwrap();
    /// assert_eq!(history.status(), Status::Draw { reason: DrawReason::Agreement });
    /// ```
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
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::History;
    /// use variant_core::doc_game::Nim;
    ///
    /// // Nim has no repetition and no move-count rule, so there is never a draw to claim.
    /// let history = History::new(Nim::default());
    /// assert_eq!(history.claimable_draw(), None);
    /// ```
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
    ///
    /// # Errors
    ///
    /// The game is over, or the move is not legal here.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, History};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::from_text(&Default::default(), "2 0").unwrap());
    /// assert!(history.play(3).is_err()); // only 2 counters left
    /// history.play(2).unwrap();
    /// assert!(history.play(1).is_err()); // the game is over
    /// ```
    pub fn play(&mut self, mv: G::Move) -> Result<(), Error> {
        self.ensure_ongoing()?;
        let mut next = self.position().clone();
        next.try_play(mv)?;
        self.positions.push(next);
        self.actions.push(Action::Move(mv));
        Ok(())
    }

    /// Parses and plays a move given as text.
    ///
    /// # Errors
    ///
    /// The game is over, or the text is not a legal move here (the [`MoveError`] says why).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::History;
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// assert_eq!(history.play_text("3").unwrap(), 3);
    /// let err = history.play_text("four").unwrap_err();
    /// assert!(err.to_string().contains("expected 1, 2 or 3"));
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, Error> {
        self.ensure_ongoing()?;
        let mut next = self.position().clone();
        let mv = next.play_text(text)?;
        self.positions.push(next);
        self.actions.push(Action::Move(mv));
        Ok(mv)
    }

    /// Takes back the last action (or the game-level ending, if there is one).
    ///
    /// # Errors
    ///
    /// Nothing has been played and no ending is set.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, History};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.play(3).unwrap();
    /// history.undo().unwrap();
    /// assert_eq!(history.position(), &Nim::default());
    /// assert!(history.undo().is_err()); // nothing left to take back
    /// ```
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
    ///
    /// # Errors
    ///
    /// No claim holds now (see [`History::claimable_draw`]).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{History, Status};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// assert!(history.claim_draw().is_err()); // Nim has nothing to claim
    /// assert_eq!(history.status(), Status::Ongoing);
    /// ```
    pub fn claim_draw(&mut self) -> Result<DrawReason, Error> {
        let reason = self.claimable_draw().ok_or(ActionError::NoDrawToClaim)?;
        self.ending = Some((Ending::Claim(reason), Status::Draw { reason }));
        Ok(reason)
    }

    /// Ends the game drawn by agreement.
    ///
    /// # Errors
    ///
    /// The game is already over.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::History;
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.agree_draw().unwrap();
    /// assert!(history.agree_draw().is_err()); // the game is already over
    /// assert!(history.play(1).is_err());
    /// ```
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

    /// Calls the game off: it ends without a result ([`Status::Aborted`]). Allowed only before
    /// every seat has made a move (what a game site allows: a player who does not show up),
    /// so a game that has really begun ends by its rules, a resignation or an agreement.
    ///
    /// # Errors
    ///
    /// The game is already over, or every seat has moved.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{History, Status};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.play_text("1").unwrap(); // the first seat moved, the second not yet
    /// history.abort().unwrap();
    /// assert_eq!(history.status(), Status::Aborted);
    ///
    /// let mut begun = History::new(Nim::default());
    /// begun.play_text("1").unwrap();
    /// begun.play_text("1").unwrap();
    /// assert!(begun.abort().is_err()); // both seats have moved
    /// ```
    pub fn abort(&mut self) -> Result<(), Error> {
        self.ensure_ongoing()?;
        if !self.may_abort() {
            return Err(ActionError::TooLateToAbort.into());
        }
        self.ending = Some((Ending::Aborted, Status::Aborted));
        Ok(())
    }

    /// Whether [`History::abort`] is allowed: the game goes on and fewer moves have been made
    /// than there are seats playing (so some seat has not moved yet).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::History;
    /// use variant_core::doc_game::Nim;
    /// assert!(History::new(Nim::default()).may_abort());
    /// ```
    pub fn may_abort(&self) -> bool {
        self.ending.is_none()
            && self.status() == Status::Ongoing
            && self
                .actions
                .iter()
                .filter(|a| matches!(a, Action::Move(_)))
                .count()
                < self.start().playing_seats().len()
    }

    /// `seat` resigns. In a two-player game the other seat wins; a multi-player game may go on
    /// without the resigning player (see [`Game::resign`]).
    ///
    /// # Errors
    ///
    /// The game is already over, or the game refuses the resignation (a seat out of range or
    /// already out).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{History, Seat, Status, WinReason};
    /// use variant_core::doc_game::Nim;
    ///
    /// // Two players: the other seat wins.
    /// let mut history = History::new(Nim::default());
    /// let status = history.resign(Seat(0)).unwrap();
    /// assert_eq!(status, Status::Win { winner: Seat(1), reason: WinReason::Resignation });
    /// ```
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
            Ending::Aborted => self.abort(),
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
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::History;
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.play(1).unwrap();
    /// history.play(3).unwrap();
    /// assert_eq!(history.action_texts(), ["1", "3"]);
    /// ```
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
    ///
    /// # Errors
    ///
    /// The game is over, the text is not a legal move or a well-formed `resign:<seat>`, or the
    /// resignation would end the game (a record stores that as its ending).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, History};
    /// use variant_core::doc_game::Nim;
    ///
    /// // A record's actions played back give the same position.
    /// let mut history = History::new(Nim::default());
    /// history.play(2).unwrap();
    /// history.play(2).unwrap();
    /// let mut again = History::new(Nim::default());
    /// for text in history.action_texts() {
    ///     again.play_action_text(&text).unwrap();
    /// }
    /// assert_eq!(again.position(), history.position());
    /// // A resignation that ends a two-player game is an ending, not an action of the list.
    /// assert!(again.play_action_text("resign:0").is_err());
    /// ```
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
///
/// # Example
///
/// ```
/// use variant_core::RESIGN_PREFIX;
///
/// assert_eq!(format!("{RESIGN_PREFIX}2"), "resign:2"); // seat 2 left, the game went on
/// ```
pub const RESIGN_PREFIX: &str = "resign:";
