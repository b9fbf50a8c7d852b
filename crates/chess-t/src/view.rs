//! The picture of a position for frontends ([`Game::board_view`](variant_core::Game::board_view)):
//! the 8x8 board with castles and strengths (CT-10) as notes, and a caption with the turn,
//! rights and impregnable fields.

use crate::piece::Piece;
use crate::tables::CASTLES;
use crate::{Cell, ChessT};
use variant_core::{BoardGrid, BoardView, PieceView};

impl ChessT {
    /// The picture of the position that [`Game::board_view`](variant_core::Game::board_view) returns.
    pub(crate) fn view(&self) -> BoardView {
        let field = self.strength();
        let mut grid = BoardGrid::new("", 8, 8);
        for cell in Cell::all() {
            let Some(view) = grid.cell_mut(cell.file(), cell.rank()) else {
                continue;
            };
            view.piece = self.piece_at(cell).map(|(seat, piece)| PieceView {
                seat,
                symbol: piece.letter(),
                value: material_value(piece),
                royal: piece.letter() == 'K',
            });
            let bit = cell.bit();
            view.mark = if CASTLES & bit != 0 {
                Some("castle")
            } else if (self.config.white_impregnable.0 | self.config.black_impregnable.0) & bit != 0
            {
                Some("impregnable")
            } else {
                None
            };
            let (w, b) = field.get(cell);
            view.note = Some(format!("{w}:{b}"));
        }
        let side = if self.stm == 0 { "White" } else { "Black" };
        let mut caption = vec![format!(
            "{side} to move; move {}; {} plies without capture",
            self.fullmove, self.halfmove
        )];
        let rights: Vec<&str> = [(0, "White"), (1, "Black")]
            .iter()
            .filter(|(s, _)| self.rights & (1 << s) != 0)
            .map(|(_, n)| *n)
            .collect();
        caption.push(format!(
            "Prince→Connet right: {}",
            if rights.is_empty() {
                "none".to_string()
            } else {
                rights.join(", ")
            }
        ));
        let (wi, bi) = (self.config.white_impregnable, self.config.black_impregnable);
        if wi.0 | bi.0 != 0 {
            caption.push(format!(
                "impregnable fields (CT-44): White {wi}; Black {bi}"
            ));
        }
        caption.push("notes: strength White:Black in half-units (CT-10)".to_string());
        let mover = variant_core::Game::side_to_move(self);
        BoardView {
            boards: vec![grid],
            caption,
            in_check: if self.is_in_check(mover) {
                vec![mover]
            } else {
                Vec::new()
            },
        }
    }
}

/// A simple material value: the books' strengths rounded up (King 0, Scout 1).
fn material_value(piece: Piece) -> i32 {
    match piece {
        Piece::King => 0,
        Piece::Scout => 1,
        p => (p.strength() as i32 + 1) / 2,
    }
}

/// Chess-T's pieces have no glyphs of their own: each is drawn with the chess glyph that moves
/// most like it and its letter. The castles and impregnable fields are zones; the cells' notes
/// are the strength sums (CT-10).
impl variant_core::presentation::Presentation for ChessT {
    fn pieces(&self) -> &'static [variant_core::presentation::PieceLook] {
        use variant_core::presentation::PieceLook;
        const fn borrowed(symbol: char, name: &'static str, glyph: &'static str) -> PieceLook {
            PieceLook {
                symbol,
                name,
                glyph,
                letter: Some(symbol),
                disc: false,
            }
        }
        const PIECES: [PieceLook; 7] = [
            borrowed('K', "King", "\u{265A}"),
            borrowed('C', "Connet", "\u{265B}"),
            borrowed('P', "Prince", "\u{265D}"),
            borrowed('R', "Ritter", "\u{265C}"),
            borrowed('S', "Scout", "\u{265E}"),
            borrowed('N', "Knecht", "\u{265F}\u{FE0E}"),
            borrowed('V', "Ver Knecht", "\u{265F}\u{FE0E}"),
        ];
        &PIECES
    }

    fn zones(&self) -> &'static [variant_core::presentation::Zone] {
        use variant_core::presentation::Zone;
        &[
            Zone {
                mark: "castle",
                text: "castle: four cells of each army, its King's home (CT-20, CT-21)",
            },
            Zone {
                mark: "impregnable",
                text: "impregnable field: no enemy piece may move, capture or exchange there (CT-44)",
            },
        ]
    }

    fn notes(&self) -> Option<variant_core::presentation::Notes> {
        Some(variant_core::presentation::Notes {
            label: "strengths",
            text: "the strength sums White:Black each cell receives (CT-10)",
        })
    }
}
