//! [`ProgramError`]: the error of a program built on the library (the `variants` command, the
//! web server): an error of the games' library, or a problem of the program itself in words.

use std::fmt;

/// What went wrong in a program built on the library, said in one line: an error of the
/// games' library (position, move, configuration, record, action), or a problem of the
/// program itself (a bad option, a file that cannot be written, an address that cannot be
/// bound). Every error of the library converts into it, so `?` works on them all.
///
/// # Example
///
/// ```
/// use variant_games::ProgramError;
///
/// fn start(name: &str) -> Result<variant_games::AnyGame, ProgramError> {
///     if name.is_empty() {
///         return Err("no game named".into());
///     }
///     Ok(variant_games::new_game(name, "")?)
/// }
/// assert_eq!(start("").unwrap_err().to_string(), "no game named");
/// assert!(matches!(start("go"), Err(ProgramError::Game(_))));
/// assert!(start("chess-t").is_ok());
/// ```
#[derive(Debug)]
pub enum ProgramError {
    /// An error of the games' library (position, move, configuration, record, action).
    Game(crate::Error),
    /// A problem of the program itself, said in words.
    Action(String),
}

impl fmt::Display for ProgramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgramError::Game(e) => e.fmt(f),
            ProgramError::Action(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ProgramError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ProgramError::Game(e) => Some(e),
            ProgramError::Action(_) => None,
        }
    }
}

macro_rules! from_library {
    ($($ty:ty),*) => {$(
        impl From<$ty> for ProgramError {
            fn from(e: $ty) -> Self {
                ProgramError::Game(e.into())
            }
        }
    )*};
}

from_library!(
    crate::Error,
    crate::PositionError,
    crate::MoveError,
    crate::ConfigError,
    crate::RecordError,
    crate::IllegalMove,
    crate::ActionError
);

/// A problem of the program, said in words.
impl From<&str> for ProgramError {
    fn from(message: &str) -> Self {
        ProgramError::Action(message.to_string())
    }
}

/// A problem of the program, said in words.
impl From<String> for ProgramError {
    fn from(message: String) -> Self {
        ProgramError::Action(message)
    }
}
