//! One module per subcommand.

use crate::output::outln;

mod bench;
mod games;
mod moves;
mod perft;
mod play;
pub mod show;

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
            outln!("{}", game.position_text());
            Ok(())
        }
        Command::Moves { game, json } => moves::run(&game, json),
        Command::Perft {
            game,
            depth,
            divide,
            threads,
            hash,
            hash_seed,
            json,
            quiet,
        } => perft::run(
            &game,
            perft::Options {
                depth,
                divide,
                threads,
                hash,
                hash_seed,
                json,
                quiet,
            },
        ),
        Command::Show {
            game,
            svg,
            strength,
        } => show::run(&game, svg.as_deref(), strength),
        Command::Play {
            game,
            player,
            seed,
            load,
            save,
            quiet,
            max_plies,
        } => play::run(
            &game,
            play::Options {
                players: player,
                seed,
                load,
                save,
                quiet,
                max_plies,
            },
        ),
        Command::Bench { games, threads } => bench::run(&games, threads),
        Command::Serve { host, port, data } => {
            crate::serve::run(crate::serve::Options { host, port, data })
        }
    }
}
