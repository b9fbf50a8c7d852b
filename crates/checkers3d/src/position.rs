//! The position: per-height 32-bit bitboards of the dark cells, the geometry (heights, base
//! heights), the side to move and the king-move counter of D3-21; playing a move
//! (copy-make), height removal (D3-30) and the Zobrist hash.

use crate::config::Checkers3dConfig;
use crate::geometry::{RANK_1, RANK_8};
use crate::moves::Move;
use variant_core::zobrist::zobrist_keys;

/// White (seat 0).
pub(crate) const WHITE: usize = 0;
/// Black (seat 1).
pub(crate) const BLACK: usize = 1;

/// Plies of king-only quiet moves that draw the game: 15 moves of each side (D3-21).
pub(crate) const KING_MOVE_DRAW_PLIES: u8 = 30;

const PIECE_KEYS: usize = 0; // (colour * 2 + king) * 256 + square
const SIDE_KEY: usize = 1024;
const HEIGHT_KEYS: usize = 1025; // + heights - 1
const BASE_KEYS: usize = 1033; // + colour * 8 + z
const COUNTER_KEYS: usize = 1049; // + plies (0 ..= 30)
const KEY_COUNT: usize = COUNTER_KEYS + KING_MOVE_DRAW_PLIES as usize + 1;

static KEYS: [u64; KEY_COUNT] = zobrist_keys(0xC4EC_3D00_D3D3_0001);

#[inline]
pub(crate) fn piece_key(colour: usize, king: bool, square: usize) -> u64 {
    KEYS[PIECE_KEYS + (colour * 2 + king as usize) * 256 + (square & 255)]
}

/// A checkers3d position with its configuration (see the crate documentation).
///
/// `Copy`-sized data only (about 150 bytes), so cloning for copy-make never allocates.
///
/// # Example
///
/// ```
/// use checkers3d::prelude::*;
///
/// // D3-3: 12 men a side; D3-40: with one height the game is Russian draughts, 7 first moves.
/// let game = Checkers3d::new(&Checkers3dConfig::with_heights(1).unwrap()).unwrap();
/// let white = "Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2";
/// let black = "Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";
/// assert_eq!(game.to_text(), format!("W:{white}:{black}"));
/// assert_eq!(game.legal_moves().len(), 7);
/// assert_eq!(game.side_to_move(), Seat(0));
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct Checkers3d {
    pub(crate) config: Checkers3dConfig,
    /// Pieces of each colour, one word per height (bit = square within the height).
    pub(crate) pieces: [[u32; 8]; 2],
    /// Kings of both colours.
    pub(crate) kings: [u32; 8],
    /// Current number of heights.
    pub(crate) heights: u8,
    /// Base heights of each colour as bitmasks (D3-4).
    pub(crate) base: [u8; 2],
    /// 0 = White to move, 1 = Black.
    pub(crate) side: u8,
    /// Consecutive plies that were quiet king moves (D3-21); not part of the text.
    pub(crate) king_plies: u8,
    /// Zobrist hash of everything but the king-move counter.
    pub(crate) hash: u64,
}

/// Written out for [`Clone::clone_from`], which perft calls once per move to copy the parent
/// into the child: on one height it copies word 0 and the small fields instead of the whole
/// 136-byte value (a `memcpy` call whose wide stores the next read of the child then waited
/// for: about a sixth of one-height perft time, docs/benchmarks.md).
impl Clone for Checkers3d {
    #[inline]
    fn clone(&self) -> Self {
        Checkers3d {
            config: self.config,
            pieces: self.pieces,
            kings: self.kings,
            heights: self.heights,
            base: self.base,
            side: self.side,
            king_plies: self.king_plies,
            hash: self.hash,
        }
    }

    #[inline(always)]
    fn clone_from(&mut self, source: &Self) {
        if source.heights == 1 && self.heights == 1 {
            // The words above the current heights are zero in every position (the board
            // starts empty and `remove_heights` clears the word it frees), so on one height
            // word 0 is the whole board of both.
            debug_assert!(
                self.words_above_heights_are_zero() && source.words_above_heights_are_zero()
            );
            self.pieces[0][0] = source.pieces[0][0];
            self.pieces[1][0] = source.pieces[1][0];
            self.kings[0] = source.kings[0];
            self.config = source.config;
            self.base = source.base;
            self.side = source.side;
            self.king_plies = source.king_plies;
            self.hash = source.hash;
        } else {
            *self = source.clone();
        }
    }
}

impl Checkers3d {
    /// Whether every word of `pieces` and `kings` at or above `heights` is zero (the invariant
    /// [`Clone::clone_from`] relies on).
    fn words_above_heights_are_zero(&self) -> bool {
        let h = usize::from(self.heights);
        let above = |words: &[u32; 8]| words.iter().skip(h).all(|&w| w == 0);
        above(&self.pieces[0]) && above(&self.pieces[1]) && above(&self.kings)
    }

    /// An empty board with the geometry of `config`, White to move.
    pub(crate) fn empty(config: &Checkers3dConfig) -> Self {
        let mut p = Checkers3d {
            config: *config,
            pieces: [[0; 8]; 2],
            kings: [0; 8],
            heights: config.heights(),
            base: [config.white_base(), config.black_base()],
            side: 0,
            king_plies: 0,
            hash: 0,
        };
        p.hash = p.full_hash();
        p
    }

    /// The start position of D3-3.
    pub(crate) fn start(config: &Checkers3dConfig) -> Self {
        let mut p = Checkers3d::empty(config);
        for z in 0..p.heights as usize {
            if config.white_heights() >> z & 1 == 1 {
                p.pieces[WHITE][z] |= 0x0000_0FFF; // ranks 1–3
            }
            if config.black_heights() >> z & 1 == 1 {
                p.pieces[BLACK][z] |= 0xFFF0_0000; // ranks 6–8
            }
        }
        p.hash = p.full_hash();
        p
    }

    /// Occupied squares of height `z`.
    #[inline]
    pub(crate) fn occupied(&self, z: usize) -> u32 {
        self.pieces[WHITE][z] | self.pieces[BLACK][z]
    }

    /// The squares where a man of `colour` promotes on height `z` (D3-13): the enemy base
    /// cubes of that height.
    #[inline]
    pub(crate) fn promotion_squares(&self, colour: usize, z: usize) -> u32 {
        let enemy_base = self.base[1 - colour] >> z & 1 == 1;
        match (colour, enemy_base) {
            (_, false) => 0,
            (WHITE, true) => RANK_8,
            _ => RANK_1,
        }
    }

    /// The number of pieces of both colours.
    pub(crate) fn piece_count(&self) -> u32 {
        (0..self.heights as usize)
            .map(|z| self.occupied(z).count_ones())
            .sum()
    }

    /// The hash computed from scratch (without the king-move counter).
    pub(crate) fn full_hash(&self) -> u64 {
        let mut h = 0;
        for z in 0..self.heights as usize {
            for colour in [WHITE, BLACK] {
                let mut b = self.pieces[colour][z];
                while b != 0 {
                    let i = b.trailing_zeros() as usize;
                    b &= b - 1;
                    let king = self.kings[z] >> i & 1 == 1;
                    h ^= piece_key(colour, king, z * 32 + i);
                }
            }
        }
        if self.side == 1 {
            h ^= KEYS[SIDE_KEY];
        }
        h ^= KEYS[HEIGHT_KEYS + (self.heights.clamp(1, 8) as usize - 1)];
        for colour in [WHITE, BLACK] {
            for z in 0..8 {
                if self.base[colour] >> z & 1 == 1 {
                    h ^= KEYS[BASE_KEYS + colour * 8 + z];
                }
            }
        }
        h
    }

    /// The key of the king-move counter.
    #[inline]
    pub(crate) fn counter_key(&self) -> u64 {
        KEYS[COUNTER_KEYS + self.king_plies.min(KING_MOVE_DRAW_PLIES) as usize]
    }

    /// Plays a move of this position (copy-make); `mv` must be legal here.
    #[inline]
    pub(crate) fn play(&mut self, mv: Move) {
        if self.heights == 1 {
            self.play_plane(mv);
        } else {
            self.play_box(mv);
        }
    }

    /// [`Checkers3d::play`] on a board of one height (the 2D game, D3-40): every square and
    /// captured piece is in word 0, and no height can be removed.
    #[inline]
    fn play_plane(&mut self, mv: Move) {
        let us = self.side as usize;
        let them = 1 - us;
        let (from, to) = (mv.from as usize & 31, mv.to as usize & 31);
        let (from_bit, to_bit) = (1u32 << from, 1u32 << to);
        let was_king = self.kings[0] & from_bit != 0;
        let king = was_king || mv.promoted;
        let captured = mv.captured[0];
        let mut hash =
            self.hash ^ KEYS[SIDE_KEY] ^ piece_key(us, was_king, from) ^ piece_key(us, king, to);
        let mut b = captured;
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            hash ^= piece_key(them, self.kings[0] >> i & 1 == 1, i);
        }
        // A capture may end on its own start (D3-10), so clear, then set.
        self.pieces[us][0] = (self.pieces[us][0] & !from_bit) | to_bit;
        self.pieces[them][0] &= !captured;
        self.kings[0] = (self.kings[0] & !(from_bit | captured)) | if king { to_bit } else { 0 };
        // D3-21: only quiet moves of kings count towards the draw.
        self.king_plies = if captured != 0 || !was_king {
            0
        } else {
            (self.king_plies + 1).min(KING_MOVE_DRAW_PLIES)
        };
        self.side ^= 1;
        self.hash = hash;
    }

    /// [`Checkers3d::play`] in a box of two or more heights.
    fn play_box(&mut self, mv: Move) {
        let us = self.side as usize;
        let them = 1 - us;
        let (fz, fi) = (mv.from as usize / 32, mv.from % 32);
        let (tz, ti) = (mv.to as usize / 32, mv.to % 32);
        let was_king = self.kings[fz] >> fi & 1 == 1;
        self.pieces[us][fz] &= !(1 << fi);
        self.kings[fz] &= !(1 << fi);
        self.hash ^= piece_key(us, was_king, mv.from as usize);
        let mut captured_any = false;
        for z in 0..self.heights as usize {
            let c = mv.captured[z];
            if c == 0 {
                continue;
            }
            captured_any = true;
            let mut b = c;
            while b != 0 {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                let king = self.kings[z] >> i & 1 == 1;
                self.hash ^= piece_key(them, king, z * 32 + i);
            }
            self.pieces[them][z] &= !c;
            self.kings[z] &= !c;
        }
        let king = was_king || mv.promoted;
        self.pieces[us][tz] |= 1 << ti;
        if king {
            self.kings[tz] |= 1 << ti;
        }
        self.hash ^= piece_key(us, king, mv.to as usize);
        // D3-21: only quiet moves of kings count towards the draw.
        self.king_plies = if captured_any || !was_king {
            0
        } else {
            (self.king_plies + 1).min(KING_MOVE_DRAW_PLIES)
        };
        self.side ^= 1;
        self.hash ^= KEYS[SIDE_KEY];
        self.remove_heights();
    }

    /// D3-30 (with C3-31's procedure): after the whole move, while the board has n ≥ 2
    /// heights, at most T(n) pieces and an empty height that holds no base cubes, the
    /// highest such height is removed and the heights above it move down.
    fn remove_heights(&mut self) {
        let mut changed = false;
        loop {
            let n = self.heights;
            if n < 2 {
                break;
            }
            let Some(threshold) = self.config.removal.threshold(n) else {
                break;
            };
            if self.piece_count() > u32::from(threshold) {
                break;
            }
            let bases = self.base[WHITE] | self.base[BLACK];
            let Some(z) = (0..n as usize)
                .rev()
                .find(|&z| self.occupied(z) == 0 && bases >> z & 1 == 0)
            else {
                break;
            };
            for k in z..n as usize - 1 {
                self.pieces[WHITE][k] = self.pieces[WHITE][k + 1];
                self.pieces[BLACK][k] = self.pieces[BLACK][k + 1];
                self.kings[k] = self.kings[k + 1];
            }
            let top = n as usize - 1;
            self.pieces[WHITE][top] = 0;
            self.pieces[BLACK][top] = 0;
            self.kings[top] = 0;
            let low = (1u8 << z) - 1;
            for b in &mut self.base {
                *b = (*b & low) | ((*b >> 1) & !low);
            }
            self.heights -= 1;
            self.config = self.config.after_removal(z as u8);
            changed = true;
        }
        if changed {
            self.hash = self.full_hash();
        }
    }
}
