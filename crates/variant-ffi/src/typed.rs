//! The construction of handles' games through the facade.

use crate::boundary::Failure;
use variant_games::AnyGame;

/// A game of `name` under the configuration `config` (JSON, `key=value` pairs separated by
/// `;` or newlines, or empty for the defaults): the start position, or the position read from
/// `text`, whose keys must agree with the explicitly given ones (the facade's
/// [`variant_games::from_text`] checks that).
pub(crate) fn build(name: &str, config: &str, text: Option<&str>) -> Result<AnyGame, Failure> {
    Ok(match text {
        None => variant_games::new_game(name, config)?,
        Some(text) => variant_games::from_text(name, config, text)?,
    })
}
