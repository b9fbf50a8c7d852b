//! chess-T boards as numbers for learning ([`Observation`]): CT-4's pieces, King, Connet,
//! Prince, Ritter, Knecht, Ver Knecht and Scout.

use crate::ChessT;
use variant_core::planes::Observation;

/// # Example
///
/// ```
/// use chess_t::prelude::*;
/// use variant_core::planes::Observation;
/// let game = ChessT::default();
/// assert_eq!(game.piece_kinds().len(), 7);
/// assert_eq!(game.board_codes().unwrap().shape, [1, 8, 8]);
/// ```
impl Observation for ChessT {
    fn piece_kinds(&self) -> &'static [char] {
        &['K', 'C', 'P', 'R', 'N', 'V', 'S']
    }
}
