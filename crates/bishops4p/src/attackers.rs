//! Who attacks a seat's pieces: for every piece of one seat, the least valuable attacker of
//! each colour (B4-11: every piece of every other colour attacks). An evaluation reads from it
//! which pieces are hanging — with four players three opponents move before a piece's owner
//! moves again, so an attacked piece is often lost before its owner can save it.

use crate::game::PieceKind;
use crate::geometry::{DIRS, EMPTY, KNIGHT, OFF, file_of, pawn_hits, rank_of, step};
use crate::position::{BISHOP, Bishops, KING, KNIGHT_K, PAWN, QUEEN, ROOK, colour_of, kind_of};
use variant_core::Seat;

/// A piece of one seat and the least valuable attacker of every colour on its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackedPiece {
    /// The piece's file and rank, both from 0 (a1 = (0, 0)).
    pub cell: (usize, usize),
    /// The piece's kind.
    pub kind: PieceKind,
    /// Indexed by seat: the least valuable piece of that colour attacking the cell (the
    /// owner's own entry says whether the piece is defended). Only the first piece along each
    /// line counts (no x-rays); a bishop moving as a queen (its king in a corner block, B4-14)
    /// attacks along the files and ranks too; a pawn by its capture cells (B4-6).
    pub attackers: [Option<PieceKind>; 4],
}

/// The cells around a king: see [`Bishops::king_ring`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KingRing {
    /// Cells of the board next to the king (8 in the open, 3 in a corner).
    pub cells: u8,
    /// Of those, the cells some other colour attacks.
    pub attacked: u8,
    /// Of those, the cells the king could step to: not held by its own pieces, not attacked.
    pub flights: u8,
}

fn kind(code: u8) -> Option<PieceKind> {
    match code {
        PAWN => Some(PieceKind::Pawn),
        KNIGHT_K => Some(PieceKind::Knight),
        BISHOP => Some(PieceKind::Bishop),
        ROOK => Some(PieceKind::Rook),
        QUEEN => Some(PieceKind::Queen),
        KING => Some(PieceKind::King),
        _ => None,
    }
}

impl Bishops {
    /// Calls `f` for every piece of `seat` other than its king, with the least valuable
    /// attacker of each colour on its cell (see [`AttackedPiece`]).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::{Bishops, BishopsConfig, PieceKind};
    /// use variant_core::{Game, Seat};
    ///
    /// // White's rook d5 is attacked by Black's pawn e6 and by Grey's rook a5, defended by
    /// // nobody.
    /// let pos = Bishops::from_text(
    ///     &BishopsConfig::default(),
    ///     "5,bK,6/12/12/12/12/gK,10,pK/4,bP,7/gR,2,wR,8/12/12/12/6,wK,5 w wgbp w:-,g:-,b:-,p:- - 0 0 short -",
    /// )
    /// .unwrap();
    /// let mut seen = Vec::new();
    /// pos.for_each_attacked_piece(Seat(0), |p| seen.push(p));
    /// assert_eq!(seen.len(), 1);
    /// assert_eq!(seen[0].cell, (3, 4));
    /// assert_eq!(
    ///     seen[0].attackers,
    ///     [None, Some(PieceKind::Rook), Some(PieceKind::Pawn), None]
    /// );
    /// ```
    pub fn for_each_attacked_piece(&self, seat: Seat, mut f: impl FnMut(AttackedPiece)) {
        let c = usize::from(seat.0 & 3);
        self.occ[c].for_each(|s| {
            let p = self.at(s);
            if kind_of(p) == KING {
                return;
            }
            let Some(k) = kind(kind_of(p)) else {
                return;
            };
            f(AttackedPiece {
                cell: (file_of(s), rank_of(s)),
                kind: k,
                attackers: self.least_attackers(s),
            });
        });
    }

    /// The cells around `seat`'s king (B4-11): how many are on the board, how many of them
    /// another colour attacks, and how many the king could step to (empty or holding another
    /// colour's piece) without being attacked there by another colour — its flights. `None`
    /// when the seat has no king on the board. (The attacks are read on the board as it is:
    /// a piece the king would capture still counts as blocking lines.)
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::{Bishops, BishopsConfig, KingRing};
    /// use variant_core::{Game, Seat};
    ///
    /// // White's king g1 at the start: five cells around it, none attacked, no flight (all
    /// // held by its own pieces).
    /// let pos = Bishops::new(&BishopsConfig::default()).unwrap();
    /// assert_eq!(
    ///     pos.king_ring(Seat(0)),
    ///     Some(KingRing { cells: 5, attacked: 0, flights: 0 })
    /// );
    /// ```
    pub fn king_ring(&self, seat: Seat) -> Option<KingRing> {
        let c = seat.0 & 3;
        let k = self.kings[usize::from(c)];
        if k == crate::position::NONE {
            return None;
        }
        let mut ring = KingRing::default();
        for &d in &DIRS {
            let t = step(k, d);
            let p = self.at(t);
            if p == OFF {
                continue;
            }
            ring.cells += 1;
            // The king itself no longer blocks the lines through its cell once it steps.
            let attacked = self.attacked(t, c, k);
            ring.attacked += u8::from(attacked);
            let free = p == EMPTY || colour_of(p) != c;
            ring.flights += u8::from(free && !attacked);
        }
        Some(ring)
    }

    /// The least valuable attacker of every colour on cell `s` (kind codes order by value).
    fn least_attackers(&self, s: u8) -> [Option<PieceKind>; 4] {
        let mut least = [u8::MAX; 4];
        let mut note = |p: u8| {
            let slot = &mut least[usize::from(colour_of(p) & 3)];
            *slot = (*slot).min(kind_of(p));
        };
        for &k in &KNIGHT {
            let p = self.at(step(s, k));
            if p != EMPTY && p != OFF && kind_of(p) == KNIGHT_K {
                note(p);
            }
        }
        for (i, &d) in DIRS.iter().enumerate() {
            let mut t = step(s, d);
            let mut first = true;
            loop {
                let p = self.at(t);
                if p == EMPTY {
                    t = step(t, d);
                    first = false;
                    continue;
                }
                if p == OFF {
                    break;
                }
                let col = colour_of(p);
                let pk = kind_of(p);
                let slides = if i < 4 {
                    pk == ROOK || pk == QUEEN || (pk == BISHOP && self.queenlike >> col & 1 != 0)
                } else {
                    pk == BISHOP || pk == QUEEN
                };
                let steps = first
                    && (pk == KING
                        || (pk == PAWN
                            && i >= 4
                            && pawn_hits(i, usize::from(self.pawn_dir[usize::from(col & 3)]))));
                if slides || steps {
                    note(p);
                }
                break;
            }
        }
        least.map(kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BishopsConfig;
    use variant_core::Game;

    /// B4-11: every other colour attacks; B4-14: a bishop of a king in a corner block attacks
    /// as a queen. Black's knight i10 attacked by White's bishop (queen-like: White's king on
    /// the block a1) along rank 10 from c10, by Pink's pawn j9 moving west (it captures
    /// north-west and south-west: j9 → i10), and defended by Black's king i11; Grey's king a6
    /// is too far.
    #[test]
    fn b4_11_b4_14_attackers_of_each_colour() {
        let pos = Bishops::from_text(
            &BishopsConfig::default(),
            "12/8,bK,3/2,wB,5,bN,3/9,pP,2/12/12/gK,10,pK/12/12/12/12/wK,11 b wgbp w:-,g:-,b:-,p:- - 0 0 short -",
        )
        .unwrap();
        let mut seen = Vec::new();
        pos.for_each_attacked_piece(Seat(2), |p| seen.push(p));
        assert_eq!(seen.len(), 1);
        assert_eq!(seen[0].cell, (8, 9));
        assert_eq!(seen[0].kind, PieceKind::Knight);
        assert_eq!(
            seen[0].attackers,
            [
                Some(PieceKind::Bishop),
                None,
                Some(PieceKind::King),
                Some(PieceKind::Pawn)
            ]
        );
    }
}
