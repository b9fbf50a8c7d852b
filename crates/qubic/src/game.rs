//! The [`Game`] implementation: the contract the facade, the command line and the C API use;
//! the game's own outcome reasons (Q-5, Q-6).

use crate::NAME;
use crate::cell::Cell;
use crate::config::QubicConfig;
use crate::moves::Move;
use crate::position::Qubic;
use variant_core::{
    ConfigError, DrawReason, Game, GameConfig, GameReason, MoveError, MoveList, MoveSink,
    PositionError, RepetitionRules, Seat, Status, WinReason,
};

/// The most legal moves of any position: one per cell of the empty box.
///
/// # Example
///
/// ```
/// use qubic::prelude::*;
///
/// assert_eq!(Qubic::default().legal_moves().len(), qubic::MAX_MOVES);
/// ```
pub const MAX_MOVES: usize = 64;

/// The win of Q-5: the mover completed a line of four of its marks.
///
/// # Example
///
/// ```
/// use qubic::prelude::*;
///
/// assert_eq!(qubic::FOUR_IN_A_LINE.id, "four-in-a-line");
/// assert_eq!(qubic::FOUR_IN_A_LINE.rule, "Q-5");
/// let status = Status::Win { winner: Seat(0), reason: WinReason::Game(qubic::FOUR_IN_A_LINE) };
/// assert_eq!(status.to_string(), "seat 0 wins (four in a line)");
/// ```
pub const FOUR_IN_A_LINE: GameReason = GameReason {
    id: "four-in-a-line",
    rule: "Q-5",
    text: "four in a line",
};

/// The draw of Q-6: the box is full and nobody has four in a line.
///
/// # Example
///
/// ```
/// assert_eq!(qubic::FULL_BOARD.id, "full-board");
/// assert_eq!(qubic::FULL_BOARD.rule, "Q-6");
/// assert_eq!(qubic::FULL_BOARD.text, "full board");
/// ```
pub const FULL_BOARD: GameReason = GameReason {
    id: "full-board",
    rule: "Q-6",
    text: "full board",
};

impl Game for Qubic {
    type Config = QubicConfig;
    type Move = Move;
    type MoveList = MoveList<Move, MAX_MOVES>;

    const NAME: &'static str = NAME;

    fn new(config: &QubicConfig) -> Result<Self, ConfigError> {
        config.validate()?;
        Ok(Qubic::start(*config))
    }

    fn config(&self) -> &QubicConfig {
        &self.config
    }

    fn from_text(config: &QubicConfig, text: &str) -> Result<Self, PositionError> {
        Qubic::parse_position(config, text)
    }

    fn to_text(&self) -> String {
        self.text()
    }

    fn seat_count(&self) -> usize {
        2
    }

    /// `x` (seat 0, moves first) and `o` (Q-1).
    fn seat_name(&self, seat: Seat) -> &'static str {
        match seat.0 {
            0 => "x",
            1 => "o",
            _ => "none",
        }
    }

    #[inline]
    fn side_to_move(&self) -> Seat {
        Seat(self.stm)
    }

    #[inline]
    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        moves.clear();
        self.generate(moves);
    }

    #[inline]
    fn generate_moves<S: MoveSink<Move>>(&self, sink: &mut S) {
        self.generate(sink);
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        self.open_cells() & 1 << mv.cell().index() != 0
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        u64::from(self.open_cells().count_ones())
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.place(mv.cell());
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let cell = Cell::parse(text.trim()).map_err(|reason| MoveError::malformed(text, reason))?;
        let mv = Move::new(cell);
        if self.is_legal(mv) {
            return Ok(mv);
        }
        let reason = if let Some(winner) = self.winner {
            format!(
                "the game is over: {} has four in a line (Q-5)",
                self.seat_name(Seat(winner))
            )
        } else if let Some(owner) = self.mark_at(cell) {
            format!(
                "{cell} already holds a mark of {} (Q-4: a mark goes on an empty cell)",
                self.seat_name(owner)
            )
        } else {
            "not a legal move".to_string()
        };
        Err(MoveError::illegal(&cell.to_string(), reason))
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn status(&self) -> Status {
        if let Some(winner) = self.winner {
            Status::Win {
                winner: Seat(winner),
                reason: WinReason::Game(FOUR_IN_A_LINE),
            }
        } else if self.marks[0] | self.marks[1] == !0 {
            Status::Draw {
                reason: DrawReason::Game(FULL_BOARD),
            }
        } else {
            Status::Ongoing
        }
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn recompute_zobrist(&self) -> u64 {
        self.compute_hash()
    }

    /// No position comes back (every move adds a mark), so repetitions end nothing (Q-6).
    fn repetition_rules(&self) -> RepetitionRules {
        RepetitionRules::default()
    }

    /// Four boards of 4×4, `height 1` first (Q-2), the marks as pieces `X` and `O`.
    fn board_view(&self) -> Option<variant_core::BoardView> {
        Some(self.view())
    }
}
