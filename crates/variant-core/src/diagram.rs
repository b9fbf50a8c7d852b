//! Drawing a [`BoardView`] for people as text for the terminal, shared by every frontend (the
//! command line, Python). Seats are named by the caller, so this module knows no game. (The SVG
//! picture, which draws each game's pieces in its own way, is `variant_games::svg` in the facade
//! crate.)
//!
//! # Example
//!
//! ```
//! use variant_core::diagram::to_text;
//! use variant_core::{BoardGrid, BoardView, PieceView, Seat};
//!
//! let mut board = BoardGrid::new("", 2, 1);
//! if let Some(cell) = board.cell_mut(0, 0) {
//!     cell.piece = Some(PieceView { seat: Seat(1), symbol: 'K', value: 0, royal: true });
//! }
//! let view = BoardView { boards: vec![board], caption: vec!["black to move".into()], in_check: vec![] };
//! let seats = ["white", "black"];
//! assert!(to_text(&view, &seats, false).starts_with("  1  k ."));
//! ```

use crate::{BoardView, PieceView};

/// The one- or two-character label of a piece: for two-player games upper case for the first
/// seat and lower case for the second (as in FEN); for more seats the seat's initial and the
/// symbol (`wK`, `gP`).
///
/// # Example
///
/// ```
/// use variant_core::diagram::piece_label;
/// use variant_core::{PieceView, Seat};
///
/// let queen = |seat| PieceView { seat: Seat(seat), symbol: 'Q', value: 9, royal: false };
/// assert_eq!(piece_label(&queen(0), &["white", "black"]), "Q"); // as in FEN
/// assert_eq!(piece_label(&queen(1), &["white", "black"]), "q");
/// assert_eq!(piece_label(&queen(1), &["white", "grey", "black", "pink"]), "gQ");
/// ```
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
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_core::diagram::to_text;
/// use variant_core::doc_game::Nim;
///
/// // Nim's heap of 3: the title, rank 1 with three counters, the file letters.
/// let game = Nim::from_text(&Default::default(), "3 0").unwrap();
/// let text = to_text(&game.board_view().unwrap(), &["first", "second"], false);
/// assert_eq!(text, "heap\n  1  C C C\n     a b c\n\n");
/// ```
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
