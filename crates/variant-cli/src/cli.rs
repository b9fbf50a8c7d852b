//! The command line, declared with clap.

use clap::{Args, Parser, Subcommand};
use variant_engine::nnue::EvalChoice;

/// Rule engines for chess3d, checkers3d, Bishops (chess for four), chess-T and Qubic.
#[derive(Parser, Debug)]
#[command(name = "variants", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands, each with its own arguments.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the games and their configuration keys.
    Games(GamesArgs),
    /// Print the start position text.
    Start(GameArgs),
    /// Print the legal moves in canonical notation, sorted, one per line.
    Moves(MovesArgs),
    /// Count the leaves of the legal-move tree (perft).
    Perft(PerftArgs),
    /// Draw the board as text, or as an SVG picture.
    Show(ShowArgs),
    /// Play a game in the terminal, between people or against built-in players.
    Play(PlayArgs),
    /// The engine's best move, score and principal variation (a line per completed depth).
    Analyse(AnalyseArgs),
    /// Games between players: W/D/L per player, the Elo difference for two, an optional SPRT.
    Match(MatchArgs),
    /// Speak the engine protocol: UCI with UCI_Variant, FIDE chess by default (protocol.md).
    Uci(UciArgs),
    /// Self-play training data for the learned evaluation (docs/engine.md, "Training data").
    Datagen(DatagenArgs),
    /// Move-generation speed on each game's standard positions (node counts checked).
    Bench(BenchArgs),
    /// Serve the games in a browser: the page, a JSON API, games kept in SQLite.
    Serve(ServeArgs),
}

/// `variants games`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `variants moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    /// Game, configuration and position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print a JSON array instead of lines.
    #[arg(long)]
    pub json: bool,
}

/// `variants perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Game, configuration and position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Depth in plies (at most 64).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(0..=i64::from(variant_games::variant_core::perft::MAX_DEPTH)))]
    pub depth: u32,
    /// Also print the count below each legal move.
    #[arg(long)]
    pub divide: bool,
    /// Threads (work stealing over subtrees); 0 = all cores.
    #[arg(long, short, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table of this many megabytes, shared by the threads (0 = none).
    #[arg(long, value_name = "MB", default_value_t = 0)]
    pub hash: usize,
    /// Seed of the table's index and check key (a second run with another seed checks a
    /// deep count independently).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub hash_seed: u64,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `variants show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Game, configuration and position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Write an SVG picture to this file instead.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Show each cell's strength (chess-T: White's and Black's sums in half-units).
    #[arg(long)]
    pub strength: bool,
}

/// `variants play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Game, configuration and position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Who plays a seat: SEAT=SPEC with SPEC human, random, greedy,
    /// engine[:depth=N,movetime=MS,nodes=N,hash=MB,eval=E] or uci:PATH[,option=value…]
    /// (repeatable; default human).
    #[arg(long, value_name = "SEAT=KIND")]
    pub player: Vec<String>,
    /// Seed of the built-in players' random choices.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Continue a saved record (JSON).
    #[arg(long, value_name = "FILE")]
    pub load: Option<std::path::PathBuf>,
    /// Save the record (JSON) here when the game ends or input ends.
    #[arg(long, value_name = "FILE")]
    pub save: Option<std::path::PathBuf>,
    /// Do not draw the board after every move.
    #[arg(long, short)]
    pub quiet: bool,
    /// Stop built-in players after this many plies.
    #[arg(long)]
    pub max_plies: Option<usize>,
    /// The hand-written evaluation's weights.
    #[command(flatten)]
    pub params: ParamsArgs,
}

/// `variants analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// Game, configuration and position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Search this many plies.
    #[arg(long, short, required_unless_present_any = ["movetime", "nodes"])]
    pub depth: Option<u32>,
    /// Search this many milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// One JSON object at the end (keys best, score, depth, nodes, nps, time_ms, pv).
    #[arg(long)]
    pub json: bool,
    /// The evaluation.
    #[command(flatten)]
    pub eval: EvalArgs,
    /// The hand-written evaluation's weights.
    #[command(flatten)]
    pub params: ParamsArgs,
}

/// `variants match`.
#[derive(Args, Debug)]
#[command(
    mut_arg("eval_file", |a| a.help(
        "The evaluation of every `engine` player that does not choose its own with `eval=`: \
         this net file")),
    mut_arg("eval", |a| a.help("The same, `classic` or `default`")),
)]
pub struct MatchArgs {
    /// Game and configuration.
    #[command(flatten)]
    pub game: GameArgs,
    /// A player, one per seat that plays (repeatable): random, greedy,
    /// engine[:depth=N,movetime=MS,nodes=N,hash=MB,eval=E] or an external engine
    /// uci:PATH[,option=value…] (docs/protocol.md).
    #[arg(long, value_name = "SPEC", required = true)]
    pub player: Vec<String>,
    /// Games to play (seats rotate from game to game); with --sprt, at most.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Random plies at the start of each game (two games per opening, seats swapped);
    /// default 4, or 0 with --openings.
    #[arg(long)]
    pub random_plies: Option<usize>,
    /// Openings: one position text or move list a line, each played from both sides.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<std::path::PathBuf>,
    /// Plies after which an unfinished game is scored a draw.
    #[arg(long, default_value_t = variant_match::runner::DEFAULT_MAX_PLIES)]
    pub max_plies: usize,
    /// Sequential probability ratio test elo0,elo1[,alpha,beta] (logistic Elo of the first
    /// player over the second; alpha and beta 0.05): stop when it accepts H0 or H1.
    #[arg(long, value_name = "ELO0,ELO1[,A,B]", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// Seed of the openings and of the random players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// One JSON object (games, players with spec/wins/draws/losses/score, elo, elo_error,
    /// sprt with llr/lower/upper/result).
    #[arg(long)]
    pub json: bool,
    /// The evaluation of the `engine` players that do not choose their own.
    #[command(flatten)]
    pub eval: EvalArgs,
    /// The hand-written evaluation's weights (of every `engine` player: the table is one for
    /// the process).
    #[command(flatten)]
    pub params: ParamsArgs,
}

/// `variants uci`.
#[derive(Args, Debug)]
#[command(
    mut_arg("eval_file", |a| a.help("The `EvalFile` option's value at start: this net file")),
    mut_arg("eval", |a| a.help("The same, `classic` or `default`")),
)]
pub struct UciArgs {
    /// The evaluation at start.
    #[command(flatten)]
    pub eval: EvalArgs,
    /// The `EvalParams` option's value at start.
    #[command(flatten)]
    pub params: ParamsArgs,
}

/// `variants datagen`.
#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// Game and configuration.
    #[command(flatten)]
    pub game: GameArgs,
    /// Games to play.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1 << 32))]
    pub games: u64,
    /// Nodes the engine searches per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Random plies at the start of each game (not recorded).
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// Plies after which a game is scored a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Game i is played from seed SEED + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Threads (each plays whole games); 0 = all cores.
    #[arg(long, short, default_value_t = 1)]
    pub threads: usize,
    /// The file to write (VGDATA).
    #[arg(long, value_name = "FILE")]
    pub out: std::path::PathBuf,
    /// No progress line.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `variants bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Games to measure (default: all).
    pub games: Vec<String>,
    /// Threads for the parallel column; 0 = all cores.
    #[arg(long, short, default_value_t = 0)]
    pub threads: usize,
}

/// `variants serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The port (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The SQLite file the games are kept in.
    #[arg(long, value_name = "FILE", default_value = "variants.db")]
    pub data: std::path::PathBuf,
    /// When a move is on disk: `full` (flushed to the disk before the answer: survives a
    /// crash of the machine) or `normal` (written to the file before the answer; survives a
    /// crash of the server, not of the machine; saves one disk flush a batch of moves).
    #[arg(long, value_name = "MODE", default_value = "full",
          value_parser = ["normal", "full"])]
    pub sync: String,
    /// In a game with a clock, the seconds the player to move has for the first move once
    /// every seat's page is open; a game still without its first moves then is aborted.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0,
          value_parser = first_move_seconds)]
    pub first_move_seconds: f64,
    /// How long a game listed in the lobby with a seat open waits for its players: then it
    /// is called off (aborted) and leaves the lobby. `90s`, `30m`, `1h`, `2d` (1s to 30d).
    #[arg(long, value_name = "DURATION", default_value = "1h",
          value_parser = variant_web::parse_duration)]
    pub open_game_expiry: std::time::Duration,
}

/// The engine's evaluation: a net file, or `classic` or `default` (`analyse`, `match`, `uci`;
/// `match` and `uci` say in their own words what it applies to).
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// Evaluate with this net file (docs/engine.md, "The learned evaluation").
    #[arg(long, value_name = "NET", conflicts_with = "eval")]
    pub eval_file: Option<std::path::PathBuf>,
    /// `classic` (the hand-written evaluation) or `default` (the game's shipped net where
    /// one covers the configuration, else the hand-written one).
    #[arg(long, value_name = "EVAL", value_parser = ["classic", "default"])]
    pub eval: Option<String>,
}

impl EvalArgs {
    /// The evaluation asked for: the net file of `--eval-file` (a file, whatever its name),
    /// the word of `--eval`, or `None` without either.
    pub fn choice(&self) -> Option<EvalChoice> {
        match (&self.eval_file, &self.eval) {
            (Some(path), _) => Some(EvalChoice::File(path.clone())),
            (None, Some(word)) => Some(EvalChoice::parse(word)),
            (None, None) => None,
        }
    }
}

/// The weights of the hand-written evaluation (`analyse`, `play`, `match`, `uci`).
#[derive(Args, Debug)]
pub struct ParamsArgs {
    /// Read the hand-written evaluation's weights from this parameter file (docs/formats.md,
    /// "Evaluation parameters"; the file's game must be the one played).
    #[arg(long, value_name = "FILE")]
    pub eval_params: Option<std::path::PathBuf>,
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

/// `--first-move-seconds`: more than 0, at most a day.
fn first_move_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err(format!(
            "{text:?}: expected seconds, more than 0 and at most 86400"
        )),
    }
}
