//! The picture of a position for frontends ([`Game::board_view`](variant_core::Game::board_view)):
//! one 8x8 board per height (height 1 first), the base cubes marked (C3-12), and a caption with
//! the turn, castling, en passant, clocks and the box.

use crate::Chess3d;
use variant_core::grid3::Cell3;
use variant_core::{BoardGrid, BoardView, Game, PieceView, Seat};

impl Chess3d {
    /// The picture of the position that [`Game::board_view`](variant_core::Game::board_view) returns.
    pub(crate) fn view(&self) -> BoardView {
        let mut boards = Vec::with_capacity(self.heights as usize);
        for z in 0..self.heights {
            let mut grid = BoardGrid::new(format!("height {}", z + 1), 8, 8);
            for y in 0..8u8 {
                for x in 0..8u8 {
                    let Some(cell) = grid.cell_mut(x, y) else {
                        continue;
                    };
                    // C3-6: the base cubes, a wall for the opponent (C3-12) while the box has
                    // more than one height; FIDE chess (one height) has no wall to show.
                    if self.heights > 1
                        && ((y == 0 && z == self.base[0]) || (y == 7 && z == self.base[1]))
                    {
                        cell.mark = Some("base");
                    }
                    if let Some((color, piece)) = self.piece_on(Cell3::new(x, y, z).index()) {
                        cell.piece = Some(PieceView {
                            seat: Seat(color.index() as u8),
                            symbol: piece.letter().to_ascii_uppercase(),
                            value: [1, 3, 3, 5, 9, 0][piece.index()],
                            royal: piece.index() == 5,
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
        let mover = self.side_to_move();
        BoardView {
            boards,
            in_check: if self.is_in_check(mover) {
                vec![mover]
            } else {
                Vec::new()
            },
            caption: vec![
                format!(
                    "{} to move{}",
                    self.side.name(),
                    if self.is_in_check(self.side_to_move()) {
                        ", in check"
                    } else {
                        ""
                    }
                ),
                format!("castling {}, en passant {}", field(1), field(2)),
                format!("halfmove clock {}, move {}", self.halfmove, self.fullmove),
                format!(
                    "{} height{}, base heights Lw={lw} Lb={lb}",
                    self.heights,
                    if self.heights == 1 { "" } else { "s" }
                ),
            ],
        }
    }
}

/// Chess pieces; the base cubes are the one zone (C3-6, C3-12), and only with more than one
/// height (one height is FIDE chess, without the wall).
impl variant_core::presentation::Presentation for Chess3d {
    fn pieces(&self) -> &'static [variant_core::presentation::PieceLook] {
        &variant_core::presentation::CHESS_PIECES
    }

    fn zones(&self) -> &'static [variant_core::presentation::Zone] {
        if self.heights == 1 {
            return &[];
        }
        &[variant_core::presentation::Zone {
            mark: "base",
            text: "base cube: a cell of a set-up rank on a base height, a wall for the \
                   opponent (C3-6, C3-12)",
        }]
    }

    /// Chess: one height is the standard game on one 8×8 board (C3-1).
    fn presets(&self) -> &'static [variant_core::presentation::Preset] {
        &[variant_core::presentation::Preset {
            name: "chess",
            label: "Chess",
            config: "heights=1",
            description: "Chess (FIDE): 3D chess at one height, which is the standard game on \
                          one 8x8 board.",
        }]
    }
}

#[cfg(test)]
mod tests {
    use crate::{Chess3d, Chess3dConfig};
    use variant_core::Game;
    use variant_core::presentation::Presentation;

    /// The marked cells of a box of `heights` heights, as (file, rank, height) from 0.
    fn marked(heights: u8) -> Vec<(u8, u8, usize)> {
        let game = Chess3d::new(&Chess3dConfig::with_heights(heights)).unwrap();
        let view = game.board_view().unwrap();
        let mut out = Vec::new();
        for (z, board) in view.boards.iter().enumerate() {
            for y in 0..8 {
                for x in 0..8 {
                    if board.cell(x, y).unwrap().mark == Some("base") {
                        out.push((x, y, z));
                    }
                }
            }
        }
        out
    }

    // C3-12: the base cubes are a wall only while the box has more than one height, so FIDE
    // chess (one height) marks none; with two, rank 1 of height 1 and rank 8 of height 2 (C3-5,
    // C3-6): 8 + 8 cells.
    #[test]
    fn base_cubes_are_marked_only_with_more_than_one_height() {
        assert!(marked(1).is_empty());
        let fide = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
        assert!(fide.zones().is_empty());
        let two = marked(2);
        assert_eq!(two.len(), 16);
        assert!(
            two.iter()
                .all(|&(_, y, z)| (y, z) == (0, 0) || (y, z) == (7, 1))
        );
        let box8 = Chess3d::default();
        assert_eq!(box8.zones().len(), 1);
    }
}
