//! Standard output that survives a closed pipe.
//!
//! `println!` panics when stdout is gone (`variants moves chess3d | head -1`). The command's
//! output goes through [`write`] instead: a closed pipe means the reader has what it wanted, so
//! the program ends quietly with success; any other write error (a full disk) ends it with a
//! one-line message and exit code 1, so that lost output is never silent.

use std::io::Write;

/// Writes formatted text to stdout and flushes it (prompts and progress must appear at once).
pub fn write(args: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// `print!` through [`write`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write(format_args!($($arg)*))
    };
}

/// `println!` through [`write`].
macro_rules! outln {
    () => {
        $crate::output::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {out, outln};
