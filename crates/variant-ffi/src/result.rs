//! The status codes every fallible export returns, and their texts.

use crate::boundary::{Failure, ffi_boundary_keep_error};
use crate::ptr::TextOut;
use std::ffi::c_char;
use variant_games::Error;
use variant_games::variant_core::{EncodeError, MoveError};

/// The status code of a call. `VARIANTS_OK` (0) is success; every other value is an error.
///
/// The numbers are part of the ABI: they never change, and new codes get new numbers. The
/// text of a code comes from `variants_status_message`; the detailed message of the failed
/// call (what is wrong and where) from `variants_last_error_message`.
#[allow(non_camel_case_types)]
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum variants_result {
    /// Success.
    VARIANTS_OK = 0,
    /// A required pointer argument is NULL.
    VARIANTS_NULL_ARGUMENT = 1,
    /// A string argument is not valid UTF-8.
    VARIANTS_INVALID_UTF8 = 2,
    /// The game name is not one the library serves (see `variants_games`).
    VARIANTS_UNKNOWN_GAME = 3,
    /// The configuration cannot be read, names an unknown key, gives a bad value, or disagrees
    /// with the position text.
    VARIANTS_BAD_CONFIG = 4,
    /// The position text cannot be read or describes an impossible position.
    VARIANTS_BAD_POSITION = 5,
    /// The move text is not a move in the game's notation (malformed).
    VARIANTS_BAD_MOVE = 6,
    /// The move text is well formed but names no legal move of the position.
    VARIANTS_ILLEGAL_MOVE = 7,
    /// The output buffer is too small; `*written` holds the size needed (NUL included).
    VARIANTS_BUFFER_TOO_SMALL = 8,
    /// The library panicked (a bug); the handle involved should only be freed.
    VARIANTS_PANIC = 9,
    /// A numeric argument is out of range (e.g. a seat the game does not have).
    VARIANTS_INVALID_ARGUMENT = 10,
    /// A game record cannot be read or replayed.
    VARIANTS_BAD_RECORD = 11,
    /// A game-level action that is not possible now (a move after the end of the game, undo at
    /// the start, a draw claim that does not hold).
    VARIANTS_NOT_POSSIBLE = 12,
    /// A long call (perft, search) was stopped through its `variants_stop` handle.
    VARIANTS_STOPPED = 13,
}

impl variants_result {
    /// Every code, in numeric order.
    pub const ALL: [variants_result; 14] = [
        variants_result::VARIANTS_OK,
        variants_result::VARIANTS_NULL_ARGUMENT,
        variants_result::VARIANTS_INVALID_UTF8,
        variants_result::VARIANTS_UNKNOWN_GAME,
        variants_result::VARIANTS_BAD_CONFIG,
        variants_result::VARIANTS_BAD_POSITION,
        variants_result::VARIANTS_BAD_MOVE,
        variants_result::VARIANTS_ILLEGAL_MOVE,
        variants_result::VARIANTS_BUFFER_TOO_SMALL,
        variants_result::VARIANTS_PANIC,
        variants_result::VARIANTS_INVALID_ARGUMENT,
        variants_result::VARIANTS_BAD_RECORD,
        variants_result::VARIANTS_NOT_POSSIBLE,
        variants_result::VARIANTS_STOPPED,
    ];

    /// The code with number `code`, if there is one. Codes arrive from C as plain integers:
    /// turning an unknown number into the enum directly would be undefined behaviour.
    pub fn from_u32(code: u32) -> Option<variants_result> {
        Self::ALL.into_iter().find(|c| *c as u32 == code)
    }

    /// What the code means, in one line.
    pub fn message(self) -> &'static str {
        use variants_result::*;
        match self {
            VARIANTS_OK => "success",
            VARIANTS_NULL_ARGUMENT => "a required pointer argument is NULL",
            VARIANTS_INVALID_UTF8 => "a string argument is not valid UTF-8",
            VARIANTS_UNKNOWN_GAME => "unknown game name",
            VARIANTS_BAD_CONFIG => "bad configuration",
            VARIANTS_BAD_POSITION => "bad position text",
            VARIANTS_BAD_MOVE => "malformed move text",
            VARIANTS_ILLEGAL_MOVE => "illegal move",
            VARIANTS_BUFFER_TOO_SMALL => "output buffer too small",
            VARIANTS_PANIC => "internal error (panic) in the variants library",
            VARIANTS_INVALID_ARGUMENT => "argument out of range",
            VARIANTS_BAD_RECORD => "bad game record",
            VARIANTS_NOT_POSSIBLE => "action not possible now",
            VARIANTS_STOPPED => "stopped on request",
        }
    }
}

/// The status code of a game error.
pub(crate) fn code_of(error: &Error) -> variants_result {
    use variants_result::*;
    match error {
        Error::Position(_) => VARIANTS_BAD_POSITION,
        Error::Move(MoveError::Malformed { .. }) => VARIANTS_BAD_MOVE,
        Error::Move(MoveError::Illegal { .. }) | Error::IllegalMove(_) => VARIANTS_ILLEGAL_MOVE,
        Error::Config(_) => VARIANTS_BAD_CONFIG,
        Error::Record(_) => VARIANTS_BAD_RECORD,
        Error::Action(_) => VARIANTS_NOT_POSSIBLE,
        Error::UnknownGame { .. } => VARIANTS_UNKNOWN_GAME,
        Error::Move(_) => VARIANTS_BAD_MOVE,
        Error::Encode(EncodeError::NoSuchMove { .. }) => VARIANTS_ILLEGAL_MOVE,
        Error::Encode(_) => VARIANTS_INVALID_ARGUMENT,
        // Error is non-exhaustive: a kind added later is reported as "not possible" until it
        // gets its own code.
        _ => VARIANTS_NOT_POSSIBLE,
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Failure {
        Failure::new(code_of(&error), error.to_string())
    }
}

/// Writes the text of status code `code` (a `variants_result` value) into `buf`.
///
/// An unknown number gives `VARIANTS_INVALID_ARGUMENT` (and the text "unknown status code N"
/// is not written). Does not change the thread's last error message.
///
/// Buffer protocol: `*written` receives the size of the whole text including its NUL; if
/// that exceeds `len`, the result is `VARIANTS_BUFFER_TOO_SMALL` and `buf` (when `len > 0`)
/// holds an empty string. `buf` may be NULL when `len` is 0 (to ask for the size).
#[unsafe(no_mangle)]
pub extern "C" fn variants_status_message(
    code: u32,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary_keep_error(|| {
        let out = TextOut::new(buf, len, written)?;
        let code = variants_result::from_u32(code).ok_or_else(|| {
            Failure::new(
                variants_result::VARIANTS_INVALID_ARGUMENT,
                format!("unknown status code {code}"),
            )
        })?;
        out.write(code.message())
    })
}
