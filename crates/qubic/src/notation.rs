//! The position text (Q-8) and the start position (Q-4), with the checks that a text is a
//! position play can reach.

use crate::cell::Cell;
use crate::config::QubicConfig;
use crate::position::Qubic;
use variant_core::PositionError;

/// The start position (Q-4): the empty box, x to move, in the notation of Q-8.
///
/// # Example
///
/// ```
/// use qubic::prelude::*;
///
/// assert_eq!(Qubic::default().to_text(), qubic::START_TEXT);
/// let game: Qubic = qubic::START_TEXT.parse().unwrap();
/// assert_eq!(game, Qubic::default());
/// ```
pub const START_TEXT: &str = "4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 x";

/// The seat letters of the position text (Q-8): side to move, and marks in upper case.
const SEATS: [char; 2] = ['x', 'o'];

impl Qubic {
    /// The position text (Q-8).
    pub(crate) fn text(&self) -> String {
        let mut out = String::with_capacity(48);
        for height in 0..4 {
            if height > 0 {
                out.push('|');
            }
            for rank in (0..4).rev() {
                let mut empty = 0;
                for file in 0..4 {
                    let Some(cell) = Cell::new(file, rank, height) else {
                        continue;
                    };
                    match self.mark_at(cell) {
                        None => empty += 1,
                        Some(seat) => {
                            if empty > 0 {
                                out.push(char::from(b'0' + empty));
                                empty = 0;
                            }
                            out.push(SEATS[seat.index() & 1].to_ascii_uppercase());
                        }
                    }
                }
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                }
                if rank > 0 {
                    out.push('/');
                }
            }
        }
        out.push(' ');
        out.push(SEATS[usize::from(self.stm & 1)]);
        out
    }

    /// Reads a position text (Q-8) and checks that play can reach it (Q-4, Q-5).
    pub(crate) fn parse_position(config: &QubicConfig, text: &str) -> Result<Qubic, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [boards, side] = fields[..] else {
            return Err(PositionError::new(
                "",
                format!(
                    "{} fields; expected 2: the four boards and the side to move \
                     (e.g. {START_TEXT:?})",
                    fields.len()
                ),
            ));
        };
        let mut pos = Qubic::start(*config);
        let boards: Vec<&str> = boards.split('|').collect();
        if boards.len() != 4 {
            return Err(PositionError::new(
                "boards",
                format!(
                    "{} boards separated by '|', expected 4 (heights 1 to 4)",
                    boards.len()
                ),
            ));
        }
        for (height, board) in (0u8..).zip(&boards) {
            let ranks: Vec<&str> = board.split('/').collect();
            if ranks.len() != 4 {
                return Err(PositionError::new(
                    format!("board {} of 4", height + 1),
                    format!("{} ranks separated by '/', expected 4", ranks.len()),
                ));
            }
            for (i, rank_text) in (0u8..).zip(&ranks) {
                let rank = 3 - i;
                let place = || format!("board {} of 4, rank {}", height + 1, rank + 1);
                let mut file = 0u8;
                for c in rank_text.chars() {
                    if let Some(n) = c.to_digit(10) {
                        if !(1..=4).contains(&n) {
                            return Err(PositionError::new(
                                place(),
                                format!("{c:?} is not a count 1-4 of empty cells"),
                            ));
                        }
                        file = file.saturating_add(n as u8);
                    } else if let Some(side) =
                        SEATS.iter().position(|s| s.to_ascii_uppercase() == c)
                    {
                        if let Some(cell) = Cell::new(file, rank, height) {
                            pos.marks[side] |= 1 << cell.index();
                        }
                        file = file.saturating_add(1);
                    } else {
                        return Err(PositionError::new(
                            place(),
                            format!(
                                "{:?} is neither a mark X or O nor a count 1-4 of empty cells",
                                variant_core::error::shorten(&c.to_string())
                            ),
                        ));
                    }
                    if file > 4 {
                        return Err(PositionError::new(place(), "more than 4 cells"));
                    }
                }
                if file < 4 {
                    return Err(PositionError::new(
                        place(),
                        format!("{file} cells, expected 4"),
                    ));
                }
            }
        }
        pos.stm = match side {
            "x" => 0,
            "o" => 1,
            other => {
                return Err(PositionError::new(
                    "side to move",
                    format!("{:?}: expected x or o", variant_core::error::shorten(other)),
                ));
            }
        };
        pos.check_reachable()?;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Checks that play can reach the marks and side to move read from a text, and notes the
    /// winner: x moves first and the sides alternate (Q-4), so x has as many marks as o
    /// when x is to move and one more when o is; the game ends at the first line (Q-5), so
    /// only the side that moved last can have one, and a single mark, its last, must lie on
    /// every line it has. These conditions are also sufficient: taking that mark back leaves
    /// a position without lines, and such a position is reached by placing its marks in any
    /// alternating order.
    fn check_reachable(&mut self) -> Result<(), PositionError> {
        let [x, o] = self.marks.map(u64::count_ones);
        let to_move = SEATS[usize::from(self.stm)];
        let expected_x = if self.stm == 0 { o } else { o + 1 };
        if x != expected_x {
            return Err(PositionError::new(
                "marks",
                format!(
                    "x has {x} marks and o {o}, but with {to_move} to move x has {}",
                    if self.stm == 0 {
                        "as many as o (x moves first, Q-4)"
                    } else {
                        "one more than o (x moves first, Q-4)"
                    }
                ),
            ));
        }
        let last = usize::from(self.stm ^ 1);
        if self.complete_lines(usize::from(self.stm)).next().is_some() {
            return Err(PositionError::new(
                "marks",
                format!(
                    "{to_move} is to move but already has four in a line: the game ended \
                     when that line was completed (Q-5)"
                ),
            ));
        }
        let common = self
            .complete_lines(last)
            .fold(None, |all: Option<u64>, line| {
                Some(all.unwrap_or(!0) & line)
            });
        match common {
            None => {}
            Some(0) => {
                return Err(PositionError::new(
                    "marks",
                    format!(
                        "{} has lines of four that share no cell: the game ended at the first \
                         of them (Q-5)",
                        SEATS[last]
                    ),
                ));
            }
            Some(_) => self.winner = Some(last as u8),
        }
        Ok(())
    }
}
