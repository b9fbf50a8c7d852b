//! `variants`: the command-line tool of the workspace — list the games, print start positions
//! and legal moves, count perft, show boards, play, and benchmark move generation.
//!
//! ```text
//! variants perft chess3d --depth 4 --config heights=1
//! ```
//!
//! The command lives in the `variant_cli` library; this is its entry point.

fn main() -> std::process::ExitCode {
    variant_cli::main()
}
