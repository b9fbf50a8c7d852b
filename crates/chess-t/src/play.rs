//! Playing a move (copy-make): captures, Scout exchanges, transformations, clocks, hash.

use crate::moves::{Move, choice_piece};
use crate::piece::Piece;
use crate::position::{ChessT, rights_key, side_key};
use crate::tables::{BACK_RANK, CASTLE, FIFTH_RANK, FORWARD};

impl ChessT {
    /// Plays `mv`, assumed legal. Never panics; an illegal move leaves some position.
    pub(crate) fn make(&mut self, mv: Move) {
        let from = mv.origin_sq();
        let to = mv.to_sq();
        let Some((side, kind)) = self.at(from) else {
            return;
        };
        let captured = self.take(to);
        let exchange = kind == Piece::Scout as usize && captured.is_some() && Self::is_castle(to);
        self.take(from);
        if !exchange {
            let new_kind = self.transformed(side, kind, from, to, mv);
            self.put(side, new_kind, to);
        }
        self.halfmove = if captured.is_some() {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if side == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.stm ^= 1;
        self.hash ^= side_key();
    }

    /// The kind a piece has after moving (CT-30, CT-31, CT-32, CT-43); uses up the
    /// Prince→Connet right when it is spent.
    fn transformed(&mut self, side: usize, kind: usize, from: usize, to: usize, mv: Move) -> usize {
        let enemy = 1 - side;
        let from_bit = 1u64 << from;
        let to_bit = 1u64 << to;
        match kind {
            // CT-30: forward from the 5th rank to the 6th.
            k if k == Piece::Knecht as usize => {
                if from_bit & FIFTH_RANK[side] != 0
                    && to as i32 - from as i32 == FORWARD[side] as i32
                {
                    Piece::VerKnecht as usize
                } else {
                    kind
                }
            }
            // CT-31: the chosen piece on the enemy back rank.
            k if k == Piece::VerKnecht as usize => {
                if to_bit & BACK_RANK[enemy] != 0 {
                    choice_piece(mv.choice_code()).map_or(kind, |p| p as usize)
                } else {
                    kind
                }
            }
            // CT-32 / CT-43: a Prince entering the enemy castle from outside.
            k if k == Piece::Prince as usize => {
                let entering = to_bit & CASTLE[enemy] != 0 && from_bit & CASTLE[enemy] == 0;
                if !entering || self.rights & (1 << side) == 0 {
                    return kind;
                }
                let wants = if self.config.optional_prince {
                    choice_piece(mv.choice_code()) == Some(Piece::Connet)
                } else {
                    true
                };
                if wants && self.count(side, Piece::Connet) < 3 {
                    self.rights &= !(1 << side);
                    self.hash ^= rights_key(side);
                    Piece::Connet as usize
                } else {
                    kind
                }
            }
            _ => kind,
        }
    }
}
