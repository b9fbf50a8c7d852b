//! The `Game` implementation and the public accessors of a position.

use crate::geometry::{file_of, in_block, rank_of};
use crate::position::{self, NONE, colour_of, kind_of};
use crate::{Bishops, BishopsConfig, Cell, Move, Phase, movegen};
use variant_core::{
    ConfigError, DrawReason, Game, GameConfig, MoveError, MoveList, PositionError, RepetitionRules,
    Seat, Status,
};

/// Seat names in seat order (B4-3).
///
/// # Example
///
/// ```
/// use bishops4p::prelude::*;
///
/// // B4-3: the seats in turn order, each the name the game gives it.
/// let game = Bishops::default();
/// let names: Vec<&str> = (0..4).map(|s| game.seat_name(Seat(s))).collect();
/// assert_eq!(names, bishops4p::SEAT_NAMES);
/// ```
pub const SEAT_NAMES: [&str; 4] = ["white", "grey", "black", "pink"];

/// A piece kind, as [`Bishops::piece_at`] reports it.
///
/// # Example
///
/// ```
/// use bishops4p::prelude::*;
/// use bishops4p::Piece;
///
/// // B4-4: White's king on g1, Grey's queen on a7, Pink's pawns on file k.
/// let game = Bishops::default();
/// assert_eq!(game.piece_at("g1".parse().unwrap()), Some((Seat(0), Piece::King)));
/// assert_eq!(game.piece_at("a7".parse().unwrap()), Some((Seat(1), Piece::Queen)));
/// assert_eq!(game.piece_at("k6".parse().unwrap()), Some((Seat(3), Piece::Pawn)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

/// A piece and its owner, or `None` (an empty cell).
type SeatPiece = Option<(Seat, Piece)>;

/// The kind of the piece coded `p` on the board (`None` for an empty or off-board cell).
#[inline]
fn piece_kind(p: u8) -> Option<Piece> {
    Some(match kind_of(p) {
        position::PAWN => Piece::Pawn,
        position::KNIGHT_K => Piece::Knight,
        position::BISHOP => Piece::Bishop,
        position::ROOK => Piece::Rook,
        position::QUEEN => Piece::Queen,
        position::KING => Piece::King,
        _ => return None,
    })
}

impl Bishops {
    pub(crate) const NAME_STR: &'static str = "bishops4p";

    /// Whether the seat is still playing (active, B4-3/B4-21/B4-23).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let three = Bishops::new(&"players=3".parse().unwrap()).unwrap();
    /// assert!(three.is_active(Seat(0)));
    /// assert!(!three.is_active(Seat(1))); // B4-23: no Grey in the three-player game
    /// ```
    pub fn is_active(&self, seat: Seat) -> bool {
        seat.0 < 4 && self.is_active_seat(seat.0)
    }

    /// The active seats in turn order.
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let three = Bishops::new(&"players=3".parse().unwrap()).unwrap();
    /// assert_eq!(three.active_seats(), [Seat(0), Seat(2), Seat(3)]);
    /// ```
    pub fn active_seats(&self) -> Vec<Seat> {
        (0..4u8)
            .filter(|&c| self.is_active_seat(c))
            .map(Seat)
            .collect()
    }

    /// The seats that took part in the game but are out (mated or resigned in the long game,
    /// B4-21). Grey in the three-player game never took part and is not listed.
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    ///
    /// // B4-21: in the long game a player who resigns is out; B4-23: Grey, who never played in
    /// // the three-player game, is not listed.
    /// let mut game = Bishops::new(&"mode=long".parse().unwrap()).unwrap();
    /// assert!(game.eliminated_seats().is_empty());
    /// game.resign(Seat(1)).unwrap();
    /// assert_eq!(game.eliminated_seats(), [Seat(1)]);
    /// let three = Bishops::new(&"players=3".parse().unwrap()).unwrap();
    /// assert!(three.eliminated_seats().is_empty());
    /// ```
    pub fn eliminated_seats(&self) -> Vec<Seat> {
        (0..4u8)
            .filter(|&c| {
                !(self.is_active_seat(c) || (c == position::GREY && self.config.players == 3))
            })
            .map(Seat)
            .collect()
    }

    /// Whether the seat's king is in check (attacked and not on a corner block, B4-11/B4-14).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    ///
    /// // The rules page's B4-12 example with kings only: White's rook h1-h7 checks Pink's king
    /// // l7, and Pink moves next (Grey and Black are skipped).
    /// let text = "5,bK,6/12/12/12/12/11,pK/gK,11/12/12/12/12/6,wK,wR,4 w wgbp w:-,g:-,b:-,p:- - 0 0 short -";
    /// let mut game = Bishops::from_text(&"castling=off".parse().unwrap(), text).unwrap();
    /// assert!(!game.is_in_check(Seat(3)));
    /// game.play_text("h1h7").unwrap();
    /// assert!(game.is_in_check(Seat(3)));
    /// assert_eq!(game.side_to_move(), Seat(3));
    /// ```
    pub fn is_in_check(&self, seat: Seat) -> bool {
        debug_assert_eq!(
            self.checks,
            self.checked_set(4),
            "the cached checks are current"
        );
        seat.0 < 4 && self.checks >> seat.0 & 1 != 0
    }

    /// The seats in check.
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let game = Bishops::default();
    /// assert!(game.checked_seats().is_empty());
    /// ```
    pub fn checked_seats(&self) -> Vec<Seat> {
        (0..4u8)
            .filter(|&c| self.checks >> c & 1 != 0)
            .map(Seat)
            .collect()
    }

    /// Whether the seat's king stands on a corner block (immune outside the duel, B4-14).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    ///
    /// // B4-14: White's king on the corner block a1 with a bishop left is immune: Black's rook
    /// // on a12 attacks it along file a, yet it is not in check.
    /// let text = "bR,4,bK,6/12/12/12/12/11,pK/gK,11/12/12/12/12/wK,5,wB,5 w wgbp w:-,g:-,b:-,p:- - 0 0 short -";
    /// let game = Bishops::from_text(&"castling=off".parse().unwrap(), text).unwrap();
    /// assert!(game.is_in_block(Seat(0)));
    /// assert!(!game.is_in_check(Seat(0)));
    /// assert!(!game.is_in_block(Seat(2)));
    /// ```
    pub fn is_in_block(&self, seat: Seat) -> bool {
        seat.0 < 4 && self.phase != Phase::Duel && {
            let k = self.kings[usize::from(seat.0)];
            k != NONE && in_block(k)
        }
    }

    /// The seat's left neighbour: the only king it may mate (B4-3).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let game = Bishops::default();
    /// assert!(game.left_neighbour(Seat(0)).is_some());
    /// ```
    pub fn left_neighbour(&self, seat: Seat) -> Option<Seat> {
        (self.is_active(seat) && self.active_count() > 1).then(|| Seat(self.next_active(seat.0)))
    }

    /// The game's phase (short game, long game, duel).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let game = Bishops::default();
    /// assert_eq!(game.phase(), bishops4p::Phase::Short); // B4-2: the default is the short game
    /// ```
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// White's pending placements of the three-player game: (queen, knight) (B4-23).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    ///
    /// // B4-23: White first places its queen and a knight in Grey's area, in either order.
    /// let mut game = Bishops::new(&"players=3".parse().unwrap()).unwrap();
    /// assert_eq!(game.pending_placements(), (true, true));
    /// game.play_text("Qf1@b7").unwrap();
    /// assert_eq!(game.pending_placements(), (false, true));
    /// assert_eq!(Bishops::default().pending_placements(), (false, false));
    /// ```
    pub fn pending_placements(&self) -> (bool, bool) {
        (
            self.pending & position::PENDING_QUEEN != 0,
            self.pending & position::PENDING_KNIGHT != 0,
        )
    }

    /// The cell (file, rank) of the seat's king, `None` when it has none (a seat that is out
    /// of the game or never played).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    ///
    /// // B4-4: White's king on g1, Grey's on a6; no Grey in the three-player game (B4-23).
    /// let game = Bishops::default();
    /// assert_eq!(game.king_cell(Seat(0)), Some((6, 0)));
    /// assert_eq!(game.king_cell(Seat(1)), Some((0, 5)));
    /// let three = Bishops::new(&"players=3".parse().unwrap()).unwrap();
    /// assert_eq!(three.king_cell(Seat(1)), None);
    /// ```
    pub fn king_cell(&self, seat: Seat) -> Option<(usize, usize)> {
        let k = *self.kings.get(seat.index())?;
        (k != NONE).then(|| (file_of(k), rank_of(k)))
    }

    /// The seat's bishops on the board (while it has one, a king on a corner block is
    /// immune, B4-14).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let game = Bishops::default();
    /// assert_eq!(game.bishop_count(Seat(2)), 2); // B4-4
    /// assert_eq!(game.bishop_count(Seat(7)), 0);
    /// ```
    pub fn bishop_count(&self, seat: Seat) -> u32 {
        self.bishops.get(seat.index()).map_or(0, |&b| u32::from(b))
    }

    /// The pieces a move concerns, read straight off the board: the piece that moves (the
    /// king of a castling, the piece lifted by a placement) and what stands on the cell it
    /// arrives on before the move (never anything for a castling or placement; for en passant
    /// the cell is empty, the captured pawn stands beside it). Both `None` for a pass.
    /// The same as [`Bishops::piece_at`] of the move's [`Move::from`] and [`Move::to`], without
    /// the coordinates in between (a search asks this of every move it orders).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// use bishops4p::Piece;
    ///
    /// let game = Bishops::default();
    /// let mv = game.parse_move("i1j3").unwrap(); // White's knight (B4-4)
    /// assert_eq!(game.move_pieces(mv), (Some((Seat(0), Piece::Knight)), None));
    /// ```
    #[inline]
    pub fn move_pieces(&self, mv: Move) -> (SeatPiece, SeatPiece) {
        if mv.is_pass() {
            return (None, None);
        }
        let piece = |s: u8| {
            let p = self.at(s);
            Some((Seat(colour_of(p)), piece_kind(p)?))
        };
        (piece(mv.from), piece(mv.to))
    }

    /// The piece on `cell` and whose it is; `None` for an empty cell or a corner block.
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// use bishops4p::{Cell, Piece};
    ///
    /// // B4-4: Black's king on f12 (file 5, rank 11); the corner block a1 is empty.
    /// let game = Bishops::default();
    /// assert_eq!(game.piece_at("f12".parse().unwrap()), Some((Seat(2), Piece::King)));
    /// assert_eq!(game.piece_at("a1".parse().unwrap()), None);
    /// assert_eq!(Cell::new(12, 0), None); // off the board
    /// ```
    pub fn piece_at(&self, cell: Cell) -> Option<(Seat, Piece)> {
        let p = self.at(cell.square());
        Some((Seat(colour_of(p)), piece_kind(p)?))
    }

    /// Every piece on the board as ((file, rank), seat, kind), seat by seat: a read-only view
    /// for evaluations and displays, the same pieces [`Bishops::piece_at`] finds, walked
    /// through each seat's occupancy (an evaluation calls this at every node, where testing all
    /// 144 cells would weigh on the whole search; docs/notes/2026-12-code-comment-figures.md).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// use bishops4p::Piece;
    ///
    /// // B4-4: four armies of 16 (8 pawns, 2 knights, 2 bishops, 2 rooks, queen, king).
    /// let game = Bishops::default();
    /// assert_eq!(game.pieces().count(), 64);
    /// assert_eq!(game.pieces().filter(|&(_, s, _)| s == Seat(2)).count(), 16);
    /// assert!(game.pieces().any(|p| p == ((5, 11), Seat(2), Piece::King)));
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = ((usize, usize), Seat, Piece)> + '_ {
        let mut all = Vec::with_capacity(64);
        self.for_each_piece(|cell, seat, kind| all.push((cell, seat, kind)));
        all.into_iter()
    }

    /// Calls `f` with every piece on the board as [`Bishops::pieces`] lists them, without
    /// building a list (the form an evaluation uses at every node).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    ///
    /// let game = Bishops::default();
    /// let mut count = [0; 4];
    /// game.for_each_piece(|_, seat, _| count[usize::from(seat.0)] += 1);
    /// assert_eq!(count, [16; 4]); // B4-4
    /// ```
    #[inline]
    pub fn for_each_piece(&self, mut f: impl FnMut((usize, usize), Seat, Piece)) {
        for (c, occ) in self.occ.iter().enumerate() {
            for (w, &word) in occ.0.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let s = (w * 64) as u8 + bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    let Some(kind) = piece_kind(self.at(s)) else {
                        continue;
                    };
                    f((file_of(s), rank_of(s)), Seat(c as u8), kind);
                }
            }
        }
    }

    /// Consecutive passes so far (B4-15).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let game = Bishops::default();
    /// assert_eq!(game.consecutive_passes(), 0);
    /// ```
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// The position after the player to move passes, whether or not B4-15 allows a pass
    /// here (it does only for a player without another move): for searches in which a
    /// player may stand aside (the engine's Best-Reply Search), never for play. `None` when
    /// the game is over.
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let game = Bishops::default();
    /// let passed = game.passed().unwrap();
    /// assert_eq!(passed.side_to_move(), Seat(1)); // Grey, after White (B4-12)
    /// assert_eq!(passed.consecutive_passes(), 1);
    /// let board = |g: &Bishops| g.to_string().split(' ').next().unwrap().to_string();
    /// assert_eq!(board(&passed), board(&game)); // nothing moved
    /// ```
    pub fn passed(&self) -> Option<Bishops> {
        if self.outcome.is_over() {
            return None;
        }
        let mut next = self.clone();
        next.play_ply(Move::PASS);
        Some(next)
    }

    /// Plies since the last capture or pawn move (B4-20).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::prelude::*;
    /// let game = Bishops::default();
    /// assert_eq!(game.halfmove_clock(), 0);
    /// ```
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
}

impl Game for Bishops {
    type Config = BishopsConfig;
    type Move = Move;
    type MoveList = MoveList<Move, { movegen::MAX_MOVES }>;

    const NAME: &'static str = Bishops::NAME_STR;

    fn new(config: &BishopsConfig) -> Result<Self, ConfigError> {
        config.validate()?;
        Ok(Bishops::start(config.clone()))
    }

    fn config(&self) -> &BishopsConfig {
        &self.config
    }

    fn from_text(config: &BishopsConfig, text: &str) -> Result<Self, PositionError> {
        Bishops::parse_position(config, text)
    }

    fn to_text(&self) -> String {
        self.format_position()
    }

    fn seat_count(&self) -> usize {
        4
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        SEAT_NAMES.get(seat.index()).copied().unwrap_or("none")
    }

    #[inline]
    fn side_to_move(&self) -> Seat {
        Seat(self.stm)
    }

    #[inline]
    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        moves.clear();
        self.generate(&mut |m| moves.push(m));
    }

    #[inline]
    fn generate_moves<S: variant_core::MoveSink<Move>>(&self, sink: &mut S) {
        self.generate(&mut |m| sink.push(m));
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        let mut n = 0;
        self.generate(&mut |_| n += 1);
        n
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.play_ply(mv);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_move_text(text)
    }

    fn format_move(&self, mv: Move) -> String {
        self.format_move_text(mv)
    }

    fn status(&self) -> Status {
        self.outcome
    }

    fn zobrist(&self) -> u64 {
        self.hash()
    }

    fn repetition_rules(&self) -> RepetitionRules {
        RepetitionRules {
            claim: Some(3),
            automatic: None,
        }
    }

    fn claimable_draw(&self) -> Option<DrawReason> {
        (!self.outcome.is_over() && self.halfmove >= 50 * self.active_count())
            .then_some(DrawReason::MoveRule)
    }

    fn resign(&mut self, seat: Seat) -> Result<Option<Status>, variant_core::ActionError> {
        self.resign_seat(seat.0)
    }

    /// The active seats (B4-3, B4-21, B4-23): Grey is not among them in the three-player game.
    fn playing_seats(&self) -> Vec<Seat> {
        self.active_seats()
    }

    fn board_view(&self) -> Option<variant_core::BoardView> {
        Some(self.view())
    }
}
