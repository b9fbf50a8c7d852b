//! checkers3d: men and kings (a king's value grows with the heights: 12 lines through the
//! box instead of 4), advancement of men towards the enemy base cubes where they promote
//! (D3-13), guards on the own base cubes (they keep enemy men from promoting), and the
//! centre. Captures are compulsory (D3-11), so quiescence never stands pat while one exists.

use super::{by_heights, off_centre};
use crate::{MoveFacts, SearchGame};
use checkers3d::{Checkers3d, Move};
use variant_core::{Game, Seat};

const MAN: i32 = 100;
/// A king at one height (Russian draughts: about two and a half men) and at eight.
const KING_ONE: i32 = 250;
const KING_EIGHT: i32 = 350;
/// Bonus by a man's remaining steps to promotion (index: steps, 0 … 7).
const MAN_STEPS: [i32; 8] = [0, 45, 30, 20, 12, 6, 2, 0];
/// A man on its own base cube (D3-4) guarding it.
const GUARD: i32 = 10;

/// White's score minus Black's.
fn white_minus_black(g: &Checkers3d) -> i32 {
    let king = by_heights(KING_ONE, KING_EIGHT, g.config().heights());
    let bases = [base_list(g, 0), base_list(g, 1)];
    let mut score = [0i32; 2];
    for (cell, seat, is_king) in g.pieces() {
        let c = seat.index();
        let (x, y, z) = (i32::from(cell.x), i32::from(cell.y), i32::from(cell.z));
        let centre = 3 - off_centre(x, 8).min(3);
        if is_king {
            score[c] += king + 3 * centre;
            continue;
        }
        let ahead = if c == 0 { 7 - y } else { y };
        // The nearest enemy base height: a step changes rank and may change height at once.
        let dz = bases[1 - c]
            .iter()
            .map(|&b| (z - b).abs())
            .min()
            .unwrap_or(0);
        let steps = ahead.max(dz).clamp(0, 7);
        let home = if c == 0 { y == 0 } else { y == 7 };
        let guard = if home && bases[c].contains(&z) {
            GUARD
        } else {
            0
        };
        score[c] += MAN + MAN_STEPS[steps as usize] + guard + 2 * centre;
    }
    score[0] - score[1]
}

/// The base heights (0-based) of a side on the current board.
fn base_list(g: &Checkers3d, side: usize) -> Vec<i32> {
    let config = g.config();
    let mask = if side == 0 {
        config.white_base()
    } else {
        config.black_base()
    };
    // Heights removed from the top shift nothing below them; clip to the current board.
    (0..i32::from(g.heights()))
        .filter(|z| mask >> z & 1 != 0)
        .collect()
}

impl SearchGame for Checkers3d {
    fn move_facts(&self, mv: Move) -> MoveFacts {
        MoveFacts {
            captured: 100 * mv.capture_count() as i32,
            mover: 100,
            promotion: mv.is_promotion(),
        }
    }

    fn evaluate(&self, seat: Seat) -> i32 {
        let s = white_minus_black(self);
        if seat.index() == 0 { s } else { -s }
    }

    fn static_pruning(&self) -> bool {
        false
    }

    fn must_not_stand_pat(&self) -> bool {
        // Whether a capture is compulsory now (D3-11): every legal move is then a capture.
        let mut moves = <Checkers3d as Game>::MoveList::default();
        self.legal_moves_into(&mut moves);
        moves.first().is_some_and(|m| m.is_capture())
    }

    fn counter_draw(&self) -> bool {
        // D3-21: 30 consecutive plies of quiet king moves draw by themselves.
        self.king_move_plies() >= 30
    }
}
