//! The board of a game as the page shows it: the SVG of `variants show --svg`, with the last
//! move's cells and a king in check marked.

use crate::room::Room;
use variant_games::Game;
use variant_games::svg::{Marks, to_svg_marked};

/// The board of the room's position as SVG.
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
        marks.last_move = variant_games::svg::changed_cells(&old, &view);
    }
    for &seat in &view.in_check {
        marks
            .check
            .extend(variant_games::svg::royal_cells(&view, seat));
    }
    to_svg_marked(game, &view, true, &marks)
}
