//! Boards as text: ranks from the top, files labelled underneath.

use super::piece_label;
use variants::variant_core::BoardView;
use variants::{AnyGame, Game};

/// The view as text. With `notes`, each cell also shows its note (chess-T strength).
pub fn to_text(game: &AnyGame, view: &BoardView, notes: bool) -> String {
    let seats = game.seat_count();
    let name = |s| game.seat_name(s);
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
                    Some(p) => piece_label(p, seats, &name),
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
