//! Drawing a [`BoardView`] for people: as text for the terminal, or as an SVG picture.

mod svg;
mod text;

pub use svg::{Marks, changed_cells, royal_cells, to_svg, to_svg_marked};
pub use text::to_text;

use variants::variant_core::{PieceView, Seat};

/// The one- or two-character label of a piece (see `variant_core::render::piece_label`).
pub fn piece_label(
    piece: &PieceView,
    seats: usize,
    seat_name: &dyn Fn(Seat) -> &'static str,
) -> String {
    let names: Vec<&str> = (0..seats).map(|s| seat_name(Seat(s as u8))).collect();
    variants::variant_core::render::piece_label(piece, &names)
}
