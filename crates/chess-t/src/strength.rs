//! Strength sums (CT-10): bit-sliced counters for move generation, and the public
//! [`StrengthField`] a UI can show.

use crate::Cell;
use crate::cell::Bits;
use crate::piece::Piece;
use crate::position::ChessT;
use crate::projection::projection;
use crate::tables::CASTLES;
use std::fmt;
use variant_core::Seat;

/// Per-cell sums held as bit planes: plane `i` holds bit `i` of every cell's sum.
/// Seven planes hold sums up to 127 (a side's largest possible sum is below 100).
#[derive(Clone, Copy, Default)]
pub(crate) struct Sums {
    planes: [u64; 7],
}

impl Sums {
    #[inline]
    fn add_plane(&mut self, from: usize, mask: u64) {
        let mut carry = mask;
        let mut i = from;
        while carry != 0 && i < 7 {
            let t = self.planes[i] & carry;
            self.planes[i] ^= carry;
            carry = t;
            i += 1;
        }
    }

    /// Adds `strength` to every cell of `mask`.
    #[inline]
    pub(crate) fn add(&mut self, mask: u64, strength: u8) {
        let mut bit = 0;
        let mut w = strength;
        while w != 0 {
            if w & 1 != 0 {
                self.add_plane(bit, mask);
            }
            w >>= 1;
            bit += 1;
        }
    }

    /// The cells where `self` is strictly greater than `other`.
    #[inline]
    pub(crate) fn greater(&self, other: &Sums) -> u64 {
        let mut gt = 0u64;
        let mut eq = !0u64;
        for i in (0..7).rev() {
            let (a, b) = (self.planes[i], other.planes[i]);
            gt |= eq & a & !b;
            eq &= !(a ^ b);
        }
        gt
    }
}

/// The raw sums of one side: every piece's strength on its own cell and its projection.
pub(crate) fn side_sums(pos: &ChessT, side: usize) -> (Sums, u64) {
    side_sums_at(pos, side, !0)
}

/// [`side_sums`] exact on the cells of `cells` only: a piece whose projection cannot reach
/// them ([`REACH`]) adds nothing there, so its projection is not computed. The royal reach is
/// likewise exact on `cells`.
#[inline]
pub(crate) fn side_sums_at(pos: &ChessT, side: usize, cells: u64) -> (Sums, u64) {
    let occ = pos.occ[0] | pos.occ[1];
    let foe_imp = pos.config.impregnable(1 - side);
    let long = pos.config.long_jumpers;
    let mut sums = Sums::default();
    let mut royal_reach = 0;
    for kind in 0..6 {
        let strength = Piece::from_index(kind).strength();
        for sq in Bits(pos.pieces[side][kind]) {
            if REACH[sq & 63] & cells == 0 {
                continue;
            }
            let p = projection(kind, side, sq, occ, foe_imp, long) | (1u64 << sq);
            sums.add(p, strength);
            if kind <= Piece::Prince as usize {
                royal_reach |= p;
            }
        }
    }
    (sums, royal_reach)
}

const fn reach_table() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut m = 0u64;
        let mut df = -3;
        while df <= 3 {
            let mut dr = -3;
            while dr <= 3 {
                let on_line = df == 0 || dr == 0 || df == dr || df == -dr;
                let (nf, nr) = (f + df, r + dr);
                if on_line && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                    m |= 1u64 << (nr * 8 + nf);
                }
                dr += 1;
            }
            df += 1;
        }
        t[sq] = m;
        sq += 1;
    }
    t
}

/// The cells a piece on each square can ever project onto, its own cell included: the
/// orthogonal and diagonal lines up to three cells (CT-4's longest non-Scout lines: CT-41's
/// long jumpers, the Connet's and Prince's diagonals; the King's step and the Knecht's
/// two-cell step lie inside). Scouts have no strength and are never summed.
pub(crate) static REACH: [u64; 64] = reach_table();

/// White's and Black's strength on every cell, in half-units (CT-10).
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
/// use chess_t::Cell;
///
/// // The rules page's worked example 1 (CT-10): White King c1, Ritter d3, Knecht f3;
/// // Black Ver Knecht e3, Prince h1 (and a Black King far away on e8).
/// let text = "4k3/8/8/8/8/3RvN2/8/2K4p w - 0 1";
/// let game = ChessT::from_text(&ChessTConfig::default(), text).unwrap();
/// let field = game.strength();
/// let at = |name| field.get(Cell::parse(name).unwrap());
/// assert_eq!(at("d2"), (7, 0));
/// assert_eq!(at("d3"), (4, 3));
/// assert_eq!(at("e3"), (6, 3));
/// assert_eq!(at("f3"), (6, 6));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StrengthField {
    sums: [[u8; 64]; 2],
}

impl StrengthField {
    /// The sum of `seat` (0 White, 1 Black) on `cell`.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// use chess_t::Cell;
    ///
    /// // CT-10: in the set-up, d3 is reached by the Knecht d2 (2, one step), the Knechts c2 and e2
    /// // cannot reach it (no diagonal moves), and the Connet d1 jumps two cells (6): 8 for White.
    /// let field = ChessT::default().strength();
    /// assert_eq!(field.sum(Seat(0), Cell::parse("d3").unwrap()), 8);
    /// assert_eq!(field.sum(Seat(1), Cell::parse("d3").unwrap()), 0);
    /// ```
    pub fn sum(&self, seat: Seat, cell: Cell) -> u8 {
        self.sums[seat.index() & 1][cell.index() as usize]
    }

    /// White's and Black's sums on `cell`.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// use chess_t::Cell;
    ///
    /// // The rules page's worked example 4 (CT-10): the Scout counts 0; Black Scout a6 with
    /// // Black Knecht b6 against White Knecht a5 is 2:2 on a6.
    /// let text = "4k3/8/sn6/N7/8/8/8/4K3 w - 0 1";
    /// let game = ChessT::from_text(&ChessTConfig::default(), text).unwrap();
    /// assert_eq!(game.strength().get(Cell::parse("a6").unwrap()), (2, 2));
    /// ```
    pub fn get(&self, cell: Cell) -> (u8, u8) {
        let i = cell.index() as usize;
        (self.sums[0][i], self.sums[1][i])
    }

    /// Whether `seat` has strict superiority on `cell` (CT-11).
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// use chess_t::Cell;
    ///
    /// // The rules page's worked example 1 (CT-11): White may take on e3 (6 > 3), nobody on f3
    /// // (6 = 6).
    /// let text = "4k3/8/8/8/8/3RvN2/8/2K4p w - 0 1";
    /// let game = ChessT::from_text(&ChessTConfig::default(), text).unwrap();
    /// let field = game.capture_strength();
    /// assert!(field.superior(Seat(0), Cell::parse("e3").unwrap()));
    /// assert!(!field.superior(Seat(0), Cell::parse("f3").unwrap()));
    /// assert!(!field.superior(Seat(1), Cell::parse("f3").unwrap()));
    /// assert!(game.legal_moves().iter().any(|&m| game.format_move(m) == "d3e3"));
    /// ```
    pub fn superior(&self, seat: Seat, cell: Cell) -> bool {
        let (w, b) = self.get(cell);
        if seat.index() == 0 { w > b } else { b > w }
    }
}

impl fmt::Display for StrengthField {
    /// Eight lines, rank 8 first, each cell as `white:black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            write!(f, "{}", rank + 1)?;
            for file in 0..8u8 {
                let i = (rank * 8 + file) as usize;
                write!(f, " {:>2}:{:<2}", self.sums[0][i], self.sums[1][i])?;
            }
            writeln!(f)?;
        }
        write!(f, " ")?;
        for file in 0..8u8 {
            write!(f, "   {}  ", (b'a' + file) as char)?;
        }
        writeln!(f)
    }
}

fn unslice(sums: &Sums) -> [u8; 64] {
    let mut out = [0u8; 64];
    for (sq, v) in out.iter_mut().enumerate() {
        let mut x = 0u8;
        for (i, plane) in sums.planes.iter().enumerate() {
            x |= (((plane >> sq) & 1) as u8) << i;
        }
        *v = x;
    }
    out
}

impl ChessT {
    /// The strength field as CT-10 shows it: on a castle cell a non-royal piece's strength
    /// counts for a side that does not stand there only when a royal piece of that side also
    /// projects onto the cell. (Capture legality does not depend on this display rule; see
    /// [`ChessT::capture_strength`].)
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// use chess_t::Cell;
    ///
    /// // CT-10's display rule: the Ritter e3 jumps onto White's empty castle cell e1, but no White
    /// // royal piece reaches e1 (the King stands on a1), so the shown field has 0 there; captures
    /// // are judged by the raw sums, which count the Ritter's 4.
    /// let text = "4k3/8/8/8/8/4R3/8/K7 w - 0 1";
    /// let game = ChessT::from_text(&ChessTConfig::default(), text).unwrap();
    /// let e1 = Cell::parse("e1").unwrap();
    /// assert_eq!(game.strength().sum(Seat(0), e1), 0);
    /// assert_eq!(game.capture_strength().sum(Seat(0), e1), 4);
    /// ```
    pub fn strength(&self) -> StrengthField {
        let mut field = self.capture_strength();
        for side in 0..2 {
            let (_, royal_reach) = side_sums(self, side);
            for sq in Bits(CASTLES & !self.occ[side] & !royal_reach) {
                field.sums[side][sq] = 0;
            }
        }
        field
    }

    /// The raw sums every capture is judged by (CT-11): every piece's strength on its own cell
    /// and on its movement lines, castle cells counted like any other.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// use chess_t::Cell;
    ///
    /// // The rules page's worked example 3 (CT-11): Knechts d3 and e3 with the Ritter c3 make d3
    /// // 8:3 against Black's Prince d4, which therefore cannot take there.
    /// let text = "4k3/8/8/8/3p4/2RNN3/8/4K3 b - 0 1";
    /// let game = ChessT::from_text(&ChessTConfig::default(), text).unwrap();
    /// assert_eq!(game.capture_strength().get(Cell::parse("d3").unwrap()), (8, 3));
    /// assert!(!game.legal_moves().iter().any(|&m| game.format_move(m) == "d4d3"));
    /// ```
    pub fn capture_strength(&self) -> StrengthField {
        StrengthField {
            sums: [
                unslice(&side_sums(self, 0).0),
                unslice(&side_sums(self, 1).0),
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit planes add and compare like plain per-cell integers.
    /// Every projection of every kind, side and square (on an empty board, the longest lines,
    /// and on random occupancies) lies inside `REACH`.
    #[test]
    fn reach_holds_every_projection() {
        let mut state = 0x5eed_u64;
        for kind in 0..6 {
            for side in 0..2 {
                for (sq, reach) in REACH.iter().enumerate() {
                    for long in [false, true] {
                        for round in 0..20 {
                            let occ = if round == 0 {
                                0
                            } else {
                                variant_core::zobrist::splitmix64(&mut state)
                            };
                            let p = projection(kind, side, sq, occ & !(1 << sq), 0, long);
                            assert_eq!(p & !reach, 0, "kind {kind} side {side} sq {sq}");
                        }
                    }
                }
            }
        }
        // From d4 every one of the 8 lines has room for 3 cells: 8 × 3 + d4 itself.
        assert_eq!(REACH[27].count_ones(), 8 * 3 + 1);
        // From a1: 3 cells along the rank, the file and the diagonal.
        assert_eq!(REACH[0].count_ones(), 3 * 3 + 1);
    }

    #[test]
    fn bit_sliced_sums_match_plain_integers() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut a = Sums::default();
        let mut b = Sums::default();
        let mut plain = [[0u32; 64]; 2];
        for step in 0..200 {
            let mask = variant_core::zobrist::splitmix64(&mut state);
            let strength = [0u8, 2, 3, 4, 6][step % 5];
            let side = step % 2;
            if side == 0 {
                a.add(mask, strength)
            } else {
                b.add(mask, strength)
            }
            for (sq, v) in plain[side].iter_mut().enumerate() {
                if mask >> sq & 1 != 0 {
                    *v += strength as u32;
                }
            }
            if step % 50 == 49 {
                // Keep sums below 128, as real positions do.
                a = Sums::default();
                b = Sums::default();
                plain = [[0; 64]; 2];
            }
            let (ua, ub) = (unslice(&a), unslice(&b));
            let gt = a.greater(&b);
            for sq in 0..64 {
                assert_eq!(ua[sq] as u32, plain[0][sq]);
                assert_eq!(ub[sq] as u32, plain[1][sq]);
                assert_eq!(gt >> sq & 1 != 0, plain[0][sq] > plain[1][sq]);
            }
        }
    }
}
