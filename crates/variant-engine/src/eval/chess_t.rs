//! chess-T: material from the pieces' roles (strength decides captures, CT-11, but a Scout
//! of strength 0 captures anything on ordinary cells, CT-12), *superiority*: enemy pieces
//! standing where this side's strength sum is strictly greater (they can be taken, CT-11) and
//! cells controlled, the castles (CT-2, CT-35: a royal piece of one's own in the own castle
//! keeps castle capture away, royal pieces near the enemy castle threaten it), and Knecht
//! advancement (a Knecht becomes a Ver Knecht on its 6th rank and promotes on the last,
//! CT-30/CT-31).

use super::params::{self, Active, EvalTerms, Features, Score, Sink, weight_table};
use crate::{MoveFacts, SearchGame};
use chess_t::{Cell, ChessT, Piece};
use variant_core::{Game, Seat};

weight_table! {
    /// The side to move.
    TEMPO "tempo" 1,
    /// A cell where one side is superior.
    CONTROL "control" 1,
    /// Material, by `Piece as usize`.
    ROLE "role" 7,
    /// A piece on a cell where the enemy is superior, by `Piece as usize`.
    ATTACKED "attacked" 7,
    /// A Knecht's or Ver Knecht's rank ahead.
    KNECHT_ADVANCE "knecht-advance" 1,
    /// A royal piece in the enemy castle.
    ROYAL_IN_ENEMY_CASTLE "royal-in-enemy-castle" 1,
    /// A Connet's or Prince's rank ahead.
    ROYAL_ADVANCE "royal-advance" 1,
    /// The own castle with 0, 1, 2+ royal pieces in it.
    CASTLE_GUARD "castle-guard" 3,
}

/// chess-T's table: crates/variant-engine/params/chess-t.params.
pub(crate) static PARAMS: Active = Active::new(
    "chess-t",
    0,
    SCHEMA,
    include_str!("../../params/chess-t.params"),
);

/// A role's value in the active table (move ordering's victims and movers).
fn value(piece: Piece) -> i32 {
    PARAMS.get()[ROLE + piece as usize]
}

/// Whether a cell belongs to `side`'s castle (c1–f1 for White, c8–f8 for Black).
fn in_castle(cell: Cell, side: usize) -> bool {
    (2..=5).contains(&cell.file()) && cell.rank() == if side == 0 { 0 } else { 7 }
}

/// Whether the game is decided on the board (CT-35): a King captured, or a castle held by an
/// enemy royal piece with no royal piece of its own side in it. A scan of the cells, unlike
/// [`Game::status`], which also counts the legal moves.
fn decided(g: &ChessT) -> bool {
    let mut kings = [false; 2];
    // castle[x][y]: a royal piece of side x stands in side y's castle.
    let mut castle = [[false; 2]; 2];
    for cell in Cell::all() {
        let Some((seat, piece)) = g.piece_at(cell) else {
            continue;
        };
        let x = seat.index() & 1;
        kings[x] |= piece == Piece::King;
        if piece.is_royal() {
            for (y, held) in castle[x].iter_mut().enumerate() {
                *held |= in_castle(cell, y);
            }
        }
    }
    !kings[0] || !kings[1] || (0..2).any(|y| castle[1 - y][y] && !castle[y][y])
}

/// The terms of the evaluation, White's in part 0, Black's in part 1 (the score is White's
/// minus Black's): each a count of one weight, all linear, so `weights · features` is the
/// evaluation exactly.
fn terms(g: &ChessT, out: &mut impl Sink) {
    out.add(g.side_to_move().index() & 1, TEMPO, 1);
    let field = g.capture_strength();
    let mut royal_home = [0usize; 2];
    for cell in Cell::all() {
        let (w, b) = field.get(cell);
        // Control: cells where one side has strict superiority.
        if w > b {
            out.add(0, CONTROL, 1);
        } else if b > w {
            out.add(1, CONTROL, 1);
        }
        let Some((seat, piece)) = g.piece_at(cell) else {
            continue;
        };
        let s = seat.index() & 1;
        out.add(s, ROLE + piece as usize, 1);
        // An enemy piece on a cell where this side is superior can be taken.
        let attacked = if s == 0 { b > w } else { w > b };
        if attacked {
            out.add(s, ATTACKED + piece as usize, -1);
        }
        let rank = i32::from(cell.rank());
        let ahead = if s == 0 { rank } else { 7 - rank };
        match piece {
            Piece::Knecht | Piece::VerKnecht => out.add(s, KNECHT_ADVANCE, ahead),
            _ if piece.is_royal() => {
                if in_castle(cell, s) {
                    royal_home[s] += 1;
                }
                if in_castle(cell, 1 - s) {
                    out.add(s, ROYAL_IN_ENEMY_CASTLE, 1);
                } else if piece != Piece::King {
                    out.add(s, ROYAL_ADVANCE, ahead);
                }
            }
            _ => {}
        }
    }
    for (s, &n) in royal_home.iter().enumerate() {
        out.add(s, CASTLE_GUARD + n.min(2), 1);
    }
}

/// The evaluation for `seat` with the weights `w` (flat, in the table's order).
fn evaluate_with(g: &ChessT, seat: Seat, w: &[i32]) -> i32 {
    let mut score = Score::<2>::new(w);
    terms(g, &mut score);
    let s = score.sums[0] - score.sums[1];
    if seat.index() == 0 { s } else { -s }
}

impl EvalTerms for ChessT {
    const PARAMS_GAME: &'static str = "chess-t";

    fn features(&self, seat: Seat) -> Vec<f32> {
        let mut f = Features::<2>::new(params::names(Self::PARAMS_GAME).len());
        terms(self, &mut f);
        let sign = if seat.index() == 0 { 1.0 } else { -1.0 };
        f.combine([sign, -sign])
    }
}

impl SearchGame for ChessT {
    fn move_facts(&self, mv: chess_t::Move) -> MoveFacts {
        let mover = self.piece_at(mv.from());
        let target = self.piece_at(mv.to());
        let captured = match (mover, target) {
            (Some((me, _)), Some((them, p))) if me != them => {
                // A captured King ends the game: the most valuable victim there is.
                if p == Piece::King { 2000 } else { value(p) }
            }
            _ => 0,
        };
        MoveFacts {
            captured,
            mover: mover.map_or(0, |(_, p)| value(p)),
            promotion: mv.choice().is_some(),
        }
    }

    fn evaluate(&self, seat: Seat) -> i32 {
        evaluate_with(self, seat, PARAMS.get())
    }

    fn in_danger(&self) -> bool {
        // A decided game (CT-35) must reach its empty move list, which the search scores as a
        // win or loss: pruned on the static evaluation (which prices the King at 0), a
        // captured King looked like a small gain for the side that lost it. CT-13: the King
        // "in check" can be taken at the next move.
        decided(self) || self.is_in_check(self.side_to_move())
    }

    fn nnue_layout(&self) -> Option<crate::nnue::Layout> {
        Some(crate::nnue::Layout::two_seats("chess-t", [1, 8, 8], 7, false))
    }

    fn nnue_codes(&self, codes: &mut [u8]) {
        use variant_core::planes::Observation;
        codes.fill(0);
        let kinds = self.piece_kinds();
        for cell in Cell::all() {
            if let Some((seat, piece)) = self.piece_at(cell)
                && let Some(kind) = kinds.iter().position(|&k| k == piece.letter().to_ascii_uppercase())
                && let Some(c) = codes.get_mut(usize::from(cell.index()))
            {
                *c = (1 + seat.index() * kinds.len() + kind) as u8;
            }
        }
    }

    fn must_not_stand_pat(&self) -> bool {
        // Check is only a warning (CT-13); a King left en prise is captured in quiescence.
        false
    }

    fn counter_draw(&self) -> bool {
        // CT-36: 40 moves of each side without a capture may be claimed; the search scores
        // the position as drawn, as a claim would.
        self.halfmove_clock() >= chess_t::DRAW_PLIES
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_t::ChessTConfig;

    fn position(text: &str) -> ChessT {
        ChessT::from_text(&ChessTConfig::default(), text).expect("position")
    }

    #[test]
    fn decided_agrees_with_the_rules() {
        // CT-35 by hand: at the start both castles hold their own royal pieces.
        assert!(!decided(&ChessT::default()));
        // A White Prince on c8 in Black's castle, Black's King on a8 outside it: White
        // holds the castle (CT-35); with the Black King on e8 the castle is defended.
        let held = position("k1P5/8/8/8/8/8/8/4K3 b - 0 1");
        let defended = position("2P1k3/8/8/8/8/8/8/4K3 b - 0 1");
        assert!(decided(&held) && !decided(&defended));
        // A Scout exchange on e1 removes White's King (CT-12, CT-35).
        let mut taken = position("5k2/nnn5/3n2n1/Rp2n1n1/C1Nc4/3s2NR/1N2NN2/3PK1S1 b Pp 0 37");
        taken.play_text("d3e1").expect("the exchange");
        assert!(decided(&taken));
        // The rule engine's own verdict agrees on each.
        for g in [&held, &defended, &taken] {
            assert_eq!(decided(g), g.status().is_over());
        }
    }
}
