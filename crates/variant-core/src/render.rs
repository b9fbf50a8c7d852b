//! Drawing a [`BoardView`] for people, shared by every frontend (the command line, Python):
//! as text for the terminal, or as an SVG picture. Seats are named by the caller, so this
//! module knows no game.
//!
//! # Example
//!
//! ```
//! use variant_core::render::{to_svg, to_text};
//! use variant_core::{BoardGrid, BoardView, PieceView, Seat};
//!
//! let mut board = BoardGrid::new("", 2, 1);
//! if let Some(cell) = board.cell_mut(0, 0) {
//!     cell.piece = Some(PieceView { seat: Seat(1), symbol: 'K', value: 0 });
//! }
//! let view = BoardView { boards: vec![board], caption: vec!["black to move".into()] };
//! let seats = ["white", "black"];
//! assert!(to_text(&view, &seats, false).starts_with("  1  k ."));
//! assert!(to_svg(&view, &seats, false).starts_with("<svg"));
//! ```

use crate::{BoardView, PieceView};

/// The one- or two-character label of a piece: for two-player games upper case for the first
/// seat and lower case for the second (as in FEN); for more seats the seat's initial and the
/// symbol (`wK`, `gP`).
pub fn piece_label(piece: &PieceView, seat_names: &[&str]) -> String {
    if seat_names.len() <= 2 {
        if piece.seat.0 == 0 {
            piece.symbol.to_ascii_uppercase().to_string()
        } else {
            piece.symbol.to_ascii_lowercase().to_string()
        }
    } else {
        let initial = seat_names
            .get(piece.seat.index())
            .and_then(|n| n.chars().next())
            .unwrap_or('?');
        format!("{initial}{}", piece.symbol.to_ascii_uppercase())
    }
}

/// The view as text: ranks from the top, files labelled underneath, then the caption. With
/// `notes`, each cell also shows its note (chess-T strength).
pub fn to_text(view: &BoardView, seat_names: &[&str], notes: bool) -> String {
    let seats = seat_names.len();
    let mut width = if seats > 2 { 2 } else { 1 };
    if notes {
        let longest = view
            .boards
            .iter()
            .flat_map(|b| b.cells.iter())
            .filter_map(|c| c.note.as_ref().map(|n| n.chars().count()))
            .max()
            .unwrap_or(0);
        width = width.max(longest + if seats > 2 { 3 } else { 2 });
    }
    let mut out = String::new();
    for board in &view.boards {
        if !board.title.is_empty() {
            out.push_str(&board.title);
            out.push('\n');
        }
        for rank in (0..board.ranks).rev() {
            out.push_str(&format!("{:>3} ", rank + 1));
            for file in 0..board.files {
                let Some(cell) = board.cell(file, rank) else {
                    continue;
                };
                let mut label = match &cell.piece {
                    Some(p) => piece_label(p, seat_names),
                    None if cell.mark.is_some() => "+".to_string(),
                    None => ".".to_string(),
                };
                if notes && let Some(note) = &cell.note {
                    label = format!("{label}{note}");
                }
                out.push_str(&format!(" {label:<width$}"));
            }
            out.push('\n');
        }
        out.push_str("    ");
        for file in 0..board.files {
            let letter = (b'a' + file) as char;
            out.push_str(&format!(" {letter:<width$}"));
        }
        out.push_str("\n\n");
    }
    for line in &view.caption {
        out.push_str(line);
        out.push('\n');
    }
    out
}

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

/// The view as a standalone SVG document: the boards in a row (one per height for the 3D
/// games), the caption underneath.
pub fn to_svg(view: &BoardView, seat_names: &[&str], notes: bool) -> String {
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
                    let label = piece_label(piece, seat_names);
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
