//! `variants`: the command-line tool of the workspace — list the games, print start positions
//! and legal moves, count perft, show boards, play, and benchmark move generation.
//!
//! ```text
//! variants perft chess3d --depth 4 --config heights=1
//! ```
//!
//! Errors are one line on stderr naming the bad part; the exit code is 2 for usage errors
//! and 1 for bad input.

mod cli;
mod commands;
mod output;
mod render;
mod serve;
mod setup;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
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
