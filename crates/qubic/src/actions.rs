//! Qubic moves as action indices for learning ([`ActionSpace`], Q-10): the action of a move
//! is its cell's index, `height * 16 + rank * 4 + file`; 64 actions.

use crate::moves::Move;
use crate::position::Qubic;
use variant_core::EncodeError;
use variant_core::actions::{ActionSpace, LegalActions, text_cell, unreadable};

impl Qubic {
    /// The action of the move whose canonical text is `text` (a cell, `b2@3`).
    fn action_of(text: &str) -> Result<usize, EncodeError> {
        match text_cell(text) {
            Some(((file, rank, height), "")) if file < 4 && rank < 4 && height < 4 => {
                Ok(height * 16 + rank * 4 + file)
            }
            _ => Err(unreadable(text)),
        }
    }
}

/// # Example
///
/// ```
/// use qubic::prelude::*;
/// use variant_core::actions::ActionSpace;
///
/// // Q-10: one action per cell; a1@1 is 0 and d4@4 is 63.
/// let game = Qubic::default();
/// assert_eq!(game.action_count(1), 64);
/// let legal = game.legal_actions(1).unwrap();
/// let actions: Vec<usize> = legal.actions.iter().map(|&(a, _)| a).collect();
/// assert_eq!(actions, (0..64).collect::<Vec<_>>());
/// ```
impl ActionSpace for Qubic {
    fn action_count(&self, _slots: usize) -> usize {
        64
    }

    fn legal_actions(&self, _slots: usize) -> Result<LegalActions<Move>, EncodeError> {
        variant_core::actions::one_action_per_move(self, Self::action_of)
    }
}
