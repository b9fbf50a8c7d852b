//! Quiescence: captures and promotions until the position is quiet, and the moves that end a
//! three- or four-player game at once, which quiescence alone would not see.

use super::Searcher;
use super::control::Control;
use super::order::losing_capture;
use crate::SearchGame;
use crate::ordering::MAX_PLY;
use crate::score::{INFINITY, MATE};
use variant_core::Status;

/// Quiescence plies during which a player in check (or bound to capture) may not stand pat.
const MAX_EVASION_PLIES: u32 = 6;
/// The same with three or four players: checks fly between every pair of players there, and
/// searching every evasion six plies deep costs more nodes than the main search (docs/engine.md).
const MAX_EVASION_PLIES_MULTI: u32 = 1;
/// Best-Reply Search's quiescence: the first plies in which an opponent may stand aside for
/// the next one (each further ply multiplied the capture sequences searched).
const QS_PASS_PLIES: u32 = 2;
/// Delta pruning in quiescence: a capture that cannot lift the
/// stand-pat score to alpha even with this margin added to the captured value is not searched.
const DELTA_MARGIN: i32 = 200;

impl<G: SearchGame> Searcher<G> {
    /// Captures and promotions until the position is quiet; a player in check (or bound to
    /// capture) searches every move for the first few plies.
    pub(super) fn quiescence(
        &mut self,
        ctl: &Control,
        pos: &G,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qply: u32,
    ) -> i32 {
        self.count_node(ctl);
        if self.aborted {
            return 0;
        }
        if pos.counter_draw() {
            return 0;
        }
        if let Some(score) = self.root_out(pos, ply) {
            return score;
        }
        let mut list = G::MoveList::default();
        // With three or four players ("Bishops") the result is stored in the position: a
        // finished game has no move, an unfinished one at least a pass (B4-15). So standing pat
        // is tried before the moves are generated; most quiescence nodes end there.
        // Two players: a game whose positions without a move are only mates and stalemates
        // (chess3d) stands pat out of check before generating moves too (missing a stalemate
        // there costs less than generating every move of every quiescence node).
        let must = pos.must_not_stand_pat();
        let early = self.multi || (!must && pos.settings().stand_pat_before_moves);
        if self.multi {
            if pos.status().is_over() {
                return self.terminal_score(pos, ply);
            }
        } else if !early {
            pos.legal_moves_into(&mut list);
            if list.is_empty() {
                return self.terminal_score(pos, ply);
            }
        }
        let max_evasion_plies = if self.multi {
            MAX_EVASION_PLIES_MULTI
        } else {
            MAX_EVASION_PLIES
        };
        let evasions = must && qply < max_evasion_plies;
        let mut best = -INFINITY;
        if !evasions {
            best = self.evaluate(pos, ply);
            if best >= beta || ply + 1 >= MAX_PLY {
                return best;
            }
        }
        if early && !self.multi {
            // Out of check with two players: only what quiescence plays (an empty list is not
            // a stalemate here: the quiet moves may be left out).
            pos.tactical_moves_into(&mut list);
            if list.is_empty() {
                return best;
            }
        } else if early {
            pos.legal_moves_into(&mut list);
            if list.is_empty() {
                return self.terminal_score(pos, ply);
            }
        }
        // With three or four players a quiet move can end the game (any mate ends the short
        // game, B4-20; a mate of the searching player puts it out, B4-21). Quiescence sees
        // captures only, so at the horizon every move is tried for such an ending. (Only
        // below beta: such a move can only raise the value for the player to move.)
        if self.multi
            && qply == 0
            && let Some(score) = self.decisive_move(pos, &list, ply)
        {
            return score;
        }
        // Best-Reply Search: the opponents after one that stands pat may still capture.
        if self.brs && !evasions && qply < QS_PASS_PLIES {
            best = self.stand_aside(ctl, pos, ply, (alpha, beta), best, qply);
            if self.aborted {
                return 0;
            }
            if best >= beta {
                return best;
            }
        }
        alpha = alpha.max(best);
        // Delta pruning: a capture worth less than the gap to alpha, with a margin for the
        // positional terms it may change, cannot raise alpha.
        let delta_floor = if !evasions {
            alpha - best - DELTA_MARGIN
        } else {
            i32::MIN
        };
        let moves = self.quiescence_moves(pos, &list, evasions, delta_floor, ply);
        let team = self.team(pos);
        for (_, mv) in moves {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = if self.team(&child) == team {
                self.quiescence(ctl, &child, ply + 1, alpha, beta, qply + 1)
            } else {
                -self.quiescence(ctl, &child, ply + 1, -beta, -alpha, qply + 1)
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Best-Reply Search: an opponent that stands pat stands aside, and the opponents after it
    /// (up to the searching player) may still capture. Without this the quiescence after the
    /// searching player's move saw only the next player's captures, and a piece left to the
    /// second or third opponent counted as safe. Returns the node's best value so far, raised
    /// by standing aside where that helps.
    fn stand_aside(
        &mut self,
        ctl: &Control,
        pos: &G,
        ply: usize,
        (alpha, beta): (i32, i32),
        best: i32,
        qply: u32,
    ) -> i32 {
        if self.team(pos) || best >= beta {
            return best;
        }
        let Some(aside) = pos.stand_aside().filter(|aside| !self.team(aside)) else {
            return best;
        };
        let s = self.quiescence(ctl, &aside, ply + 1, alpha.max(best), beta, qply + 1);
        if self.aborted { best } else { best.max(s) }
    }

    /// The moves quiescence searches, best first: every move out of check (or of a player
    /// bound to capture), else the captures and promotions that may reach `delta_floor` and
    /// do not lose material by exchange.
    fn quiescence_moves(
        &self,
        pos: &G,
        list: &G::MoveList,
        evasions: bool,
        delta_floor: i32,
        ply: usize,
    ) -> Vec<(i64, G::Move)> {
        let mut moves: Vec<(i64, G::Move)> = list
            .iter()
            .filter_map(|&m| {
                let facts = pos.move_facts(m);
                let gain = facts.captured + if facts.promotion { 900 } else { 0 };
                (evasions
                    || (facts.is_tactical()
                        && gain > delta_floor
                        && !losing_capture(pos, m, facts)))
                .then(|| (self.heuristics.key(m, facts, None, ply, None), m))
            })
            .collect();
        moves.sort_by_key(|k| std::cmp::Reverse(k.0));
        moves
    }

    /// The score, for the team to move, of a move in `moves` that decides the game at once:
    /// a win for the player to move, or (for an opponent) putting the searching player out.
    pub(super) fn decisive_move(
        &mut self,
        pos: &G,
        moves: &G::MoveList,
        ply: usize,
    ) -> Option<i32> {
        let mover = pos.side_to_move();
        let opponent = mover != self.root_seat;
        pos.find_game_ending(moves, |mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let won = matches!(child.status(), Status::Win { winner, .. } if winner == mover);
            (won || (opponent && child.is_out(self.root_seat))).then_some(MATE - (ply as i32 + 1))
        })
    }
}
