//! `variants moves`: the legal moves, sorted.

use crate::cli::PositionArgs;
use crate::error::Error;
use crate::output::outln;

pub fn run(args: &PositionArgs, json: bool) -> Result<(), Error> {
    let game = crate::setup::game(args)?;
    let mut moves = game.legal_move_texts();
    moves.sort();
    if json {
        outln!("{}", serde_json::Value::from(moves));
    } else {
        for m in moves {
            outln!("{m}");
        }
    }
    Ok(())
}
