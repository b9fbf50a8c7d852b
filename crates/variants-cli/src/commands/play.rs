//! `variants play`: a game in the terminal between people and/or built-in players.
//!
//! Commands at the prompt: a move in the game's notation, `moves`, `show`, `undo`, `resign`,
//! `draw` (agreement), `claim`, `save FILE`, `load FILE`, `help`, `quit`.

use crate::cli::PositionArgs;
use crate::error::Error;
use crate::output::{out, outln};
use std::io::BufRead;
use variants::{AnyGame, Game, History, Seat, Status};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the terminal.
    Human,
    /// Picks a legal move at random.
    Random,
    /// Picks the move with the best material count one ply deep (random among equals).
    Greedy,
    /// The engine (`variants_engine`) within these limits.
    Engine(variants_engine::Limits),
}

/// Options of `variants play`.
pub struct Options {
    /// `SEAT=human|random|greedy` assignments.
    pub players: Vec<String>,
    /// Seed of the built-in players' random choices.
    pub seed: Option<u64>,
    /// A record to continue.
    pub load: Option<std::path::PathBuf>,
    /// Where to save the record when the game ends.
    pub save: Option<std::path::PathBuf>,
    /// Do not draw the board after every move.
    pub quiet: bool,
    /// Stop after this many plies (for built-in players).
    pub max_plies: Option<usize>,
}

/// xorshift64*: a small deterministic generator, enough for picking moves.
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value; 0 is moved off the fixed point).
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn parse_players(game: &AnyGame, specs: &[String]) -> Result<Vec<Player>, Error> {
    let mut players = vec![Player::Human; game.seat_count()];
    for spec in specs {
        let (seat, kind) = spec.split_once('=').ok_or_else(|| {
            Error::Action(format!(
                "--player {spec:?}: expected SEAT=human|random|greedy|engine[:OPTION=N]"
            ))
        })?;
        let index = (0..game.seat_count())
            .find(|&i| game.seat_name(Seat(i as u8)) == seat || seat == i.to_string())
            .ok_or_else(|| {
                let names: Vec<&str> = (0..game.seat_count())
                    .map(|i| game.seat_name(Seat(i as u8)))
                    .collect();
                Error::Action(format!(
                    "--player {spec:?}: no seat {seat:?}; seats: {}",
                    names.join(", ")
                ))
            })?;
        players[index] = match kind {
            "human" => Player::Human,
            "random" => Player::Random,
            "greedy" => Player::Greedy,
            k if k.starts_with("engine") => Player::Engine(super::engine_player::parse_limits(k)?),
            _ => {
                return Err(Error::Action(format!(
                    "--player {spec:?}: {kind:?} is not human, random, greedy or engine"
                )));
            }
        };
    }
    Ok(players)
}

/// Material of `seat` minus everyone else's, from the game's picture of the position.
fn material(game: &AnyGame, seat: Seat) -> i64 {
    let Some(view) = game.board_view() else {
        return 0;
    };
    view.boards
        .iter()
        .flat_map(|b| b.cells.iter())
        .filter_map(|c| c.piece.as_ref())
        .map(|p| {
            if p.seat == seat {
                p.value as i64
            } else {
                -(p.value as i64)
            }
        })
        .sum()
}

/// Plays a move given as text; returns its canonical text.
fn play_text(history: &mut History<AnyGame>, text: &str) -> Result<String, Error> {
    let canonical = history
        .position()
        .parse_move(text)
        .map(|mv| history.position().format_move(mv))?;
    history.play_text(text)?;
    Ok(canonical)
}

pub(crate) fn choose(game: &AnyGame, player: Player, rng: &mut Rng) -> Option<String> {
    let moves = game.legal_move_texts();
    if moves.is_empty() {
        return None;
    }
    if player == Player::Random {
        return moves.get(rng.below(moves.len())).cloned();
    }
    let me = game.side_to_move();
    let mut best: Vec<&String> = Vec::new();
    let mut best_score = i64::MIN;
    for m in &moves {
        let mut child = game.clone();
        if child.play_move_text(m).is_err() {
            continue;
        }
        let score = match child.status() {
            Status::Win { winner, .. } if winner == me => i64::MAX,
            Status::Win { .. } => i64::MIN + 1,
            _ => material(&child, me),
        };
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(m);
        }
    }
    best.get(rng.below(best.len())).map(|m| (*m).clone())
}

fn save(history: &History<AnyGame>, path: &std::path::Path) -> Result<(), Error> {
    std::fs::write(path, history.to_json())
        .map_err(|e| Error::Action(format!("cannot write {}: {e}", path.display())))?;
    outln!("saved the record to {}", path.display());
    Ok(())
}

fn load(path: &std::path::Path) -> Result<History<AnyGame>, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::Action(format!("cannot read {}: {e}", path.display())))?;
    Ok(variants::history_from_json(&text)?)
}

/// Leaving the session (`quit`, end of input, `--max-plies`) keeps the game: with `--save`
/// the record is written, unless the game's end already wrote it.
fn save_on_leaving(
    history: &History<AnyGame>,
    path: Option<&std::path::Path>,
    announced: bool,
) -> Result<(), Error> {
    match path {
        Some(path) if !announced => save(history, path),
        _ => Ok(()),
    }
}

fn show(history: &History<AnyGame>) {
    let game = history.position();
    out!("{}", super::show::board_text(game, false));
}

fn announce(history: &History<AnyGame>) {
    let game = history.position();
    match history.status() {
        Status::Ongoing => {}
        Status::Win { winner, reason } => {
            outln!("game over: {} wins ({reason})", game.seat_name(winner))
        }
        Status::Draw { reason } => outln!("game over: draw ({reason})"),
    }
}

const HELP: &str =
    "commands: <move> | moves | show | undo | resign | draw | claim | save FILE | load FILE | quit";

pub fn run(args: &PositionArgs, opts: Options) -> Result<(), Error> {
    let mut history: History<AnyGame> = match &opts.load {
        Some(path) => load(path)?,
        None => History::new(crate::setup::game(args)?),
    };
    let players = parse_players(history.position(), &opts.players)?;
    let mut rng = Rng(opts.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    }) | 1);
    let any_human = players.contains(&Player::Human);
    if any_human {
        outln!("{HELP}");
    }
    if !opts.quiet {
        show(&history);
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut plies = 0usize;
    let mut announced = false;
    loop {
        let over = history.status().is_over();
        if over && !announced {
            announce(&history);
            announced = true;
            if let Some(path) = &opts.save {
                save(&history, path)?;
            }
            if !any_human {
                return Ok(());
            }
        }
        let to_move = history.position().side_to_move();
        let player = players
            .get(to_move.index())
            .copied()
            .unwrap_or(Player::Human);
        if !over && player != Player::Human {
            if opts.max_plies.is_some_and(|m| plies >= m) {
                outln!("stopped after {plies} plies");
                return save_on_leaving(&history, opts.save.as_deref(), announced);
            }
            let name = history.position().seat_name(to_move);
            let choice = match player {
                Player::Engine(limits) => {
                    super::engine_player::EnginePlayer::new(history.position(), limits)?
                        .choose(history.position(), &[])?
                }
                _ => choose(history.position(), player, &mut rng),
            };
            match choice {
                Some(mv) => {
                    let played = play_text(&mut history, &mv)?;
                    outln!("{name} plays {played}");
                    plies += 1;
                    if !opts.quiet {
                        show(&history);
                    }
                }
                None => {
                    return Err(Error::Action(
                        "no legal move although the game goes on".into(),
                    ));
                }
            }
            continue;
        }
        // `out!` flushes, so the prompt shows before the read.
        out!("{}> ", history.position().seat_name(to_move));
        let Some(Ok(line)) = lines.next() else {
            outln!();
            return save_on_leaving(&history, opts.save.as_deref(), announced);
        };
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let result = match word {
            "" => Ok(()),
            "help" | "?" => {
                outln!("{HELP}");
                Ok(())
            }
            "quit" | "exit" => {
                return save_on_leaving(&history, opts.save.as_deref(), announced);
            }
            "moves" if over => {
                outln!("none: the game is over ({})", history.status());
                Ok(())
            }
            "moves" => {
                let mut moves = history.position().legal_move_texts();
                moves.sort();
                outln!("{}", moves.join(" "));
                Ok(())
            }
            "show" => {
                show(&history);
                outln!("{}", history.position().to_text());
                Ok(())
            }
            "undo" => history.undo().map_err(Error::from).map(|()| {
                announced = false;
                show(&history);
            }),
            "resign" => history.resign(to_move).map(|_| ()).map_err(Error::from),
            "draw" => history.agree_draw().map_err(Error::from),
            "claim" => history
                .claim_draw()
                .map(|r| outln!("draw claimed ({r})"))
                .map_err(Error::from),
            "save" if !rest.is_empty() => save(&history, std::path::Path::new(rest.trim())),
            "load" if !rest.is_empty() => load(std::path::Path::new(rest.trim())).map(|h| {
                history = h;
                announced = false;
                show(&history);
            }),
            _ if over => Err(Error::Action(format!("the game is over; {HELP}"))),
            _ => play_text(&mut history, line).map(|played| {
                plies += 1;
                if !opts.quiet {
                    outln!("played {played}");
                    show(&history);
                }
            }),
        };
        if let Err(e) = result {
            outln!("error: {e}");
        }
    }
}
