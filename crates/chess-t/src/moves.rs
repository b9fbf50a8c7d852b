//! Moves and their notation (CT-50).

use crate::Cell;
use crate::piece::Piece;
use std::fmt;

/// A move: from, to, and the piece a Ver Knecht promotes to (CT-31) or the chosen Connet
/// transformation of CT-43 (written `c`). Automatic transformations (CT-30, CT-32) and Scout
/// exchanges (CT-12) are plain moves; playing the move works them out.
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
/// use chess_t::Cell;
///
/// // CT-4: a Knecht steps two cells forward inside its own territory.
/// let mut game = ChessT::default();
/// let mv = game.parse_move("d2d4").unwrap();
/// assert_eq!((mv.from(), mv.to()), (Cell::parse("d2").unwrap(), Cell::parse("d4").unwrap()));
/// game.try_play(mv).unwrap();
/// assert_eq!(game.side_to_move(), Seat(1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move(u16);

/// Suffix codes stored in the top bits.
pub(crate) const NONE: u16 = 0;

impl Move {
    /// A move from `from` to `to` with an optional choice (`Ritter`, `Prince`, `Connet`,
    /// `Scout`; `Connet` is also the CT-43 choice).
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// use chess_t::{Cell, Piece};
    ///
    /// let game = ChessT::default();
    /// let e2 = Cell::parse("e2").unwrap();
    /// let e4 = Cell::parse("e4").unwrap();
    /// assert_eq!(Move::new(e2, e4, None), game.parse_move("e2e4").unwrap());
    /// // A Ver Knecht's promotion to a Connet (CT-31) is written with the letter.
    /// let (a7, a8) = (Cell::parse("a7").unwrap(), Cell::parse("a8").unwrap());
    /// let promo = Move::new(a7, a8, Some(Piece::Connet));
    /// assert_eq!(promo.choice(), Some(Piece::Connet));
    /// ```
    pub fn new(from: Cell, to: Cell, choice: Option<Piece>) -> Move {
        Move::raw(from.index(), to.index(), choice.map_or(NONE, choice_code))
    }

    #[inline]
    pub(crate) const fn raw(from: u8, to: u8, choice: u16) -> Move {
        Move((from as u16 & 63) | ((to as u16 & 63) << 6) | (choice << 12))
    }

    /// The cell moved from.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// let game = ChessT::default();
    /// let mv = game.legal_moves()[0];
    /// assert_eq!(game.format_move(mv).get(..2), Some(mv.from().to_string().as_str()));
    /// ```
    pub fn from(self) -> Cell {
        Cell::masked(self.origin_sq())
    }

    /// The cell moved to.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// let game = ChessT::default();
    /// let mv = game.legal_moves()[0];
    /// assert_eq!(game.format_move(mv).get(2..4), Some(mv.to().to_string().as_str()));
    /// ```
    pub fn to(self) -> Cell {
        Cell::masked(self.to_sq())
    }

    /// The chosen piece (promotion letter or CT-43 `c`), if any.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// let game = ChessT::default();
    /// let mv = game.legal_moves()[0];
    /// assert_eq!(mv.choice(), None); // no promotion in the first move
    /// ```
    pub fn choice(self) -> Option<Piece> {
        choice_piece(self.choice_code())
    }

    #[inline]
    pub(crate) const fn origin_sq(self) -> usize {
        (self.0 & 63) as usize
    }

    #[inline]
    pub(crate) const fn to_sq(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }

    #[inline]
    pub(crate) const fn choice_code(self) -> u16 {
        self.0 >> 12
    }
}

/// The code of a choice piece (0 when the piece is no promotion choice).
pub(crate) const fn choice_code(p: Piece) -> u16 {
    match p {
        Piece::Ritter => 1,
        Piece::Prince => 2,
        Piece::Connet => 3,
        Piece::Scout => 4,
        _ => NONE,
    }
}

/// The piece of a choice code.
pub(crate) const fn choice_piece(code: u16) -> Option<Piece> {
    match code {
        1 => Some(Piece::Ritter),
        2 => Some(Piece::Prince),
        3 => Some(Piece::Connet),
        4 => Some(Piece::Scout),
        _ => None,
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.choice() {
            write!(f, "{}", p.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// A move text split into cells and optional letter, before it is looked up.
pub(crate) struct ParsedMove {
    pub(crate) from: Cell,
    pub(crate) to: Cell,
    pub(crate) choice: Option<Piece>,
}

/// Reads `e2e3` / `a7a8c`: syntax only.
pub(crate) fn parse_syntax(text: &str) -> Result<ParsedMove, String> {
    let t = text.trim();
    if !t.is_ascii() {
        return Err("a move is written with ASCII letters and digits such as e2e3".to_string());
    }
    if t.len() != 4 && t.len() != 5 {
        return Err(format!(
            "{} characters; a move is four (e2e3) or five with a promotion letter (a7a8c)",
            t.len()
        ));
    }
    let from_text = t.get(0..2).unwrap_or("");
    let to_text = t.get(2..4).unwrap_or("");
    let from = Cell::parse(from_text)
        .ok_or_else(|| format!("characters 1-2 {from_text:?} are not a cell a1 … h8"))?;
    let to = Cell::parse(to_text)
        .ok_or_else(|| format!("characters 3-4 {to_text:?} are not a cell a1 … h8"))?;
    let choice = match t.get(4..5) {
        None | Some("") => None,
        Some(l) => match l.to_ascii_lowercase().as_str() {
            "r" => Some(Piece::Ritter),
            "p" => Some(Piece::Prince),
            "c" => Some(Piece::Connet),
            "s" => Some(Piece::Scout),
            _ => {
                return Err(format!(
                    "character 5 {l:?} is not a promotion letter (r, p, c or s)"
                ));
            }
        },
    };
    Ok(ParsedMove { from, to, choice })
}
