//! The Zobrist hash of a position: pieces, side to move, active players, castling, en passant,
//! phase and pending placements (the full state of B4-20's repetition rule; the clocks are
//! left out). Computed from scratch when asked (from the occupancy bits), so move generation
//! pays nothing for it.

use crate::geometry::{file_of, rank_of};
use crate::position::{Bishops, NONE, Phase};
use variant_core::zobrist::zobrist_keys;

const PIECES: usize = 32 * 144;
const STM: usize = PIECES;
const ACTIVE: usize = STM + 4;
const CASTLING: usize = ACTIVE + 16;
const EP: usize = CASTLING + 256;
const EP_COLOUR: usize = EP + 256;
const PHASE: usize = EP_COLOUR + 4;
const PENDING: usize = PHASE + 3;
const TOTAL: usize = PENDING + 4;

static KEYS: [u64; TOTAL] = zobrist_keys(0xB15B_0945);

fn key(i: usize) -> u64 {
    KEYS.get(i).copied().unwrap_or(0)
}

impl Bishops {
    /// The Zobrist hash.
    pub(crate) fn hash(&self) -> u64 {
        let mut h = 0;
        // Every piece stands on its colour's occupancy (`put`/`remove` keep both), so walking
        // those bits visits the same pieces as the 144 cells, in another order.
        for occ in &self.occ {
            occ.for_each(|s| {
                let p = self.at(s);
                h ^= key(usize::from(p & 31) * 144 + rank_of(s) * 12 + file_of(s));
            });
        }
        h ^= key(STM + usize::from(self.stm & 3));
        h ^= key(ACTIVE + usize::from(self.active & 15));
        h ^= key(CASTLING + usize::from(self.castling));
        if self.ep != NONE {
            h ^= key(EP + usize::from(self.ep)) ^ key(EP_COLOUR + usize::from(self.ep_colour & 3));
        }
        h ^= key(PHASE
            + match self.phase {
                Phase::Short => 0,
                Phase::Long => 1,
                Phase::Duel => 2,
            });
        h ^ key(PENDING + usize::from(self.pending & 3))
    }
}
