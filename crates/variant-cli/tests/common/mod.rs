//! Running the built `variants` binary, shared by the CLI test files.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `variants` with `args`, feeding `stdin` (nothing if `None`) and capturing both outputs.
/// `RUST_BACKTRACE=1` makes a panic show itself in stderr, which the tests look for.
pub fn run(args: &[&std::ffi::OsStr], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_variants"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the variants binary starts");
    if let Some(mut pipe) = child.stdin.take() {
        // The program may stop reading early (an error before the prompt): ignore broken pipes.
        let _ = pipe.write_all(stdin.unwrap_or_default());
    }
    child
        .wait_with_output()
        .expect("the variants binary finishes")
}
