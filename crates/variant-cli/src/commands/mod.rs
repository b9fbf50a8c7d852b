//! One module per subcommand, each with a `run` taking the subcommand's arguments
//! (`crate::cli`).

mod analyse;
mod bench;
mod datagen;
mod games;
mod r#match;
mod moves;
mod perft;
mod play;
mod serve;
mod show;
mod start;
mod uci;

use crate::cli::{Cli, Command};
use crate::error::Error;

/// Runs a parsed command line: the subcommand's `run` with its arguments.
pub fn run(cli: Cli) -> Result<(), Error> {
    match cli.command {
        Command::Games(args) => games::run(&args),
        Command::Start(args) => start::run(&args),
        Command::Moves(args) => moves::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Analyse(args) => analyse::run(&args),
        Command::Match(args) => r#match::run(&args),
        Command::Uci(args) => uci::run(&args),
        Command::Datagen(args) => datagen::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Serve(args) => serve::run(args),
    }
}

/// The evaluation of `--eval-file NET` or `--eval classic|default`, a net file read and
/// checked now (the default without either).
fn evaluation(args: &crate::cli::EvalArgs) -> Result<variant_engine::nnue::Evaluation, Error> {
    args.choice()
        .unwrap_or_default()
        .load()
        .map_err(|e| Error::Command(e.to_string()))
}

/// Installs the parameter table of `--eval-params FILE` (none without it) for the rest of the
/// process; `game`, when given, is the game played, which the file must be for.
fn install_params(args: &crate::cli::ParamsArgs, game: Option<&str>) -> Result<(), Error> {
    use variant_engine::eval::params;
    let Some(path) = &args.eval_params else {
        return Ok(());
    };
    let table = params::read(path).map_err(|e| Error::Command(e.to_string()))?;
    if let Some(game) = game
        && table.game() != game
    {
        return Err(Error::Command(format!(
            "the parameter file {} is for {}, not {game}",
            path.display(),
            table.game()
        )));
    }
    params::install(&table).map_err(|e| Error::Command(e.to_string()))
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
    variant_games::variant_perft::divide_parallel(game, depth, threads, progress)
        .into_iter()
        .map(|(mv, nodes)| (game.format_move(mv), nodes))
        .collect()
}
