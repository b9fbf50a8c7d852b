//! The command line, declared with clap.

use clap::{Args, Parser, Subcommand};

/// Rule engines for chess3d, checkers3d, Bishops (chess for four) and chess-T.
#[derive(Parser, Debug)]
#[command(name = "variants", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the games and their configuration keys.
    Games {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print the start position text.
    Start(GameArgs),
    /// Print the legal moves in canonical notation, sorted, one per line.
    Moves {
        /// Game, configuration and position.
        #[command(flatten)]
        game: PositionArgs,
        /// Print a JSON array instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the legal-move tree (perft).
    Perft {
        /// Game, configuration and position.
        #[command(flatten)]
        game: PositionArgs,
        /// Depth in plies.
        #[arg(long, short)]
        depth: u32,
        /// Also print the count below each legal move.
        #[arg(long)]
        divide: bool,
        /// Threads (split at the root); 0 = all cores.
        #[arg(long, short, default_value_t = 1)]
        threads: usize,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
}

/// A game and its configuration.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// The game (see `variants games`).
    pub game: String,
    /// A configuration key=value (repeatable), or `k=v;k=v`, or a JSON object.
    #[arg(long, short = 'c', value_name = "K=V")]
    pub config: Vec<String>,
}

/// A game, its configuration and an optional position.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// Game and configuration.
    #[command(flatten)]
    pub game: GameArgs,
    /// A position text in the game's notation (default: the start position).
    #[arg(long, short)]
    pub position: Option<String>,
}
