//! Library-wide functions: the ABI version and the games this build serves.

use crate::boundary::ffi_boundary;
use crate::ptr::TextOut;
use crate::result::variants_result;
use std::ffi::c_char;
use variant_games::registry;

/// The version of the C interface: raised whenever a change would break programs compiled
/// against an older `variants.h` (changed signatures, struct layouts or code numbers; added
/// functions and codes do not raise it). Compare `variants_abi_version()` with this macro at
/// start-up to detect a header and a library that do not belong together.
pub const VARIANTS_ABI_VERSION: u32 = 1;

/// The ABI version of the library (`VARIANTS_ABI_VERSION` of the header it was built with).
#[unsafe(no_mangle)]
pub extern "C" fn variants_abi_version() -> u32 {
    VARIANTS_ABI_VERSION
}

/// Writes the names of the games this build of the library serves, separated by `\n`
/// (no trailing newline), e.g. `chess3d\ncheckers3d\nbishops4p\nchess-t\nqubic`.
///
/// Buffer protocol: `*written` receives the size of the whole text including its NUL; if that
/// exceeds `len`, the result is `VARIANTS_BUFFER_TOO_SMALL` and `buf` (when `len > 0`) holds an
/// empty string. `buf` may be NULL when `len` is 0 (to ask for the size).
#[unsafe(no_mangle)]
pub extern "C" fn variants_games(
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary(|| {
        let out = TextOut::new(buf, len, written)?;
        let names: Vec<&str> = registry::games().iter().map(|g| g.name).collect();
        out.write(&names.join("\n"))
    })
}
