//! Turning command-line arguments into a game.

use crate::cli::{GameArgs, PositionArgs};
use crate::error::Error;
use variant_games::AnyGame;
use variant_games::variant_core::config::json_to_pairs;

/// All `--config` arguments as one `key=value;…` text, in order (JSON objects turned into
/// pairs, so several arguments can be mixed).
pub fn config_text(args: &GameArgs) -> Result<String, Error> {
    let mut parts = Vec::new();
    for text in &args.config {
        if text.trim_start().starts_with('{') {
            for (key, value) in json_to_pairs(text)? {
                parts.push(format!("{key}={value}"));
            }
        } else {
            parts.push(text.clone());
        }
    }
    Ok(parts.join(";"))
}

/// The start position of the game and configuration the arguments name.
pub fn start(args: &GameArgs) -> Result<AnyGame, Error> {
    Ok(variant_games::new_game(&args.game, &config_text(args)?)?)
}

/// The game the arguments describe (the start position without `--position`).
pub fn game(args: &PositionArgs) -> Result<AnyGame, Error> {
    match &args.position {
        Some(text) => Ok(variant_games::from_text(
            &args.game.game,
            &config_text(&args.game)?,
            text,
        )?),
        None => start(&args.game),
    }
}

/// All `--config` arguments as `(key, value)` pairs, in order.
pub fn config_pairs(args: &GameArgs) -> Result<Vec<(String, String)>, Error> {
    let text = config_text(args)?;
    Ok(variant_games::variant_core::config::split_pairs(&text)?
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect())
}
