//! FIDE chess (chess3d with one height): a tapered piece-square evaluation with the public
//! PeSTO tables (Ronald Friederich's RofChade/PeSTO, Texel-tuned; docs/engine.md). Each piece
//! has a middlegame and an endgame value per square; the two are blended by the game phase
//! (knights and bishops count 1, rooks 2, queens 4; 24 at the start).
//!
//! Tables are written as a board is drawn, rank 8 first, from White's side: White's piece on
//! bit `i` (`y * 8 + x`, a1 = 0) reads entry `i ^ 56`, Black's reads entry `i`.

use super::fide::{
    Board, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use chess3d::{Chess3d, Color, Piece};

const MG_VALUE: [i32; 6] = [82, 337, 365, 477, 1025, 0];
const EG_VALUE: [i32; 6] = [94, 281, 297, 512, 936, 0];
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

#[rustfmt::skip]
const MG: [[i32; 64]; 6] = [
    [
          0,   0,   0,   0,   0,   0,  0,   0,
         98, 134,  61,  95,  68, 126, 34, -11,
         -6,   7,  26,  31,  65,  56, 25, -20,
        -14,  13,   6,  21,  23,  12, 17, -23,
        -27,  -2,  -5,  12,  17,   6, 10, -25,
        -26,  -4,  -4, -10,   3,   3, 33, -12,
        -35,  -1, -20, -23, -15,  24, 38, -22,
          0,   0,   0,   0,   0,   0,  0,   0,
    ],
    [
        -167, -89, -34, -49,  61, -97, -15, -107,
         -73, -41,  72,  36,  23,  62,   7,  -17,
         -47,  60,  37,  65,  84, 129,  73,   44,
          -9,  17,  19,  53,  37,  69,  18,   22,
         -13,   4,  16,  13,  28,  19,  21,   -8,
         -23,  -9,  12,  10,  19,  17,  25,  -16,
         -29, -53, -12,  -3,  -1,  18, -14,  -19,
        -105, -21, -58, -33, -17, -28, -19,  -23,
    ],
    [
        -29,   4, -82, -37, -25, -42,   7,  -8,
        -26,  16, -18, -13,  30,  59,  18, -47,
        -16,  37,  43,  40,  35,  50,  37,  -2,
         -4,   5,  19,  50,  37,  37,   7,  -2,
         -6,  13,  13,  26,  34,  12,  10,   4,
          0,  15,  15,  15,  14,  27,  18,  10,
          4,  15,  16,   0,   7,  21,  33,   1,
        -33,  -3, -14, -21, -13, -12, -39, -21,
    ],
    [
         32,  42,  32,  51, 63,  9,  31,  43,
         27,  32,  58,  62, 80, 67,  26,  44,
         -5,  19,  26,  36, 17, 45,  61,  16,
        -24, -11,   7,  26, 24, 35,  -8, -20,
        -36, -26, -12,  -1,  9, -7,   6, -23,
        -45, -25, -16, -17,  3,  0,  -5, -33,
        -44, -16, -20,  -9, -1, 11,  -6, -71,
        -19, -13,   1,  17, 16,  7, -37, -26,
    ],
    [
        -28,   0,  29,  12,  59,  44,  43,  45,
        -24, -39,  -5,   1, -16,  57,  28,  54,
        -13, -17,   7,   8,  29,  56,  47,  57,
        -27, -27, -16, -16,  -1,  17,  -2,   1,
         -9, -26,  -9, -10,  -2,  -4,   3,  -3,
        -14,   2, -11,  -2,  -5,   2,  14,   5,
        -35,  -8,  11,   2,   8,  15,  -3,   1,
         -1, -18,  -9,  10, -15, -25, -31, -50,
    ],
    [
        -65,  23,  16, -15, -56, -34,   2,  13,
         29,  -1, -20,  -7,  -8,  -4, -38, -29,
         -9,  24,   2, -16, -20,   6,  22, -22,
        -17, -20, -12, -27, -30, -25, -14, -36,
        -49,  -1, -27, -39, -46, -44, -33, -51,
        -14, -14, -22, -46, -44, -30, -15, -27,
          1,   7,  -8, -64, -43, -16,   9,   8,
        -15,  36,  12, -54,   8, -28,  24,  14,
    ],
];

#[rustfmt::skip]
const EG: [[i32; 64]; 6] = [
    [
          0,   0,   0,   0,   0,   0,   0,   0,
        178, 173, 158, 134, 147, 132, 165, 187,
         94, 100,  85,  67,  56,  53,  82,  84,
         32,  24,  13,   5,  -2,   4,  17,  17,
         13,   9,  -3,  -7,  -7,  -8,   3,  -1,
          4,   7,  -6,   1,   0,  -5,  -1,  -8,
         13,   8,   8,  10,  13,   0,   2,  -7,
          0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [
        -58, -38, -13, -28, -31, -27, -63, -99,
        -25,  -8, -25,  -2,  -9, -25, -24, -52,
        -24, -20,  10,   9,  -1,  -9, -19, -41,
        -17,   3,  22,  22,  22,  11,   8, -18,
        -18,  -6,  16,  25,  16,  17,   4, -18,
        -23,  -3,  -1,  15,  10,  -3, -20, -22,
        -42, -20, -10,  -5,  -2, -20, -23, -44,
        -29, -51, -23, -15, -22, -18, -50, -64,
    ],
    [
        -14, -21, -11,  -8, -7,  -9, -17, -24,
         -8,  -4,   7, -12, -3, -13,  -4, -14,
          2,  -8,   0,  -1, -2,   6,   0,   4,
         -3,   9,  12,   9, 14,  10,   3,   2,
         -6,   3,  13,  19,  7,  10,  -3,  -9,
        -12,  -3,   8,  10, 13,   3,  -7, -15,
        -14, -18,  -7,  -1,  4,  -9, -15, -27,
        -23,  -9, -23,  -5, -9, -16,  -5, -17,
    ],
    [
        13, 10, 18, 15, 12,  12,   8,   5,
        11, 13, 13, 11, -3,   3,   8,   3,
         7,  7,  7,  5,  4,  -3,  -5,  -3,
         4,  3, 13,  1,  2,   1,  -1,   2,
         3,  5,  8,  4, -5,  -6,  -8, -11,
        -4,  0, -5, -1, -7, -12,  -8, -16,
        -6, -6,  0,  2, -9,  -9, -11,  -3,
        -9,  2,  3, -1, -5, -13,   4, -20,
    ],
    [
         -9,  22,  22,  27,  27,  19,  10,  20,
        -17,  20,  32,  41,  58,  25,  30,   0,
        -20,   6,   9,  49,  47,  35,  19,   9,
          3,  22,  24,  45,  57,  40,  57,  36,
        -18,  28,  19,  47,  31,  34,  39,  23,
        -16, -27,  15,   6,   9,  17,  10,   5,
        -22, -23, -30, -16, -16, -23, -36, -32,
        -33, -28, -22, -43,  -5, -32, -20, -41,
    ],
    [
        -74, -35, -18, -18, -11,  15,   4, -17,
        -12,  17,  14,  17,  17,  38,  23,  11,
         10,  17,  23,  15,  20,  45,  44,  13,
         -8,  22,  24,  27,  26,  33,  26,   3,
        -18,  -4,  21,  24,  27,  23,   9, -11,
        -19,  -3,  11,  21,  23,  16,   7,  -9,
        -27, -11,   4,  13,  14,   4,  -5, -17,
        -53, -34, -21, -11, -28, -14, -24, -43,
    ],
];

/// Mobility per attacked cell (not own, not attacked by an enemy pawn) for knight, bishop,
/// rook, queen: (middlegame, endgame), counted from a typical number of cells.
const MOBILITY: [(i32, i32, i32); 4] = [(4, 4, 4), (5, 5, 6), (2, 4, 7), (1, 2, 13)];
/// King-zone attack units of knight, bishop, rook, queen per attacked cell of the zone.
const KING_ATTACK: [i32; 4] = [2, 2, 3, 5];
/// Passed pawn bonus by ranks advanced (endgame; half in the middlegame).
const PASSED: [i32; 8] = [0, 5, 10, 20, 35, 60, 100, 0];
const ISOLATED: (i32, i32) = (10, 15);
/// A pawn with a pawn of its own colour ahead on its file: (middlegame, endgame) malus.
const DOUBLED: (i32, i32) = (10, 20);
/// A rook on a file without pawns (open) / without pawns of its own colour (half-open).
const ROOK_OPEN: (i32, i32) = (25, 10);
const ROOK_HALF_OPEN: (i32, i32) = (12, 5);
/// Middlegame bonus per pawn of the king's shield (its own pawns on the king's file and the
/// files beside it, one or two ranks ahead) when the king is on its first two ranks.
const SHIELD: i32 = 12;

/// White's score minus Black's on the one board of height 0.
pub(crate) fn white_minus_black(g: &Chess3d) -> i32 {
    let board = Board::new(g);
    let mut mg = 0;
    let mut eg = 0;
    let mut phase = 0;
    let mut bishops = [0; 2];
    for piece in Piece::ALL {
        let p = piece.index();
        for (color, flip, sign) in [(Color::White, 56, 1), (Color::Black, 0, -1)] {
            let mut b = board.pieces[color.index()][p];
            if piece == Piece::Bishop {
                bishops[color.index()] = b.count_ones();
            }
            while b != 0 {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                let t = i ^ flip;
                mg += sign * (MG_VALUE[p] + MG[p][t]);
                eg += sign * (EG_VALUE[p] + EG[p][t]);
                phase += PHASE[p];
            }
        }
    }
    // The bishop pair (not in PeSTO's tables, which value each bishop alone).
    let pair = i32::from(bishops[0] >= 2) - i32::from(bishops[1] >= 2);
    mg += 25 * pair;
    eg += 45 * pair;
    let (m, e) = activity(&board);
    mg += m;
    eg += e;
    let phase = phase.min(24);
    (mg * phase + eg * (24 - phase)) / 24
}

/// Mobility, king-zone attacks and pawn structure: (middlegame, endgame), White minus Black.
fn activity(b: &Board) -> (i32, i32) {
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let pawn_att = [
        pawn_attacks(b.pieces[0][0], 0),
        pawn_attacks(b.pieces[1][0], 1),
    ];
    let own = [b.colour(0), b.colour(1)];
    for c in 0..2 {
        let e = 1 - c;
        let king = b.pieces[e][5];
        let zone = if king == 0 {
            0
        } else {
            let k = king.trailing_zeros() as usize;
            king_attacks(k) | king
        };
        let safe = !own[c] & !pawn_att[e];
        let mut units = 0;
        let mut attackers = 0;
        for (k, &(wm, we, typical)) in MOBILITY.iter().enumerate() {
            let mut bb = b.pieces[c][k + 1];
            while bb != 0 {
                let sq = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                let att = match k {
                    0 => knight_attacks(sq),
                    1 => bishop_attacks(sq, b.occ),
                    2 => rook_attacks(sq, b.occ),
                    _ => bishop_attacks(sq, b.occ) | rook_attacks(sq, b.occ),
                };
                let n = (att & safe).count_ones() as i32 - typical;
                mg[c] += wm * n;
                eg[c] += we * n;
                let hits = (att & zone).count_ones() as i32;
                if hits > 0 {
                    units += KING_ATTACK[k] * hits;
                    attackers += 1;
                }
            }
        }
        if attackers >= 2 {
            mg[c] += (units * units).min(800) / 2;
        }
        // Pawns: passed (no enemy pawn ahead on the file or the files beside) and isolated.
        let pawns = b.pieces[c][0];
        let enemy = b.pieces[e][0];
        let mut bb = pawns;
        while bb != 0 {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let (x, y) = (sq % 8, sq / 8);
            let files = file_span(x);
            let ahead = if c == 0 {
                files & !((2u64 << (y * 8 + 7)).wrapping_sub(1))
            } else {
                files & ((1u64 << (y * 8)) - 1)
            };
            if enemy & ahead == 0 {
                let advanced = if c == 0 { y } else { 7 - y };
                eg[c] += PASSED[advanced];
                mg[c] += PASSED[advanced] / 2;
            }
            let neighbours = files & !(0x0101_0101_0101_0101u64 << x);
            if pawns & neighbours == 0 {
                mg[c] -= ISOLATED.0;
                eg[c] -= ISOLATED.1;
            }
            if pawns & ahead & (0x0101_0101_0101_0101u64 << x) != 0 {
                mg[c] -= DOUBLED.0;
                eg[c] -= DOUBLED.1;
            }
        }
        // Rooks on open and half-open files.
        let mut rooks = b.pieces[c][3];
        while rooks != 0 {
            let sq = rooks.trailing_zeros() as usize;
            rooks &= rooks - 1;
            let file = 0x0101_0101_0101_0101u64 << (sq % 8);
            if (pawns | enemy) & file == 0 {
                mg[c] += ROOK_OPEN.0;
                eg[c] += ROOK_OPEN.1;
            } else if pawns & file == 0 {
                mg[c] += ROOK_HALF_OPEN.0;
                eg[c] += ROOK_HALF_OPEN.1;
            }
        }
        // The king's pawn shield.
        let king = b.pieces[c][5];
        if king != 0 {
            let k = king.trailing_zeros() as usize;
            let (x, y) = (k % 8, k / 8);
            let rank = if c == 0 { y } else { 7 - y };
            if rank <= 1 {
                let ranks = if c == 0 {
                    0xFFFFu64 << ((y + 1) * 8)
                } else {
                    0xFFFFu64 << ((y - 2) * 8)
                };
                mg[c] += SHIELD * (pawns & file_span(x) & ranks).count_ones() as i32;
            }
        }
    }
    (mg[0] - mg[1], eg[0] - eg[1])
}

/// The file `x` and the files beside it, as a bitboard.
fn file_span(x: usize) -> u64 {
    let file = 0x0101_0101_0101_0101u64 << x;
    let left = if x > 0 { file >> 1 } else { 0 };
    let right = if x < 7 { file << 1 } else { 0 };
    file | left | right
}

#[cfg(test)]
mod tests {
    use super::*;
    use variant_core::Game;

    #[test]
    fn the_start_is_balanced_and_a_missing_queen_counts() {
        let config = chess3d::Chess3dConfig::with_heights(1);
        let start = Chess3d::new(&config).expect("FIDE chess");
        assert_eq!(white_minus_black(&start), 0);
        let text = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let queenless = Chess3d::from_text(&config, text).expect("a position");
        assert!(white_minus_black(&queenless) > 900);
    }

    /// The position with the colours swapped and the board turned (rank 1 becomes rank 8).
    fn mirrored(text: &str) -> String {
        let mut fields = text.split(' ');
        let board = fields.next().expect("a board");
        let ranks: Vec<String> = board
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|ch| {
                        if ch.is_ascii_uppercase() {
                            ch.to_ascii_lowercase()
                        } else {
                            ch.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        format!("{} b - - 0 1", ranks.join("/"))
    }

    #[test]
    fn mirrored_positions_score_the_opposite() {
        // Positions with every term at work: shields, open and half-open files for rooks,
        // doubled, isolated and passed pawns. The terms of each colour are computed by their
        // own code (ranks counted from opposite ends): turning the board must negate the score.
        let config = chess3d::Chess3dConfig::with_heights(1);
        for text in [
            "r4rk1/pp3ppp/2p5/8/3P4/2P2P2/P1P3PP/R3R1K1 w - - 0 1",
            "2kr3r/ppp2p1p/8/4p3/4P3/8/PPP2PPP/1K1R3R w - - 0 1",
            "6k1/5pp1/4p3/8/8/1P6/1P3PPP/3R2K1 w - - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 1",
        ] {
            let white = Chess3d::from_text(&config, text).expect("a position");
            let black = Chess3d::from_text(&config, &mirrored(text)).expect("a position");
            assert_eq!(
                white_minus_black(&white),
                -white_minus_black(&black),
                "{text}"
            );
        }
    }
}
