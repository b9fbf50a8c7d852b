//! `variants`: the command-line tool of the workspace — list the games, print start positions
//! and legal moves, count perft, show boards, play, and benchmark move generation.
//!
//! ```text
//! variants perft chess3d --depth 4 --config heights=1
//! ```
//!
//! Errors of the command are one line on stderr naming the bad part (`error: …`, exit code 1);
//! usage errors are clap's own message (the error, the usage line and a hint; exit code 2).

mod cli;
mod commands;
mod error;
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
