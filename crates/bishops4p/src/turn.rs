//! Whose turn it is after a ply, mates, eliminations, the duel and the game's result
//! (B4-12, B4-13, B4-15, B4-20, B4-21, B4-22).

use crate::moves::{Move, MoveKind};
use crate::position::{Bishops, NONE, Phase};
use variant_core::{DrawReason, Status, WinReason};

impl Bishops {
    /// Plays a legal ply: the pieces, then the turn (B4-12), a mate (B4-13) and its
    /// consequences (B4-20 short, B4-21 long), the duel's endings (B4-22), passes (B4-15).
    pub(crate) fn play_ply(&mut self, mv: Move) {
        let x = self.stm;
        self.apply_board(mv);
        if self.phase == Phase::Duel {
            self.stm = self.next_active(x);
            self.settle_duel();
            self.refresh_checks();
            return;
        }
        let checked = self.checked_set(x);
        // The mover's own king is safe after a legal move (B4-11), so `checked` is every seat
        // in check until an elimination changes the board (which refreshes it); a player who
        // passes (B4-15) may stand in check (every move it has would mate someone other than
        // its left neighbour, B4-13).
        self.checks = if mv.kind == MoveKind::Pass {
            checked | u8::from(self.in_check(x)) << x
        } else {
            debug_assert!(
                !self.in_check(x),
                "a legal move leaves the mover's king safe"
            );
            checked
        };
        let left = self.next_active(x);
        if checked >> left & 1 != 0 && !self.has_escape(left, true) {
            // X mated its left neighbour.
            if self.phase == Phase::Short {
                self.stm = left;
                self.outcome = Status::Win {
                    winner: variant_core::Seat(x),
                    reason: WinReason::Checkmate,
                };
            } else {
                self.eliminate(1 << left, x);
            }
            return;
        }
        if self.phase == Phase::Long {
            // A checked player with no escape who is not X's left neighbour: never made by a
            // move (B4-13 forbids mating anyone else), only inherited from a start text. In
            // the long game it leaves like a player left stuck by a removal (B4-21), so play
            // never goes on with a mated player on the board (found by the fuzz target
            // `position_text`: Grey passed while White was already mated).
            let stuck = (0..4u8)
                .filter(|&c| checked >> c & 1 != 0 && !self.has_escape(c, true))
                .fold(0u8, |m, c| m | 1 << c);
            if stuck != 0 {
                self.eliminate(stuck, x);
                return;
            }
        }
        self.stm = Bishops::first_after(checked, x).unwrap_or(left);
        if mv.kind == MoveKind::Pass && self.passes >= self.active_count() {
            self.outcome = Status::Draw {
                reason: DrawReason::Passes,
            };
        }
    }

    /// Removes the `losers` (and then every player left in check with no legal move), starts
    /// the duel when two remain, and gives the turn per B4-21 counting from `anchor`.
    pub(crate) fn eliminate(&mut self, losers: u8, anchor: u8) {
        let mut losers = losers;
        loop {
            for c in 0..4u8 {
                if losers >> c & 1 != 0 {
                    self.remove_army(c);
                }
            }
            self.ep = NONE;
            if self.active_count() <= 2 && self.phase != Phase::Duel {
                self.start_duel();
            }
            if self.active_count() <= 1 {
                break;
            }
            let mut stuck = 0u8;
            for c in 0..4u8 {
                if self.in_check(c) && !self.player_can_move(c) {
                    stuck |= 1 << c;
                }
            }
            if stuck == 0 || stuck == self.active {
                break;
            }
            losers = stuck;
        }
        let checked = (0..4u8)
            .filter(|&c| self.in_check(c))
            .fold(0u8, |m, c| m | 1 << c);
        self.stm =
            Bishops::first_after(checked, anchor).unwrap_or_else(|| self.next_active(anchor));
        if !self.is_active_seat(self.stm) {
            self.stm = self.next_active(self.stm);
        }
        if self.phase == Phase::Duel {
            self.settle_duel();
        }
        self.refresh_checks();
    }

    /// Whether player `c` has a legal move (non-recursive; the duel's own rules in the duel).
    fn player_can_move(&self, c: u8) -> bool {
        if self.phase == Phase::Duel {
            let mut probe = self.clone();
            probe.stm = c;
            probe.ep = NONE;
            let mut any = false;
            probe.generate(&mut |_| any = true);
            any
        } else {
            self.has_escape(c, false)
        }
    }

    /// The duel's result for the side to move: a player alone wins; dead position; no legal
    /// move: mated (the army leaves, the other wins) or stalemate (B4-22).
    pub(crate) fn settle_duel(&mut self) {
        self.passes = 0;
        if self.active_count() <= 1 {
            self.outcome = self.last_player_status();
            return;
        }
        if self.dead_position() {
            self.outcome = Status::Draw {
                reason: DrawReason::DeadPosition,
            };
            return;
        }
        let mut any = false;
        self.generate(&mut |_| any = true);
        if any {
            return;
        }
        let stm = self.stm;
        if self.in_check(stm) {
            self.remove_army(stm);
            self.stm = self.next_active(stm);
            self.outcome = self.last_player_status();
        } else {
            self.outcome = Status::Draw {
                reason: DrawReason::Stalemate,
            };
        }
    }

    fn last_player_status(&self) -> Status {
        let winner = (0..4u8)
            .find(|&c| self.is_active_seat(c))
            .unwrap_or(self.stm);
        Status::Win {
            winner: variant_core::Seat(winner),
            reason: WinReason::LastPlayerStanding,
        }
    }

    /// The result of a position read from text. `Err` names a position the rules cannot reach.
    pub(crate) fn outcome_from_scratch(&self) -> Result<Status, String> {
        if self.active_count() <= 1 {
            return Ok(self.last_player_status());
        }
        if self.phase == Phase::Duel {
            let mut probe = self.clone();
            probe.outcome = Status::Ongoing;
            probe.settle_duel();
            if probe.active != self.active {
                // The side to move is mated: in the long game the mated army is removed in the
                // mating ply, so report the win without changing the position.
                return Ok(Status::Win {
                    winner: variant_core::Seat(self.next_active(self.stm)),
                    reason: WinReason::Checkmate,
                });
            }
            return Ok(probe.outcome);
        }
        if self.passes >= self.active_count() {
            return Ok(Status::Draw {
                reason: DrawReason::Passes,
            });
        }
        if self.in_check(self.stm) && !self.has_escape(self.stm, true) {
            if self.phase == Phase::Long {
                return Err(
                    "the side to move is mated, but in the long game a mated player is \
                            removed in the mating ply (B4-21)"
                        .to_string(),
                );
            }
            return Ok(Status::Win {
                winner: variant_core::Seat(self.prev_active(self.stm)),
                reason: WinReason::Checkmate,
            });
        }
        Ok(Status::Ongoing)
    }

    /// Resignation (B4-20, B4-21).
    pub(crate) fn resign_seat(
        &mut self,
        seat: u8,
    ) -> Result<Option<Status>, variant_core::ActionError> {
        use variant_core::ActionError;
        if seat > 3 {
            return Err(ActionError::NoSuchSeat { seat, seats: 4 });
        }
        if !self.is_active_seat(seat) {
            return Err(ActionError::SeatNotPlaying {
                seat: crate::SEAT_NAMES[usize::from(seat)],
            });
        }
        if self.outcome.is_over() {
            return Err(ActionError::GameOver {
                status: self.outcome,
            });
        }
        if self.phase == Phase::Short {
            return Ok(Some(Status::Win {
                winner: variant_core::Seat(self.prev_active(seat)),
                reason: WinReason::Resignation,
            }));
        }
        let to_move = self.stm;
        self.eliminate(1 << seat, seat);
        if to_move != seat && self.is_active_seat(to_move) && !self.outcome.is_over() {
            // The player whose turn it was keeps it (Decision; see the rules page).
            self.stm = to_move;
            if self.phase == Phase::Duel {
                self.settle_duel();
            }
        }
        self.refresh_checks();
        Ok(None)
    }
}
