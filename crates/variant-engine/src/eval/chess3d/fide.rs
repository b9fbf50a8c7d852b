//! Attack maps for one 8x8 board (chess3d with one height, FIDE chess), computed from the
//! position's bitboards: the static exchange evaluation (SEE) of captures, and the mobility
//! and king-zone attacks of the evaluation, from chess3d's one-board attack tables
//! (`chess3d::plane_attacks`).

use chess3d::{Chess3d, Color, Piece};

/// Exchange values (pawn, knight, bishop, rook, queen, king): those of move ordering.
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

/// One height's pieces: `pieces[colour][kind]` and the occupancy.
pub(crate) struct Board {
    pub pieces: [[u64; 6]; 2],
    pub occ: u64,
}

impl Board {
    pub fn new(g: &Chess3d) -> Board {
        let mut pieces = [[0u64; 6]; 2];
        let mut occ = 0;
        for color in [Color::White, Color::Black] {
            for piece in Piece::ALL {
                let b = g.bitboard(0, color, piece);
                pieces[color.index()][piece.index()] = b;
                occ |= b;
            }
        }
        Board { pieces, occ }
    }

    pub fn colour(&self, c: usize) -> u64 {
        self.pieces[c].iter().fold(0, |a, &b| a | b)
    }
}

pub(crate) fn bishop_attacks(sq: usize, occ: u64) -> u64 {
    chess3d::plane_attacks::bishop(sq, occ)
}

pub(crate) fn rook_attacks(sq: usize, occ: u64) -> u64 {
    chess3d::plane_attacks::rook(sq, occ)
}

pub(crate) fn knight_attacks(sq: usize) -> u64 {
    chess3d::plane_attacks::knight(sq)
}

pub(crate) fn king_attacks(sq: usize) -> u64 {
    chess3d::plane_attacks::king(sq)
}

/// Cells attacked by the pawns of colour `c`.
pub(crate) fn pawn_attacks(pawns: u64, c: usize) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    if c == 0 {
        ((pawns & NOT_A) << 7) | ((pawns & NOT_H) << 9)
    } else {
        ((pawns & NOT_H) >> 7) | ((pawns & NOT_A) >> 9)
    }
}

/// Every piece of either colour attacking `sq` with the given occupancy.
fn attackers_to(b: &Board, sq: usize, occ: u64) -> u64 {
    let [w, k] = &b.pieces;
    let diag = bishop_attacks(sq, occ) & (w[2] | w[4] | k[2] | k[4]);
    let line = rook_attacks(sq, occ) & (w[3] | w[4] | k[3] | k[4]);
    let knights = knight_attacks(sq) & (w[1] | k[1]);
    let kings = king_attacks(sq) & (w[5] | k[5]);
    // A white pawn attacks sq from the cells a black pawn on sq would attack, and back.
    let pawns = (pawn_attacks(1 << sq, 1) & w[0]) | (pawn_attacks(1 << sq, 0) & k[0]);
    (diag | line | knights | kings | pawns) & occ
}

/// The static exchange value of moving from `from` to `to` (a capture), for the mover:
/// captures and recaptures on `to`, least valuable attacker first, each side free to stop.
pub(crate) fn see(b: &Board, from: usize, to: usize) -> i32 {
    let kind_at = |sq: usize| -> Option<(usize, usize)> {
        (0..2).find_map(|c| {
            (0..6)
                .find(|&p| b.pieces[c][p] >> sq & 1 != 0)
                .map(|p| (c, p))
        })
    };
    let Some((mut side, mut piece)) = kind_at(from) else {
        return 0;
    };
    let mut gain = [0i32; 33];
    gain[0] = kind_at(to).map_or(0, |(_, p)| SEE_VALUE[p]);
    let mut occ = b.occ & !(1u64 << from);
    let mut attackers = attackers_to(b, to, occ);
    let mut d = 0;
    loop {
        d += 1;
        if d >= gain.len() {
            break;
        }
        // The piece just moved to `to` is what the other side may now take.
        gain[d] = SEE_VALUE[piece] - gain[d - 1];
        side ^= 1;
        attackers &= occ;
        let own = attackers & b.colour(side);
        if own == 0 {
            break;
        }
        // The least valuable attacker of `side`.
        let (p, bit) = match (0..6).find_map(|p| {
            let x = own & b.pieces[side][p];
            (x != 0).then(|| (p, x & x.wrapping_neg()))
        }) {
            Some(v) => v,
            None => break,
        };
        if p == 5 && attackers & b.colour(side ^ 1) & occ != 0 {
            // The king may not capture into an attack.
            break;
        }
        piece = p;
        occ &= !bit;
        // X-rays behind the piece that left.
        attackers |= attackers_to(b, to, occ);
    }
    while d > 1 {
        d -= 1;
        gain[d - 1] = -((-gain[d - 1]).max(gain[d]));
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use variant_core::Game;

    fn board(text: &str) -> Board {
        let config = chess3d::Chess3dConfig::with_heights(1);
        Board::new(&Chess3d::from_text(&config, text).expect("a position"))
    }

    fn sq(name: &str) -> usize {
        let b = name.as_bytes();
        usize::from(b[1] - b'1') * 8 + usize::from(b[0] - b'a')
    }

    #[test]
    fn see_counts_defenders_and_x_rays() {
        // A pawn defended by a pawn: the queen that takes it is lost for a pawn.
        let b = board("4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1");
        assert_eq!(see(&b, sq("e1"), sq("e5")), 100 - 900);
        // An undefended pawn is won.
        let b = board("4k3/8/8/4p3/8/8/8/4QK2 w - - 0 1");
        assert_eq!(see(&b, sq("e1"), sq("e5")), 100);
        // Rook takes a rook defended by a rook, with a second rook behind: R takes, R takes,
        // R takes: +500 - 500 + 500.
        let b = board("4r1k1/8/8/4r3/8/8/4R3/4R1K1 w - - 0 1");
        assert_eq!(see(&b, sq("e2"), sq("e5")), 500);
        // Knight takes a pawn defended by a pawn: -220.
        let b = board("4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1");
        assert_eq!(see(&b, sq("f3"), sq("e5")), 100 - 320);
    }
}
