//! Legal move generation (CT-4, CT-11, CT-12, CT-20, CT-21, CT-30 … CT-32, CT-41 … CT-45).
//!
//! One pass computes the side to move's projections; the strength sums of both sides (bit
//! planes) are built only when a capture by a non-Scout or a guarded castle entry (CT-42) needs
//! them. Moves go to a [`Sink`], which either lists them or only counts them (perft's bulk
//! count).

use crate::cell::Bits;
use crate::config::PromotionEdition;
use crate::moves::{ChessTMove, NONE, choice_code};
use crate::piece::Piece;
use crate::position::ChessT;
use crate::projection::{forward, projection};
use crate::strength::{Sums, side_sums_at};
use crate::tables::{BACK_RANK, CASTLE, CASTLES, CORNERS, LEAP};

/// Receives generated moves.
pub(crate) trait Sink {
    /// Plain moves from `from` to every cell of `tos`.
    fn targets(&mut self, from: usize, tos: u64);
    /// One move.
    fn single(&mut self, mv: ChessTMove);
}

/// Counts moves without listing them.
pub(crate) struct Count(pub(crate) u64);

impl Sink for Count {
    #[inline]
    fn targets(&mut self, _from: usize, tos: u64) {
        self.0 += tos.count_ones() as u64;
    }
    #[inline]
    fn single(&mut self, _mv: ChessTMove) {
        self.0 += 1;
    }
}

/// Lists moves into a buffer.
pub(crate) struct List<'a, B: variant_core::MoveBuffer<ChessTMove>>(pub(crate) &'a mut B);

impl<B: variant_core::MoveBuffer<ChessTMove>> Sink for List<'_, B> {
    #[inline]
    fn targets(&mut self, from: usize, tos: u64) {
        for to in Bits(tos) {
            self.0.push(ChessTMove::raw(from as u8, to, NONE));
        }
    }
    #[inline]
    fn single(&mut self, mv: ChessTMove) {
        self.0.push(mv);
    }
}

const PRINCE: usize = Piece::Prince as usize;
const VER_KNECHT: usize = Piece::VerKnecht as usize;
const SCOUT: usize = Piece::Scout as usize;

/// Whether a kind index is a royal piece's (King, Connet, Prince: CT-4).
#[inline(always)]
const fn royal_kind(kind: usize) -> bool {
    kind <= PRINCE
}

/// The most pieces a side can have (the start army; pieces are never added).
pub(crate) const MAX_PIECES: usize = 16;

impl ChessT {
    /// Generates every legal move of the side to move into `sink`.
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        if self.decided().is_some() {
            return; // CT-35: a finished game has no legal moves.
        }
        let s = (self.stm & 1) as usize;
        let e = 1 - s;
        let occ = self.occ[0] | self.occ[1];
        let own = self.occ[s];
        let foes = self.occ[e];
        let foe_imp = self.config.impregnable(e);
        let long = self.config.long_jumpers;
        let guarded = self.config.guarded_castle;

        // Pass 1: projections of every non-Scout piece of the side to move.
        let mut list = [(0u8, 0u8, 0u64); MAX_PIECES];
        let mut n = 0;
        let mut capture_cells = 0u64;
        let mut guard_cells = 0u64;
        // One loop per kind, so that each projection is inlined with its kind known.
        macro_rules! project_kind {
            ($kind:expr) => {
                let royal = royal_kind($kind);
                let cell_rule = if royal { !0 } else { !CASTLES };
                for sq in Bits(self.pieces[s][$kind]) {
                    let p = projection($kind, s, sq as usize, occ, foe_imp, long);
                    let dest = p & !own & cell_rule;
                    capture_cells |= dest & foes;
                    if guarded && royal && (1u64 << sq) & CASTLE[e] == 0 {
                        guard_cells |= dest & CASTLE[e];
                    }
                    if let Some(slot) = list.get_mut(n) {
                        *slot = (sq, $kind as u8, p);
                        n += 1;
                    }
                }
            };
        }
        project_kind!(0);
        project_kind!(1);
        project_kind!(2);
        project_kind!(3);
        project_kind!(4);
        project_kind!(5);
        const _: () = assert!(SCOUT == 6, "the kinds before the Scout are 0 … 5");

        // Strength sums, only when a capture or CT-42 needs them.
        let mut superior = 0u64;
        let mut guard_block = 0u64;
        if capture_cells != 0 || guard_cells != 0 {
            // Superiority matters only on these cells: pieces that reach none of them add
            // nothing there and are skipped.
            let cells = capture_cells | guard_cells;
            let mut ours = Sums::default();
            for &(sq, kind, p) in list.iter().take(n) {
                let reach = p | (1u64 << sq);
                if reach & cells != 0 {
                    ours.add(reach, Piece::from_index(kind as usize).strength());
                }
            }
            let (theirs, their_royal_reach) = side_sums_at(self, e, cells);
            superior = ours.greater(&theirs);
            if guard_cells != 0 {
                // CT-42: enemy superiority with one of its royal pieces projecting there.
                guard_block = CASTLE[e] & theirs.greater(&ours) & their_royal_reach;
            }
        }

        // CT-21: the last royal defender of a castle under royal attack stays inside.
        let home_royals = self.royal(s) & CASTLE[s];
        let last_defender = if self.royal(e) & CASTLE[s] != 0 && home_royals.count_ones() == 1 {
            home_royals
        } else {
            0
        };

        let can_capture = foes & superior;
        for &(sq, kind, p) in list.iter().take(n) {
            let (sq, kind) = (sq as usize, kind as usize);
            let bit = 1u64 << sq;
            if kind <= PRINCE {
                let dest = p & !own;
                let mut allowed = (dest & !occ) | (dest & can_capture);
                if bit & last_defender != 0 {
                    allowed &= CASTLE[s];
                }
                if guarded && bit & CASTLE[e] == 0 {
                    allowed &= !guard_block;
                }
                sink.targets(sq, allowed);
                // CT-43: the Prince's entry into the enemy castle may also transform it.
                if kind == PRINCE
                    && self.config.optional_prince
                    && bit & CASTLE[e] == 0
                    && self.rights & (1 << s) != 0
                    && self.count(s, Piece::Connet) < 3
                {
                    for to in Bits(allowed & CASTLE[e]) {
                        sink.single(ChessTMove::raw(sq as u8, to, choice_code(Piece::Connet)));
                    }
                }
            } else {
                let dest = p & !own & !CASTLES;
                let allowed = (dest & !occ) | (dest & can_capture);
                if kind == VER_KNECHT {
                    let promoting = allowed & BACK_RANK[e];
                    sink.targets(sq, allowed & !promoting);
                    for to in Bits(promoting) {
                        self.promotions(sink, s, sq, to as usize, false);
                    }
                    // CT-31 (2024): a forward step onto an empty enemy castle cell.
                    if self.config.promotion_edition == PromotionEdition::E2024
                        && let Some(f) = forward(s, sq)
                        && (1u64 << f) & CASTLE[e] & !occ & !foe_imp != 0
                    {
                        self.promotions(sink, s, sq, f, true);
                    }
                } else {
                    sink.targets(sq, allowed);
                }
            }
        }

        // CT-12: Scouts leap; they capture without superiority and exchange on castle cells.
        for sq in Bits(self.pieces[s][SCOUT]) {
            let leaps = LEAP[sq as usize] & !foe_imp & !own;
            sink.targets(sq as usize, leaps & !(CASTLES & !foes));
        }
    }

    /// The Ver Knecht promotions of a move from `from` to `to` on the enemy back rank (CT-31).
    fn promotions<S: Sink>(&self, sink: &mut S, side: usize, from: usize, to: usize, castle: bool) {
        let prince_ok = self.count(side, Piece::Prince) < 3;
        let connet_ok = self.count(side, Piece::Connet) < 3;
        let mut choose =
            |p: Piece| sink.single(ChessTMove::raw(from as u8, to as u8, choice_code(p)));
        if castle {
            if prince_ok {
                choose(Piece::Prince);
            }
            if connet_ok {
                choose(Piece::Connet);
            }
            return;
        }
        choose(Piece::Ritter);
        if prince_ok {
            choose(Piece::Prince);
        }
        let corner = (1u64 << (to & 63)) & CORNERS != 0;
        if connet_ok && (corner || self.config.promotion_edition == PromotionEdition::E2024) {
            choose(Piece::Connet);
        }
        if !self.config.no_scouts {
            choose(Piece::Scout);
        }
    }
}
