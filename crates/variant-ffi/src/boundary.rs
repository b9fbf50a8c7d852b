//! The panic boundary around every export, and the per-thread message of the last failed call.

use crate::ptr::TextOut;
use crate::result::variants_result;
use std::any::Any;
use std::cell::RefCell;
use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Why a call failed: its status code and the detailed message.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) code: variants_result,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn new(code: variants_result, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
        }
    }
}

/// A thread's last error message; a non-empty one is counted in [`MESSAGES`] until it is
/// cleared or its thread ends.
struct LastError(RefCell<String>);

impl Drop for LastError {
    fn drop(&mut self) {
        if !self.0.get_mut().is_empty() {
            MESSAGES.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

thread_local! {
    /// The detailed message of this thread's last failed call ("" after a successful one).
    static LAST_ERROR: LastError = const { LastError(RefCell::new(String::new())) };
}

/// How many threads hold a non-empty message. While none does, clearing the calling thread's
/// message is skipped: every call of the API clears it first, and reading a thread-local is
/// a call in a shared library (`__tls_get_addr`) and a check of its state in any build, which
/// cost the C walk through move values a few percent of its time (docs/benchmarks.md, the C
/// API section). A caller that asks for a list's size with an empty array (a failure with a
/// message, `VARIANTS_BUFFER_TOO_SMALL`) has its message cleared by its next call, and the
/// count is back to 0.
///
/// Only a thread's own updates (read-modify-writes) count its message, so a thread that reads
/// 0 has no message of its own to clear.
static MESSAGES: AtomicUsize = AtomicUsize::new(0);

fn set_last_error(message: String) {
    LAST_ERROR.with(|last| {
        let mut last = last.0.borrow_mut();
        match (last.is_empty(), message.is_empty()) {
            (true, false) => {
                MESSAGES.fetch_add(1, Ordering::Relaxed);
            }
            (false, true) => {
                MESSAGES.fetch_sub(1, Ordering::Relaxed);
            }
            _ => {}
        }
        *last = message;
    });
}

/// The text of a panic's payload (`panic!` gives a `&str` or a `String`).
fn panic_text(payload: &(dyn Any + Send)) -> &str {
    if let Some(text) = payload.downcast_ref::<&str>() {
        text
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text
    } else {
        "(no message)"
    }
}

/// Runs the body of an export: a panic becomes `VARIANTS_PANIC` instead of unwinding into C.
///
/// `AssertUnwindSafe` is sound here because nothing observes a broken invariant after a panic:
/// the caller gets `VARIANTS_PANIC`, and the documented contract is that a handle involved in a
/// panicking call may only be freed (freeing is memory-safe whatever its state).
fn run(body: impl FnOnce() -> Result<(), Failure>) -> Result<(), Failure> {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(payload) => Err(panic_failure(&*payload)),
    }
}

/// The failure a caught panic becomes.
#[cold]
fn panic_failure(payload: &(dyn Any + Send)) -> Failure {
    Failure::new(
        variants_result::VARIANTS_PANIC,
        format!("panic in the variants library: {}", panic_text(payload)),
    )
}

/// Empties the thread's last error message (keeping its allocation for the next one; a search
/// calls the library millions of times a second, nearly always without an error).
#[inline]
fn clear_last_error() {
    if MESSAGES.load(Ordering::Relaxed) == 0 {
        return;
    }
    LAST_ERROR.with(|last| {
        let mut last = last.0.borrow_mut();
        if !last.is_empty() {
            last.clear();
            MESSAGES.fetch_sub(1, Ordering::Relaxed);
        }
    });
}

/// The boundary of every export that reports errors: clears the thread's last error message,
/// runs `body`, and on failure stores the detailed message and returns the code.
///
/// The body's result is turned into the status code inside the unwinding guard, so what
/// comes out of the guard is a register-sized code rather than a `Result` with a `String` in
/// it: the hottest calls (copy, play a value, count the moves) return through here millions of
/// times a second (docs/benchmarks.md, the C API section).
#[inline(always)]
pub(crate) fn ffi_boundary(body: impl FnOnce() -> Result<(), Failure>) -> variants_result {
    clear_last_error();
    let guarded = catch_unwind(AssertUnwindSafe(|| match body() {
        Ok(()) => variants_result::VARIANTS_OK,
        Err(failure) => record(failure),
    }));
    match guarded {
        Ok(code) => code,
        Err(payload) => record(panic_failure(&*payload)),
    }
}

/// Stores a failure's message as the thread's last error and gives its code.
#[cold]
#[inline(never)]
fn record(failure: Failure) -> variants_result {
    set_last_error(failure.message);
    failure.code
}

/// The boundary of the functions that read messages: like [`ffi_boundary`] but leaves the
/// thread's last error message as it is, so that it can be read more than once (e.g. once to
/// learn the size, once to copy it).
pub(crate) fn ffi_boundary_keep_error(
    body: impl FnOnce() -> Result<(), Failure>,
) -> variants_result {
    match run(body) {
        Ok(()) => variants_result::VARIANTS_OK,
        Err(failure) => failure.code,
    }
}

/// The boundary of functions without a status code (`variants_game_free`): a panic is caught
/// and recorded as the thread's last error.
pub(crate) fn ffi_boundary_void(body: impl FnOnce()) {
    if let Err(failure) = run(|| {
        body();
        Ok(())
    }) {
        set_last_error(failure.message);
    }
}

/// Writes the detailed message of the calling thread's last failed call into `buf`, e.g.
/// `position text: rank 9: 9 cells` after `variants_game_from_text` returned
/// `VARIANTS_BAD_POSITION`.
///
/// Every function returning `variants_result` (except this one and `variants_status_message`)
/// clears the message when it starts and sets it when it fails, so the message belongs to the
/// thread's most recent such call: an empty string after a success. The message is kept per
/// thread: calls on other threads do not change it.
///
/// Buffer protocol as in `variants_status_message`; a failure of this function does not change
/// the message.
#[unsafe(no_mangle)]
pub extern "C" fn variants_last_error_message(
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary_keep_error(|| {
        let out = TextOut::new(buf, len, written)?;
        LAST_ERROR.with(|last| out.write(&last.0.borrow()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last_error() -> String {
        LAST_ERROR.with(|last| last.0.borrow().clone())
    }

    #[test]
    fn a_panic_becomes_a_status_code_with_its_message() {
        let rc = ffi_boundary(|| panic!("boom {}", 42));
        assert_eq!(rc, variants_result::VARIANTS_PANIC);
        assert_eq!(last_error(), "panic in the variants library: boom 42");
        let rc = ffi_boundary(|| std::panic::panic_any(7_u8));
        assert_eq!(rc, variants_result::VARIANTS_PANIC);
        assert_eq!(last_error(), "panic in the variants library: (no message)");
    }

    #[test]
    fn failures_set_and_successes_clear_the_message() {
        let rc = ffi_boundary(|| {
            Err(Failure::new(
                variants_result::VARIANTS_BAD_MOVE,
                "move text \"x\": too short",
            ))
        });
        assert_eq!(rc, variants_result::VARIANTS_BAD_MOVE);
        assert_eq!(last_error(), "move text \"x\": too short");
        // The message readers keep it, whatever happens inside them.
        let rc = ffi_boundary_keep_error(|| panic!("inside a reader"));
        assert_eq!(rc, variants_result::VARIANTS_PANIC);
        assert_eq!(last_error(), "move text \"x\": too short");
        assert_eq!(ffi_boundary(|| Ok(())), variants_result::VARIANTS_OK);
        assert_eq!(last_error(), "");
    }

    #[test]
    fn a_message_survives_other_threads_clearing_theirs() {
        let fail = || {
            ffi_boundary(|| {
                Err(Failure::new(
                    variants_result::VARIANTS_BUFFER_TOO_SMALL,
                    "too small",
                ))
            })
        };
        assert_eq!(fail(), variants_result::VARIANTS_BUFFER_TOO_SMALL);
        // Other threads fail and succeed (their messages counted, then cleared or ended
        // with the thread); this thread's message is still there, and its next success
        // clears it.
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    assert_eq!(fail(), variants_result::VARIANTS_BUFFER_TOO_SMALL);
                    assert_eq!(last_error(), "too small");
                    assert_eq!(ffi_boundary(|| Ok(())), variants_result::VARIANTS_OK);
                    assert_eq!(last_error(), "");
                    fail();
                });
            }
        });
        assert_eq!(last_error(), "too small");
        assert_eq!(ffi_boundary(|| Ok(())), variants_result::VARIANTS_OK);
        assert_eq!(last_error(), "");
    }

    #[test]
    fn a_panic_without_status_code_is_recorded() {
        ffi_boundary_void(|| panic!("in free"));
        assert_eq!(last_error(), "panic in the variants library: in free");
    }
}
