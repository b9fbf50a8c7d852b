//! Boards as text: the shared renderer of `variant_core::render` (also used by the Python
//! package), with the seats named by the game.

use variants::DynGame;
use variants::variant_core::{BoardView, Seat, render};

/// The view as text. With `notes`, each cell also shows its note (chess-T strength).
pub fn to_text(game: &dyn DynGame, view: &BoardView, notes: bool) -> String {
    let names: Vec<&str> = (0..game.seats())
        .map(|s| game.seat_label(Seat(s as u8)))
        .collect();
    render::to_text(view, &names, notes)
}
