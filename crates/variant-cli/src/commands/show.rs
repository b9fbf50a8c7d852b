//! `variants show`: the board as text, or as an SVG file.

use crate::cli::ShowArgs;
use crate::error::Error;
use crate::output::{out, outln};
use variant_games::variant_core::diagram;
use variant_games::{AnyGame, Game};

/// The position as text for the terminal: the boards (the library's text diagram, the seats
/// named by the game) when the game draws itself, else its text. With `notes`, each cell also
/// shows its note (chess-T strength).
pub fn board_text(game: &AnyGame, notes: bool) -> String {
    match game.board_view() {
        Some(view) => diagram::to_text(&view, &game.seat_names(), notes),
        None => format!("{}\n", game.to_text()),
    }
}

pub fn run(args: &ShowArgs) -> Result<(), Error> {
    let game = crate::setup::game(&args.position)?;
    if let Some(path) = &args.svg {
        let view = game
            .board_view()
            .ok_or_else(|| Error::Command(format!("{} cannot draw itself as SVG", game.name())))?;
        let svg = variant_games::svg::to_svg(&game, &view, args.strength);
        std::fs::write(path, svg)
            .map_err(|e| Error::Command(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("wrote {}", path.display());
        return Ok(());
    }
    out!("{}", board_text(&game, args.strength));
    outln!("{}", game.to_text());
    Ok(())
}
