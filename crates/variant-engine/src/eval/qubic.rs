//! qubic: every line still open for one side — holding none of the other side's marks — is
//! worth the square of that side's marks in it (1, 4, 9: a line of three is one move from a
//! win, Q-5). A move that completes a line, or
//! fills the last cell of an opponent's line of three, is tactical, so quiescence finds wins
//! and forced blocks at the horizon.

use crate::{MoveFacts, SearchGame};
use qubic::{LINES, Move, Qubic};
use variant_core::{Game, Seat};

/// One mark in an open line: the squares 1, 4, 9 are scaled by this.
const UNIT: i32 = 10;
/// The side to move: it places the next mark.
const TEMPO: i32 = 5;
/// A move that completes a line, for move ordering: more than anything else.
const COMPLETES: i32 = 10_000;
/// A move that stops an opponent's line of three.
const BLOCKS: i32 = 500;

/// The open lines of the side owning `mine` against `theirs`, each scored by the square of
/// its marks.
fn open_lines(mine: u64, theirs: u64) -> i32 {
    LINES
        .iter()
        .filter(|&&line| line & theirs == 0)
        .map(|&line| {
            let n = (line & mine).count_ones() as i32;
            n * n
        })
        .sum::<i32>()
        * UNIT
}

/// Whether the side owning `mine` has a line of three whose fourth cell is empty.
fn has_three(mine: u64, theirs: u64) -> bool {
    LINES
        .iter()
        .any(|&line| line & theirs == 0 && (line & mine).count_ones() == 3)
}

impl SearchGame for Qubic {
    fn move_facts(&self, mv: Move) -> MoveFacts {
        let me = self.side_to_move();
        let (mine, theirs) = (self.marks(me), self.marks(Seat(1 - me.0)));
        let cell = 1u64 << mv.cell().index();
        let through = LINES.iter().filter(|&&line| line & cell != 0);
        let captured = if through.clone().any(|&line| line & !(mine | cell) == 0) {
            COMPLETES
        } else if through.clone().any(|&line| line & !(theirs | cell) == 0) {
            BLOCKS
        } else {
            0
        };
        MoveFacts {
            captured,
            mover: 0,
            promotion: false,
        }
    }

    fn evaluate(&self, seat: Seat) -> i32 {
        let (x, o) = (self.marks(Seat(0)), self.marks(Seat(1)));
        let x_minus_o = open_lines(x, o) - open_lines(o, x);
        let tempo = if self.side_to_move() == seat {
            TEMPO
        } else {
            -TEMPO
        };
        let lines = if seat.index() == 0 {
            x_minus_o
        } else {
            -x_minus_o
        };
        tempo + lines
    }

    fn must_not_stand_pat(&self) -> bool {
        // Blocks are tactical moves and searched; standing pat stays allowed, or every
        // quiescence node under a threat would search all its empty cells.
        false
    }

    fn in_danger(&self) -> bool {
        // The opponent completes a line next move unless it is blocked now: no static pruning.
        let me = self.side_to_move();
        has_three(self.marks(Seat(1 - me.0)), self.marks(me))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, Searcher};

    fn position(text: &str) -> Qubic {
        text.parse().expect("a valid position")
    }

    #[test]
    fn the_evaluation_is_antisymmetric_and_favours_more_open_lines() {
        let start = Qubic::default();
        assert_eq!(start.evaluate(Seat(0)), -start.evaluate(Seat(1)));
        // x on the corner a1@1 (7 lines) against o on the edge cell b1@1 (4 lines), x to
        // move: x's open lines 7 - 1 (b1's rank is shared) = 6 against o's 4 - 1 = 3.
        let game = position("4/4/4/XO2|4/4/4/4|4/4/4/4|4/4/4/4 x");
        assert_eq!(game.evaluate(Seat(0)), TEMPO + (6 - 3) * UNIT);
    }

    #[test]
    fn completing_and_blocking_moves_are_tactical() {
        // x has a1@1 b1@1 c1@1, o has a2@1 b2@1 c2@1, x to move: d1@1 wins, d2@1 blocks.
        let game = position("4/4/OOO1/XXX1|4/4/4/4|4/4/4/4|4/4/4/4 x");
        let facts = |text: &str| game.move_facts(game.parse_move(text).expect("legal"));
        assert_eq!(facts("d1@1").captured, COMPLETES);
        assert_eq!(facts("d2@1").captured, BLOCKS);
        assert!(!facts("a4@4").is_tactical());
        assert!(game.in_danger());
    }

    #[test]
    fn the_search_wins_at_once_and_blocks_when_it_must() {
        let mut searcher = Searcher::new();
        let win = position("4/4/OOO1/XXX1|4/4/4/4|4/4/4/4|4/4/4/4 x");
        let result = searcher.search(&win, &[], &Limits::depth(2), None, |_| {});
        assert_eq!(win.format_move(result.best.expect("a move")), "d1@1");
        assert_eq!(result.score.mate_in(), Some(1));
        // o to move against x's a1@1 b1@1 c1@1 (o has no three): only d1@1 saves o.
        let block = position("4/4/O3/XXX1|4/4/4/O3|4/4/4/4|4/4/4/4 o");
        let result = searcher.search(&block, &[], &Limits::depth(3), None, |_| {});
        assert_eq!(block.format_move(result.best.expect("a move")), "d1@1");
    }
}
