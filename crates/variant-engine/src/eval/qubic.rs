//! qubic: every line still open for one side — holding none of the other side's marks — is
//! worth the square of that side's marks in it (1, 4, 9: a line of three is one move from a
//! win, Q-5). A move that completes a line, or
//! fills the last cell of an opponent's line of three, is tactical, so quiescence finds wins
//! and forced blocks at the horizon.

use super::params::{self, Active, EvalTerms, Features, Score, Sink, weight_table};
use crate::{MoveFacts, SearchGame};
use qubic::{LINES, Move, Qubic};
use variant_core::{Game, Seat};

weight_table! {
    /// The side to move.
    TEMPO "tempo" 1,
    /// An open line by its owner's marks (0 … 4).
    OPEN_LINE "open-line" 5,
}

/// Qubic's table: crates/variant-engine/params/qubic.params.
pub(crate) static PARAMS: Active = Active::new(
    "qubic",
    3,
    SCHEMA,
    include_str!("../../params/qubic.params"),
);

/// A move that completes a line, for move ordering: more than anything else.
const COMPLETES: i32 = 10_000;
/// A move that stops an opponent's line of three.
const BLOCKS: i32 = 500;

/// The terms of the evaluation, x's in part 0, o's in part 1 (the score is x's minus o's):
/// every open line once for its owner, by its marks, and the tempo. All linear: `weights ·
/// features` is the evaluation exactly.
fn terms(g: &Qubic, out: &mut impl Sink) {
    out.add(g.side_to_move().index() & 1, TEMPO, 1);
    let marks = [g.marks(Seat(0)), g.marks(Seat(1))];
    for (side, &mine) in marks.iter().enumerate() {
        let theirs = marks[1 - side];
        for &line in LINES.iter().filter(|&&line| line & theirs == 0) {
            let n = (line & mine).count_ones() as usize;
            out.add(side, OPEN_LINE + n.min(4), 1);
        }
    }
}

/// The evaluation for `seat` with the weights `w` (flat, in the table's order).
fn evaluate_with(g: &Qubic, seat: Seat, w: &[i32]) -> i32 {
    let mut score = Score::<2>::new(w);
    terms(g, &mut score);
    let s = score.sums[0] - score.sums[1];
    if seat.index() == 0 { s } else { -s }
}

impl EvalTerms for Qubic {
    const PARAMS_GAME: &'static str = "qubic";

    fn features(&self, seat: Seat) -> Vec<f32> {
        let mut f = Features::<2>::new(params::names(Self::PARAMS_GAME).len());
        terms(self, &mut f);
        let sign = if seat.index() == 0 { 1.0 } else { -1.0 };
        f.combine([sign, -sign])
    }
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
        evaluate_with(self, seat, PARAMS.get())
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
        // move: x's open lines with one mark 7 - 1 (b1's rank is shared) = 6 against o's
        // 4 - 1 = 3, each worth 1² = 1 unit of 10, and the tempo of 5.
        let game = position("4/4/4/XO2|4/4/4/4|4/4/4/4|4/4/4/4 x");
        assert_eq!(game.evaluate(Seat(0)), 5 + (6 - 3) * 10);
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
