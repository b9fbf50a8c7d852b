//! The position: each side's marks, the side to move, the winner once a line is complete, and
//! the Zobrist hash.

use crate::cell::Cell;
use crate::config::QubicConfig;
use crate::geometry::{LINES, THROUGH};
use variant_core::Seat;
use variant_core::zobrist::zobrist_keys;

/// Zobrist keys: one per side and cell (x's 64, then o's 64), then the side to move.
static ZOBRIST: [u64; 2 * 64 + 1] = zobrist_keys(0x0051_0B1C);
const SIDE_KEY: usize = 2 * 64;

#[inline]
fn mark_key(side: usize, cell: usize) -> u64 {
    ZOBRIST[(side & 1) * 64 + (cell & 63)]
}

/// A Qubic position (Q-1 … Q-6): the marks of x and o in the 4×4×4 box and the side to move.
/// Small, `Clone`, always valid: a position read from text is one that play can reach.
///
/// Seats: 0 is x (moves first), 1 is o.
///
/// # Example
///
/// ```
/// use qubic::prelude::*;
///
/// // Q-4: the box starts empty and x moves first; every one of the 64 cells is a move.
/// let game = Qubic::default();
/// assert_eq!(game.to_text(), qubic::START_TEXT);
/// assert_eq!(game.side_to_move(), Seat(0));
/// assert_eq!(game.seat_name(Seat(0)), "x");
/// assert_eq!(game.legal_moves().len(), 64);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Qubic {
    /// The cells marked by each side: bit `i` is the cell of index `i`.
    pub(crate) marks: [u64; 2],
    /// The side to move: 0 x, 1 o.
    pub(crate) stm: u8,
    /// The side with four in a line (Q-5), once there is one.
    pub(crate) winner: Option<u8>,
    /// Zobrist hash of the marks and the side to move.
    pub(crate) hash: u64,
    pub(crate) config: QubicConfig,
}

impl std::fmt::Debug for Qubic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Qubic").field("text", &self.text()).finish()
    }
}

impl Qubic {
    /// The empty box, x to move (Q-4).
    pub(crate) fn start(config: QubicConfig) -> Qubic {
        Qubic {
            marks: [0; 2],
            stm: 0,
            winner: None,
            hash: 0,
            config,
        }
    }

    /// Places a mark of the side to move on `cell`, which must be empty, notes a completed
    /// line and passes the turn.
    #[inline]
    pub(crate) fn place(&mut self, cell: Cell) {
        let side = usize::from(self.stm & 1);
        self.marks[side] |= cell.bit();
        self.hash ^= mark_key(side, usize::from(cell.index()));
        let mine = self.marks[side];
        // Q-5: only the lines through the new mark can have become complete.
        if THROUGH[usize::from(cell.index())]
            .lines()
            .iter()
            .any(|&line| line & !mine == 0)
        {
            self.winner = Some(self.stm);
        }
        self.stm ^= 1;
        self.hash ^= ZOBRIST[SIDE_KEY];
    }

    /// The Zobrist hash computed from the marks and the side to move.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut hash = if self.stm == 1 { ZOBRIST[SIDE_KEY] } else { 0 };
        for (side, &marks) in self.marks.iter().enumerate() {
            for cell in crate::cell::cells_of(marks) {
                hash ^= mark_key(side, usize::from(cell.index()));
            }
        }
        hash
    }

    /// The complete lines of `side`, as cell sets.
    pub(crate) fn complete_lines(&self, side: usize) -> impl Iterator<Item = u64> + '_ {
        let marks = self.marks[side & 1];
        LINES.iter().copied().filter(move |&l| marks & l == l)
    }

    /// The cells marked by `seat` (0 x, 1 o) as a set: bit `i` is the cell of index `i`
    /// ([`Cell::index`]).
    ///
    /// # Example
    ///
    /// ```
    /// use qubic::prelude::*;
    /// use qubic::Cell;
    ///
    /// let mut game = Qubic::default();
    /// game.play_text("b2@3").unwrap();
    /// let b2 = Cell::parse("b2@3").unwrap();
    /// assert_eq!(game.marks(Seat(0)), 1 << b2.index());
    /// assert_eq!(game.marks(Seat(1)), 0);
    /// ```
    pub fn marks(&self, seat: Seat) -> u64 {
        self.marks[seat.index() & 1]
    }

    /// The mark on `cell`: the seat that placed it, or `None` for an empty cell.
    ///
    /// # Example
    ///
    /// ```
    /// use qubic::prelude::*;
    /// use qubic::Cell;
    ///
    /// let mut game = Qubic::default();
    /// game.play_text("a1@1").unwrap();
    /// assert_eq!(game.mark_at(Cell::parse("a1@1").unwrap()), Some(Seat(0)));
    /// assert_eq!(game.mark_at(Cell::parse("a1@2").unwrap()), None);
    /// ```
    pub fn mark_at(&self, cell: Cell) -> Option<Seat> {
        (0..2u8)
            .find(|&s| self.marks[usize::from(s)] & cell.bit() != 0)
            .map(Seat)
    }

    /// The line of four that won the game (Q-5), as its cells, when there is one. When the
    /// last mark completed several lines, the first of them in [`LINES`] order.
    ///
    /// # Example
    ///
    /// ```
    /// use qubic::prelude::*;
    ///
    /// let mut game = Qubic::default();
    /// for cell in ["a1@1", "a2@1", "b1@1", "b2@1", "c1@1", "c2@1", "d1@1"] {
    ///     game.play_text(cell).unwrap();
    /// }
    /// let line: Vec<String> = game.winning_line().unwrap().iter().map(|c| c.to_string()).collect();
    /// assert_eq!(line, ["a1@1", "b1@1", "c1@1", "d1@1"]);
    /// ```
    pub fn winning_line(&self) -> Option<[Cell; 4]> {
        let side = usize::from(self.winner?);
        let line = self.complete_lines(side).next()?;
        let mut cells = crate::cell::cells_of(line);
        let mut next = || cells.next();
        Some([next()?, next()?, next()?, next()?])
    }
}
