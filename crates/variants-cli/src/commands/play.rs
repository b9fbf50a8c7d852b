//! `variants play`: a game in the terminal between people and/or built-in players.
//!
//! Commands at the prompt: a move in the game's notation, `moves`, `show`, `undo`, `resign`,
//! `draw` (agreement), `claim`, `save FILE`, `load FILE`, `help`, `quit`.

use crate::cli::PositionArgs;
use crate::output::{out, outln};
use std::io::BufRead;
use variants::{DynGame, DynHistory, Error, Seat, Status, registry};

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

fn parse_players(game: &dyn DynGame, specs: &[String]) -> Result<Vec<Player>, Error> {
    let mut players = vec![Player::Human; game.seats()];
    for spec in specs {
        let (seat, kind) = spec.split_once('=').ok_or_else(|| {
            Error::Action(format!(
                "--player {spec:?}: expected SEAT=human|random|greedy|engine[:OPTION=N]"
            ))
        })?;
        let index = (0..game.seats())
            .find(|&i| game.seat_label(Seat(i as u8)) == seat || seat == i.to_string())
            .ok_or_else(|| {
                let names: Vec<&str> = (0..game.seats())
                    .map(|i| game.seat_label(Seat(i as u8)))
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
fn material(game: &dyn DynGame, seat: Seat) -> i64 {
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

pub(crate) fn choose(game: &dyn DynGame, player: Player, rng: &mut Rng) -> Option<String> {
    let moves = game.legal_move_texts();
    if moves.is_empty() {
        return None;
    }
    if player == Player::Random {
        return moves.get(rng.below(moves.len())).cloned();
    }
    let me = game.to_move();
    let mut best: Vec<&String> = Vec::new();
    let mut best_score = i64::MIN;
    for m in &moves {
        let mut child = game.clone_box();
        if child.play(m).is_err() {
            continue;
        }
        let score = match child.position_status() {
            Status::Win { winner, .. } if winner == me => i64::MAX,
            Status::Win { .. } => i64::MIN + 1,
            _ => material(child.as_ref(), me),
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

fn save(history: &dyn DynHistory, path: &std::path::Path) -> Result<(), Error> {
    std::fs::write(path, history.to_json())
        .map_err(|e| Error::Action(format!("cannot write {}: {e}", path.display())))?;
    outln!("saved the record to {}", path.display());
    Ok(())
}

fn load(path: &std::path::Path) -> Result<Box<dyn DynHistory>, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::Action(format!("cannot read {}: {e}", path.display())))?;
    registry::history_from_json(&text)
}

/// Leaving the session (`quit`, end of input, `--max-plies`) keeps the game: with `--save`
/// the record is written, unless the game's end already wrote it.
fn save_on_leaving(
    history: &dyn DynHistory,
    path: Option<&std::path::Path>,
    announced: bool,
) -> Result<(), Error> {
    match path {
        Some(path) if !announced => save(history, path),
        _ => Ok(()),
    }
}

fn show(history: &dyn DynHistory) {
    let game = history.position();
    out!("{}", super::show::board_text(game, false));
}

fn announce(history: &dyn DynHistory) {
    let game = history.position();
    match history.status() {
        Status::Ongoing => {}
        Status::Win { winner, reason } => {
            outln!("game over: {} wins ({reason})", game.seat_label(winner))
        }
        Status::Draw { reason } => outln!("game over: draw ({reason})"),
    }
}

const HELP: &str =
    "commands: <move> | moves | show | undo | resign | draw | claim | save FILE | load FILE | quit";

pub fn run(args: &PositionArgs, opts: Options) -> Result<(), Error> {
    let mut history: Box<dyn DynHistory> = match &opts.load {
        Some(path) => load(path)?,
        None => crate::setup::game(args)?.new_history(),
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
        show(history.as_ref());
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut plies = 0usize;
    let mut announced = false;
    loop {
        let over = history.status().is_over();
        if over && !announced {
            announce(history.as_ref());
            announced = true;
            if let Some(path) = &opts.save {
                save(history.as_ref(), path)?;
            }
            if !any_human {
                return Ok(());
            }
        }
        let to_move = history.position().to_move();
        let player = players
            .get(to_move.index())
            .copied()
            .unwrap_or(Player::Human);
        if !over && player != Player::Human {
            if opts.max_plies.is_some_and(|m| plies >= m) {
                outln!("stopped after {plies} plies");
                return save_on_leaving(history.as_ref(), opts.save.as_deref(), announced);
            }
            let name = history.position().seat_label(to_move);
            let choice = match player {
                Player::Engine(limits) => {
                    super::engine_player::EnginePlayer::new(history.position(), limits)?
                        .choose(history.position(), &[])?
                }
                _ => choose(history.position(), player, &mut rng),
            };
            match choice {
                Some(mv) => {
                    let played = history.play(&mv)?;
                    outln!("{name} plays {played}");
                    plies += 1;
                    if !opts.quiet {
                        show(history.as_ref());
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
        out!("{}> ", history.position().seat_label(to_move));
        let Some(Ok(line)) = lines.next() else {
            outln!();
            return save_on_leaving(history.as_ref(), opts.save.as_deref(), announced);
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
                return save_on_leaving(history.as_ref(), opts.save.as_deref(), announced);
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
                show(history.as_ref());
                outln!("{}", history.position().position_text());
                Ok(())
            }
            "undo" => history.undo().map(|()| {
                announced = false;
                show(history.as_ref());
            }),
            "resign" => history.resign(to_move).map(|_| ()),
            "draw" => history.agree_draw(),
            "claim" => history.claim_draw().map(|r| outln!("draw claimed ({r})")),
            "save" if !rest.is_empty() => save(history.as_ref(), std::path::Path::new(rest.trim())),
            "load" if !rest.is_empty() => load(std::path::Path::new(rest.trim())).map(|h| {
                history = h;
                announced = false;
                show(history.as_ref());
            }),
            _ if over => Err(Error::Action(format!("the game is over; {HELP}"))),
            _ => history.play(line).map(|played| {
                plies += 1;
                if !opts.quiet {
                    outln!("played {played}");
                    show(history.as_ref());
                }
            }),
        };
        if let Err(e) = result {
            outln!("error: {e}");
        }
    }
}
