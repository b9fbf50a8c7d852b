//! Colours and piece kinds.

use variant_core::Seat;

/// A side: White (seat 0, ranks 1–2 at the start) or Black (seat 1).
///
/// # Example
///
/// ```
/// use chess3d::prelude::*;
/// use chess3d::Color;
///
/// // White moves first (seat 0).
/// let game = Chess3d::default();
/// assert_eq!(Color::from(game.side_to_move()), Color::White);
/// assert_eq!(Seat::from(Color::Black), Seat(1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// White, seat 0, moves first.
    White = 0,
    /// Black, seat 1.
    Black = 1,
}

impl Color {
    /// The other side.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Color;
    ///
    /// assert_eq!(Color::White.other(), Color::Black);
    /// assert_eq!(Color::Black.other().other(), Color::Black);
    /// ```
    #[inline(always)]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Color;
    ///
    /// assert_eq!(Color::White.index(), 0);
    /// assert_eq!(Color::Black.index(), 1);
    /// ```
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of index 0 (White) or anything else (Black).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Color;
    ///
    /// assert_eq!(Color::from_index(0), Color::White);
    /// assert_eq!(Color::from_index(1), Color::Black);
    /// assert_eq!(Color::from_index(7), Color::Black);
    /// ```
    #[inline(always)]
    pub const fn from_index(i: usize) -> Color {
        if i == 0 { Color::White } else { Color::Black }
    }

    /// `white` or `black`.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// use chess3d::Color;
    ///
    /// let game = Chess3d::default();
    /// assert_eq!(Color::Black.name(), "black");
    /// assert_eq!(game.seat_name(Seat(0)), Color::White.name());
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// White is seat 0, Black seat 1.
///
/// # Example
///
/// ```
/// use chess3d::{Color, variant_core::Seat};
///
/// assert_eq!(Seat::from(Color::White), Seat(0));
/// ```
impl From<Color> for Seat {
    fn from(color: Color) -> Seat {
        Seat(color as u8)
    }
}

/// Seat 0 is White; any other seat is Black (chess3d has two).
///
/// # Example
///
/// ```
/// use chess3d::{Color, variant_core::Seat};
///
/// assert_eq!(Color::from(Seat(1)), Color::Black);
/// ```
impl From<Seat> for Color {
    fn from(seat: Seat) -> Color {
        Color::from_index(seat.index())
    }
}

/// A kind of piece.
///
/// # Example
///
/// ```
/// use chess3d::prelude::*;
/// use chess3d::variant_core::grid3::Cell3;
/// use chess3d::{Color, Piece};
///
/// // FIDE chess: 32 pieces of six kinds, the queen on her colour (d1, d8).
/// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
/// assert_eq!(game.piece_count(), 32);
/// assert_eq!(Piece::ALL.len(), 6);
/// let d1 = Cell3::parse("d1", 1).unwrap();
/// assert_eq!(game.piece_at(d1), Some((Seat(0), Piece::Queen)));
/// assert_eq!(Color::from(Seat(0)), Color::White);
/// ```
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
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Piece;
    ///
    /// // The six kinds of chess, and every letter reads back as its kind.
    /// assert_eq!(Piece::ALL.len(), 6);
    /// assert!(Piece::ALL.iter().all(|&p| Piece::from_letter(p.letter()) == Some(p)));
    /// ```
    pub const ALL: [Piece; 6] = [
        Piece::Pawn,
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
        Piece::King,
    ];

    /// The index 0 … 5.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Piece;
    ///
    /// assert_eq!(Piece::Pawn.index(), 0);
    /// assert_eq!(Piece::King.index(), 5);
    /// assert!(Piece::ALL.iter().enumerate().all(|(i, p)| p.index() == i));
    /// ```
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter (`p n b r q k`).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Piece;
    ///
    /// let letters: String = Piece::ALL.iter().map(|p| p.letter()).collect();
    /// assert_eq!(letters, "pnbrqk");
    /// ```
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
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Piece;
    ///
    /// assert_eq!(Piece::from_letter('N'), Some(Piece::Knight));
    /// assert_eq!(Piece::from_letter('q'), Some(Piece::Queen));
    /// assert_eq!(Piece::from_letter('x'), None);
    /// ```
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
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Piece;
    ///
    /// assert_eq!(Piece::Knight.name(), "knight");
    /// ```
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
