//! The command's errors: an error of the games' library, or a problem of the command itself
//! (a bad `--player`, a file that cannot be read or written, a match that fails, the server
//! that cannot start). Each is one line on stderr (`error: …`, exit code 1).

use std::fmt;

/// What went wrong in a command, said in one line.
#[derive(Debug)]
pub enum Error {
    /// An error of the games' library (game, configuration, position, move, record, action);
    /// every error of the library converts into it, so `?` works on them all.
    Game(variant_games::Error),
    /// A problem of the command itself, said in words.
    Command(String),
    /// `variants serve`: the web server could not start or stopped with an error.
    Serve(variant_web::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Game(e) => e.fmt(f),
            Error::Command(message) => f.write_str(message),
            Error::Serve(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Game(e) => Some(e),
            Error::Command(_) => None,
            Error::Serve(e) => Some(e),
        }
    }
}

impl<E: Into<variant_games::Error>> From<E> for Error {
    fn from(e: E) -> Self {
        Error::Game(e.into())
    }
}
