//! Drawing a [`BoardView`] for people: as text for the terminal, or as an SVG picture.

mod svg;
mod text;

pub use svg::{Marks, changed_cells, royal_cells, to_svg, to_svg_marked};
pub use text::to_text;

use variants::variant_core::{PieceView, Seat};

/// The one- or two-character label of a piece: for two-player games upper case for the first
/// seat and lower case for the second (as in FEN); for more seats the seat's initial and the
/// symbol (`wK`, `gP`).
pub fn piece_label(
    piece: &PieceView,
    seats: usize,
    seat_name: &dyn Fn(Seat) -> &'static str,
) -> String {
    if seats <= 2 {
        if piece.seat.0 == 0 {
            piece.symbol.to_ascii_uppercase().to_string()
        } else {
            piece.symbol.to_ascii_lowercase().to_string()
        }
    } else {
        let initial = seat_name(piece.seat).chars().next().unwrap_or('?');
        format!("{initial}{}", piece.symbol.to_ascii_uppercase())
    }
}
