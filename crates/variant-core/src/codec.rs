//! Moves as compact numbers: [`MoveCode`], the value of a legal move that a program outside
//! Rust (the C library's `variants_move`) keeps instead of the typed move.
//!
//! Every code carries its game's number in the top four bits ([`CODE_TAG_SHIFT`]), so 0 is
//! never a move and a code of one game is never mistaken for a move of another. The other 60
//! bits are the game's own: each game crate's `codec` module documents its layout, and a
//! code is only ever accepted back through [`MoveCode::decode_move`], which checks it against
//! the legal moves of the position.

use crate::Game;
use crate::error::EncodeError;

/// The bit where a code's game number starts: bits 60–63 name the game.
///
/// # Example
///
/// ```
/// use variant_core::codec::{CODE_TAG_SHIFT, code_tag};
///
/// let code = 3 << CODE_TAG_SHIFT | 0x123;
/// assert_eq!(code_tag(code), 3);
/// ```
pub const CODE_TAG_SHIFT: u32 = 60;

/// The game number of a code (its top four bits; 0 for no game).
///
/// # Example
///
/// ```
/// assert_eq!(variant_core::codec::code_tag(0x3000_0000_0000_0abc), 3);
/// assert_eq!(variant_core::codec::code_tag(0), 0);
/// ```
pub fn code_tag(code: u64) -> u64 {
    code >> CODE_TAG_SHIFT
}

/// A game whose legal moves have 64-bit codes.
///
/// A code is meant for the position its move was listed in. The codes of one list are
/// distinct; what a code means in another position is the game's business (for most games
/// the code is the move itself, origin, destination and promotion, so it names the same move
/// wherever that move is legal).
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_core::codec::MoveCode;
/// # use variant_core::doc_game::Nim as MyGame;
/// let game = MyGame::default();
/// let moves = game.legal_moves();
/// let mut codes = Vec::new();
/// game.move_codes(&moves, &mut codes).unwrap();
/// assert_eq!(codes.len(), moves.len());
/// // Every code is read back as its own move, checked against the position.
/// for (&mv, &code) in moves.iter().zip(&codes) {
///     assert_eq!(game.decode_move(code).unwrap(), mv);
///     assert_eq!(game.encode_move(mv).unwrap(), code);
/// }
/// assert!(game.decode_move(0).is_err());
/// ```
pub trait MoveCode: Game {
    /// The game's number in the top four bits of its codes: 1 to 15, one per game. The
    /// facade's game list refuses to compile when two of its games share a tag or a tag is
    /// out of range, so a new game takes the next free number (the list's tags are in
    /// `docs/architecture.md`, "Adding a game").
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::codec::{MoveCode, code_tag};
    /// use variant_core::doc_game::Nim;
    ///
    /// // The docs' Nim has tag 15, which no real game uses; every code carries it.
    /// assert_eq!(Nim::CODE_TAG, 15);
    /// assert_eq!(code_tag(Nim::default().encode_move(2).unwrap()), 15);
    /// ```
    const CODE_TAG: u64;

    /// [`MoveCode::CODE_TAG`], for a value of the game.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::codec::MoveCode;
    /// use variant_core::doc_game::Nim;
    ///
    /// assert_eq!(Nim::default().code_tag(), Nim::CODE_TAG);
    /// ```
    #[inline]
    fn code_tag(&self) -> u64 {
        Self::CODE_TAG
    }

    /// The code of `mv`, a legal move of this position that comes after the moves whose codes
    /// are `earlier` in one list of the position's legal moves (generation order; a game whose
    /// moves do not fit in 60 bits ranks a move among the earlier ones like it).
    ///
    /// # Errors
    ///
    /// [`EncodeError::Unencodable`] when the move cannot be given a code (a move of another
    /// game, or more moves alike than the layout has room for).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::codec::{CODE_TAG_SHIFT, MoveCode};
    /// use variant_core::doc_game::Nim;
    ///
    /// // Nim's code is its tag above the number of counters taken.
    /// assert_eq!(Nim::default().move_code(3, &[]).unwrap(), 15 << CODE_TAG_SHIFT | 3);
    /// ```
    fn move_code(&self, mv: Self::Move, earlier: &[u64]) -> Result<u64, EncodeError>;

    /// Appends the codes of `moves`, legal moves of this position in generation order.
    ///
    /// # Errors
    ///
    /// As [`MoveCode::move_code`].
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Game;
    /// use variant_core::codec::{CODE_TAG_SHIFT, MoveCode};
    /// use variant_core::doc_game::Nim;
    ///
    /// let game = Nim::default();
    /// let mut codes = vec![99]; // appended to, not replaced
    /// game.move_codes(&game.legal_moves(), &mut codes).unwrap();
    /// let low: Vec<u64> = codes[1..].iter().map(|c| c & ((1 << CODE_TAG_SHIFT) - 1)).collect();
    /// assert_eq!((codes.len(), low), (4, vec![1, 2, 3]));
    /// ```
    #[inline]
    fn move_codes(&self, moves: &[Self::Move], codes: &mut Vec<u64>) -> Result<(), EncodeError> {
        let first = codes.len();
        for &mv in moves {
            let code = self.move_code(mv, codes.get(first..).unwrap_or_default())?;
            codes.push(code);
        }
        Ok(())
    }

    /// The legal move of this position whose code is `code`: the only way back from a code to
    /// a move, so only legal moves ever come out.
    ///
    /// # Errors
    ///
    /// [`EncodeError::NoSuchMove`] when no legal move has that code; as
    /// [`MoveCode::move_code`] when the position's moves cannot be coded.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{EncodeError, Game};
    /// use variant_core::codec::MoveCode;
    /// use variant_core::doc_game::Nim;
    ///
    /// // From 2 counters, taking 3 is no legal move, so its code decodes to nothing.
    /// let game = Nim::from_text(&Default::default(), "2 0").unwrap();
    /// let take_two = Nim::default().encode_move(2).unwrap();
    /// let take_three = Nim::default().encode_move(3).unwrap();
    /// assert_eq!(game.decode_move(take_two).unwrap(), 2);
    /// assert_eq!(game.decode_move(take_three), Err(EncodeError::NoSuchMove { code: take_three }));
    /// ```
    fn decode_move(&self, code: u64) -> Result<Self::Move, EncodeError> {
        let moves = self.legal_moves();
        let mut codes = Vec::with_capacity(moves.len());
        self.move_codes(&moves, &mut codes)?;
        codes
            .iter()
            .position(|&c| c == code)
            .and_then(|i| moves.get(i).copied())
            .ok_or(EncodeError::NoSuchMove { code })
    }

    /// The code of `mv` in this position.
    ///
    /// # Errors
    ///
    /// [`EncodeError::Unencodable`] when `mv` is not a legal move of this position.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Game;
    /// use variant_core::codec::MoveCode;
    /// use variant_core::doc_game::Nim;
    ///
    /// let game = Nim::from_text(&Default::default(), "1 0").unwrap();
    /// let code = game.encode_move(1).unwrap();
    /// assert_eq!(game.decode_move(code).unwrap(), 1); // a round trip
    /// assert!(game.encode_move(2).is_err()); // not legal with 1 counter left
    /// ```
    fn encode_move(&self, mv: Self::Move) -> Result<u64, EncodeError> {
        let moves = self.legal_moves();
        let mut codes = Vec::with_capacity(moves.len());
        self.move_codes(&moves, &mut codes)?;
        moves
            .iter()
            .position(|&m| m == mv)
            .and_then(|i| codes.get(i).copied())
            .ok_or_else(|| EncodeError::Unencodable {
                what: format!("move {mv:?}: not a legal move of this position"),
            })
    }
}
