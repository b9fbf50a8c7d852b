//! The board of a game as the page shows it: the SVG of `variants show --svg`, with the last
//! move's cells and a king in check marked.

use crate::room::Room;
use variant_games::render::{Marks, to_svg_marked};
use variant_games::{Game, Seat};

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
        marks.last_move = variant_games::render::changed_cells(&old, &view);
    }
    for seat in in_check(room, &view.caption) {
        marks
            .check
            .extend(variant_games::render::royal_cells(&view, seat));
    }
    to_svg_marked(game, &view, true, &marks)
}

/// The seats in check, as the caption tells: `…, in check` (the side to move) or
/// `in check: grey pink` / `in check: none` (every seat of "Bishops").
fn in_check(room: &Room, caption: &[String]) -> Vec<Seat> {
    let mut seats = Vec::new();
    for line in caption {
        let Some(at) = line.find("in check") else {
            continue;
        };
        match line[at + "in check".len()..].strip_prefix(':') {
            Some(list) => seats.extend(
                list.split([' ', ',', ';'])
                    .filter_map(|name| room.seat_named(name.trim())),
            ),
            None => seats.push(room.position().side_to_move()),
        }
    }
    seats
}
