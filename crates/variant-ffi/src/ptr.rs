//! The only place where raw pointers from C are read or written.
//!
//! Each helper turns one kind of pointer argument into a Rust reference after checking what can
//! be checked (NULL, UTF-8, sizes). What cannot be checked is the C caller's side of the
//! contract stated in the header: a non-NULL pointer points to a live, properly aligned object
//! of the stated type (for strings: NUL-terminated; for buffers: at least `len` writable bytes),
//! handles come from this library and are not used after `variants_game_free`, and no other
//! thread writes to the object during the call.

use crate::boundary::Failure;
use crate::result::variants_result;
use std::ffi::{CStr, c_char};
use std::mem::MaybeUninit;

fn null(name: &str) -> Failure {
    Failure::new(
        variants_result::VARIANTS_NULL_ARGUMENT,
        format!("argument {name} is NULL"),
    )
}

/// A required string argument.
pub(crate) fn arg_str<'a>(ptr: *const c_char, name: &str) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return Err(null(name));
    }
    // SAFETY: `ptr` is not NULL, and by the API contract it points to a NUL-terminated string
    // that stays unchanged for the duration of the call (the lifetime 'a ends with it).
    let bytes = unsafe { CStr::from_ptr(ptr) };
    bytes.to_str().map_err(|e| {
        Failure::new(
            variants_result::VARIANTS_INVALID_UTF8,
            format!(
                "argument {name} is not valid UTF-8 (at byte {})",
                e.valid_up_to()
            ),
        )
    })
}

/// An optional string argument: NULL reads as the empty string.
pub(crate) fn arg_str_or_empty<'a>(ptr: *const c_char, name: &str) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        Ok("")
    } else {
        arg_str(ptr, name)
    }
}

/// A required pointer to an object read during the call.
pub(crate) fn arg_ref<'a, T>(ptr: *const T, name: &str) -> Result<&'a T, Failure> {
    // SAFETY: by the API contract a non-NULL `ptr` points to a live, aligned `T` that no one
    // writes to during the call; `as_ref` turns NULL into `None`.
    unsafe { ptr.as_ref() }.ok_or_else(|| null(name))
}

/// A required pointer to an object changed during the call.
pub(crate) fn arg_mut<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut T, Failure> {
    // SAFETY: by the API contract a non-NULL `ptr` points to a live, aligned `T` that no one
    // else reads or writes during the call; `as_mut` turns NULL into `None`.
    unsafe { ptr.as_mut() }.ok_or_else(|| null(name))
}

/// A required out-parameter: only written, never read (its old contents may be garbage).
pub(crate) fn arg_out<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut MaybeUninit<T>, Failure> {
    // SAFETY: by the API contract a non-NULL `ptr` points to writable, aligned memory for a
    // `T` that no one else accesses during the call. `MaybeUninit<T>` has the layout of `T`
    // and is never read here, so uninitialised contents are fine.
    unsafe { ptr.cast::<MaybeUninit<T>>().as_mut() }.ok_or_else(|| null(name))
}

/// A caller-supplied array `ptr` of `len` elements, only written. `ptr` may be NULL when `len`
/// is 0.
pub(crate) fn arg_slice_out<'a, T>(
    ptr: *mut T,
    len: usize,
    name: &str,
) -> Result<&'a mut [MaybeUninit<T>], Failure> {
    if len == 0 {
        return Ok(&mut []);
    }
    if ptr.is_null() {
        return Err(null(name));
    }
    if len > isize::MAX as usize / std::mem::size_of::<T>().max(1) {
        return Err(Failure::new(
            variants_result::VARIANTS_INVALID_ARGUMENT,
            format!("{name}: length {len} is larger than any array can be"),
        ));
    }
    // SAFETY: `ptr` is not NULL, `len` elements fit in isize::MAX bytes, and by the API
    // contract `ptr` points to at least `len` writable, aligned elements that no one else
    // accesses during the call. `MaybeUninit<T>` has the layout of `T` and is never read here.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr.cast::<MaybeUninit<T>>(), len) })
}

/// Whether two handle arguments are the same object (checked before references to them are
/// made: a shared and a mutable reference to one object must never exist together).
pub(crate) fn same_object<T>(a: *const T, b: *const T) -> bool {
    std::ptr::eq(a, b)
}

/// Hands a value to C as an owned raw pointer (released by [`free_box`]).
pub(crate) fn into_raw<T>(value: T) -> *mut T {
    Box::into_raw(Box::new(value))
}

/// Releases a pointer made by [`into_raw`]; NULL is ignored.
pub(crate) fn free_box<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: by the API contract a non-NULL `ptr` came from `into_raw` (a `Box<T>`), has
        // not been freed yet, and is not used by anyone after this call.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

/// A caller-supplied text buffer `buf` of `len` bytes with its `written` out-parameter.
///
/// The protocol: `*written` receives the size of the whole text including its NUL. If that
/// exceeds `len`, nothing but an empty string (when `len > 0`) is written and the result is
/// `VARIANTS_BUFFER_TOO_SMALL`. `buf` may be NULL when `len` is 0, to ask for the size.
pub(crate) struct TextOut<'a> {
    buf: &'a mut [MaybeUninit<u8>],
    written: &'a mut MaybeUninit<usize>,
}

impl<'a> TextOut<'a> {
    /// Checks the buffer arguments (before any work is done).
    pub(crate) fn new(
        buf: *mut c_char,
        len: usize,
        written: *mut usize,
    ) -> Result<TextOut<'a>, Failure> {
        let written = arg_out(written, "written")?;
        if len > isize::MAX as usize {
            return Err(Failure::new(
                variants_result::VARIANTS_INVALID_ARGUMENT,
                format!("buffer length {len} is larger than any object can be"),
            ));
        }
        let buf: &mut [MaybeUninit<u8>] = if len == 0 {
            &mut []
        } else if buf.is_null() {
            return Err(null("buf"));
        } else {
            // SAFETY: `buf` is not NULL, `len` is at most isize::MAX, and by the API contract
            // `buf` points to at least `len` writable bytes that no one else accesses during
            // the call. `MaybeUninit<u8>` has the layout of `c_char` and is never read here.
            unsafe { std::slice::from_raw_parts_mut(buf.cast::<MaybeUninit<u8>>(), len) }
        };
        Ok(TextOut { buf, written })
    }

    /// Writes `text` and its NUL, or reports the size needed.
    pub(crate) fn write(self, text: &str) -> Result<(), Failure> {
        let bytes = text.as_bytes();
        let needed = bytes.len() + 1;
        self.written.write(needed);
        let len = self.buf.len();
        let Some((body, rest)) = self.buf.split_at_mut_checked(bytes.len()) else {
            if let Some(first) = self.buf.first_mut() {
                first.write(0);
            }
            return Err(too_small(needed, len));
        };
        let Some(nul) = rest.first_mut() else {
            if let Some(first) = body.first_mut() {
                first.write(0);
            }
            return Err(too_small(needed, len));
        };
        nul.write(0);
        for (slot, &byte) in body.iter_mut().zip(bytes) {
            slot.write(byte);
        }
        Ok(())
    }
}

fn too_small(needed: usize, len: usize) -> Failure {
    Failure::new(
        variants_result::VARIANTS_BUFFER_TOO_SMALL,
        format!("the buffer holds {len} bytes; the text needs {needed} (NUL included)"),
    )
}
