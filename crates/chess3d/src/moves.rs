//! The `Move` type: a packed origin, destination and promotion.

use crate::piece::Piece;
use variant_core::grid3::Cell3;

/// A move: origin cell, destination cell and, for a promotion, the new piece. Castling is the
/// king's two-cell move (C3-51). Packed into a `u32`: bits 0–8 origin index, 9–17 destination
/// index (`Cell3::index`), 18–20 promotion kind (0 = none).
///
/// Moves are produced by [`Chess3d`](crate::Chess3d)'s generator and parser; there is no
/// public constructor, so a `Move` value always names a move of some position.
///
/// There is no `Display`: the text depends on the position's number of heights (`e2e4` at one
/// height, `e2@1e4@1` above), so moves are written with
/// [`Game::format_move`](variant_core::Game::format_move).
///
/// # Example
///
/// ```
/// use chess3d::prelude::*;
/// use chess3d::Piece;
///
/// // C3-51: from-cell and to-cell written together, plus a promotion letter.
/// let mut game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
/// let mv = game.parse_move("e2e4").unwrap();
/// assert_eq!(game.format_move(mv), "e2e4");
/// assert_eq!(mv.promotion(), None);
/// game.try_play(mv).unwrap();
/// // One height is FIDE chess: a promotion on the eighth rank.
/// let text = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
/// let game = Chess3d::from_text(&Chess3dConfig::with_heights(1), text).unwrap();
/// let promo = game.parse_move("e7e8q").unwrap();
/// assert_eq!(promo.promotion(), Some(Piece::Queen));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move(u32);

impl Move {
    #[inline(always)]
    pub(crate) const fn new(from: usize, to: usize, promo: usize) -> Move {
        Move((from as u32 & 511) | ((to as u32 & 511) << 9) | ((promo as u32 & 7) << 18))
    }

    /// The origin cell.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// let mv = game.parse_move("g1f3").unwrap();
    /// assert_eq!(mv.from().index(), 6); // g1: file 6 of rank 1
    /// ```
    #[inline]
    pub const fn from(self) -> Cell3 {
        Cell3::from_index(self.origin_index())
    }

    /// The destination cell.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// let mv = game.parse_move("g1f3").unwrap();
    /// assert_eq!(mv.to().index(), 21); // f3: rank 3 * 8 + file 5
    /// ```
    #[inline]
    pub const fn to(self) -> Cell3 {
        Cell3::from_index(self.to_index())
    }

    /// The piece a pawn becomes, for a promotion.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// assert_eq!(game.parse_move("e2e4").unwrap().promotion(), None);
    /// ```
    #[inline]
    pub const fn promotion(self) -> Option<Piece> {
        match (self.0 >> 18) & 7 {
            1 => Some(Piece::Knight),
            2 => Some(Piece::Bishop),
            3 => Some(Piece::Rook),
            4 => Some(Piece::Queen),
            _ => None,
        }
    }

    #[inline(always)]
    pub(crate) const fn origin_index(self) -> usize {
        (self.0 & 511) as usize
    }

    #[inline(always)]
    pub(crate) const fn to_index(self) -> usize {
        ((self.0 >> 9) & 511) as usize
    }

    #[inline(always)]
    pub(crate) const fn promo_index(self) -> usize {
        ((self.0 >> 18) & 7) as usize
    }

    /// The packed form (stable within a version of this crate).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// let mv = game.parse_move("e2e4").unwrap();
    /// // Bits 0-8 the origin (e2 = 12), 9-17 the destination (e4 = 28).
    /// assert_eq!(mv.to_u32(), 12 | 28 << 9);
    /// ```
    pub const fn to_u32(self) -> u32 {
        self.0
    }
}
