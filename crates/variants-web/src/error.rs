//! The server's errors: a game error from the library, or a problem of the server itself
//! (a database that cannot be opened, an address that cannot be bound).

use std::fmt;

/// What went wrong, said in one line.
///
/// # Example
///
/// ```
/// let e = variants_web::Error::Action("cannot listen on 127.0.0.1:1: denied".into());
/// assert_eq!(e.to_string(), "cannot listen on 127.0.0.1:1: denied");
/// ```
#[derive(Debug)]
pub enum Error {
    /// An error of the games' library (position, move, configuration, record, action).
    Game(variants::Error),
    /// A problem of the server itself, said in words.
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
