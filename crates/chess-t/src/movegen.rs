//! Legal move generation (CT-4, CT-11, CT-12, CT-20, CT-21, CT-30 … CT-32, CT-41 … CT-45).
//!
//! One pass computes the side to move's projections; the strength sums of both sides (bit
//! planes) are built only when a capture by a non-Scout or a guarded castle entry (CT-42) needs
//! them. Moves go to a [`Sink`], which either lists them or only counts them (perft's bulk
//! count).

use crate::cell::Bits;
use crate::config::PromotionEdition;
use crate::moves::{Move, NONE, choice_code};
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
    fn single(&mut self, mv: Move);
    /// The running total, when the sink only counts (so a count can be added at once).
    #[inline(always)]
    fn counted(&mut self) -> Option<&mut u64> {
        None
    }
}

/// Counts moves without listing them.
pub(crate) struct Count(pub(crate) u64);

impl Sink for Count {
    #[inline]
    fn targets(&mut self, _from: usize, tos: u64) {
        self.0 += tos.count_ones() as u64;
    }
    #[inline]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn counted(&mut self) -> Option<&mut u64> {
        Some(&mut self.0)
    }
}

/// Lists moves into a buffer.
/// (Or hands them to any [`variant_core::MoveSink`].)
pub(crate) struct List<'a, B: variant_core::MoveSink<Move>>(pub(crate) &'a mut B);

impl<B: variant_core::MoveSink<Move>> Sink for List<'_, B> {
    #[inline]
    fn targets(&mut self, from: usize, tos: u64) {
        for to in Bits(tos) {
            self.0.push(Move::raw(from as u8, to as u8, NONE));
        }
    }
    #[inline]
    fn single(&mut self, mv: Move) {
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

/// What every piece's moves depend on besides the piece itself.
struct Frame {
    /// The side to move and the enemy.
    s: usize,
    e: usize,
    occ: u64,
    own: u64,
    foes: u64,
    /// The enemy's impregnable fields (CT-44).
    foe_imp: u64,
    long: bool,
    guarded: bool,
    /// CT-21: the last royal defender of a castle under royal attack (or 0).
    last_defender: u64,
}

/// The outcome of the strength comparison (CT-11, CT-42) for the destinations.
#[derive(Clone, Copy)]
struct Contest {
    /// Enemy pieces the side to move may capture.
    can_capture: u64,
    /// Enemy castle cells a royal piece may not enter (CT-42).
    guard_block: u64,
}

impl Frame {
    /// The enemy pieces the piece `kind` on `sq` with projection `p` could capture if it were
    /// superior there, and the enemy castle cells it would enter under CT-42's guard.
    #[inline(always)]
    fn contested(&self, sq: usize, kind: usize, p: u64) -> (u64, u64) {
        let royal = royal_kind(kind);
        let dest = p & !self.own & if royal { !0 } else { !CASTLES };
        let guard = if self.guarded && royal && (1u64 << sq) & CASTLE[self.e] == 0 {
            dest & CASTLE[self.e]
        } else {
            0
        };
        (dest & self.foes, guard)
    }
}

impl Contest {
    const NONE: Contest = Contest {
        can_capture: 0,
        guard_block: 0,
    };
}

impl ChessT {
    /// Generates every legal move of the side to move into `sink`.
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        if self.decided().is_some() {
            return; // CT-35: a finished game has no legal moves.
        }
        let f = self.frame();
        // Counting, most positions offer no capture and no guarded castle entry: one pass
        // then, without the list of projections and the strength sums.
        if let Some(total) = sink.counted()
            && let Some(n) = self.count_uncontested(&f)
        {
            *total += n;
            return;
        }

        // Pass 1: projections of every non-Scout piece of the side to move.
        let mut list = [(0u8, 0u8, 0u64); MAX_PIECES];
        let mut n = 0;
        let mut capture_cells = 0u64;
        let mut guard_cells = 0u64;
        self.each_projection(&f, |sq, kind, p| {
            let (contested, guard) = f.contested(sq, kind, p);
            capture_cells |= contested;
            guard_cells |= guard;
            if let Some(slot) = list.get_mut(n) {
                *slot = (sq as u8, kind as u8, p);
                n += 1;
            }
            true
        });

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
            let (theirs, their_royal_reach) = side_sums_at(self, f.e, cells);
            superior = ours.greater(&theirs);
            if guard_cells != 0 {
                // CT-42: enemy superiority with one of its royal pieces projecting there.
                guard_block = CASTLE[f.e] & theirs.greater(&ours) & their_royal_reach;
            }
        }
        let contest = Contest {
            can_capture: f.foes & superior,
            guard_block,
        };
        for &(sq, kind, p) in list.iter().take(n) {
            self.piece_moves(sink, &f, &contest, sq as usize, kind as usize, p);
        }
        self.scout_moves(sink, &f);
    }

    /// The position's [`Frame`].
    #[inline(always)]
    fn frame(&self) -> Frame {
        let s = (self.stm & 1) as usize;
        let e = 1 - s;
        // CT-21: the last royal defender of a castle under royal attack stays inside.
        let home_royals = self.royal(s) & CASTLE[s];
        let last_defender = if self.royal(e) & CASTLE[s] != 0 && home_royals.count_ones() == 1 {
            home_royals
        } else {
            0
        };
        Frame {
            s,
            e,
            occ: self.occ[0] | self.occ[1],
            own: self.occ[s],
            foes: self.occ[e],
            foe_imp: self.config.impregnable(e),
            long: self.config.long_jumpers,
            guarded: self.config.guarded_castle,
            last_defender,
        }
    }

    /// Calls `visit(square, kind, projection)` for every non-Scout piece of the side to move,
    /// kind by kind (so that each projection is inlined with its kind known), until it
    /// returns `false`.
    #[inline(always)]
    fn each_projection(&self, f: &Frame, mut visit: impl FnMut(usize, usize, u64) -> bool) {
        macro_rules! kind {
            ($kind:expr) => {
                for sq in Bits(self.pieces[f.s][$kind]) {
                    let sq = sq as usize;
                    let p = projection($kind, f.s, sq, f.occ, f.foe_imp, f.long);
                    if !visit(sq, $kind, p) {
                        return;
                    }
                }
            };
        }
        kind!(0);
        kind!(1);
        kind!(2);
        kind!(3);
        kind!(4);
        kind!(5);
        const _: () = assert!(SCOUT == 6, "the kinds before the Scout are 0 … 5");
    }

    /// The move count when no destination is contested (no capture by a non-Scout, no
    /// guarded castle entry), or `None` as soon as one is.
    #[inline(always)]
    fn count_uncontested(&self, f: &Frame) -> Option<u64> {
        let mut count = Count(0);
        let mut uncontested = true;
        self.each_projection(f, |sq, kind, p| {
            let (contested, guard) = f.contested(sq, kind, p);
            uncontested = contested | guard == 0;
            if uncontested {
                self.piece_moves(&mut count, f, &Contest::NONE, sq, kind, p);
            }
            uncontested
        });
        if !uncontested {
            return None;
        }
        self.scout_moves(&mut count, f);
        Some(count.0)
    }

    /// The moves of the non-Scout piece `kind` on `sq` with projection `p`.
    #[inline(always)]
    fn piece_moves<S: Sink>(
        &self,
        sink: &mut S,
        f: &Frame,
        contest: &Contest,
        sq: usize,
        kind: usize,
        p: u64,
    ) {
        let (s, e) = (f.s, f.e);
        let bit = 1u64 << sq;
        if royal_kind(kind) {
            let dest = p & !f.own;
            let mut allowed = (dest & !f.occ) | (dest & contest.can_capture);
            if bit & f.last_defender != 0 {
                allowed &= CASTLE[s];
            }
            if f.guarded && bit & CASTLE[e] == 0 {
                allowed &= !contest.guard_block;
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
                    sink.single(Move::raw(sq as u8, to as u8, choice_code(Piece::Connet)));
                }
            }
        } else {
            let dest = p & !f.own & !CASTLES;
            let allowed = (dest & !f.occ) | (dest & contest.can_capture);
            if kind == VER_KNECHT {
                let promoting = allowed & BACK_RANK[e];
                sink.targets(sq, allowed & !promoting);
                for to in Bits(promoting) {
                    self.promotions(sink, s, sq, to, false);
                }
                // CT-31 (2024): a forward step onto an empty enemy castle cell.
                if self.config.promotion_edition == PromotionEdition::E2024
                    && let Some(fwd) = forward(s, sq)
                    && (1u64 << fwd) & CASTLE[e] & !f.occ & !f.foe_imp != 0
                {
                    self.promotions(sink, s, sq, fwd, true);
                }
            } else {
                sink.targets(sq, allowed);
            }
        }
    }

    /// CT-12: Scouts leap; they capture without superiority and exchange on castle cells.
    #[inline(always)]
    fn scout_moves<S: Sink>(&self, sink: &mut S, f: &Frame) {
        for sq in Bits(self.pieces[f.s][SCOUT]) {
            let leaps = LEAP[sq] & !f.foe_imp & !f.own;
            sink.targets(sq, leaps & !(CASTLES & !f.foes));
        }
    }

    /// The Ver Knecht promotions of a move from `from` to `to` on the enemy back rank (CT-31).
    fn promotions<S: Sink>(&self, sink: &mut S, side: usize, from: usize, to: usize, castle: bool) {
        let prince_ok = self.count(side, Piece::Prince) < 3;
        let connet_ok = self.count(side, Piece::Connet) < 3;
        let mut choose = |p: Piece| sink.single(Move::raw(from as u8, to as u8, choice_code(p)));
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
