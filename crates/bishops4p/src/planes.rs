//! "Bishops" boards as numbers for learning ([`Observation`]): the FIDE pieces (B4-2).

use crate::Bishops;
use variant_core::planes::Observation;

/// # Example
///
/// ```
/// use bishops4p::prelude::*;
/// use variant_core::planes::Observation;
/// let game = Bishops::default();
/// let planes = game.observation(Seat(2)).unwrap();
/// // 12x12, four seats × six kinds, then four observer channels.
/// assert_eq!(planes.shape, [1, 12, 12, 28]);
/// ```
impl Observation for Bishops {
    fn piece_kinds(&self) -> &'static [char] {
        &['K', 'Q', 'R', 'B', 'N', 'P']
    }
}
