//! The errors of players and matches.

/// What went wrong in a player spec, a player or a match; the message says what and where.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// An error of the games' library (game name, configuration, position, move).
    #[error(transparent)]
    Game(#[from] variant_games::Error),
    /// A player spec that does not parse.
    #[error("player {spec:?}: {why}")]
    Spec {
        /// The spec as given.
        spec: String,
        /// What is wrong with it.
        why: String,
    },
    /// An external engine that failed: it could not start, died, answered nonsense or too late.
    #[error("engine {player}: {why}")]
    Engine {
        /// The player spec of the engine.
        player: String,
        /// What happened.
        why: String,
    },
    /// Options of a match that do not fit together (player count, games, SPRT bounds, openings).
    #[error("{0}")]
    Options(String),
}

impl MatchError {
    /// A spec error.
    pub(crate) fn spec(spec: &str, why: impl Into<String>) -> Self {
        MatchError::Spec {
            spec: spec.to_string(),
            why: why.into(),
        }
    }
}

macro_rules! from_library {
    ($($ty:ty),*) => {$(
        impl From<$ty> for MatchError {
            fn from(e: $ty) -> Self {
                MatchError::Game(e.into())
            }
        }
    )*};
}

from_library!(
    variant_games::PositionError,
    variant_games::MoveError,
    variant_games::ConfigError,
    variant_games::IllegalMove,
    variant_games::ActionError
);
