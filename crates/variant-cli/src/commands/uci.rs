//! `variants uci`: the engine protocol (docs/protocol.md) on standard input and output —
//! UCI with `UCI_Variant` for every game, FIDE chess until a variant is chosen, so chess GUIs
//! and python-chess drive it as a chess engine.

use crate::cli::UciArgs;
use crate::error::Error;
use crate::output::outln;
use std::sync::Arc;

/// Runs the protocol until `quit` or the end of input.
///
/// # Errors
///
/// A net file of `--eval-file` that cannot be read or is no net, a parameter file of
/// `--eval-params` that cannot be read or is malformed. Protocol errors are reported
/// to the GUI as `info string` lines.
pub fn run(args: &UciArgs) -> Result<(), Error> {
    let evaluation = super::evaluation(&args.eval)?;
    // The table of any game: the protocol chooses the game later.
    super::install_params(&args.params, None)?;
    let stdin = std::io::stdin();
    variant_match::protocol::serve_with(
        stdin.lock(),
        Arc::new(|line: &str| outln!("{line}")),
        evaluation,
    );
    Ok(())
}
