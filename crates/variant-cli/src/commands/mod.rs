//! One module per subcommand.

use crate::output::outln;

mod analyse;
mod bench;
mod games;
mod r#match;
mod moves;
mod perft;
mod play;
pub mod show;
mod uci;

use crate::cli::{Cli, Command};
use crate::error::Error;
use variant_games::Game;

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), Error> {
    match cli.command {
        Command::Games { json } => games::run(json),
        Command::Start(args) => {
            let game = crate::setup::game(&crate::cli::PositionArgs {
                game: args,
                position: None,
            })?;
            outln!("{}", game.to_text());
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
        Command::Analyse {
            game,
            depth,
            movetime,
            nodes,
            json,
        } => analyse::run(
            &game,
            &analyse::Options {
                depth,
                movetime,
                nodes,
                json,
            },
        ),
        Command::Match {
            game,
            player,
            games,
            concurrency,
            random_plies,
            openings,
            max_plies,
            sprt,
            seed,
            json,
        } => r#match::run(
            &game,
            r#match::Options {
                options: variant_match::MatchOptions {
                    players: player,
                    games,
                    concurrency,
                    random_plies: random_plies.unwrap_or(if openings.is_some() { 0 } else { 4 }),
                    max_plies,
                    sprt,
                    seed,
                    ..variant_match::MatchOptions::default()
                },
                openings,
                json,
            },
        ),
        Command::Uci => uci::run(),
        Command::Serve {
            host,
            port,
            data,
            sync,
        } => variant_web::run(variant_web::Options {
            host,
            port,
            data,
            flush: sync == "full",
        }),
    }
}

/// Perft split at the root on `threads` threads (0: all cores), each root move with its count
/// in canonical text; `progress(done, total)` is called as root moves finish.
pub fn divide(
    game: &variant_games::AnyGame,
    depth: u32,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<(String, u64)> {
    use variant_games::Game;
    variant_games::variant_core::perft::divide_parallel(game, depth, threads, progress)
        .into_iter()
        .map(|(mv, nodes)| (game.format_move(mv), nodes))
        .collect()
}
