//! chess3d boards as numbers for learning ([`Observation`]): the FIDE pieces (C3-2).

use crate::Chess3d;
use variant_core::planes::Observation;

/// # Example
///
/// ```
/// use chess3d::prelude::*;
/// use variant_core::planes::Observation;
/// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
/// let codes = game.board_codes().unwrap();
/// assert_eq!(codes.shape, [1, 8, 8]);
/// // a1 holds White's rook: kind 2 of seat 0; a8 Black's: 1 + 6 + 2.
/// assert_eq!((codes.codes[0], codes.codes[56]), (3, 9));
/// ```
impl Observation for Chess3d {
    fn piece_kinds(&self) -> &'static [char] {
        &['K', 'Q', 'R', 'B', 'N', 'P']
    }
}
