//! The picture of a position for frontends ([`Game::board_view`](variant_core::Game::board_view)):
//! one 8x8 board per height (height 1 first), the base cubes marked (D3-4), men `M` and kings
//! `K` of both colours, and a caption with the turn, the box and the rule switches.

use crate::geometry::cell_of;
use crate::position::{BLACK, Checkers3d, WHITE};
use variant_core::{BoardGrid, BoardView, GameConfig, PieceView, Seat};

/// The 1-based heights set in a bitmask, as `1,3`.
fn height_list(mask: u8) -> String {
    let list: Vec<String> = (0..8)
        .filter(|z| mask >> z & 1 == 1)
        .map(|z| (z + 1).to_string())
        .collect();
    if list.is_empty() {
        "none".to_string()
    } else {
        list.join(",")
    }
}

impl Checkers3d {
    /// The boards and caption of [`Game::board_view`](variant_core::Game::board_view).
    pub(crate) fn view(&self) -> BoardView {
        let heights = self.heights.clamp(1, 8);
        let mut boards = Vec::with_capacity(usize::from(heights));
        // D3-4: White's base cubes are a1 c1 e1 g1 of its base heights, Black's b8 d8 f8 h8 of
        // its own.
        let base_rank = [(WHITE, 0u8), (BLACK, 7u8)];
        for z in 0..heights {
            let mut grid = BoardGrid::new(format!("height {}", z + 1), 8, 8);
            for i in 0..32u8 {
                let cell = cell_of(z * 32 + i);
                let Some(view) = grid.cell_mut(cell.x, cell.y) else {
                    continue;
                };
                if base_rank
                    .iter()
                    .any(|&(c, rank)| cell.y == rank && self.base[c] >> z & 1 == 1)
                {
                    view.mark = Some("base");
                }
                for colour in [WHITE, BLACK] {
                    if self.pieces[colour][usize::from(z)] >> i & 1 == 1 {
                        let king = self.kings[usize::from(z)] >> i & 1 == 1;
                        view.piece = Some(PieceView {
                            seat: Seat(colour as u8),
                            symbol: if king { 'K' } else { 'M' },
                            // A king is worth about three men in Russian draughts practice.
                            value: if king { 3 } else { 1 },
                            // A draughts king is no royal piece: nothing ends when it is taken.
                            royal: false,
                        });
                    }
                }
            }
            boards.push(grid);
        }
        let side = if usize::from(self.side) == WHITE {
            "white"
        } else {
            "black"
        };
        BoardView {
            boards,
            in_check: Vec::new(),
            caption: vec![
                format!("{side} to move"),
                format!(
                    "{heights} height{}; base heights white {}, black {}",
                    if heights == 1 { "" } else { "s" },
                    height_list(self.base[WHITE]),
                    height_list(self.base[BLACK])
                ),
                format!(
                    "capture {}, promotion {}; {} plies of quiet king moves (30 draw)",
                    // The configuration's own text forms (the `capture`/`promotion` keys).
                    self.config.get("capture").unwrap_or_default(),
                    self.config.get("promotion").unwrap_or_default(),
                    self.king_plies
                ),
                "M man, K king; the base cubes (D3-4) are marked".to_string(),
            ],
        }
    }
}

/// Men and kings drawn as discs (a king with a crown); the base cubes are the one zone.
impl variant_core::presentation::Presentation for Checkers3d {
    fn pieces(&self) -> &'static [variant_core::presentation::PieceLook] {
        use variant_core::presentation::PieceLook;
        &[
            PieceLook {
                symbol: 'M',
                name: "man (a disc)",
                glyph: "",
                letter: None,
                disc: true,
            },
            PieceLook {
                symbol: 'K',
                name: "king (a disc with a crown)",
                glyph: "\u{265B}",
                letter: None,
                disc: true,
            },
        ]
    }

    fn zones(&self) -> &'static [variant_core::presentation::Zone] {
        &[variant_core::presentation::Zone {
            mark: "base",
            text: "base cube: a dark cell of a set-up rank on a base height; a man is crowned on \
                   an enemy base cube (D3-4, D3-13)",
        }]
    }
}
