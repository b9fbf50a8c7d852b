//! Colours, piece kinds and moves.

use variant_core::grid3::Cell3;

/// A side: White (seat 0, ranks 1–2 at the start) or Black (seat 1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// White, seat 0, moves first.
    White = 0,
    /// Black, seat 1.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of index 0 (White) or anything else (Black).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Color {
        if i == 0 { Color::White } else { Color::Black }
    }

    /// `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// A kind of piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Piece {
    /// Pawn (C3-13 … C3-18).
    Pawn = 0,
    /// Knight (C3-11).
    Knight = 1,
    /// Bishop (C3-10).
    Bishop = 2,
    /// Rook (C3-9).
    Rook = 3,
    /// Queen (C3-8).
    Queen = 4,
    /// King (C3-7).
    King = 5,
}

impl Piece {
    /// Every kind, in index order.
    pub const ALL: [Piece; 6] = [
        Piece::Pawn,
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
        Piece::King,
    ];

    /// The index 0 … 5.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter (`p n b r q k`).
    pub const fn letter(self) -> char {
        match self {
            Piece::Pawn => 'p',
            Piece::Knight => 'n',
            Piece::Bishop => 'b',
            Piece::Rook => 'r',
            Piece::Queen => 'q',
            Piece::King => 'k',
        }
    }

    /// The kind of a letter, either case.
    pub fn from_letter(c: char) -> Option<Piece> {
        Some(match c.to_ascii_lowercase() {
            'p' => Piece::Pawn,
            'n' => Piece::Knight,
            'b' => Piece::Bishop,
            'r' => Piece::Rook,
            'q' => Piece::Queen,
            'k' => Piece::King,
            _ => return None,
        })
    }

    /// The kind of an index 0 … 5.
    pub(crate) const fn from_index(i: usize) -> Piece {
        match i {
            0 => Piece::Pawn,
            1 => Piece::Knight,
            2 => Piece::Bishop,
            3 => Piece::Rook,
            4 => Piece::Queen,
            _ => Piece::King,
        }
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Piece::Pawn => "pawn",
            Piece::Knight => "knight",
            Piece::Bishop => "bishop",
            Piece::Rook => "rook",
            Piece::Queen => "queen",
            Piece::King => "king",
        }
    }
}

/// A move: origin cell, destination cell and, for a promotion, the new piece. Castling is the
/// king's two-cell move (C3-51). Packed into a `u32`: bits 0–8 origin index, 9–17 destination
/// index (`Cell3::index`), 18–20 promotion kind (0 = none).
///
/// Moves are produced by [`Chess3d`](crate::Chess3d)'s generator and parser; there is no
/// public constructor, so a `Move` value always names a move of some position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move(u32);

impl Move {
    #[inline(always)]
    pub(crate) const fn new(from: usize, to: usize, promo: usize) -> Move {
        Move((from as u32 & 511) | ((to as u32 & 511) << 9) | ((promo as u32 & 7) << 18))
    }

    /// The origin cell.
    #[inline]
    pub const fn from(self) -> Cell3 {
        Cell3::from_index(self.origin_index())
    }

    /// The destination cell.
    #[inline]
    pub const fn to(self) -> Cell3 {
        Cell3::from_index(self.to_index())
    }

    /// The piece a pawn becomes, for a promotion.
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
    pub const fn to_u32(self) -> u32 {
        self.0
    }
}
