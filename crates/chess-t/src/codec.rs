//! chess-T moves as 64-bit codes ([`MoveCode`]): the game's number 4 in bits 60–63; bits
//! 0–5 the origin cell, 6–11 the destination, 12–15 the chosen piece (0 none, else 1 + the
//! piece's number in CT-4 order). Origin, destination and choice are the whole move, so a
//! code names the same move in every position where that move is legal.

use crate::ChessT;
use crate::moves::Move;
use variant_core::EncodeError;
use variant_core::codec::{CODE_TAG_SHIFT, MoveCode};

/// chess-T's number in the top bits of its codes.
const TAG: u64 = 4;

/// # Example
///
/// ```
/// use chess_t::prelude::*;
/// use variant_core::codec::MoveCode;
/// let game = ChessT::default();
/// let mv = game.legal_moves()[0];
/// let code = game.encode_move(mv).unwrap();
/// assert_eq!(code >> 60, 4); // chess-T's number
/// assert_eq!(code & 63, u64::from(mv.from().index()));
/// assert_eq!(game.decode_move(code).unwrap(), mv);
/// ```
impl MoveCode for ChessT {
    const CODE_TAG: u64 = TAG;

    #[inline]
    fn move_code(&self, mv: Move, _earlier: &[u64]) -> Result<u64, EncodeError> {
        let choice = mv.choice().map_or(0, |p| p as u64 + 1);
        Ok(TAG << CODE_TAG_SHIFT
            | u64::from(mv.from().index())
            | u64::from(mv.to().index()) << 6
            | choice << 12)
    }
}
