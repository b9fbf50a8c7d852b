//! Boards as text: the shared renderer of `variant_core::render` (also used by the Python
//! package), with the seats named by the game.

use variant_games::variant_core::{BoardView, Seat, render};
use variant_games::{AnyGame, Game};

/// The view as text. With `notes`, each cell also shows its note (chess-T strength).
pub fn to_text(game: &AnyGame, view: &BoardView, notes: bool) -> String {
    let names: Vec<&str> = (0..game.seat_count())
        .map(|s| game.seat_name(Seat(s as u8)))
        .collect();
    render::to_text(view, &names, notes)
}
