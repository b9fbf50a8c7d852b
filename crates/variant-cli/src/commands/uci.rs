//! `variants uci`: the engine protocol (docs/protocol.md) on standard input and output —
//! UCI with `UCI_Variant` for every game, FIDE chess until a variant is chosen, so chess GUIs
//! and python-chess drive it as a chess engine.

use crate::error::Error;
use crate::output::outln;
use std::sync::Arc;

/// Runs the protocol until `quit` or the end of input.
///
/// # Errors
///
/// None in practice: protocol errors are reported to the GUI as `info string` lines.
pub fn run(evaluation: variant_engine::nnue::Evaluation) -> Result<(), Error> {
    let stdin = std::io::stdin();
    variant_match::protocol::serve_with(
        stdin.lock(),
        Arc::new(|line: &str| outln!("{line}")),
        evaluation,
    );
    Ok(())
}
