//! chess3d moves as action indices for learning ([`ActionSpace`], C3-51):
//! `(from * cells + to) * 5 + promotion`, cells numbered `(height - 1) * 64 + rank * 8 +
//! file` over the configuration's heights, promotion 0 none, 1 `q`, 2 `r`, 3 `b`, 4 `n`.
//! Moves are read from their canonical text, so the numbering depends on the notation only.

use crate::Chess3d;
use crate::moves::Move;
use variant_core::actions::{ActionSpace, LegalActions, text_cell, unreadable};
use variant_core::{EncodeError, Game};

impl Chess3d {
    /// The action of the move whose canonical text is `text`.
    fn action_of(&self, text: &str) -> Result<usize, EncodeError> {
        let heights = usize::from(self.config().heights);
        let bad = || unreadable(text);
        let (from, rest) = text_cell(text).ok_or_else(bad)?;
        let (to, rest) = text_cell(rest.trim_start_matches(['-', 'x'])).ok_or_else(bad)?;
        let promotion = match rest {
            "" => 0,
            "q" => 1,
            "r" => 2,
            "b" => 3,
            "n" => 4,
            _ => return Err(bad()),
        };
        let index = |(f, r, h): (usize, usize, usize)| {
            (f < 8 && r < 8 && h < heights)
                .then(|| h * 64 + r * 8 + f)
                .ok_or_else(bad)
        };
        Ok((index(from)? * 64 * heights + index(to)?) * 5 + promotion)
    }
}

/// # Example
///
/// ```
/// use chess3d::prelude::*;
/// use variant_core::actions::ActionSpace;
/// // C3-51 at one height: e2e4 is (12 * 64 + 28) * 5 = 3980.
/// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
/// assert_eq!(game.action_count(1), 64 * 64 * 5);
/// let legal = game.legal_actions(1).unwrap();
/// let e2e4 = game.parse_move("e2e4").unwrap();
/// assert!(legal.actions.contains(&(3980, e2e4)));
/// assert_eq!((legal.actions.len(), legal.dropped), (20, 0));
/// ```
impl ActionSpace for Chess3d {
    fn action_count(&self, _slots: usize) -> usize {
        (64 * usize::from(self.config().heights)).pow(2) * 5
    }

    fn legal_actions(&self, _slots: usize) -> Result<LegalActions<Move>, EncodeError> {
        variant_core::actions::one_action_per_move(self, |text| self.action_of(text))
    }
}
