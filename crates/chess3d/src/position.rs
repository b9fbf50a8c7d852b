//! The position: per-height bitboards, side to move, rights, clocks, base heights and the
//! Zobrist hash; playing a move (copy-make) and the height removal that follows it (C3-30/31).

use crate::config::Chess3dConfig;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::tables::{RANK_1, RANK_8};
use variant_core::zobrist::zobrist_keys;

/// "No en-passant cell".
pub(crate) const NO_EP: u16 = u16::MAX;
/// Index of White's occupancy in a height's bitboard array (0 … 5 are the piece kinds).
pub(crate) const WHITE: usize = 6;

/// Castling right bits: White king side, White queen side, Black king side, Black queen side.
pub(crate) const WK: u8 = 1;
pub(crate) const WQ: u8 = 2;
pub(crate) const BK: u8 = 4;
pub(crate) const BQ: u8 = 8;

const PIECE_KEYS: usize = 2 * 6 * 512;
const SIDE_KEY: usize = PIECE_KEYS;
const CASTLE_KEYS: usize = SIDE_KEY + 1;
const EP_KEYS: usize = CASTLE_KEYS + 4;
const HEIGHT_KEYS: usize = EP_KEYS + 512;
const LW_KEYS: usize = HEIGHT_KEYS + 8;
const LB_KEYS: usize = LW_KEYS + 8;
const KEY_COUNT: usize = LB_KEYS + 8;

static KEYS: [u64; KEY_COUNT] = zobrist_keys(0x00C3_D0B1_57A2_0260);

#[inline(always)]
pub(crate) fn piece_key(color: usize, kind: usize, cell: usize) -> u64 {
    KEYS[((color & 1) * 6 + kind % 6) * 512 + (cell & 511)]
}

/// The key of the side to move being Black.
#[inline(always)]
pub(crate) fn side_key() -> u64 {
    KEYS[SIDE_KEY]
}

#[inline(always)]
pub(crate) fn castle_key(rights: u8) -> u64 {
    let mut k = 0;
    for i in 0..4 {
        if rights & (1 << i) != 0 {
            k ^= KEYS[CASTLE_KEYS + i];
        }
    }
    k
}

#[inline(always)]
pub(crate) fn ep_key(ep: u16) -> u64 {
    if ep == NO_EP {
        0
    } else {
        KEYS[EP_KEYS + (ep as usize & 511)]
    }
}

/// A chess3d position with its configuration: always valid (built by [`Chess3d::new`](
/// variant_core::Game::new) or read and checked by `from_text`).
///
/// # Example
///
/// ```
/// use chess3d::prelude::*;
///
/// // One height is FIDE chess: 20 first moves, the FEN of the start.
/// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
/// assert_eq!(game.legal_moves().len(), 20);
/// assert_eq!(game.to_text(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// assert_eq!(Chess3d::default().heights(), 8);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chess3d {
    /// `bb[z][k]`: on height `z` (0-based), kinds 0 … 5 (pawn … king), 6 White, 7 Black.
    pub(crate) bb: [[u64; 8]; 8],
    /// Number of heights n (changes by removal).
    pub(crate) heights: u8,
    /// 0-based base heights `[Lw, Lb]`.
    pub(crate) base: [u8; 2],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    /// En-passant cell index or [`NO_EP`].
    pub(crate) ep: u16,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Pieces of both sides on the board.
    pub(crate) count: u16,
    /// Cell index of each king.
    pub(crate) kings: [u16; 2],
    pub(crate) hash: u64,
    pub(crate) config: Chess3dConfig,
}

impl Chess3d {
    /// An empty board (used while building positions).
    pub(crate) fn empty(config: Chess3dConfig, heights: u8, lw: u8, lb: u8) -> Chess3d {
        Chess3d {
            bb: [[0; 8]; 8],
            heights,
            base: [lw, lb],
            side: Color::White,
            castling: 0,
            ep: NO_EP,
            halfmove: 0,
            fullmove: 1,
            count: 0,
            kings: [0; 2],
            hash: 0,
            config,
        }
    }

    /// Puts a piece on an empty cell (no hash update).
    pub(crate) fn put(&mut self, color: Color, kind: Piece, cell: usize) {
        let (z, b) = (cell >> 6 & 7, 1u64 << (cell & 63));
        self.bb[z][kind.index()] |= b;
        self.bb[z][WHITE + color.index()] |= b;
        self.count += 1;
        if kind == Piece::King {
            self.kings[color.index()] = cell as u16;
        }
    }

    /// The piece on a cell index.
    #[inline]
    pub(crate) fn piece_on(&self, cell: usize) -> Option<(Color, Piece)> {
        let (z, b) = (cell >> 6 & 7, 1u64 << (cell & 63));
        let layer = &self.bb[z];
        let color = if layer[WHITE] & b != 0 {
            Color::White
        } else if layer[WHITE + 1] & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let kind = (0..6).find(|&k| layer[k] & b != 0)?;
        Some((color, Piece::from_index(kind)))
    }

    /// Occupancy of every height.
    #[inline(always)]
    pub(crate) fn occupancy(&self) -> [u64; 8] {
        let mut occ = [0u64; 8];
        for (o, layer) in occ.iter_mut().zip(&self.bb) {
            *o = layer[WHITE] | layer[WHITE + 1];
        }
        occ
    }

    /// The height a pawn of `color` moves towards (C3-13): the other side's base height.
    #[inline(always)]
    pub(crate) fn pawn_target(&self, color: usize) -> usize {
        self.base[1 - (color & 1)] as usize
    }

    /// The base-cube rank mask of `owner` (rank 1 for White, rank 8 for Black).
    #[inline(always)]
    pub(crate) const fn base_rank(owner: usize) -> u64 {
        if owner == 0 { RANK_1 } else { RANK_8 }
    }

    /// Cells a piece of colour `mover` may not enter or leave by a step with a height component:
    /// the other side's base cubes (C3-12). All zero with one height.
    #[inline(always)]
    pub(crate) fn barrier(&self, mover: usize) -> [u64; 8] {
        let mut out = [0u64; 8];
        if self.heights > 1 {
            let other = 1 - (mover & 1);
            out[self.base[other] as usize & 7] = Self::base_rank(other);
        }
        out
    }

    /// The Zobrist hash computed from scratch.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    ///
    /// // The incrementally kept hash equals the one computed from scratch.
    /// let mut game = Chess3d::default();
    /// game.play_text("e2@1e4@1").unwrap();
    /// assert_eq!(game.compute_zobrist(), game.zobrist());
    /// assert_ne!(game.compute_zobrist(), Chess3d::default().compute_zobrist());
    /// ```
    pub fn compute_zobrist(&self) -> u64 {
        let mut h = 0;
        for z in 0..self.heights as usize {
            for color in 0..2 {
                for kind in 0..6 {
                    let mut b = self.bb[z][kind] & self.bb[z][WHITE + color];
                    while b != 0 {
                        let sq = b.trailing_zeros() as usize;
                        b &= b - 1;
                        h ^= piece_key(color, kind, z * 64 + sq);
                    }
                }
            }
        }
        if self.side == Color::Black {
            h ^= KEYS[SIDE_KEY];
        }
        h ^= castle_key(self.castling);
        h ^= ep_key(self.ep);
        h ^= KEYS[HEIGHT_KEYS + (self.heights as usize - 1) % 8];
        h ^= KEYS[LW_KEYS + self.base[0] as usize % 8];
        h ^= KEYS[LB_KEYS + self.base[1] as usize % 8];
        h
    }

    /// The castling rights a move touching `cell` keeps (C3-19: king or rook moved or rook
    /// captured on its corner).
    #[inline(always)]
    fn rights_kept(&self, cell: usize) -> u8 {
        let (sq, z) = (cell & 63, cell >> 6);
        let mut keep = 0xF;
        if z == self.base[0] as usize {
            match sq {
                4 => keep &= !(WK | WQ),
                0 => keep &= !WQ,
                7 => keep &= !WK,
                _ => {}
            }
        }
        if z == self.base[1] as usize {
            match sq {
                60 => keep &= !(BK | BQ),
                56 => keep &= !BQ,
                63 => keep &= !BK,
                _ => {}
            }
        }
        keep
    }

    #[inline(always)]
    fn toggle(&mut self, color: usize, kind: usize, cell: usize) {
        let (z, b) = (cell >> 6 & 7, 1u64 << (cell & 63));
        self.bb[z][kind % 6] ^= b;
        self.bb[z][WHITE + (color & 1)] ^= b;
        self.hash ^= piece_key(color, kind, cell);
    }

    /// The cell of the pawn removed by an en-passant capture onto `ep` by the side `capturer`
    /// (C3-17): with s the start cell of the victim's column, d = e − s, the pawn is on e + d.
    pub(crate) fn ep_victim(&self, ep: usize, capturer: usize) -> Option<usize> {
        let victim_color = 1 - (capturer & 1);
        let (ex, ey, ez) = ((ep & 7) as i32, (ep >> 3 & 7) as i32, (ep >> 6) as i32);
        let sy = if victim_color == 0 { 1 } else { 6 };
        let sz = self.base[victim_color] as i32;
        let (vy, vz) = (2 * ey - sy, 2 * ez - sz);
        if !(0..8).contains(&vy) || !(0..self.heights as i32).contains(&vz) {
            return None;
        }
        Some((vz * 64 + vy * 8 + ex) as usize)
    }

    /// Plays a move of this position (copy-make), then applies height removal (C3-31).
    pub(crate) fn make(&mut self, mv: Move) {
        let (from, to) = (mv.origin_index(), mv.to_index());
        if self.heights == 1 && from < 64 && to < 64 {
            self.plane_make(mv, from, to);
            return;
        }
        let us = self.side.index();
        let them = 1 - us;
        let (from, to) = (mv.origin_index(), mv.to_index());
        let Some((color, piece)) = self.piece_on(from) else {
            return;
        };
        if color.index() != us {
            return;
        }
        let kind = piece.index();
        let old_ep = self.ep;
        self.hash ^= ep_key(old_ep);
        self.ep = NO_EP;
        let mut reset_clock = kind == 0;

        if let Some((ccolor, cpiece)) = self.piece_on(to) {
            if ccolor.index() == us {
                // Not a move of this position; keep the position unchanged apart from the ep.
                self.hash ^= ep_key(old_ep);
                self.ep = old_ep;
                return;
            }
            self.toggle(them, cpiece.index(), to);
            self.count -= 1;
            reset_clock = true;
        } else if kind == 0
            && to == old_ep as usize
            && (from & 7) != (to & 7)
            && let Some(victim) = self.ep_victim(to, us)
        {
            self.toggle(them, 0, victim);
            self.count -= 1;
        }

        self.toggle(us, kind, from);
        let promo = mv.promo_index();
        let new_kind = if kind == 0 && (1..=4).contains(&promo) {
            promo
        } else {
            kind
        };
        self.toggle(us, new_kind, to);

        if kind == 5 {
            self.kings[us] = to as u16;
            // Castling: the king's two-file move on its rank (C3-19).
            let dx = (to & 7) as i32 - (from & 7) as i32;
            if dx.abs() == 2 && (to >> 3) == (from >> 3) && from & 7 == 4 {
                let (rook_from, rook_to) = if dx > 0 {
                    (from + 3, from + 1)
                } else {
                    (from - 4, from - 1)
                };
                self.toggle(us, 3, rook_from);
                self.toggle(us, 3, rook_to);
            }
        } else if kind == 0 {
            let (fy, fz) = ((from >> 3 & 7) as i32, (from >> 6) as i32);
            let (ty, tz) = ((to >> 3 & 7) as i32, (to >> 6) as i32);
            if (ty - fy).abs() == 2 || (tz - fz).abs() == 2 {
                // Double step (C3-15): the skipped cell is the midpoint.
                let mid = (from + to) / 2;
                self.ep = mid as u16;
            }
        }

        let kept = if self.castling == 0 {
            0xF
        } else {
            self.rights_kept(from) & self.rights_kept(to)
        };
        if self.castling & !kept != 0 {
            self.hash ^= castle_key(self.castling);
            self.castling &= kept;
            self.hash ^= castle_key(self.castling);
        }

        self.hash ^= ep_key(self.ep);
        self.halfmove = if reset_clock {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.other();
        self.hash ^= KEYS[SIDE_KEY];

        if self.heights > 1 {
            self.remove_heights();
        }
    }

    /// Whether a height removal may follow some move of this position: the piece count after
    /// a move (at most one capture) can reach T(n) and some height other than the base heights
    /// holds at most one piece (so one move can empty it).
    #[inline]
    pub(crate) fn removal_possible(&self) -> bool {
        if self.heights < 2 {
            return false;
        }
        let Some(t) = self.config.removal.threshold(self.heights) else {
            return false;
        };
        if self.count > t.saturating_add(1) {
            return false;
        }
        (0..self.heights as usize).any(|z| {
            z != self.base[0] as usize
                && z != self.base[1] as usize
                && (self.bb[z][WHITE] | self.bb[z][WHITE + 1]).count_ones() <= 1
        })
    }

    /// C3-31: while n ≥ 2, pieces ≤ T(n) and a removable height exists, remove the highest
    /// removable height (empty, neither Lw nor Lb), shifting the heights above it down.
    pub(crate) fn remove_heights(&mut self) {
        let mut removed = false;
        loop {
            let n = self.heights as usize;
            if n < 2 {
                break;
            }
            let Some(t) = self.config.removal.threshold(self.heights) else {
                break;
            };
            if self.count > t {
                break;
            }
            let Some(z) = (0..n).rev().find(|&z| {
                z != self.base[0] as usize
                    && z != self.base[1] as usize
                    && self.bb[z][WHITE] | self.bb[z][WHITE + 1] == 0
            }) else {
                break;
            };
            for i in z..n - 1 {
                self.bb[i] = self.bb[i + 1];
            }
            self.bb[n - 1] = [0; 8];
            self.heights -= 1;
            for b in &mut self.base {
                if *b as usize > z {
                    *b -= 1;
                }
            }
            for k in &mut self.kings {
                if (*k as usize >> 6) > z {
                    *k -= 64;
                }
            }
            if self.ep != NO_EP {
                let ez = self.ep as usize >> 6;
                if ez == z {
                    self.ep = NO_EP;
                } else if ez > z {
                    self.ep -= 64;
                }
            }
            removed = true;
        }
        if removed {
            self.config.heights = self.heights;
            self.config.white_base = self.base[0] + 1;
            self.config.black_base = Some(self.base[1] + 1);
            self.config = self.config.canonical();
            self.hash = self.compute_zobrist();
        }
    }
}
