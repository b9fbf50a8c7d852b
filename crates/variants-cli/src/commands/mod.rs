//! One module per subcommand.

mod games;
mod moves;
mod perft;

use crate::cli::{Cli, Command};
use variants::Error;

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), Error> {
    match cli.command {
        Command::Games { json } => games::run(json),
        Command::Start(args) => {
            let game = crate::setup::game(&crate::cli::PositionArgs {
                game: args,
                position: None,
            })?;
            println!("{}", game.position_text());
            Ok(())
        }
        Command::Moves { game, json } => moves::run(&game, json),
        Command::Perft {
            game,
            depth,
            divide,
            threads,
            json,
            quiet,
        } => perft::run(
            &game,
            perft::Options {
                depth,
                divide,
                threads,
                json,
                quiet,
            },
        ),
    }
}
