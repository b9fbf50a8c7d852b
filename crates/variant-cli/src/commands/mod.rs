//! One module per subcommand.

use crate::output::outln;

mod analyse;
mod bench;
mod datagen;
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
            eval_file,
            eval,
        } => analyse::run(
            &game,
            &analyse::Options {
                depth,
                movetime,
                nodes,
                json,
                evaluation: evaluation(eval_file.as_deref(), eval.as_deref())?,
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
            eval_file,
            eval,
        } => r#match::run(
            &game,
            r#match::Options {
                options: variant_match::MatchOptions {
                    players: with_eval(player, eval_file.as_deref(), eval.as_deref()),
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
        Command::Uci { eval_file, eval } => {
            uci::run(evaluation(eval_file.as_deref(), eval.as_deref())?)
        }
        Command::Datagen {
            game,
            games,
            nodes,
            random_plies,
            max_plies,
            seed,
            threads,
            out,
            quiet,
        } => datagen::run(
            &game,
            datagen::Options {
                games,
                options: variant_engine::datagen::DatagenOptions {
                    nodes,
                    random_plies,
                    seed,
                    max_plies,
                },
                threads,
                out,
                quiet,
            },
        ),
        Command::Serve {
            host,
            port,
            data,
            sync,
            first_move_seconds,
        } => variant_web::run(variant_web::Options {
            host,
            port,
            data,
            flush: sync == "full",
            first_move: std::time::Duration::from_secs_f64(first_move_seconds),
        })
        .map_err(Error::Serve),
    }
}

/// The evaluation of `--eval-file NET` or `--eval classic|default` (the default without
/// either).
fn evaluation(
    file: Option<&std::path::Path>,
    eval: Option<&str>,
) -> Result<variant_engine::nnue::Evaluation, Error> {
    use variant_engine::nnue::{Evaluation, Network};
    match (file, eval) {
        (Some(path), _) => Network::load(path)
            .map(|net| Evaluation::Net(std::sync::Arc::new(net)))
            .map_err(|e| Error::Command(e.to_string())),
        (None, Some("classic")) => Ok(Evaluation::Classic),
        _ => Ok(Evaluation::Default),
    }
}

/// The `engine` player specs with `eval=` added where they have none (`--eval-file`,
/// `--eval` of `variants match`).
fn with_eval(
    players: Vec<String>,
    file: Option<&std::path::Path>,
    eval: Option<&str>,
) -> Vec<String> {
    let value = match (file, eval) {
        (Some(path), _) => path.display().to_string(),
        (None, Some(eval)) => eval.to_string(),
        (None, None) => return players,
    };
    players
        .into_iter()
        .map(|p| {
            let engine = p == "engine" || p.starts_with("engine:");
            if !engine || p.contains("eval=") {
                p
            } else if p == "engine" || p == "engine:" {
                format!("engine:eval={value}")
            } else {
                format!("{p},eval={value}")
            }
        })
        .collect()
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
