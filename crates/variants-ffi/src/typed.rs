//! The position behind a game handle, as its concrete type: an enum over the games this build
//! serves, so that moves can be handled as typed values (no text, no trait object) and one
//! handle can be overwritten by another of the same game without allocating.
//!
//! [`with_game!`] runs the same generic code on whichever game a value holds.

use crate::boundary::Failure;
use crate::result::variants_result;
use variants::variant_core::{ConfigError, Game, GameConfig};
use variants::{DynGame, Error};

/// A position of one of the games of this build.
#[derive(Clone, Debug)]
pub(crate) enum Typed {
    /// chess3d.
    #[cfg(feature = "chess3d")]
    Chess3d(variants::chess3d::Chess3d),
    /// checkers3d.
    #[cfg(feature = "checkers3d")]
    Checkers3d(variants::checkers3d::Checkers3d),
    /// bishops4p.
    #[cfg(feature = "bishops4p")]
    Bishops4p(variants::bishops4p::Bishops),
    /// chess-t.
    #[cfg(feature = "chess-t")]
    ChessT(variants::chess_t::ChessT),
}

/// Runs `$body` with `$g` bound to the typed game inside `$typed` (a `Typed`, `&Typed` or
/// `&mut Typed`), monomorphised once per game.
macro_rules! with_game {
    ($typed:expr, $g:ident => $body:expr) => {
        match $typed {
            #[cfg(feature = "chess3d")]
            $crate::typed::Typed::Chess3d($g) => $body,
            #[cfg(feature = "checkers3d")]
            $crate::typed::Typed::Checkers3d($g) => $body,
            #[cfg(feature = "bishops4p")]
            $crate::typed::Typed::Bishops4p($g) => $body,
            #[cfg(feature = "chess-t")]
            $crate::typed::Typed::ChessT($g) => $body,
        }
    };
}
pub(crate) use with_game;

/// A game type this build can put into a [`Typed`].
pub(crate) trait Member: Game {
    fn wrap(self) -> Typed;
}

macro_rules! member {
    ($feature:literal, $variant:ident, $ty:ty) => {
        #[cfg(feature = $feature)]
        impl Member for $ty {
            fn wrap(self) -> Typed {
                Typed::$variant(self)
            }
        }
    };
}
member!("chess3d", Chess3d, variants::chess3d::Chess3d);
member!("checkers3d", Checkers3d, variants::checkers3d::Checkers3d);
member!("bishops4p", Bishops4p, variants::bishops4p::Bishops);
member!("chess-t", ChessT, variants::chess_t::ChessT);

impl Typed {
    /// The position as the text-based trait object (for everything that is not about moves
    /// as values).
    pub(crate) fn as_dyn(&self) -> &dyn DynGame {
        with_game!(self, g => g)
    }

    /// The position as a mutable trait object.
    pub(crate) fn as_dyn_mut(&mut self) -> &mut dyn DynGame {
        with_game!(self, g => g)
    }

    /// Whether `self` and `other` are positions of the same game.
    pub(crate) fn same_game(&self, other: &Typed) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    /// A position of game `name` under the configuration `pairs`: the start position, or the
    /// position read from `text`, whose keys must agree with the explicitly given ones.
    pub(crate) fn build(
        name: &str,
        pairs: &[(String, String)],
        text: Option<&str>,
    ) -> Result<Typed, Failure> {
        match name {
            #[cfg(feature = "chess3d")]
            "chess3d" => build::<variants::chess3d::Chess3d>(pairs, text),
            #[cfg(feature = "checkers3d")]
            "checkers3d" => build::<variants::checkers3d::Checkers3d>(pairs, text),
            #[cfg(feature = "bishops4p")]
            "bishops4p" => build::<variants::bishops4p::Bishops>(pairs, text),
            #[cfg(feature = "chess-t")]
            "chess-t" => build::<variants::chess_t::ChessT>(pairs, text),
            // The registry knows every game of the build and words the error.
            _ => Err(match variants::registry::game_info(name) {
                Err(e) => e.into(),
                Ok(_) => Failure::new(
                    variants_result::VARIANTS_UNKNOWN_GAME,
                    format!("game {name}: not served by the C library of this build"),
                ),
            }),
        }
    }

    /// The typed copy of a position held as a trait object (a record's current position),
    /// through its configuration and position text, which carry the whole position.
    pub(crate) fn from_dyn(game: &dyn DynGame) -> Result<Typed, Failure> {
        let pairs: Vec<(String, String)> = game
            .config_pairs()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        Typed::build(game.game_name(), &pairs, Some(&game.position_text()))
    }
}

/// Builds a game from configuration pairs and, optionally, a position text (as the registry
/// does for its trait objects); keys given explicitly must agree with what the text fixes.
fn build<G: Member>(pairs: &[(String, String)], text: Option<&str>) -> Result<Typed, Failure> {
    let config = G::Config::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .map_err(Error::from)?;
    let Some(text) = text else {
        return Ok(G::new(&config).map_err(Error::from)?.wrap());
    };
    let game = G::from_text(&config, text).map_err(Error::from)?;
    for (key, given) in pairs {
        // Normalise the given value the way the configuration writes it back.
        let mut alone = G::Config::default();
        alone.set(key, given).map_err(Error::from)?;
        let given_norm = alone.get(key).unwrap_or_else(|| given.clone());
        let text_value = game.config().get(key).unwrap_or_default();
        if given_norm != text_value {
            return Err(Error::from(ConfigError::DisagreesWithPosition {
                key: key.clone(),
                given: given.clone(),
                text: text_value,
            })
            .into());
        }
    }
    Ok(game.wrap())
}
