//! Boards as an SVG picture, shared by every frontend (`variants show --svg`, the web page of
//! `variants serve`, Python's `Game.svg()`): the boards side by side (one per height for the 3D
//! games), pieces drawn as chess glyphs and draughts discs in their seat's colour, coordinates
//! on every board, and every cell a `<g data-cell="e2@1">` group so that the web page (and
//! tests, and accessibility tools) can address it. The text diagram is
//! [`variant_core::diagram::to_text`].
//!
//! # Example
//!
//! ```
//! use variant_games::prelude::*;
//! use variant_games::svg::{Marks, to_svg, to_svg_marked};
//!
//! let game = Chess3d::default(); // 8 heights: eight boards
//! let view = game.board_view().unwrap();
//! let svg = to_svg(&game, &view, false);
//! assert!(svg.starts_with("<svg") && svg.contains("data-cell=\"e2@1\""));
//! assert_eq!(svg.matches("class=\"piece\"").count(), 32); // 16 a side
//!
//! let marks = Marks { per_row: 4, ..Marks::default() }; // two rows of four boards
//! assert!(to_svg_marked(&game, &view, false, &marks).contains("e2@5"));
//! ```

use variant_core::diagram::piece_label;
use variant_core::presentation::Presentation;
use variant_core::{BoardGrid, BoardView, PieceView, Seat};

const CELL: usize = 40;
const GAP: usize = 34;
const MARGIN: usize = 24;
/// Room for the rank numbers left of each board.
const RANK_LABELS: usize = 16;
/// Room for the file letters under each board.
const FILE_LABELS: usize = 16;

/// Cells to mark, as (board index, file, rank), all 0-based, and how many boards go in a row.
///
/// # Example
///
/// ```
/// use variant_games::svg::Marks;
///
/// let marks = Marks { last_move: vec![(0, 4, 1), (0, 4, 3)], ..Marks::default() };
/// assert!(marks.check.is_empty() && marks.per_row == 0);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The cells the last move changed.
    pub last_move: Vec<(usize, u8, u8)>,
    /// The royal pieces in check.
    pub check: Vec<(usize, u8, u8)>,
    /// At most this many boards in a row (0: all in one row, as `show --svg` draws them).
    pub per_row: usize,
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The name of a cell in the games' notation: `e2` on a one-board game, `e2@3` on the board
/// of height 3 (the number in a `height N` title, else the board's place).
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// use variant_games::svg::cell_name;
///
/// let view = Chess3d::default().board_view().unwrap();
/// assert_eq!(cell_name(&view, 2, 4, 1), "e2@3");
/// ```
pub fn cell_name(view: &BoardView, board: usize, file: u8, rank: u8) -> String {
    let square = format!("{}{}", (b'a' + file) as char, rank + 1);
    if view.boards.len() <= 1 {
        return square;
    }
    let height = view
        .boards
        .get(board)
        .and_then(|b| b.title.split_whitespace().nth(1))
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(board + 1);
    format!("{square}@{height}")
}

/// One piece, centred in the cell at (x, y).
fn piece_svg<G: Presentation>(game: &G, piece: &PieceView, x: usize, y: usize, out: &mut String) {
    let name = |s: Seat| game.seat_name(s);
    let colours = game.seat_colours(piece.seat);
    let (fill, stroke) = (colours.fill, colours.outline);
    let seats: Vec<&str> = (0..game.seat_count())
        .map(|s| name(Seat(s as u8)))
        .collect();
    let label = piece_label(piece, &seats);
    let cx = x + CELL / 2;
    let cy = y + CELL / 2;
    out.push_str(&format!(
        "<g class=\"piece\" data-piece=\"{}\"><title>{}</title>",
        escape(&label),
        escape(&format!("{} {}", name(piece.seat), piece.symbol))
    ));
    // A piece the game does not describe is drawn as its symbol.
    let symbol = piece.symbol.to_string();
    let look = game.piece_look(piece.symbol);
    if look.is_some_and(|l| l.disc) {
        // A disc with a second ring (draughts); a glyph on it (a king's crown) if it has one.
        out.push_str(&format!(
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"15\" fill=\"{fill}\" stroke=\"{stroke}\" \
             stroke-width=\"2\"/><circle cx=\"{cx}\" cy=\"{cy}\" r=\"10\" fill=\"none\" \
             stroke=\"{stroke}\" stroke-width=\"1\"/>"
        ));
        if let Some(crown) = look.map(|l| l.glyph).filter(|g| !g.is_empty()) {
            out.push_str(&format!(
                "<text x=\"{cx}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\" \
                 fill=\"{stroke}\">{crown}</text>",
                cy + 5
            ));
        }
    } else {
        let (glyph, letter) = match look {
            Some(l) => (l.glyph, l.letter),
            None => (symbol.as_str(), None),
        };
        out.push_str(&format!(
            "<text x=\"{cx}\" y=\"{}\" font-size=\"32\" text-anchor=\"middle\" \
             font-family=\"DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, sans-serif\" \
             fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.2\" \
             paint-order=\"stroke\">{glyph}</text>",
            cy + 11
        ));
        if let Some(letter) = letter {
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"10\" font-weight=\"bold\" \
                 text-anchor=\"end\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"0.6\" \
                 paint-order=\"stroke\">{letter}</text>",
                x + CELL - 2,
                y + 11
            ));
        }
    }
    out.push_str("</g>");
}

/// The width of one board with its rank labels and the gap after it.
fn board_width(board: &BoardGrid) -> usize {
    RANK_LABELS + board.files as usize * CELL + GAP
}

/// The view of `game` as a standalone SVG document (`show --svg`), all boards in one row. With
/// `notes`, each cell also shows its note (chess-T strength).
///
/// # Example
///
/// ```
/// let game = variant_games::new_game("checkers3d", "heights=1").unwrap();
/// let view = variant_games::Game::board_view(&game).unwrap();
/// let svg = variant_games::svg::to_svg(&game, &view, false);
/// assert_eq!(svg.matches("class=\"piece\"").count(), 24); // 12 men a side
/// ```
pub fn to_svg<G: Presentation>(game: &G, view: &BoardView, notes: bool) -> String {
    to_svg_marked(game, view, notes, &Marks::default())
}

/// The view as a standalone SVG document with marked cells and rows of boards (the web page).
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// use variant_games::svg::{Marks, to_svg_marked};
///
/// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
/// let view = game.board_view().unwrap();
/// let marks = Marks { check: vec![(0, 4, 0)], ..Marks::default() };
/// assert!(to_svg_marked(&game, &view, false, &marks).contains("class=\"check\""));
/// ```
pub fn to_svg_marked<G: Presentation>(
    game: &G,
    view: &BoardView,
    notes: bool,
    marks: &Marks,
) -> String {
    let per_row = if marks.per_row == 0 {
        view.boards.len().max(1)
    } else {
        marks.per_row
    };
    let rows: Vec<&[BoardGrid]> = view.boards.chunks(per_row).collect();
    let row_width = |row: &[BoardGrid]| row.iter().map(board_width).sum::<usize>();
    let width = rows.iter().map(|r| row_width(r)).max().unwrap_or(0) + 2 * MARGIN;
    // Caption lines are 14-pixel sans-serif: about 8 pixels a character keeps them inside.
    let caption_width = view
        .caption
        .iter()
        .map(|l| l.chars().count() * 8 + 2 * MARGIN)
        .max()
        .unwrap_or(0);
    let width = width.max(caption_width);
    let row_height = |row: &[BoardGrid]| {
        row.iter().map(|b| b.ranks as usize).max().unwrap_or(0) * CELL + FILE_LABELS + 30
    };
    let boards_height: usize = rows.iter().map(|r| row_height(r)).sum();
    let height = boards_height + 2 * MARGIN + 18 * view.caption.len();
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" class=\"board\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#f4f1ea\"/>\n"
    );
    let mut index = 0usize;
    let mut y_row = MARGIN + 20;
    for row in &rows {
        let mut x0 = MARGIN + RANK_LABELS;
        for board in row.iter() {
            draw_board(game, view, index, board, (x0, y_row), notes, marks, &mut s);
            x0 += board_width(board);
            index += 1;
        }
        y_row += row_height(row);
    }
    for (i, line) in view.caption.iter().enumerate() {
        s.push_str(&format!(
            "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"14\">{}</text>\n",
            y_row - 10 + 18 * i,
            escape(line)
        ));
    }
    s.push_str("</svg>\n");
    s
}

#[allow(clippy::too_many_arguments)]
fn draw_board<G: Presentation>(
    game: &G,
    view: &BoardView,
    index: usize,
    board: &BoardGrid,
    (x0, y0): (usize, usize),
    notes: bool,
    marks: &Marks,
    s: &mut String,
) {
    s.push_str(&format!(
        "<text x=\"{x0}\" y=\"{}\" font-size=\"14\">{}</text>\n",
        y0 - 6,
        escape(&board.title)
    ));
    for rank in 0..board.ranks {
        let y = y0 + (board.ranks - 1 - rank) as usize * CELL;
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" \
             fill=\"#555\">{}</text>\n",
            x0 - RANK_LABELS / 2 - 1,
            y + CELL / 2 + 4,
            rank + 1
        ));
    }
    for file in 0..board.files {
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" \
             fill=\"#555\">{}</text>\n",
            x0 + file as usize * CELL + CELL / 2,
            y0 + board.ranks as usize * CELL + 12,
            (b'a' + file) as char
        ));
    }
    for rank in 0..board.ranks {
        for file in 0..board.files {
            let Some(cell) = board.cell(file, rank) else {
                continue;
            };
            let x = x0 + file as usize * CELL;
            let y = y0 + (board.ranks - 1 - rank) as usize * CELL;
            let name = cell_name(view, index, file, rank);
            let shade = if cell.dark { "dark" } else { "light" };
            let fill = if cell.dark { "#b58863" } else { "#f0d9b5" };
            s.push_str(&format!(
                "<g class=\"cell {shade}\" data-cell=\"{}\"><rect x=\"{x}\" y=\"{y}\" \
                 width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>",
                escape(&name)
            ));
            if marks.last_move.contains(&(index, file, rank)) {
                s.push_str(&format!(
                    "<rect class=\"last\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" \
                     height=\"{CELL}\" fill=\"#e8d84a\" fill-opacity=\"0.55\"/>"
                ));
            }
            if marks.check.contains(&(index, file, rank)) {
                s.push_str(&format!(
                    "<circle class=\"check\" cx=\"{}\" cy=\"{}\" r=\"19\" fill=\"#e02020\" \
                     fill-opacity=\"0.6\"/>",
                    x + CELL / 2,
                    y + CELL / 2
                ));
            }
            if let Some(mark) = cell.mark {
                s.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
                     stroke=\"#2a6fdb\" stroke-width=\"3\"><title>{}</title></rect>",
                    x + 2,
                    y + 2,
                    CELL - 4,
                    CELL - 4,
                    escape(mark)
                ));
            }
            if let Some(piece) = &cell.piece {
                piece_svg(game, piece, x, y, s);
            }
            if notes && let Some(note) = &cell.note {
                s.push_str(&format!(
                    "<text class=\"note\" x=\"{}\" y=\"{}\" font-size=\"9\">{}</text>",
                    x + 2,
                    y + CELL - 3,
                    escape(note)
                ));
            }
            s.push_str("</g>\n");
        }
    }
}

/// The cells whose piece differs between two pictures of the same game (a move's traces).
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// use variant_games::svg::changed_cells;
///
/// let mut game = variant_games::new_game("chess3d", "heights=1").unwrap();
/// let before = game.board_view().unwrap();
/// game.play_text("e2e4").unwrap();
/// let after = game.board_view().unwrap();
/// assert_eq!(changed_cells(&before, &after), vec![(0, 4, 1), (0, 4, 3)]);
/// ```
pub fn changed_cells(before: &BoardView, after: &BoardView) -> Vec<(usize, u8, u8)> {
    let mut out = Vec::new();
    for (index, (old, new)) in before.boards.iter().zip(&after.boards).enumerate() {
        for rank in 0..new.ranks {
            for file in 0..new.files {
                let a = old.cell(file, rank).and_then(|c| c.piece.as_ref());
                let b = new.cell(file, rank).and_then(|c| c.piece.as_ref());
                if a != b {
                    out.push((index, file, rank));
                }
            }
        }
    }
    out
}

/// The cells of `seat`'s kings.
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// use variant_games::svg::royal_cells;
///
/// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
/// let view = game.board_view().unwrap();
/// assert_eq!(royal_cells(&view, Seat(1)), vec![(0, 4, 7)]); // e8
/// ```
pub fn royal_cells(view: &BoardView, seat: Seat) -> Vec<(usize, u8, u8)> {
    let mut out = Vec::new();
    for (index, board) in view.boards.iter().enumerate() {
        for rank in 0..board.ranks {
            for file in 0..board.files {
                if let Some(p) = board.cell(file, rank).and_then(|c| c.piece.as_ref())
                    && p.seat == seat
                    && p.royal
                {
                    out.push((index, file, rank));
                }
            }
        }
    }
    out
}
