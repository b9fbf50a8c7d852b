//! The library behind the `variants` command (the binary is `src/main.rs`, a call of [`main`]).
//! The command itself is documented in docs/cli.md; `variants serve` parses its flags and
//! calls the web server's crate, `variant_web` (docs/web.md).

mod cli;
mod commands;
mod error;
mod output;
mod setup;

use clap::Parser;
use std::process::ExitCode;

/// The `variants` command: parses the arguments of the process and runs the command.
///
/// Errors of the command are one line on stderr naming the bad part (`error: …`, exit code 1);
/// usage errors are clap's own message (the error, the usage line and a hint; exit code 2).
///
/// # Example
///
/// ```no_run
/// fn main() -> std::process::ExitCode {
///     variant_cli::main()
/// }
/// ```
pub fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => {
            // --help and --version are not errors.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match commands::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// The examples of the crate's README (its crates.io page), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
