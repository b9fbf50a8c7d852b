//! Drawing a [`BoardView`](variant_games::variant_core::BoardView) for people: as text for the
//! terminal, or as an SVG picture (the library's [`variant_games::render`], shared with Python).

mod text;

pub use text::to_text;
pub use variant_games::render::to_svg;
