//! The command's errors: a game error from the library, or a problem of the command itself
//! (a bad `--player`, a file that cannot be written).

use std::fmt;

/// What went wrong; printed as one line after `error: `.
#[derive(Debug)]
pub enum Error {
    /// An error of the games' library (position, move, configuration, record, action).
    Game(variants::Error),
    /// A problem of the command itself, said in words.
    Action(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Game(e) => e.fmt(f),
            Error::Action(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

macro_rules! from_library {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Error {
            fn from(e: $ty) -> Self {
                Error::Game(e.into())
            }
        }
    )*};
}

from_library!(
    variants::Error,
    variants::PositionError,
    variants::MoveError,
    variants::ConfigError,
    variants::RecordError,
    variants::IllegalMove,
    variants::ActionError
);

impl From<&str> for Error {
    fn from(message: &str) -> Self {
        Error::Action(message.to_string())
    }
}
