//! chess3d: material whose values grow with the number of heights (a 3D knight has 24 leaps,
//! a queen 26 lines), centralisation in the plane and between the heights as a cheap stand-in
//! for mobility, pawn advancement towards the promotion cubes (C3-18), and king safety: a
//! pawn shield on one height, the distance of enemy pieces to the king on every board.

mod fide;
mod pesto;

use super::{by_heights, off_centre};
use crate::{MoveFacts, SearchGame, SearchSettings};
use chess3d::{Chess3d, Color, Move, Piece};
use variant_core::grid3::Cell3;
use variant_core::{Game, Seat};

/// Piece values (pawn, knight, bishop, rook, queen) at one height (the classical values) and
/// at eight heights (estimates from the number of lines: knight 24 leaps, bishop 12 lines,
/// rook 6, queen 26; docs/engine.md).
const ONE_HEIGHT: [i32; 5] = [100, 320, 330, 500, 900];
const EIGHT_HEIGHTS: [i32; 5] = [100, 420, 400, 540, 1200];

/// Bonus by the pawn's remaining steps to a promotion cube (index: steps, 0 … 7+).
const PAWN_STEPS: [i32; 8] = [0, 90, 55, 35, 20, 10, 4, 0];

fn value(piece: Piece, heights: u8) -> i32 {
    match piece {
        Piece::King => 0,
        p => by_heights(ONE_HEIGHT[p.index()], EIGHT_HEIGHTS[p.index()], heights),
    }
}

fn bits(mut b: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let i = b.trailing_zeros() as u8;
            b &= b - 1;
            i
        })
    })
}

/// White's score minus Black's.
fn white_minus_black(g: &Chess3d) -> i32 {
    let heights = g.heights();
    let (lw, lb) = g.base_heights();
    let targets = [i32::from(lb) - 1, i32::from(lw) - 1];
    let mut kings = [Cell3::new(4, 0, 0); 2];
    let mut heavy = 0;
    for z in 0..heights {
        for color in [Color::White, Color::Black] {
            if let Some(k) = bits(g.bitboard(z, color, Piece::King)).next() {
                kings[color.index()] = Cell3::new(k % 8, k / 8, z);
            }
            heavy += (g.bitboard(z, color, Piece::Queen) | g.bitboard(z, color, Piece::Rook))
                .count_ones();
        }
    }
    let endgame = heavy <= 2;
    let h = i32::from(heights);
    let mut score = [0i32; 2];
    for z in 0..heights {
        for color in [Color::White, Color::Black] {
            let c = color.index();
            let enemy_king = kings[1 - c];
            for piece in Piece::ALL {
                for i in bits(g.bitboard(z, color, piece)) {
                    let (x, y) = (i32::from(i % 8), i32::from(i / 8));
                    let zi = i32::from(z);
                    let centre = 6 - off_centre(x, 8) - off_centre(y, 8);
                    let vcentre = if h > 1 { off_centre(zi, h) } else { 0 };
                    let near_king = {
                        let d = (x - i32::from(enemy_king.x))
                            .abs()
                            .max((y - i32::from(enemy_king.y)).abs())
                            .max((zi - i32::from(enemy_king.z)).abs());
                        7 - d.min(7)
                    };
                    score[c] += value(piece, heights);
                    score[c] += match piece {
                        Piece::Pawn => {
                            let ahead = if c == 0 { 7 - y } else { y };
                            let steps = ahead.max((zi - targets[c]).abs()).clamp(0, 7);
                            PAWN_STEPS[steps as usize] + if centre >= 5 { 8 } else { 0 }
                        }
                        Piece::Knight => 5 * centre - 4 * vcentre + 2 * near_king,
                        Piece::Bishop => 3 * centre - 2 * vcentre + 2 * near_king,
                        Piece::Rook => 2 * near_king,
                        Piece::Queen => centre - vcentre + 3 * near_king,
                        Piece::King => {
                            if endgame {
                                5 * centre
                            } else {
                                king_shelter(g, color, x, y, z) - 4 * centre
                            }
                        }
                    };
                }
            }
        }
    }
    score[0] - score[1]
}

/// Own pawns on the three cells in front of the king (same height), while it is not an
/// endgame.
fn king_shelter(g: &Chess3d, color: Color, x: i32, y: i32, z: u8) -> i32 {
    let front = if color == Color::White { y + 1 } else { y - 1 };
    if !(0..8).contains(&front) {
        return 0;
    }
    let pawns = g.bitboard(z, color, Piece::Pawn);
    let shield = (x - 1..=x + 1)
        .filter(|fx| (0..8).contains(fx) && pawns >> (front * 8 + fx) & 1 != 0)
        .count() as i32;
    12 * shield
}

impl SearchGame for Chess3d {
    fn move_facts(&self, mv: Move) -> MoveFacts {
        let heights = self.heights();
        let mover = self
            .piece_at(mv.from())
            .map_or(0, |(_, p)| value(p, heights));
        let captured = match self.piece_at(mv.to()) {
            Some((_, p)) => value(p, heights),
            // En passant: a pawn leaving its file onto an empty cell.
            None if mover == 100 && mv.from().x != mv.to().x => 100,
            None => 0,
        };
        MoveFacts {
            captured,
            mover,
            promotion: mv.promotion() == Some(Piece::Queen),
        }
    }

    fn evaluate(&self, seat: Seat) -> i32 {
        // A small bonus for the move (tempo) keeps odd and even depths closer.
        let tempo = if self.side_to_move() == seat { 10 } else { -10 };
        let s = if self.heights() == 1 {
            pesto::white_minus_black(self)
        } else {
            white_minus_black(self)
        };
        tempo + if seat.index() == 0 { s } else { -s }
    }

    fn tactical_moves_into(&self, moves: &mut <Self as variant_core::Game>::MoveList) {
        moves.clear();
        Chess3d::tactical_moves_into(self, moves);
    }

    fn settings(&self) -> SearchSettings {
        SearchSettings {
            // With more than one height without reverse futility, futility and move-count
            // pruning: 56.7 % against the baseline without them, 50.0 % with them
            // (docs/engine.md).
            static_pruning: self.heights() == 1,
            // Without a legal move outside check a position is only a stalemate, which
            // quiescence may miss at less cost than listing every move of every node.
            stand_pat_before_moves: true,
            ..SearchSettings::default()
        }
    }

    fn exchange_value(&self, mv: Move) -> Option<i32> {
        if self.heights() != 1 {
            return None;
        }
        let (from, to) = (mv.from(), mv.to());
        let index = |c: Cell3| usize::from(c.y) * 8 + usize::from(c.x);
        Some(fide::see(
            &fide::Board::new(self),
            index(from),
            index(to),
        ))
    }

    fn null_move(&self) -> Option<Self> {
        // Only with a piece besides king and pawns (pawn endings are where zugzwang lives),
        // and never from check (the search does not ask then). At every height: the pass
        // is a copy with two hash keys changed (`Chess3d::passed`), cheap enough to pay with
        // more than one height too (docs/engine.md).
        let side = Color::from(self.side_to_move());
        let pieces = (0..self.heights()).any(|z| {
            [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
                .iter()
                .any(|&p| self.bitboard(z, side, p) != 0)
        });
        pieces.then(|| self.passed())
    }

    fn nnue_layout(&self) -> Option<crate::nnue::Layout> {
        // The configuration's heights: a height that goes (C3-30) leaves its cells empty.
        let heights = usize::from(self.config().heights);
        Some(crate::nnue::Layout::two_seats("chess3d", [heights, 8, 8], 6, false))
    }

    fn nnue_codes(&self, codes: &mut [u8]) {
        codes.fill(0);
        // The kinds in the order of the picture's letters (K, Q, R, B, N, P).
        const KINDS: [Piece; 6] = [
            Piece::King,
            Piece::Queen,
            Piece::Rook,
            Piece::Bishop,
            Piece::Knight,
            Piece::Pawn,
        ];
        for z in 0..self.heights() {
            for color in [Color::White, Color::Black] {
                for (kind, &piece) in KINDS.iter().enumerate() {
                    let code = (1 + color.index() * 6 + kind) as u8;
                    for i in bits(self.bitboard(z, color, piece)) {
                        if let Some(c) = codes.get_mut(usize::from(z) * 64 + usize::from(i)) {
                            *c = code;
                        }
                    }
                }
            }
        }
    }

    fn must_not_stand_pat(&self) -> bool {
        self.is_in_check(variant_games::Game::side_to_move(self))
    }

    fn counter_draw(&self) -> bool {
        // C3-21: the 75-move rule ends the game by itself.
        self.halfmove_clock() >= 150
    }
}
