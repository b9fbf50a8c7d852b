//! checkers3d moves as action indices for learning ([`ActionSpace`], D3-50):
//! `(from * cells + to) * slots + slot` over the 32 dark cells of each height (cell
//! `(height - 1) * 32 + rank * 4 + file / 2`); `to` is the last landing cell, and `slot`
//! orders the legal moves that share origin and destination (captures of different pieces,
//! D3-14) by their canonical text. Moves beyond the slots of their pair get no action.

use crate::Checkers3d;
use crate::moves::Move;
use std::collections::BTreeMap;
use variant_core::actions::{ActionSpace, LegalActions, text_cell, unreadable};
use variant_core::{EncodeError, Game};

impl Checkers3d {
    /// The origin and last landing cell of a move text (`c3@1-d4@2`, `c3@1:e5@1:g7@3`), as
    /// dark-cell indices.
    fn action_cells(&self, text: &str) -> Result<(usize, usize), EncodeError> {
        let heights = usize::from(self.config().heights());
        let index = |cell: &str| {
            let ((f, r, h), rest) = text_cell(cell).ok_or_else(|| unreadable(text))?;
            if !rest.is_empty() || f >= 8 || r >= 8 || h >= heights || (f + r) % 2 != 0 {
                return Err(unreadable(text));
            }
            Ok(h * 32 + r * 4 + f / 2)
        };
        let mut parts = text.split(['-', ':']);
        let from = index(parts.next().ok_or_else(|| unreadable(text))?)?;
        let to = index(parts.next_back().ok_or_else(|| unreadable(text))?)?;
        Ok((from, to))
    }
}

/// # Example
///
/// ```
/// use checkers3d::prelude::*;
/// use variant_core::actions::ActionSpace;
/// // D3-50 at one height with 8 slots: c3-d4 goes from dark cell 9 to 13 (rank * 4 +
/// // file / 2), so its action is (9 * 32 + 13) * 8 = 2408.
/// let config: Checkers3dConfig = "heights=1".parse().unwrap();
/// let game = Checkers3d::new(&config).unwrap();
/// assert_eq!(game.action_count(8), 32 * 32 * 8);
/// let legal = game.legal_actions(8).unwrap();
/// let c3d4 = game.parse_move("c3@1-d4@1").unwrap();
/// assert!(legal.actions.contains(&(2408, c3d4)));
/// assert_eq!((legal.actions.len(), legal.dropped), (7, 0));
/// ```
impl ActionSpace for Checkers3d {
    fn action_count(&self, slots: usize) -> usize {
        (32 * usize::from(self.config().heights())).pow(2) * slots.max(1)
    }

    fn legal_actions(&self, slots: usize) -> Result<LegalActions<Move>, EncodeError> {
        let slots = slots.max(1);
        let cells = 32 * usize::from(self.config().heights());
        // Group by (origin, destination); within a group the canonical texts are sorted.
        let mut groups: BTreeMap<(usize, usize), Vec<(String, Move)>> = BTreeMap::new();
        for &mv in self.legal_moves().iter() {
            let text = self.format_move(mv);
            let pair = self.action_cells(&text)?;
            groups.entry(pair).or_default().push((text, mv));
        }
        let mut actions = Vec::new();
        let mut dropped = 0;
        for ((from, to), mut members) in groups {
            members.sort_by(|a, b| a.0.cmp(&b.0));
            for (slot, (_, mv)) in members.into_iter().enumerate() {
                if slot < slots {
                    actions.push(((from * cells + to) * slots + slot, mv));
                } else {
                    dropped += 1;
                }
            }
        }
        actions.sort_unstable_by_key(|&(action, _)| action);
        Ok(LegalActions { actions, dropped })
    }
}
