//! checkers3d boards as numbers for learning ([`Observation`]): men and kings (D3-2).

use crate::Checkers3d;
use variant_core::planes::Observation;

/// # Example
///
/// ```
/// use checkers3d::prelude::*;
/// use variant_core::planes::Observation;
/// let config: Checkers3dConfig = "heights=1".parse().unwrap();
/// let codes = Checkers3d::new(&config).unwrap().board_codes().unwrap();
/// assert_eq!(codes.shape, [1, 8, 8]);
/// // a1 holds a White man (seat 0, kind 0); b1 is a light cell, empty; h8 a Black man.
/// assert_eq!((codes.codes[0], codes.codes[1], codes.codes[63]), (1, 0, 3));
/// ```
impl Observation for Checkers3d {
    fn piece_kinds(&self) -> &'static [char] {
        &['M', 'K']
    }
}
