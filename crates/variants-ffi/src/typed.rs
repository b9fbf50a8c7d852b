//! The typed game inside a handle's [`AnyGame`], for the code that handles moves as values
//! (the codec and its per-thread caches are per game), and the construction of handles
//! through the facade.
//!
//! [`with_typed!`] runs the same generic code on whichever game an `AnyGame` holds.

use crate::boundary::Failure;
use crate::result::variants_result;
use variants::AnyGame;

/// Runs `$body` with `$g` bound to the typed game inside `$any` (an `&AnyGame`), monomorphised
/// once per game of this build; a game the facade serves but this build of the C library does
/// not (the facade's enum is `#[non_exhaustive]`) gives the failure of [`not_served`].
macro_rules! with_typed {
    ($any:expr, $g:ident => $body:expr) => {
        $crate::typed::with_typed!(typed, $any, $g => $body)
    };
    (mut $any:expr, $g:ident => $body:expr) => {
        $crate::typed::with_typed!(typed_mut, $any, $g => $body)
    };
    ($access:ident, $any:expr, $g:ident => $body:expr) => {
        match $any.$access() {
            #[cfg(feature = "chess3d")]
            variants::TypedGame::Chess3d($g) => $body,
            #[cfg(feature = "checkers3d")]
            variants::TypedGame::Checkers3d($g) => $body,
            #[cfg(feature = "bishops4p")]
            variants::TypedGame::Bishops($g) => $body,
            #[cfg(feature = "chess-t")]
            variants::TypedGame::ChessT($g) => $body,
            #[allow(unreachable_patterns)]
            other => return Err($crate::typed::not_served(other)),
        }
    };
}
pub(crate) use with_typed;

/// The failure for a game the facade holds but this build of the C library does not serve.
#[cold]
pub(crate) fn not_served(game: &variants::TypedGame) -> Failure {
    Failure::new(
        variants_result::VARIANTS_UNKNOWN_GAME,
        format!("game {game:?}: not served by the C library of this build"),
    )
}

/// A game of `name` under the configuration `config` (JSON, `key=value` pairs separated by
/// `;` or newlines, or empty for the defaults): the start position, or the position read from
/// `text`, whose keys must agree with the explicitly given ones (the facade's
/// [`variants::from_text`] checks that).
pub(crate) fn build(name: &str, config: &str, text: Option<&str>) -> Result<AnyGame, Failure> {
    let game = match text {
        None => variants::new_game(name, config)?,
        Some(text) => variants::from_text(name, config, text)?,
    };
    // Refuse here, once, a game this build cannot list moves for.
    #[allow(unreachable_code)]
    let check = || -> Result<(), Failure> { with_typed!(&game, _g => Ok(())) };
    check()?;
    Ok(game)
}
