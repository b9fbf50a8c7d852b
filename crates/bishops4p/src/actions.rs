//! "Bishops" moves as action indices for learning ([`ActionSpace`], B4-50): `from * 144 +
//! to` for moves (cells `rank * 12 + file`), plus `144 * 144` for White's placements (`from`
//! the cell lifted from), and `2 * 144 * 144` for the pass.

use crate::Bishops;
use crate::moves::Move;
use variant_core::EncodeError;
use variant_core::actions::{ActionSpace, LegalActions, text_cell, unreadable};

/// Cells of the 12x12 board.
const CELLS: usize = 144;

impl Bishops {
    /// The action of the move whose canonical text is `text`.
    fn action_of(text: &str) -> Result<usize, EncodeError> {
        if text == "pass" {
            return Ok(2 * CELLS * CELLS);
        }
        let bad = || unreadable(text);
        let index = |(f, r, h): (usize, usize, usize)| {
            (f < 12 && r < 12 && h == 0)
                .then(|| r * 12 + f)
                .ok_or_else(bad)
        };
        if let Some(placement) = text.strip_prefix(|c: char| c.is_ascii_uppercase()) {
            // A placement `Qf1@b7`: piece letter, the cell lifted from, `@`, target.
            let (from, rest) = text_cell(placement).ok_or_else(bad)?;
            let (to, rest) = text_cell(rest.strip_prefix('@').ok_or_else(bad)?).ok_or_else(bad)?;
            if !rest.is_empty() {
                return Err(bad());
            }
            return Ok(CELLS * CELLS + index(from)? * CELLS + index(to)?);
        }
        let (from, rest) = text_cell(text).ok_or_else(bad)?;
        let (to, rest) = text_cell(rest).ok_or_else(bad)?;
        if !rest.is_empty() {
            return Err(bad());
        }
        Ok(index(from)? * CELLS + index(to)?)
    }
}

/// # Example
///
/// ```
/// use bishops4p::prelude::*;
/// use variant_core::actions::ActionSpace;
/// let game = Bishops::default();
/// assert_eq!(game.action_count(1), 2 * 144 * 144 + 1);
/// let legal = game.legal_actions(1).unwrap();
/// assert_eq!(legal.actions.len(), game.legal_moves().len());
/// // B4-50: a move from d2 (file 3, rank 1) to d4 (rank 3) is 15 * 144 + 39.
/// let mv = game.parse_move("d2d4").unwrap();
/// assert!(legal.actions.contains(&(15 * 144 + 39, mv)));
/// ```
impl ActionSpace for Bishops {
    fn action_count(&self, _slots: usize) -> usize {
        2 * CELLS * CELLS + 1
    }

    fn legal_actions(&self, _slots: usize) -> Result<LegalActions<Move>, EncodeError> {
        variant_core::actions::one_action_per_move(self, Self::action_of)
    }
}
