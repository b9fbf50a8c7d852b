//! Qubic moves as 64-bit codes ([`MoveCode`], Q-9): the game's number 5 in bits 60–63 and
//! the cell's index (`height * 16 + rank * 4 + file`) in bits 0–5. The cell is the whole move,
//! so a code names the same move in every position where that cell is empty.

use crate::moves::Move;
use crate::position::Qubic;
use variant_core::EncodeError;
use variant_core::codec::{CODE_TAG_SHIFT, MoveCode};

/// Qubic's number in the top bits of its codes (the other games have 1 to 4).
const TAG: u64 = 5;

/// # Example
///
/// ```
/// use qubic::prelude::*;
/// use variant_core::codec::MoveCode;
///
/// // Q-9: the tag 5 above the cell index; b2@3 is 2 * 16 + 1 * 4 + 1 = 37.
/// let game = Qubic::default();
/// let mv = game.parse_move("b2@3").unwrap();
/// let code = game.encode_move(mv).unwrap();
/// assert_eq!(code, 5 << 60 | 37);
/// assert_eq!(game.decode_move(code).unwrap(), mv);
/// ```
impl MoveCode for Qubic {
    const CODE_TAG: u64 = TAG;

    #[inline]
    fn move_code(&self, mv: Move, _earlier: &[u64]) -> Result<u64, EncodeError> {
        Ok(TAG << CODE_TAG_SHIFT | u64::from(mv.cell().index()))
    }
}
