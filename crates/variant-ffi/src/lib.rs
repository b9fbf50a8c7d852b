//! The C API of the variants workspace, modelled on rustls-ffi.
//!
//! - An opaque handle `variants_game` (a position of any game the build serves) made by
//!   [`variants_game_new`], [`variants_game_from_text`] or [`variants_game_clone`] and released
//!   by [`variants_game_free`] (which accepts NULL).
//! - An opaque handle `variants_record` (a game record: moves, undo, repetitions, draw claims,
//!   resignation, JSON) made by [`variants_record_new`] or [`variants_record_from_json`] and
//!   released by [`variants_record_free`].
//! - Every function that can fail returns a [`variants_result`] status code; the text of a code
//!   comes from [`variants_status_message`], the detailed message of the calling thread's last
//!   failed call from [`variants_last_error_message`].
//! - Texts (positions, move lists, messages) are written into caller-supplied buffers as
//!   NUL-terminated UTF-8; `*written` always receives the size the whole text needs including
//!   its NUL, and a buffer that is too small gives [`variants_result::VARIANTS_BUFFER_TOO_SMALL`].
//! - Every export runs behind `catch_unwind`: a panic becomes
//!   [`variants_result::VARIANTS_PANIC`], never an unwind into C.
//! - NULL pointers and invalid UTF-8 are reported as status codes, never undefined behaviour.
//!
//! The header `crates/variant-ffi/include/variants.h` is generated from this crate by cbindgen and committed;
//! `tests/ffi/header.rs` fails when it is out of date. `docs/c-api.md` describes building, linking,
//! ownership, errors and thread safety.
//!
//! The exports are `extern "C"` functions meant for C callers, whose contract (valid or NULL
//! pointers, NUL-terminated strings, buffers of the stated length) is written in the header,
//! as in rustls-ffi. Rust code should use the `variant-games` crate instead; this crate's Rust
//! interface exists for its own tests:
//!
//! ```
//! use std::ptr;
//! use variant_ffi::*;
//!
//! let mut names = [0 as std::ffi::c_char; 256];
//! let mut written = 0usize;
//! let rc = variants_games(names.as_mut_ptr(), names.len(), &mut written);
//! assert_eq!(rc, variants_result::VARIANTS_OK);
//!
//! let mut game: *mut variants_game = ptr::null_mut();
//! let rc = variants_game_new(c"no such game".as_ptr(), ptr::null(), &mut game);
//! assert_eq!(rc, variants_result::VARIANTS_UNKNOWN_GAME);
//! assert!(game.is_null());
//! variants_game_free(game); // NULL is accepted
//! ```
// The crate's purpose is a C interface: raw pointers from C have to be read and written. The
// workspace denies `unsafe_code`; here it is allowed, and every `unsafe` block lives in
// `ptr.rs` (pointer -> &str / &T / &mut T / out-parameter, caller buffers, handle release)
// except the call of the C progress callback in `stop.rs`, each with a `// SAFETY:` comment.
#![allow(unsafe_code)]
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod boundary;
mod codec;
mod game;
mod library;
mod moves;
mod ptr;
mod record;
mod result;
mod search;
mod status;
mod stop;
mod typed;

pub use boundary::variants_last_error_message;
pub use game::*;
pub use library::*;
pub use moves::*;
pub use record::*;
pub use result::{variants_result, variants_status_message};
pub use search::*;
pub use status::{
    variants_game_status, variants_game_status_reason, variants_reason, variants_reason_part,
    variants_status, variants_status_kind,
};
pub use stop::*;

/// The examples of the crate's README (its crates.io page), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
