//! chess3d moves as 64-bit codes ([`MoveCode`]): the game's number 1 in bits 60–63, then the
//! packed move itself ([`Move::to_u32`](crate::Move::to_u32)): bits 0–8 the origin cell
//! index, 9–17 the destination, 18–20 the promotion piece (0 none). A code names the same
//! move in every position where that move is legal.

use crate::Chess3d;
use crate::moves::Move;
use variant_core::EncodeError;
use variant_core::codec::{CODE_TAG_SHIFT, MoveCode};

/// chess3d's number in the top bits of its codes.
const TAG: u64 = 1;

/// # Example
///
/// ```
/// use chess3d::prelude::*;
/// use variant_core::codec::MoveCode;
/// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
/// let e2e4 = game.parse_move("e2e4").unwrap();
/// let code = game.encode_move(e2e4).unwrap();
/// assert_eq!(code >> 60, 1); // chess3d's number
/// assert_eq!(code & 0xffff_ffff, u64::from(e2e4.to_u32()));
/// assert_eq!(game.decode_move(code).unwrap(), e2e4);
/// ```
impl MoveCode for Chess3d {
    const CODE_TAG: u64 = TAG;

    #[inline]
    fn move_code(&self, mv: Move, _earlier: &[u64]) -> Result<u64, EncodeError> {
        Ok(TAG << CODE_TAG_SHIFT | u64::from(mv.to_u32()))
    }
}
