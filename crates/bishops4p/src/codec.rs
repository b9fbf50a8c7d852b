//! "Bishops" moves as 64-bit codes ([`MoveCode`]): the game's number 3 in bits 60–63; bits
//! 0–2 the kind (0 normal, 1 double step, 2 en passant, 3 castling, 4 placement, 5 pass),
//! 3–10 the origin (`file + 16 * rank`, 255 none), 11–18 the destination. Kind, origin and
//! destination are the whole move, so a code names the same move in every position where
//! that move is legal.

use crate::Bishops;
use crate::moves::{Move, MoveKind};
use variant_core::EncodeError;
use variant_core::codec::{CODE_TAG_SHIFT, MoveCode};

/// "Bishops"' number in the top bits of its codes.
const TAG: u64 = 3;

/// A cell in 8 bits (255 for none).
#[inline]
fn cell(cell: Option<(usize, usize)>) -> u64 {
    cell.map_or(255, |(x, y)| (x as u64 & 15) | (y as u64 & 15) << 4)
}

/// # Example
///
/// ```
/// use bishops4p::prelude::*;
/// use variant_core::codec::MoveCode;
/// let game = Bishops::default();
/// let mv = game.legal_moves()[0];
/// let code = game.encode_move(mv).unwrap();
/// assert_eq!(code >> 60, 3); // "Bishops"' number
/// assert_eq!(game.decode_move(code).unwrap(), mv);
/// ```
impl MoveCode for Bishops {
    const CODE_TAG: u64 = TAG;

    #[inline]
    fn move_code(&self, mv: Move, _earlier: &[u64]) -> Result<u64, EncodeError> {
        let kind = match mv.kind() {
            MoveKind::Normal => 0,
            MoveKind::Double => 1,
            MoveKind::EnPassant => 2,
            MoveKind::Castle => 3,
            MoveKind::Placement => 4,
            MoveKind::Pass => 5,
        };
        Ok(TAG << CODE_TAG_SHIFT | kind | cell(mv.from()) << 3 | cell(mv.to()) << 11)
    }
}
