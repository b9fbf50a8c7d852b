//! Turning command-line arguments into a game.

use crate::cli::{GameArgs, PositionArgs};
use variants::{DynGame, Error, registry};

/// The configuration pairs of all `--config` arguments, in order.
pub fn config_pairs(args: &GameArgs) -> Result<Vec<(String, String)>, Error> {
    let mut pairs = Vec::new();
    for text in &args.config {
        pairs.extend(registry::parse_config(text)?);
    }
    Ok(pairs)
}

/// The game the arguments describe (the start position without `--position`).
pub fn game(args: &PositionArgs) -> Result<Box<dyn DynGame>, Error> {
    let pairs = config_pairs(&args.game)?;
    match &args.position {
        Some(text) => registry::from_text(&args.game.game, &pairs, text),
        None => registry::new_game(&args.game.game, &pairs),
    }
}
