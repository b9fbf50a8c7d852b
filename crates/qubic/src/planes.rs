//! Qubic boards as numbers for learning ([`Observation`]): the pieces are the marks, `X` for
//! x's and `O` for o's (so of the channels "x's O" and "o's X" are always 0).

use crate::position::Qubic;
use variant_core::planes::Observation;

/// # Example
///
/// ```
/// use qubic::prelude::*;
/// use variant_core::planes::Observation;
///
/// let mut game = Qubic::default();
/// game.play_text("a1@1").unwrap();
/// let codes = game.board_codes().unwrap();
/// assert_eq!(codes.shape, [4, 4, 4]); // heights, ranks, files
/// // x's X: 1 + seat 0 * 2 kinds + kind 0.
/// assert_eq!(codes.codes[0], 1);
/// ```
impl Observation for Qubic {
    fn piece_kinds(&self) -> &'static [char] {
        &['X', 'O']
    }
}
