//! checkers3d: men and kings (a king's value grows with the heights: 12 lines through the
//! box instead of 4), advancement of men towards the enemy base cubes where they promote
//! (D3-13), guards on the own base cubes (they keep enemy men from promoting), and the
//! centre. Captures are compulsory (D3-11), so quiescence never stands pat while one exists.

use super::off_centre;
use super::params::{self, Active, EvalTerms, Features, Score, Sink, weight_table};
use crate::{MoveFacts, SearchGame, SearchSettings};
use checkers3d::{Checkers3d, Move};
use variant_core::{Game, Seat};

weight_table! {
    /// A man.
    MAN "man" 1,
    /// A king, by the board's heights (1 … 8).
    KING "king" 8,
    /// A man by its steps left to promotion (0 … 7).
    MAN_STEPS "man-steps" 8,
    /// A man on its own base cube.
    GUARD "guard" 1,
    /// A king's centrality point.
    KING_CENTRE "king-centre" 1,
    /// A man's centrality point.
    MAN_CENTRE "man-centre" 1,
    /// A quiet step.
    MOBILITY "mobility" 1,
    /// The side to move with 0, 1, 2, 3+ pieces en prise (a malus).
    THREATENED "threatened" 4,
}

/// checkers3d's table: crates/variant-engine/params/checkers3d.params.
pub(crate) static PARAMS: Active = Active::new(
    "checkers3d",
    1,
    SCHEMA,
    include_str!("../../params/checkers3d.params"),
);

/// The terms of the evaluation, White's in part 0, Black's in part 1 (the score is White's
/// minus Black's): each a count of one weight, all linear (the kings' values by height are a
/// row of the table, not an interpolation), so `weights · features` is the evaluation exactly.
fn terms(g: &Checkers3d, out: &mut impl Sink) {
    let king = KING + usize::from(g.config().heights().clamp(1, 8)) - 1;
    let bases = [base_list(g, 0), base_list(g, 1)];
    for (cell, seat, is_king) in g.pieces() {
        let c = seat.index();
        let (x, y, z) = (i32::from(cell.x), i32::from(cell.y), i32::from(cell.z));
        let centre = 3 - off_centre(x, 8).min(3);
        if is_king {
            out.add(c, king, 1);
            out.add(c, KING_CENTRE, centre);
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
        out.add(c, MAN, 1);
        out.add(c, MAN_STEPS + steps as usize, 1);
        if home && bases[c].contains(&z) {
            out.add(c, GUARD, 1);
        }
        out.add(c, MAN_CENTRE, centre);
    }
    let board = Board::new(g);
    let mover = g.side_to_move().index();
    out.add(0, MOBILITY, board.mobility(0));
    out.add(1, MOBILITY, board.mobility(1));
    out.add(mover, THREATENED + board.threatened(mover).min(3), -1);
}

/// The evaluation for `seat` with the weights `w` (flat, in the table's order).
fn evaluate_with(g: &Checkers3d, seat: Seat, w: &[i32]) -> i32 {
    let mut score = Score::<2>::new(w);
    terms(g, &mut score);
    let s = score.sums[0] - score.sums[1];
    if seat.index() == 0 { s } else { -s }
}

impl EvalTerms for Checkers3d {
    const PARAMS_GAME: &'static str = "checkers3d";

    fn features(&self, seat: Seat) -> Vec<f32> {
        let mut f = Features::<2>::new(params::names(Self::PARAMS_GAME).len());
        terms(self, &mut f);
        let sign = if seat.index() == 0 { 1.0 } else { -1.0 };
        f.combine([sign, -sign])
    }
}

/// The box as bitboards for neighbourhood questions: per side and height, bit `y * 8 + x`
/// (only dark cells are ever set, and the 12 directions keep a cell's colour, D3-5, so
/// "not occupied" is "empty" wherever a step can land).
struct Board {
    pieces: [[u64; 8]; 2],
    kings: [[u64; 8]; 2],
    heights: usize,
}

/// A plane step by (dx, dy) of every set cell, cells leaving the board dropped.
fn step(b: u64, dx: i32, dy: i32) -> u64 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = FILE_A << 7;
    let b = match dx {
        1 => b & !FILE_H,
        -1 => b & !FILE_A,
        _ => b,
    };
    let s = 8 * dy + dx;
    if s >= 0 { b << s } else { b >> -s }
}

impl Board {
    fn new(g: &Checkers3d) -> Board {
        let mut b = Board {
            pieces: [[0; 8]; 2],
            kings: [[0; 8]; 2],
            heights: usize::from(g.heights()).min(8),
        };
        for (cell, seat, king) in g.pieces() {
            let (c, z) = (seat.index() & 1, usize::from(cell.z) & 7);
            let bit = 1u64 << (cell.y * 8 + cell.x);
            b.pieces[c][z] |= bit;
            if king {
                b.kings[c][z] |= bit;
            }
        }
        b
    }

    fn empty(&self, z: usize) -> u64 {
        !(self.pieces[0][z] | self.pieces[1][z])
    }

    /// The heights one step away from `z` (the same, one up, one down) inside the box.
    fn near(&self, z: usize) -> impl Iterator<Item = usize> + use<> {
        let top = self.heights;
        [z.wrapping_sub(1), z, z + 1]
            .into_iter()
            .filter(move |&t| t < top)
    }

    /// Quiet steps of `side`: a man forward on its height or one up or down (D3-6), a king one
    /// cell along each of its 12 lines (D3-7; the rest of a line is not walked, for speed).
    fn mobility(&self, side: usize) -> i32 {
        let forward = if side == 0 { 1 } else { -1 };
        let mut n = 0;
        for z in 0..self.heights {
            let kings = self.kings[side][z];
            let men = self.pieces[side][z] & !kings;
            if men | kings == 0 {
                continue;
            }
            for t in self.near(z) {
                let empty = self.empty(t);
                for dx in [-1, 1] {
                    n += (step(men, dx, forward) & empty).count_ones();
                    if kings != 0 {
                        n += (step(kings, dx, 1) & empty).count_ones()
                            + (step(kings, dx, -1) & empty).count_ones();
                    }
                }
            }
        }
        n as i32
    }

    /// How many pieces of `side` an enemy piece next to them could jump now (D3-8: men jump
    /// backwards too; a king's longer jumps are not looked for).
    fn threatened(&self, side: usize) -> usize {
        let mut n = 0;
        for z in 0..self.heights {
            let own = self.pieces[side][z];
            if own == 0 {
                continue;
            }
            let mut hit = 0;
            // The enemy on height `from`, the landing cell on the opposite side of the piece.
            for from in self.near(z) {
                let Some(to) = (2 * z).checked_sub(from).filter(|&t| t < self.heights) else {
                    continue;
                };
                let enemy = self.pieces[1 - side][from];
                if enemy == 0 {
                    continue;
                }
                let empty = self.empty(to);
                for dx in [-1, 1] {
                    for dy in [-1, 1] {
                        hit |= step(enemy, dx, dy) & step(empty, -dx, -dy);
                    }
                }
            }
            n += (hit & own).count_ones() as usize;
        }
        n
    }
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
        evaluate_with(self, seat, PARAMS.get())
    }

    fn settings(&self) -> SearchSettings {
        SearchSettings {
            // Quiet moves set up shots the evaluation does not see (docs/engine.md).
            static_pruning: false,
            ..SearchSettings::default()
        }
    }

    fn nnue_layout(&self) -> Option<crate::nnue::Layout> {
        let heights = usize::from(self.config().heights());
        Some(crate::nnue::Layout::two_seats("checkers3d", [heights, 8, 8], 2, true))
    }

    fn nnue_codes(&self, codes: &mut [u8]) {
        codes.fill(0);
        for (cell, seat, king) in self.pieces() {
            let i = (usize::from(cell.z) * 8 + usize::from(cell.y)) * 8 + usize::from(cell.x);
            if let Some(c) = codes.get_mut(i) {
                // Kinds in the picture's order: M (man), K (king).
                *c = (1 + seat.index() * 2 + usize::from(king)) as u8;
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        let game: Checkers3d = text.parse().expect("a valid position");
        Board::new(&game)
    }

    #[test]
    fn mobility_counts_forward_steps_on_three_heights() {
        // D3-6, counted by hand: White's man on c3@1 steps to b4 or d4 on height 1 or 2 (no
        // height 0): 4. Black's man on f6@5 steps to e5 or g5 on heights 4, 5, 6: 6.
        let b = board("W:Wc3@1:Bf6@5:H8:1/8");
        assert_eq!(b.mobility(0), 4);
        assert_eq!(b.mobility(1), 6);
        // D3-7: a king on d4@2 has one first step along each of its 12 lines.
        assert_eq!(board("W:WKd4@2:Bf6@5:H8:1/8").mobility(0), 12);
        // Occupied cells are no steps: White's b2@1 could go to a3 and c3 on heights 1 and
        // 2, but a3@1 and c3@2 are taken (2 left); a3@1 on the edge has b4 on heights 1
        // and 2 (2).
        assert_eq!(board("W:Wb2@1,a3@1:Bc3@2:H8:1/8").mobility(0), 2 + 2);
    }

    #[test]
    fn threatened_pieces_need_an_empty_landing_cell() {
        // D3-8 along a cube diagonal: Black's e5@3 jumps d4@2 to c3@1 (empty), and White's
        // d4@2 jumps e5@3 to f6@4 (empty): each side has one piece en prise.
        let b = board("W:Wd4@2:Be5@3:H8:1/8");
        assert_eq!((b.threatened(0), b.threatened(1)), (1, 1));
        // One height lower Black's landing cell c3@0 is outside the box: White is safe.
        let b = board("W:Wd4@1:Be5@2:H8:1/8");
        assert_eq!((b.threatened(0), b.threatened(1)), (0, 1));
        // A man jumps backwards too (D3-8), and a guarded landing cell stops the jump: White
        // d4@1 with e3@1 behind it, Black c5@1 in front; b6@1 is empty so Black's c5 is en
        // prise, White's d4 is not (e3 is taken).
        let b = board("W:Wd4@1,e3@1:Bc5@1:H8:1/8");
        assert_eq!((b.threatened(0), b.threatened(1)), (0, 1));
    }
}
