//! Game records of any game, read into a [`History`] of [`AnyGame`]: the record names its game,
//! the typed record is replayed and converted.

use crate::AnyGame;
use variant_core::{Error, History, RecordError};

/// Reads a JSON game record of any game this build serves (the record names its game).
///
/// # Errors
///
/// [`Error::Record`] for a record that cannot be read or replayed, [`Error::UnknownGame`] for a
/// game this build does not serve.
///
/// # Example
///
/// ```
/// use variants::prelude::*;
/// let mut history = History::new(variants::new_game("chess3d", "heights=1").unwrap());
/// let e4 = history.position().parse_move("e2e4").unwrap();
/// history.play(e4).unwrap();
/// let again = variants::history_from_json(&history.to_json()).unwrap();
/// assert_eq!(again.action_texts(), ["e2e4"]);
/// assert!(variants::history_from_json("{}").is_err());
/// ```
pub fn history_from_json(json: &str) -> Result<History<AnyGame>, Error> {
    let name = variant_core::json_record_game(json)?;
    macro_rules! typed {
        ($ty:ty) => {
            Ok(History::<$ty>::from_json(json)?.map(AnyGame::from, crate::AnyMove::from))
        };
    }
    match name.as_str() {
        #[cfg(feature = "chess3d")]
        "chess3d" => typed!(chess3d::Chess3d),
        #[cfg(feature = "checkers3d")]
        "checkers3d" => typed!(checkers3d::Checkers3d),
        #[cfg(feature = "bishops4p")]
        "bishops4p" => typed!(bishops4p::Bishops),
        #[cfg(feature = "chess-t")]
        "chess-t" => typed!(chess_t::ChessT),
        other => Err(crate::AnyConfig::default_of(other)
            .err()
            .unwrap_or_else(|| {
                RecordError::Format(format!(
                    "unknown game {:?}",
                    variant_core::error::shorten(other)
                ))
                .into()
            })),
    }
}

/// Reads a game record in the compact binary format, of any game this build serves.
///
/// # Errors
///
/// [`Error::Record`] for bytes that are not a record of a game this build serves, or a record
/// that cannot be replayed.
///
/// # Example
///
/// ```
/// use variants::prelude::*;
/// let history = History::new(variants::new_game("checkers3d", "").unwrap());
/// let bytes = variants::variant_core::binary::encode(&history);
/// let again = variants::history_from_binary(&bytes).unwrap();
/// assert_eq!(again.position(), history.position());
/// assert!(variants::history_from_binary(b"garbage").is_err());
/// ```
pub fn history_from_binary(bytes: &[u8]) -> Result<History<AnyGame>, Error> {
    macro_rules! typed {
        ($ty:ty) => {
            match variant_core::binary::decode::<$ty>(bytes) {
                Err(RecordError::WrongGame { .. }) => {}
                other => return Ok(other?.map(AnyGame::from, crate::AnyMove::from)),
            }
        };
    }
    #[cfg(feature = "chess3d")]
    typed!(chess3d::Chess3d);
    #[cfg(feature = "checkers3d")]
    typed!(checkers3d::Checkers3d);
    #[cfg(feature = "bishops4p")]
    typed!(bishops4p::Bishops);
    #[cfg(feature = "chess-t")]
    typed!(chess_t::ChessT);
    Err(
        RecordError::Format("binary: the record is of no game this build serves".to_string())
            .into(),
    )
}
