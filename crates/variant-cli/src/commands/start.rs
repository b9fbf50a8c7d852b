//! `variants start`: the start position text.

use crate::cli::GameArgs;
use crate::error::Error;
use crate::output::outln;
use variant_games::Game;

pub fn run(args: &GameArgs) -> Result<(), Error> {
    outln!("{}", crate::setup::start(args)?.to_text());
    Ok(())
}
