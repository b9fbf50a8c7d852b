//! chess-T moves as action indices for learning ([`ActionSpace`], CT-50):
//! `(from * 64 + to) * 5 + choice`, cells `rank * 8 + file`, choice 0 none, 1 `r`, 2 `p`,
//! 3 `c`, 4 `s`.

use crate::ChessT;
use crate::moves::Move;
use variant_core::EncodeError;
use variant_core::actions::{ActionSpace, LegalActions, text_cell, unreadable};

impl ChessT {
    /// The action of the move whose canonical text is `text`.
    fn action_of(text: &str) -> Result<usize, EncodeError> {
        let bad = || unreadable(text);
        let (from, rest) = text_cell(text).ok_or_else(bad)?;
        let (to, rest) = text_cell(rest).ok_or_else(bad)?;
        let choice = match rest {
            "" => 0,
            "r" => 1,
            "p" => 2,
            "c" => 3,
            "s" => 4,
            _ => return Err(bad()),
        };
        let index = |(f, r, h): (usize, usize, usize)| {
            (f < 8 && r < 8 && h == 0)
                .then(|| r * 8 + f)
                .ok_or_else(bad)
        };
        Ok((index(from)? * 64 + index(to)?) * 5 + choice)
    }
}

/// # Example
///
/// ```
/// use chess_t::prelude::*;
/// use variant_core::actions::ActionSpace;
/// let game = ChessT::default();
/// assert_eq!(game.action_count(1), 64 * 64 * 5);
/// let legal = game.legal_actions(1).unwrap();
/// assert_eq!(legal.actions.len(), game.legal_moves().len());
/// // CT-50: every action is (from * 64 + to) * 5 + choice, below the count.
/// assert!(legal.actions.iter().all(|&(a, _)| a < 64 * 64 * 5));
/// ```
impl ActionSpace for ChessT {
    fn action_count(&self, _slots: usize) -> usize {
        64 * 64 * 5
    }

    fn legal_actions(&self, _slots: usize) -> Result<LegalActions<Move>, EncodeError> {
        variant_core::actions::one_action_per_move(self, Self::action_of)
    }
}
