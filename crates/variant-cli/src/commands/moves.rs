//! `variants moves`: the legal moves, sorted.

use crate::cli::MovesArgs;
use crate::error::Error;
use crate::output::outln;

pub fn run(args: &MovesArgs) -> Result<(), Error> {
    let game = crate::setup::game(&args.position)?;
    let mut moves = game.legal_move_texts();
    moves.sort();
    if args.json {
        outln!("{}", serde_json::Value::from(moves));
    } else {
        for m in moves {
            outln!("{m}");
        }
    }
    Ok(())
}
