//! The `Game` implementation and the public accessors of a position.

use crate::movegen::{Counter, Lister, MAX_MOVES, TacticalLister};
use crate::position::{NO_EP, WHITE, ep_key};
use crate::{Chess3d, Chess3dConfig, Color, Move, Piece, notation};
use variant_core::grid3::Cell3;
use variant_core::{
    ConfigError, DrawReason, Game, GameConfig, MoveError, MoveList, MoveSink, PositionError,
    RepetitionRules, Seat, Status, WinReason,
};

/// The FIDE start position (one height).
///
/// # Example
///
/// ```
/// use chess3d::prelude::*;
///
/// // With one height the start is FIDE chess's, written as FEN.
/// let fide = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
/// assert_eq!(fide.to_text(), chess3d::FIDE_START);
/// ```
pub const FIDE_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Chess3d {
    /// Whether `seat`'s king is in check (C3-20): attacked by a piece of the other side.
    /// The same name and shape in every game with checks (`Bishops::is_in_check`,
    /// `ChessT::is_in_check`).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// // C3-20 at one height: after 1.f3 e5 2.g4 Qh4 White is in check (and mated).
    /// let mut game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
    ///     game.try_play(game.parse_move(mv).unwrap()).unwrap();
    /// }
    /// assert!(game.is_in_check(Seat(0)));
    /// assert!(!game.is_in_check(Seat(1)));
    /// ```
    pub fn is_in_check(&self, seat: Seat) -> bool {
        seat.index() < 2 && self.king_attacked(seat.index())
    }

    /// The number of heights n of the board now (removal lowers it).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    ///
    /// // The rules page's removal example (C3-30, H = 3, Lw = 1, Lb = 3): after h5@2h5@3
    /// // height 2 is empty and 3 pieces are left (3 <= T(3) = 6), so the box shrinks to 2 heights.
    /// let text = "8/8/8/8/8/8/8/4K3|8/8/8/7R/8/8/8/8|4k3/8/8/7n/8/8/8/8 w - - 0 1 1,3";
    /// let mut game = Chess3d::from_text(&Chess3dConfig::with_heights(3), text).unwrap();
    /// assert_eq!(game.heights(), 3);
    /// game.play_text("h5@2h5@3").unwrap();
    /// assert_eq!(game.heights(), 2);
    /// ```
    pub fn heights(&self) -> u8 {
        self.heights
    }

    /// The base heights (Lw, Lb), 1-based.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    ///
    /// // C3-4: the default box has White's base on height 1 and Black's on height 8.
    /// assert_eq!(Chess3d::default().base_heights(), (1, 8));
    /// // C3-30: base heights are renumbered when a height below goes (the rules page's example).
    /// let text = "8/8/8/8/8/8/8/4K3|8/8/8/7R/8/8/8/8|4k3/8/8/7n/8/8/8/8 w - - 0 1 1,3";
    /// let mut game = Chess3d::from_text(&Chess3dConfig::with_heights(3), text).unwrap();
    /// game.play_text("h5@2h5@3").unwrap();
    /// assert_eq!(game.base_heights(), (1, 2));
    /// ```
    pub fn base_heights(&self) -> (u8, u8) {
        (self.base[0] + 1, self.base[1] + 1)
    }

    /// The piece on a cell, if any (`None` also for a cell outside the board).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// use chess3d::variant_core::grid3::Cell3;
    /// use chess3d::Piece;
    ///
    /// // C3-5: White's army (seat 0) on height 1, Black's (seat 1) on height 8 in the default box.
    /// let game = Chess3d::default();
    /// let at = |cell| game.piece_at(Cell3::parse(cell, 8).unwrap());
    /// assert_eq!(at("e1@1"), Some((Seat(0), Piece::King)));
    /// assert_eq!(at("d8@8"), Some((Seat(1), Piece::Queen)));
    /// assert_eq!(at("e1@2"), None);
    /// ```
    pub fn piece_at(&self, cell: Cell3) -> Option<(Seat, Piece)> {
        if cell.x > 7 || cell.y > 7 || cell.z >= self.heights {
            return None;
        }
        self.piece_on(cell.index())
            .map(|(color, piece)| (Seat::from(color), piece))
    }

    /// The castling rights as FEN letters (`KQkq`, `-` for none).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// let mut game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// assert_eq!(game.castling_rights(), "KQkq");
    /// for mv in ["e2e4", "e7e5", "e1e2"] {
    ///     game.play_text(mv).unwrap();
    /// }
    /// assert_eq!(game.castling_rights(), "kq"); // C3-18: the king moved
    /// ```
    pub fn castling_rights(&self) -> String {
        let t = self.to_text();
        t.split(' ').nth(2).unwrap_or("-").to_string()
    }

    /// The en-passant cell (C3-17), if the last move was a double step.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// let mut game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// assert_eq!(game.en_passant(), None);
    /// game.play_text("e2e4").unwrap();
    /// assert_eq!(game.en_passant().map(|c| c.index()), Some(20)); // e3: rank 3 * 8 + file 4
    /// ```
    pub fn en_passant(&self) -> Option<Cell3> {
        (self.ep != NO_EP).then(|| Cell3::from_index(self.ep as usize))
    }

    /// The halfmove clock (plies since the last capture or pawn move).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// let mut game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// game.play_text("g1f3").unwrap();
    /// assert_eq!(game.halfmove_clock(), 1); // a knight move
    /// game.play_text("e7e5").unwrap();
    /// assert_eq!(game.halfmove_clock(), 0); // a pawn move
    /// ```
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The fullmove number.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// let mut game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// game.play_text("e2e4").unwrap();
    /// assert_eq!(game.fullmove_number(), 1);
    /// game.play_text("e7e5").unwrap();
    /// assert_eq!(game.fullmove_number(), 2);
    /// ```
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The number of pieces of both sides on the board.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// assert_eq!(Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap().piece_count(), 32);
    /// ```
    pub fn piece_count(&self) -> u32 {
        self.count as u32
    }

    /// The legal captures (en passant included) and promotions of the position into `sink`,
    /// in the order [`Game::legal_moves_into`] lists them: the moves a quiescence search plays,
    /// without listing the quiet ones first. Every promotion is listed (all four pieces, with
    /// or without a capture).
    ///
    /// ```
    /// use chess3d::{Chess3d, Chess3dConfig};
    /// use variant_core::{Game, MoveList};
    ///
    /// let config = Chess3dConfig::with_heights(1);
    /// // White can take on d5 (pawn or knight) and f5, en passant on f6, or promote on b8.
    /// let game = Chess3d::from_text(&config, "4k3/1P6/8/3p1pP1/4P3/2N5/8/4K3 w - f6 0 1")
    ///     .expect("a position");
    /// let mut tactical: MoveList<chess3d::Move, { chess3d::MAX_MOVES }> = MoveList::new();
    /// game.tactical_moves_into(&mut tactical);
    /// let mut texts: Vec<String> = tactical.iter().map(|&m| game.format_move(m)).collect();
    /// texts.sort();
    /// assert_eq!(texts, ["b7b8b", "b7b8n", "b7b8q", "b7b8r", "c3d5", "e4d5", "e4f5", "g5f6"]);
    /// ```
    pub fn tactical_moves_into<S: MoveSink<Move>>(&self, sink: &mut S) {
        let them = 1 - (self.side.index() & 1);
        let mut enemy = [0u64; 8];
        let mut pawns = [0u64; 8];
        for ((e, p), layer) in enemy.iter_mut().zip(&mut pawns).zip(&self.bb) {
            *e = layer[WHITE + them];
            *p = layer[0] & layer[WHITE + 1 - them];
        }
        self.generate(&mut TacticalLister {
            inner: Lister(sink),
            enemy,
            pawns,
            ep: self.ep,
        });
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

    /// The position after the side to move passes: the other side to move, no en-passant
    /// cell, everything else (clocks, castling rights, heights) unchanged. Passing is not a
    /// move of chess3d; this is for engines' null-move pruning, which asks "does my position
    /// hold even if I do nothing?" and needs it cheap (a copy and two hash keys, not a
    /// round trip through the position text). Meaningful only when the side to move is not
    /// in check: otherwise the result has the side that just moved in check.
    ///
    /// ```
    /// use chess3d::{Chess3d, Chess3dConfig, Color};
    /// use variant_core::Game;
    ///
    /// let game = Chess3d::new(&Chess3dConfig::default()).expect("the default box");
    /// let passed = game.passed();
    /// assert_eq!(Color::from(passed.side_to_move()), Color::Black);
    /// // The hash is kept up to date as a move would keep it.
    /// assert_eq!(passed.zobrist(), passed.compute_zobrist());
    /// assert_eq!(passed.passed().zobrist(), game.zobrist());
    /// ```
    pub fn passed(&self) -> Chess3d {
        let mut p = self.clone();
        p.hash ^= ep_key(p.ep) ^ crate::position::side_key();
        p.ep = NO_EP;
        p.side = p.side.other();
        p
    }

    /// Whether an en-passant capture is legal now (C3-22 counts the en-passant cell in a
    /// position's identity only then).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    ///
    /// // FIDE chess (one height): after 1.e4 the en-passant cell e3 is set but nobody can take.
    /// let mut game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// game.play_text("e2e4").unwrap();
    /// assert!(!game.has_legal_en_passant());
    /// // 1.e4 a6 2.e5 d5: now exd6 e.p. is legal (C3-17).
    /// for mv in ["a7a6", "e4e5", "d7d5"] {
    ///     game.play_text(mv).unwrap();
    /// }
    /// assert!(game.has_legal_en_passant());
    /// assert!(game.parse_move("e5d6").is_ok());
    /// ```
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
        notation::parse_position(config, text)
    }

    fn to_text(&self) -> String {
        notation::format_position(self)
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

    #[inline]
    fn side_to_move(&self) -> Seat {
        Seat(self.side.index() as u8)
    }

    #[inline]
    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        moves.clear();
        self.generate(&mut Lister(moves));
    }

    #[inline]
    fn generate_moves<S: MoveSink<Move>>(&self, sink: &mut S) {
        self.generate(&mut Lister(sink));
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.make(mv);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        // From and to cell (C3-51) first; FIDE chess also reads SAN (`Nf3`), as its records do.
        match notation::parse_move(self, text) {
            Err(MoveError::Malformed { .. })
                if self.has_pgn_form() && crate::san::looks_like_san(text) =>
            {
                self.parse_san(text)
            }
            read => read,
        }
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(self, mv)
    }

    fn status(&self) -> Status {
        if self.count_legal_moves() == 0 {
            return if self.is_in_check(self.side_to_move()) {
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

    fn perft_key(&self) -> u64 {
        // Without the en-passant cell (C3-15 sets it on every double step): it changes only
        // this position's moves, which the perft table's second key sees, so transpositions
        // such as 1.e4 e6 2.d4 / 1.d4 e6 2.e4 share an entry.
        self.hash ^ ep_key(self.ep)
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
        Some(self.view())
    }

    fn claimable_draw(&self) -> Option<DrawReason> {
        (self.halfmove >= 100).then_some(DrawReason::MoveRule)
    }
}

#[allow(dead_code)]
const _: usize = WHITE;
