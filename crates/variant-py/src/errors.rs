//! The Python exceptions: one base class derived from `ValueError`, one subclass per kind of
//! library error, each carrying the library's message unchanged.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::{PyErr, create_exception};
use variant_games::Error;

create_exception!(
    variant_games,
    VariantsError,
    PyValueError,
    "Every error of the variants library (a subclass of ValueError)."
);
create_exception!(
    variant_games,
    IllegalMoveError,
    VariantsError,
    "A move that is malformed or not legal in the position (the position is unchanged)."
);
create_exception!(
    variant_games,
    PositionError,
    VariantsError,
    "A position text that cannot be read or describes an impossible position."
);
create_exception!(
    variant_games,
    ConfigError,
    VariantsError,
    "An unknown configuration key, a bad value, or values that do not fit together."
);
create_exception!(
    variant_games,
    UnknownGameError,
    VariantsError,
    "A game name that this build does not know."
);
create_exception!(
    variant_games,
    RecordError,
    VariantsError,
    "A game record (JSON or binary) that cannot be read or replayed."
);
create_exception!(
    variant_games,
    ActionError,
    VariantsError,
    "A game-level action that is not possible now (undo at the start, a claim that does not hold, a move after the end)."
);

/// The Python exception for a library error.
pub fn to_py(error: Error) -> PyErr {
    let message = error.to_string();
    match error {
        Error::Position(_) => PositionError::new_err(message),
        Error::Move(_) | Error::IllegalMove(_) => IllegalMoveError::new_err(message),
        Error::Config(_) => ConfigError::new_err(message),
        Error::Record(_) => RecordError::new_err(message),
        Error::UnknownGame { .. } => UnknownGameError::new_err(message),
        Error::Action(_) => ActionError::new_err(message),
        // Error is non-exhaustive: a kind added later is the base class until it gets its own.
        _ => VariantsError::new_err(message),
    }
}

/// A configuration error raised while converting Python arguments.
pub fn config_error(message: impl Into<String>) -> PyErr {
    ConfigError::new_err(message.into())
}

/// Registers the exception classes in the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("VariantsError", py.get_type::<VariantsError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("ActionError", py.get_type::<ActionError>())?;
    Ok(())
}
