//! Boards as an SVG picture: the boards in a row (one per height for the 3D games).

use super::piece_label;
use variants::variant_core::BoardView;
use variants::{AnyGame, Game};

const CELL: usize = 40;
const GAP: usize = 30;
const MARGIN: usize = 24;

fn seat_colours(seat: u8) -> (&'static str, &'static str) {
    // (fill, outline) of a piece's letter.
    match seat {
        0 => ("#ffffff", "#000000"),
        1 => ("#000000", "#ffffff"),
        2 => ("#8a8a8a", "#000000"),
        _ => ("#ff8fc8", "#000000"),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The view as a standalone SVG document.
pub fn to_svg(game: &AnyGame, view: &BoardView, notes: bool) -> String {
    let seats = game.seat_count();
    let name = |s| game.seat_name(s);
    let width: usize = view
        .boards
        .iter()
        .map(|b| b.files as usize * CELL + GAP)
        .sum::<usize>()
        + 2 * MARGIN;
    // Caption lines are 14-pixel sans-serif: about 8 pixels a character keeps them inside.
    let caption_width = view
        .caption
        .iter()
        .map(|l| l.chars().count() * 8 + 2 * MARGIN)
        .max()
        .unwrap_or(0);
    let width = width.max(caption_width);
    let rows = view
        .boards
        .iter()
        .map(|b| b.ranks as usize)
        .max()
        .unwrap_or(0);
    let height = rows * CELL + 2 * MARGIN + 30 + 18 * view.caption.len();
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#f4f1ea\"/>\n"
    );
    let mut x0 = MARGIN;
    let y0 = MARGIN + 20;
    for board in &view.boards {
        s.push_str(&format!(
            "<text x=\"{x0}\" y=\"{}\" font-size=\"14\">{}</text>\n",
            y0 - 6,
            escape(&board.title)
        ));
        for rank in 0..board.ranks {
            for file in 0..board.files {
                let Some(cell) = board.cell(file, rank) else {
                    continue;
                };
                let x = x0 + file as usize * CELL;
                let y = y0 + (board.ranks - 1 - rank) as usize * CELL;
                let fill = if cell.dark { "#b58863" } else { "#f0d9b5" };
                s.push_str(&format!(
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>\n"
                ));
                if let Some(mark) = cell.mark {
                    s.push_str(&format!(
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
                         stroke=\"#2a6fdb\" stroke-width=\"3\"><title>{}</title></rect>\n",
                        x + 2,
                        y + 2,
                        CELL - 4,
                        CELL - 4,
                        escape(mark)
                    ));
                }
                if let Some(piece) = &cell.piece {
                    let (fill, stroke) = seat_colours(piece.seat.0);
                    let label = piece_label(piece, seats, &name);
                    s.push_str(&format!(
                        "<text x=\"{}\" y=\"{}\" font-size=\"22\" font-weight=\"bold\" \
                         text-anchor=\"middle\" fill=\"{fill}\" stroke=\"{stroke}\" \
                         stroke-width=\"0.8\">{}</text>\n",
                        x + CELL / 2,
                        y + CELL / 2 + 8,
                        escape(&label)
                    ));
                }
                if notes && let Some(note) = &cell.note {
                    s.push_str(&format!(
                        "<text x=\"{}\" y=\"{}\" font-size=\"9\">{}</text>\n",
                        x + 2,
                        y + CELL - 3,
                        escape(note)
                    ));
                }
            }
        }
        x0 += board.files as usize * CELL + GAP;
    }
    for (i, line) in view.caption.iter().enumerate() {
        s.push_str(&format!(
            "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"14\">{}</text>\n",
            y0 + rows * CELL + 24 + 18 * i,
            escape(line)
        ));
    }
    s.push_str("</svg>\n");
    s
}
