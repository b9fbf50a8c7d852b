//! The position: piece boards, side to move, Prince→Connet rights, clocks, Zobrist hash.

use crate::cell::Bits;
use crate::config::ChessTConfig;
use crate::piece::Piece;
use crate::tables::{CASTLE, CASTLES};
use crate::{Cell, Seat};
use variant_core::zobrist::zobrist_keys;

/// Zobrist keys: 14 piece codes × 64 cells, then side to move, then the two rights.
static ZOBRIST: [u64; 14 * 64 + 3] = zobrist_keys(0xC4E5_7001);
const SIDE_KEY: usize = 14 * 64;
const RIGHTS_KEY: usize = 14 * 64 + 1;

/// A chess-T position under its configuration (CT-1 … CT-51). Small, `Clone`, always valid.
///
/// Seats: 0 White (moves first), 1 Black.
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
///
/// // CT-3's set-up, and the seats of CT-1: White (seat 0) moves first.
/// let game = ChessT::default();
/// assert_eq!(game.to_text(), "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1");
/// assert_eq!(game.side_to_move(), Seat(0));
/// assert_eq!(game.seat_count(), 2);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ChessT {
    /// Piece boards by side and kind (`Piece as usize`).
    pub(crate) pieces: [[u64; 7]; 2],
    /// Occupancy by side.
    pub(crate) occ: [u64; 2],
    /// Mailbox: 0 empty, else 1 + side * 7 + kind.
    pub(crate) board: [u8; 64],
    /// Side to move: 0 White, 1 Black.
    pub(crate) stm: u8,
    /// Prince→Connet rights (CT-32): bit 0 White, bit 1 Black.
    pub(crate) rights: u8,
    /// Plies since the last capture or exchange (CT-36).
    pub(crate) halfmove: u32,
    /// Move number, starting at 1, increased after Black's move.
    pub(crate) fullmove: u32,
    /// Zobrist hash of placement, side to move and rights.
    pub(crate) hash: u64,
    pub(crate) config: ChessTConfig,
}

impl std::fmt::Debug for ChessT {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChessT")
            .field("text", &self.text())
            .field("config", &self.config)
            .finish()
    }
}

#[inline]
pub(crate) fn piece_key(side: usize, kind: usize, sq: usize) -> u64 {
    ZOBRIST[((side * 7 + kind) * 64 + sq) % (14 * 64)]
}

#[inline]
pub(crate) fn side_key() -> u64 {
    ZOBRIST[SIDE_KEY]
}

#[inline]
pub(crate) fn rights_key(side: usize) -> u64 {
    ZOBRIST[RIGHTS_KEY + (side & 1)]
}

impl ChessT {
    /// An empty board, White to move, no rights.
    pub(crate) fn empty(config: ChessTConfig) -> ChessT {
        ChessT {
            pieces: [[0; 7]; 2],
            occ: [0; 2],
            board: [0; 64],
            stm: 0,
            rights: 0,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            config,
        }
    }

    /// Puts a piece on an empty cell (hash updated).
    #[inline]
    pub(crate) fn put(&mut self, side: usize, kind: usize, sq: usize) {
        let (side, kind, sq) = (side & 1, kind % 7, sq & 63);
        let bit = 1u64 << sq;
        self.pieces[side][kind] |= bit;
        self.occ[side] |= bit;
        self.board[sq] = (1 + side * 7 + kind) as u8;
        self.hash ^= piece_key(side, kind, sq);
    }

    /// Removes whatever stands on `sq` (hash updated); returns (side, kind) if there was one.
    #[inline]
    pub(crate) fn take(&mut self, sq: usize) -> Option<(usize, usize)> {
        let sq = sq & 63;
        let code = self.board[sq] as usize;
        if code == 0 {
            return None;
        }
        let (side, kind) = ((code - 1) / 7, (code - 1) % 7);
        let bit = 1u64 << sq;
        self.pieces[side][kind] &= !bit;
        self.occ[side] &= !bit;
        self.board[sq] = 0;
        self.hash ^= piece_key(side, kind, sq);
        Some((side, kind))
    }

    /// (side, kind) of the piece on `sq`.
    #[inline]
    pub(crate) fn at(&self, sq: usize) -> Option<(usize, usize)> {
        let code = self.board[sq & 63] as usize;
        if code == 0 {
            None
        } else {
            Some(((code - 1) / 7, (code - 1) % 7))
        }
    }

    /// The royal pieces of a side.
    #[inline]
    pub(crate) fn royal(&self, side: usize) -> u64 {
        let p = &self.pieces[side & 1];
        p[Piece::King as usize] | p[Piece::Connet as usize] | p[Piece::Prince as usize]
    }

    /// The hash recomputed from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for side in 0..2 {
            for kind in 0..7 {
                for sq in Bits(self.pieces[side][kind]) {
                    h ^= piece_key(side, kind, sq);
                }
            }
            if self.rights & (1 << side) != 0 {
                h ^= rights_key(side);
            }
        }
        if self.stm == 1 {
            h ^= side_key();
        }
        h
    }

    /// Who has won by the position's pieces alone (CT-35): a missing King, or a captured
    /// castle (the side that just moved is judged first).
    pub(crate) fn decided(&self) -> Option<(usize, variant_core::WinReason)> {
        use variant_core::WinReason;
        let king = Piece::King as usize;
        if self.pieces[0][king] == 0 {
            return Some((1, WinReason::KingCaptured));
        }
        if self.pieces[1][king] == 0 {
            return Some((0, WinReason::KingCaptured));
        }
        let mover = 1 - self.stm as usize;
        for x in [mover, 1 - mover] {
            let y = 1 - x;
            if self.royal(x) & CASTLE[y] != 0 && self.royal(y) & CASTLE[y] == 0 {
                return Some((x, WinReason::CastleCaptured));
            }
        }
        None
    }

    /// The piece on a cell, with its seat.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// use chess_t::{Cell, Piece};
    ///
    /// // CT-3: White's King on e1, Black's Connet on d8, e4 empty.
    /// let game = ChessT::default();
    /// assert_eq!(game.piece_at(Cell::parse("e1").unwrap()), Some((Seat(0), Piece::King)));
    /// assert_eq!(game.piece_at(Cell::parse("d8").unwrap()), Some((Seat(1), Piece::Connet)));
    /// assert_eq!(game.piece_at(Cell::parse("e4").unwrap()), None);
    /// ```
    pub fn piece_at(&self, cell: Cell) -> Option<(Seat, Piece)> {
        self.at(cell.index() as usize)
            .map(|(s, k)| (Seat(s as u8), Piece::from_index(k)))
    }

    /// Whether a side (seat 0 or 1) still has its Prince→Connet right (CT-32).
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    ///
    /// // CT-32: both sides start with the right (`Pp` in the text); `P` alone is White's.
    /// let game = ChessT::default();
    /// assert!(game.has_connet_right(Seat(0)) && game.has_connet_right(Seat(1)));
    /// let text = "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w P 0 1";
    /// let game = ChessT::from_text(&ChessTConfig::default(), text).unwrap();
    /// assert!(game.has_connet_right(Seat(0)) && !game.has_connet_right(Seat(1)));
    /// ```
    pub fn has_connet_right(&self, seat: Seat) -> bool {
        seat.index() < 2 && self.rights & (1 << seat.index()) != 0
    }

    /// Plies since the last capture or exchange (CT-36).
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    ///
    /// // CT-36 counts plies without a capture: two quiet moves make 2.
    /// let mut game = ChessT::default();
    /// game.play_text("d2d4").unwrap();
    /// game.play_text("d7d5").unwrap();
    /// assert_eq!(game.halfmove_clock(), 2);
    /// ```
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number (starts at 1, grows after Black's move).
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    ///
    /// let mut game = ChessT::default();
    /// game.play_text("d2d4").unwrap();
    /// assert_eq!(game.fullmove_number(), 1);
    /// game.play_text("d7d5").unwrap();
    /// assert_eq!(game.fullmove_number(), 2);
    /// ```
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Number of pieces of `kind` a side has.
    pub(crate) fn count(&self, side: usize, kind: Piece) -> u32 {
        self.pieces[side & 1][kind as usize].count_ones()
    }

    /// Whether `sq` is a castle cell.
    #[inline]
    pub(crate) fn is_castle(sq: usize) -> bool {
        CASTLES & (1u64 << (sq & 63)) != 0
    }
}
