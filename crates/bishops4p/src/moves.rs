//! Moves: a small `Copy` value naming the cells and what kind of ply it is.

use crate::geometry::{file_of, on_board, rank_of};

/// What kind of ply a [`Move`] is.
///
/// # Example
///
/// ```
/// use bishops4p::prelude::*;
/// use bishops4p::MoveKind;
///
/// // B4-53: White's 26 first moves are 16 pawn moves (8 of them double steps), 6 knight moves
/// // and 4 rook steps into the corner blocks.
/// let game = Bishops::default();
/// let moves = game.legal_moves();
/// assert_eq!(moves.len(), 26);
/// assert_eq!(moves.iter().filter(|m| m.kind() == MoveKind::Double).count(), 8);
/// assert_eq!(moves.iter().filter(|m| m.kind() == MoveKind::Normal).count(), 18);
/// // B4-23: the three-player game starts with White's placements.
/// let three = Bishops::new(&"players=3".parse().unwrap()).unwrap();
/// assert!(three.legal_moves().iter().all(|m| m.kind() == MoveKind::Placement));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A move or capture of one piece (promotion to a queen is implied, B4-8).
    Normal,
    /// A pawn's double step (creates an en-passant right, B4-9).
    Double,
    /// An en-passant capture (B4-9).
    EnPassant,
    /// A castling, named by the king's move (B4-10).
    Castle,
    /// One of White's placements in the three-player game (B4-23).
    Placement,
    /// A pass (B4-14 waiting, B4-15).
    Pass,
}

/// A ply of "Bishops": a move, a placement or a pass.
///
/// There is no `Display`: a placement's text names the piece placed (`B…@…`, B4-50), which the
/// position knows and the move does not, so moves are written with
/// [`Game::format_move`](variant_core::Game::format_move).
///
/// # Example
///
/// ```
/// use bishops4p::prelude::*;
///
/// // B4-50: moves are written from-cell to-cell as in UCI; files a … l, ranks 1 … 12.
/// let mut game = Bishops::default();
/// let mv = game.parse_move("c2c4").unwrap();
/// assert_eq!((mv.from(), mv.to()), (Some((2, 1)), Some((2, 3))));
/// assert_eq!(game.format_move(mv), "c2c4");
/// game.try_play(mv).unwrap();
/// assert_eq!(game.seat_name(game.side_to_move()), "grey");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) kind: MoveKind,
}

impl Move {
    pub(crate) const PASS: Move = Move {
        from: 0,
        to: 0,
        kind: MoveKind::Pass,
    };

    pub(crate) const fn new(from: u8, to: u8, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }

    /// What kind of ply this is.
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let game = Bishops::default();
    /// let moves = game.legal_moves();
    /// // B4-9: the opening moves include pawn double steps.
    /// assert!(moves.iter().any(|m| m.kind() == bishops4p::MoveKind::Double));
    /// ```
    pub fn kind(self) -> MoveKind {
        self.kind
    }

    /// Whether this is a pass.
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let game = Bishops::default();
    /// let moves = game.legal_moves();
    /// assert!(moves.iter().all(|m| !m.is_pass())); // nobody passes at the start (B4-14)
    /// ```
    pub fn is_pass(self) -> bool {
        self.kind == MoveKind::Pass
    }

    /// The cell the piece leaves (or is lifted from), as (file, rank) from 0; `None` for a pass.
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let game = Bishops::default();
    /// let moves = game.legal_moves();
    /// // White moves first, from its own ranks 1 and 2 (B4-4).
    /// assert!(moves.iter().all(|m| matches!(m.from(), Some((_, 0 | 1)))));
    /// ```
    pub fn from(self) -> Option<(usize, usize)> {
        self.cell(self.from)
    }

    /// The cell the piece arrives on, as (file, rank) from 0; `None` for a pass.
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let game = Bishops::default();
    /// let moves = game.legal_moves();
    /// assert!(moves.iter().all(|m| m.to().is_some_and(|(f, r)| f < 12 && r < 12)));
    /// ```
    pub fn to(self) -> Option<(usize, usize)> {
        self.cell(self.to)
    }

    fn cell(self, s: u8) -> Option<(usize, usize)> {
        (self.kind != MoveKind::Pass && on_board(s)).then(|| (file_of(s), rank_of(s)))
    }
}
