//! The server's errors: an error of the games' library (a stored game it refuses), or a
//! problem of the server itself (a database that cannot be opened, an address that cannot be
//! bound).

use std::fmt;

/// What went wrong, said in one line.
///
/// # Example
///
/// ```
/// let e = variant_web::Error::Server("cannot listen on 127.0.0.1:1: denied".into());
/// assert_eq!(e.to_string(), "cannot listen on 127.0.0.1:1: denied");
/// let bad: variant_web::Error = variant_games::new_game("go", "").unwrap_err().into();
/// assert!(matches!(bad, variant_web::Error::Game(_)));
/// ```
#[derive(Debug)]
pub enum Error {
    /// An error of the games' library (a stored game's name, configuration, start position,
    /// or a move of its log); every error of the library converts into it, so `?` works on
    /// them all.
    Game(variant_games::Error),
    /// A problem of the server itself, said in words.
    Server(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Game(e) => e.fmt(f),
            Error::Server(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Game(e) => Some(e),
            Error::Server(_) => None,
        }
    }
}

impl<E: Into<variant_games::Error>> From<E> for Error {
    fn from(e: E) -> Self {
        Error::Game(e.into())
    }
}
