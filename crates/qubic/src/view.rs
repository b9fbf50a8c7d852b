//! The picture of a position for frontends ([`Game::board_view`](variant_core::Game::board_view)):
//! one 4×4 board per height, height 1 first (Q-2), the marks as pieces `X` and `O`, and a
//! caption with the side to move or the outcome.

use crate::cell::Cell;
use crate::position::Qubic;
use variant_core::presentation::{PieceLook, Presentation};
use variant_core::{BoardGrid, BoardView, Game, PieceView, Seat};

impl Qubic {
    /// The picture of the position that [`Game::board_view`](variant_core::Game::board_view) returns.
    pub(crate) fn view(&self) -> BoardView {
        let mut boards = Vec::with_capacity(4);
        for height in 0..4u8 {
            // Titled like chess3d's heights, so that frontends name the cells `b2@3`.
            let mut grid = BoardGrid::new(format!("height {}", height + 1), 4, 4);
            for rank in 0..4u8 {
                for file in 0..4u8 {
                    let (Some(cell), Some(view)) =
                        (Cell::new(file, rank, height), grid.cell_mut(file, rank))
                    else {
                        continue;
                    };
                    view.piece = self.mark_at(cell).map(|seat| PieceView {
                        seat,
                        symbol: if seat == Seat(0) { 'X' } else { 'O' },
                        // Every mark is worth the same; no mark decides the game alone.
                        value: 1,
                        royal: false,
                    });
                }
            }
            boards.push(grid);
        }
        let caption = if let Some(winner) = self.winner {
            let line: Vec<String> = self
                .winning_line()
                .map(|cells| cells.iter().map(Cell::to_string).collect())
                .unwrap_or_default();
            format!(
                "{} wins: four in a line {} (Q-5)",
                self.seat_name(Seat(winner)),
                line.join(" ")
            )
        } else if self.open_cells() == 0 {
            "drawn: the box is full and no line is complete (Q-6)".to_string()
        } else {
            format!("{} to move", self.seat_name(self.side_to_move()))
        };
        BoardView {
            boards,
            caption: vec![caption],
            // Qubic has no check.
            in_check: Vec::new(),
        }
    }
}

/// The marks, drawn with glyphs of their own (a cross and a ring) in the seats' colours; no
/// zones, no notes.
///
/// # Example
///
/// ```
/// use qubic::prelude::*;
/// use variant_core::presentation::Presentation;
///
/// let game = Qubic::default();
/// assert_eq!(game.pieces().len(), 2);
/// assert_eq!(game.piece_look('O').map(|p| p.name), Some("o's mark"));
/// assert!(game.zones().is_empty() && game.notes().is_none());
/// ```
impl Presentation for Qubic {
    fn pieces(&self) -> &'static [PieceLook] {
        &[
            PieceLook {
                symbol: 'X',
                name: "x's mark",
                glyph: "\u{2715}",
                letter: None,
                disc: false,
            },
            PieceLook {
                symbol: 'O',
                name: "o's mark",
                glyph: "\u{25EF}",
                letter: None,
                disc: false,
            },
        ]
    }
}
