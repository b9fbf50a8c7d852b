//! Drawing a [`BoardView`](variants::variant_core::BoardView) for people: as text for the
//! terminal, or as an SVG picture (the library's [`variants::render`], shared with Python).

mod text;

pub use text::to_text;
pub use variants::render::to_svg;
