//! The board of a game as the page shows it: as data ([`JsonBoard`], what the page draws
//! from) and as the SVG of `variants show --svg` (downloads), both with the last move's cells
//! and the royal pieces in check marked.

use crate::room::Room;
use serde::Serialize;
use variant_games::svg::{Marks, cell_name, changed_cells, royal_cells, to_svg_marked};
use variant_games::variant_core::BoardView;
use variant_games::{AnyGame, Game};

/// The board of a position as data: every cell of every board of the game's `BoardView`
/// (docs/web.md, "The board").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JsonBoard {
    /// The cells, boards in the order of the view's boards, each board rank 1 first and file
    /// `a` first within a rank.
    pub cells: Vec<JsonCell>,
    /// The names of the seats in check.
    pub in_check: Vec<&'static str>,
}

/// One cell of a [`JsonBoard`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JsonCell {
    /// The cell in the game's notation (`e2`, `e2@3`): what a move names.
    pub name: String,
    /// The index of its board in the view's boards.
    pub board: usize,
    /// The 0-based file.
    pub file: u8,
    /// The 0-based rank.
    pub rank: u8,
    /// Whether the cell is dark.
    pub dark: bool,
    /// The zone mark (`base`, `castle`…).
    pub mark: Option<&'static str>,
    /// The cell's note (chess-T's strength sums).
    pub note: Option<String>,
    /// The piece on the cell.
    pub piece: Option<JsonPiece>,
    /// Whether the last move changed the cell.
    pub last: bool,
    /// Whether a royal piece of a seat in check stands here.
    pub check: bool,
}

/// A piece of a [`JsonCell`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JsonPiece {
    /// Its seat's name.
    pub seat: &'static str,
    /// Its upper-case symbol (its look is in the state's `view.pieces`).
    pub symbol: char,
    /// Whether it is royal.
    pub royal: bool,
}

/// The board of the room's position, marked with its last move (when the room knows the
/// position before it) and its checks; empty for a game without a board view.
pub fn json(room: &Room) -> JsonBoard {
    let before = room.before_last.as_ref().and_then(|b| b.board_view());
    json_of(room.position(), before.as_ref())
}

/// The board of `game`, its cells that differ from `before` marked as the last move's.
pub fn json_of(game: &AnyGame, before: Option<&BoardView>) -> JsonBoard {
    let Some(view) = game.board_view() else {
        return JsonBoard {
            cells: Vec::new(),
            in_check: Vec::new(),
        };
    };
    let last = before
        .map(|old| changed_cells(old, &view))
        .unwrap_or_default();
    let check: Vec<(usize, u8, u8)> = view
        .in_check
        .iter()
        .flat_map(|&seat| royal_cells(&view, seat))
        .collect();
    let mut cells = Vec::with_capacity(view.boards.iter().map(|b| b.cells.len()).sum());
    for (index, board) in view.boards.iter().enumerate() {
        for rank in 0..board.ranks {
            for file in 0..board.files {
                let Some(cell) = board.cell(file, rank) else {
                    continue;
                };
                let at = (index, file, rank);
                cells.push(JsonCell {
                    name: cell_name(&view, index, file, rank),
                    board: index,
                    file,
                    rank,
                    dark: cell.dark,
                    mark: cell.mark,
                    note: cell.note.clone(),
                    piece: cell.piece.as_ref().map(|p| JsonPiece {
                        seat: game.seat_name(p.seat),
                        symbol: p.symbol,
                        royal: p.royal,
                    }),
                    last: last.contains(&at),
                    check: check.contains(&at),
                });
            }
        }
    }
    JsonBoard {
        cells,
        in_check: view.in_check.iter().map(|&s| game.seat_name(s)).collect(),
    }
}

/// The board of the room's position as SVG (`?board=svg`, downloads).
pub fn svg(room: &Room) -> String {
    let game = room.position();
    let Some(view) = game.board_view() else {
        return String::new();
    };
    let mut marks = Marks {
        per_row: 4,
        ..Marks::default()
    };
    if let Some(before) = &room.before_last
        && let Some(old) = before.board_view()
    {
        marks.last_move = changed_cells(&old, &view);
    }
    for &seat in &view.in_check {
        marks.check.extend(royal_cells(&view, seat));
    }
    to_svg_marked(game, &view, true, &marks)
}
