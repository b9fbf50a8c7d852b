//! Chess in the chess parallelepiped: an 8×8×H box of 1 to 8 heights, with the base-cube
//! barrier, 3D pawns, castling on the base heights and height removal as material goes
//! (rules: `rules/chess3d.md`, ids C3-1 … C3-52). With one height it is exactly FIDE chess.
//!
//! The engine keeps one 64-bit bitboard per piece kind and colour for each height, uses magic
//! bitboards inside a plane and short loops or ring tables across heights, and generates legal
//! moves with check and pin masks (make-and-test only for en passant and when a height removal
//! can follow the move).
//!
//! # Example
//!
//! ```
//! use chess3d::{Chess3d, Chess3dConfig};
//! use variant_core::{Game, perft::perft};
//!
//! // FIDE chess: one height.
//! let fide = Chess3d::new(&Chess3dConfig::new(1, 1, 1)).unwrap();
//! assert_eq!(perft(&fide, 3), 8_902);
//!
//! // The default box: 8 heights, White on height 1, Black on height 8.
//! let mut game = Chess3d::new(&Chess3dConfig::default()).unwrap();
//! assert_eq!(game.count_legal_moves(), 122);
//! game.play_text("e2@1e4@1").unwrap();
//! assert_eq!(game.to_text().split(' ').nth(3), Some("e3@1"));
//! ```
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod attacks;
mod config;
mod magic;
mod movegen;
mod plane;
mod position;
mod tables;
mod text;
mod types;

#[cfg(test)]
mod rule_tests;

pub use config::{Chess3dConfig, DEFAULT_REMOVAL};
pub use movegen::MAX_MOVES;
pub use position::Chess3d;
pub use types::{Color, Move, Piece};

/// The one-line import for users of this crate: the game's types and the core items its API
/// needs (the `Game` trait, configurations, status, seats, errors).
///
/// # Example
///
/// ```
/// use chess3d::prelude::*;
///
/// let game = Chess3d::default();
/// let moves = game.legal_moves();
/// assert!(!moves.is_empty());
/// let config: Chess3dConfig = "heights=1".parse().unwrap();
/// assert!(Chess3d::new(&config).is_ok());
/// ```
pub mod prelude {
    pub use crate::{Chess3d, Chess3dConfig, Move};
    pub use variant_core::{
        Error, Game, GameConfig, History, IllegalMove, MoveError, PositionError, Seat, Status,
    };
}

/// The core crate this game is built on, for what the prelude does not bring.
pub use variant_core;

variant_core::impl_game_values!(Chess3d);
variant_core::impl_config_text!(Chess3dConfig);

use movegen::{Counter, Lister};
use position::{NO_EP, WHITE};
use variant_core::grid3::Cell3;
use variant_core::{
    ConfigError, DrawReason, Game, GameConfig, MoveError, MoveList, MoveSink, PositionError,
    RepetitionRules, Seat, Status, WinReason,
};

/// The FIDE start position (one height).
pub const FIDE_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Chess3d {
    /// Whether the side to move is in check (C3-20).
    pub fn is_check(&self) -> bool {
        self.king_attacked(self.side.index())
    }

    /// The number of heights n of the board now (removal lowers it).
    pub fn heights(&self) -> u8 {
        self.heights
    }

    /// The base heights (Lw, Lb), 1-based.
    pub fn base_heights(&self) -> (u8, u8) {
        (self.base[0] + 1, self.base[1] + 1)
    }

    /// The piece on a cell, if any (`None` also for a cell outside the board).
    pub fn piece_at(&self, cell: Cell3) -> Option<(Color, Piece)> {
        if cell.x > 7 || cell.y > 7 || cell.z >= self.heights {
            return None;
        }
        self.piece_on(cell.index())
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.side
    }

    /// The castling rights as FEN letters (`KQkq`, `-` for none).
    pub fn castling_rights(&self) -> String {
        let t = self.to_text();
        t.split(' ').nth(2).unwrap_or("-").to_string()
    }

    /// The en-passant cell (C3-17), if the last move was a double step.
    pub fn en_passant(&self) -> Option<Cell3> {
        (self.ep != NO_EP).then(|| Cell3::from_index(self.ep as usize))
    }

    /// The halfmove clock (plies since the last capture or pawn move).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The fullmove number.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The number of pieces of both sides on the board.
    pub fn piece_count(&self) -> u32 {
        self.count as u32
    }

    /// The cells of one height holding `color`'s pieces of kind `piece`, as a bitboard (bit
    /// `y * 8 + x` is the cell (x, y) of that height; 0 for a height the board does not have).
    /// A fast read-only view for evaluations that would otherwise ask [`Chess3d::piece_at`]
    /// for every cell.
    ///
    /// ```
    /// use chess3d::{Chess3d, Chess3dConfig, Color, Piece};
    /// use variant_core::Game;
    ///
    /// let config = Chess3dConfig { heights: 1, ..Chess3dConfig::default() };
    /// let game = Chess3d::new(&config).expect("FIDE chess");
    /// assert_eq!(game.bitboard(0, Color::White, Piece::Pawn), 0xFF00); // rank 2
    /// assert_eq!(game.bitboard(0, Color::Black, Piece::King), 1 << 60); // e8
    /// ```
    pub fn bitboard(&self, height: u8, color: Color, piece: Piece) -> u64 {
        match self.bb.get(usize::from(height)) {
            Some(layer) if height < self.heights => {
                layer[piece.index()] & layer[WHITE + color.index()]
            }
            _ => 0,
        }
    }

    /// Whether an en-passant capture is legal now (C3-22 counts the en-passant cell in a
    /// position's identity only then).
    pub fn has_legal_en_passant(&self) -> bool {
        if self.ep == NO_EP {
            return false;
        }
        let mut moves = MoveList::<Move, MAX_MOVES>::new();
        self.legal_moves_into(&mut moves);
        let ep = self.ep as usize;
        moves.iter().any(|m| {
            m.to_index() == ep
                && m.from().x != m.to().x
                && self.bb[m.origin_index() >> 6][0] & (1 << (m.origin_index() & 63)) != 0
        })
    }

    /// C3-21, one height only: K v K, K+N v K, and kings with bishops all on one colour.
    fn is_dead_position(&self) -> bool {
        if self.heights != 1 {
            return false;
        }
        let l = &self.bb[0];
        if l[0] | l[3] | l[4] != 0 {
            return false;
        }
        let knights = l[1].count_ones();
        let bishops = l[2];
        const DARK: u64 = 0xAA55_AA55_AA55_AA55;
        match (knights, bishops) {
            (0, 0) | (1, 0) => true,
            (0, b) => b & DARK == 0 || b & !DARK == 0,
            _ => false,
        }
    }
}

impl Game for Chess3d {
    type Config = Chess3dConfig;
    type Move = Move;
    type MoveList = MoveList<Move, MAX_MOVES>;

    const NAME: &'static str = "chess3d";

    fn new(config: &Chess3dConfig) -> Result<Self, ConfigError> {
        config.validate()?;
        let h = config.heights;
        let (lw, lb) = (config.white_base - 1, config.black_base_height() - 1);
        let mut pos = Chess3d::empty(config.canonical(), h, lw, lb);
        let back = [
            Piece::Rook,
            Piece::Knight,
            Piece::Bishop,
            Piece::Queen,
            Piece::King,
            Piece::Bishop,
            Piece::Knight,
            Piece::Rook,
        ];
        for (x, &piece) in back.iter().enumerate() {
            pos.put(Color::White, piece, lw as usize * 64 + x);
            pos.put(Color::White, Piece::Pawn, lw as usize * 64 + 8 + x);
            pos.put(Color::Black, piece, lb as usize * 64 + 56 + x);
            pos.put(Color::Black, Piece::Pawn, lb as usize * 64 + 48 + x);
        }
        pos.castling = 0xF;
        pos.hash = pos.compute_zobrist();
        Ok(pos)
    }

    fn config(&self) -> &Chess3dConfig {
        &self.config
    }

    fn from_text(config: &Chess3dConfig, text: &str) -> Result<Self, PositionError> {
        text::parse_position(config, text)
    }

    fn to_text(&self) -> String {
        text::format_position(self)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        match seat.0 {
            0 => "white",
            1 => "black",
            _ => "none",
        }
    }

    fn side_to_move(&self) -> Seat {
        Seat(self.side.index() as u8)
    }

    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        moves.clear();
        self.generate(&mut Lister(moves));
    }

    fn generate_moves<S: MoveSink<Move>>(&self, sink: &mut S) {
        self.generate(&mut Lister(sink));
    }

    fn count_legal_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.make(mv);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        text::parse_move(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        text::format_move(self, mv)
    }

    fn status(&self) -> Status {
        if self.count_legal_moves() == 0 {
            return if self.is_check() {
                Status::Win {
                    winner: Seat(self.side.other().index() as u8),
                    reason: WinReason::Checkmate,
                }
            } else {
                Status::Draw {
                    reason: DrawReason::Stalemate,
                }
            };
        }
        if self.is_dead_position() {
            return Status::Draw {
                reason: DrawReason::DeadPosition,
            };
        }
        if self.halfmove >= 150 {
            return Status::Draw {
                reason: DrawReason::AutomaticMoveRule,
            };
        }
        Status::Ongoing
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn recompute_zobrist(&self) -> u64 {
        self.compute_zobrist()
    }

    fn repetition_key(&self) -> u64 {
        // C3-22: the en-passant cell counts only when an en-passant capture is legal.
        if self.ep != NO_EP && !self.has_legal_en_passant() {
            let mut copy = self.clone();
            copy.ep = NO_EP;
            copy.compute_zobrist()
        } else {
            self.hash
        }
    }

    fn repetition_rules(&self) -> RepetitionRules {
        RepetitionRules {
            claim: Some(3),
            automatic: Some(5),
        }
    }

    fn board_view(&self) -> Option<variant_core::BoardView> {
        use variant_core::{BoardGrid, BoardView, PieceView};
        let mut boards = Vec::with_capacity(self.heights as usize);
        for z in 0..self.heights {
            let mut grid = BoardGrid::new(format!("height {}", z + 1), 8, 8);
            for y in 0..8u8 {
                for x in 0..8u8 {
                    let Some(cell) = grid.cell_mut(x, y) else {
                        continue;
                    };
                    // C3-6: the base cubes, a wall for the opponent (C3-12).
                    if (y == 0 && z == self.base[0]) || (y == 7 && z == self.base[1]) {
                        cell.mark = Some("base");
                    }
                    if let Some((color, piece)) = self.piece_on(Cell3::new(x, y, z).index()) {
                        cell.piece = Some(PieceView {
                            seat: Seat(color.index() as u8),
                            symbol: piece.letter().to_ascii_uppercase(),
                            value: [1, 3, 3, 5, 9, 0][piece.index()],
                        });
                    }
                }
            }
            boards.push(grid);
        }
        let fields: Vec<String> = self
            .to_text()
            .split(' ')
            .skip(1)
            .map(str::to_string)
            .collect();
        let field = |i: usize| fields.get(i).cloned().unwrap_or_default();
        let (lw, lb) = self.base_heights();
        Some(BoardView {
            boards,
            caption: vec![
                format!(
                    "{} to move{}",
                    self.side.name(),
                    if self.is_check() { ", in check" } else { "" }
                ),
                format!("castling {}, en passant {}", field(1), field(2)),
                format!("halfmove clock {}, move {}", self.halfmove, self.fullmove),
                format!(
                    "{} height{}, base heights Lw={lw} Lb={lb}",
                    self.heights,
                    if self.heights == 1 { "" } else { "s" }
                ),
            ],
        })
    }

    fn claimable_draw(&self) -> Option<DrawReason> {
        (self.halfmove >= 100).then_some(DrawReason::MoveRule)
    }
}

#[allow(dead_code)]
const _: usize = WHITE;
