//! `variants play`: a game in the terminal between people and/or built-in players.
//!
//! Commands at the prompt: a move in the game's notation, `moves`, `show`, `undo`, `resign`,
//! `draw` (agreement), `claim`, `save FILE`, `load FILE`, `help`, `quit`.

use crate::cli::PositionArgs;
use crate::error::Error;
use crate::output::{out, outln};
use std::io::BufRead;
use variant_games::{AnyGame, Game, History, Seat, Status};
use variant_match::{Player, PlayerSpec, Rng};

/// Options of `variants play`.
pub struct Options {
    /// `SEAT=SPEC` assignments (specs of `variant_match`).
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

/// The spec of each seat (`human` unless `--player SEAT=SPEC` says otherwise).
fn parse_players(game: &AnyGame, specs: &[String]) -> Result<Vec<PlayerSpec>, Error> {
    let mut players = vec![PlayerSpec::Human; game.seat_count()];
    for spec in specs {
        let (seat, kind) = spec.split_once('=').ok_or_else(|| {
            Error::Command(format!(
                "--player {spec:?}: expected SEAT=human|random|greedy|engine[:OPTION=N]|uci:PATH"
            ))
        })?;
        let index = (0..game.seat_count())
            .find(|&i| game.seat_name(Seat(i as u8)) == seat || seat == i.to_string())
            .ok_or_else(|| {
                Error::Command(format!(
                    "--player {spec:?}: no seat {seat:?}; seats: {}",
                    game.seat_names().join(", ")
                ))
            })?;
        players[index] = PlayerSpec::parse(kind)
            .map_err(|e| Error::Command(format!("--player {spec:?}: {e}")))?;
    }
    Ok(players)
}

/// The players of the seats for the game of `history`, told a game begins.
fn make_players(history: &History<AnyGame>, specs: &[PlayerSpec]) -> Result<Vec<Player>, Error> {
    specs
        .iter()
        .map(|s| {
            let mut p = Player::new(s, history.start()).map_err(lib_error)?;
            p.new_game().map_err(lib_error)?;
            Ok(p)
        })
        .collect()
}

fn lib_error(e: variant_match::MatchError) -> Error {
    Error::Command(e.to_string())
}

/// Takes back the last action and, against built-in players, theirs before it too, so the
/// turn returns to a person.
fn undo_to_person(history: &mut History<AnyGame>, players: &[Player]) -> Result<(), Error> {
    history.undo()?;
    while !history.actions().is_empty() {
        let to_move = history.position().side_to_move();
        if players.get(to_move.index()).is_none_or(Player::is_human) {
            break;
        }
        history.undo()?;
    }
    Ok(())
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

fn save(history: &History<AnyGame>, path: &std::path::Path) -> Result<(), Error> {
    std::fs::write(path, history.to_json())
        .map_err(|e| Error::Command(format!("cannot write {}: {e}", path.display())))?;
    outln!("saved the record to {}", path.display());
    Ok(())
}

fn load(path: &std::path::Path) -> Result<History<AnyGame>, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::Command(format!("cannot read {}: {e}", path.display())))?;
    Ok(variant_games::history_from_json(&text)?)
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
        Status::Aborted => outln!("game over: aborted"),
    }
}

/// Who sits where, said before the first move so that a person knows which side is theirs:
/// `you play white and black (both at this terminal)`, `you play white; black: engine`.
fn seating(game: &AnyGame, specs: &[PlayerSpec]) -> String {
    let name = |i: usize| game.seat_name(Seat(i as u8)).to_string();
    let people: Vec<String> = (0..specs.len())
        .filter(|&i| specs[i].is_human())
        .map(name)
        .collect();
    let others: Vec<String> = (0..specs.len())
        .filter(|&i| !specs[i].is_human())
        .map(|i| format!("{}: {}", name(i), specs[i]))
        .collect();
    let mut line = format!("you play {}", people.join(" and "));
    if people.len() > 1 {
        line.push_str(" (all at this terminal; --player SEAT=engine gives a seat to the engine)");
    }
    if !others.is_empty() {
        line.push_str("; ");
        line.push_str(&others.join(", "));
    }
    line
}

const HELP: &str =
    "commands: <move> | moves | show | undo | resign | draw | claim | save FILE | load FILE | quit";

pub fn run(args: &PositionArgs, opts: Options) -> Result<(), Error> {
    let mut history: History<AnyGame> = match &opts.load {
        Some(path) => load(path)?,
        None => History::new(crate::setup::game(args)?),
    };
    let specs = parse_players(history.position(), &opts.players)?;
    let mut players = make_players(&history, &specs)?;
    let mut rng = Rng::new(opts.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    }));
    let any_human = specs.iter().any(PlayerSpec::is_human);
    if any_human {
        outln!("{}", seating(history.position(), &specs));
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
        let seat_player = players.get_mut(to_move.index()).filter(|p| !p.is_human());
        if let (false, Some(player)) = (over, seat_player) {
            if opts.max_plies.is_some_and(|m| plies >= m) {
                outln!("stopped after {plies} plies");
                return save_on_leaving(&history, opts.save.as_deref(), announced);
            }
            let name = history.position().seat_name(to_move);
            match player.choose(&history, &mut rng).map_err(lib_error)? {
                Some(mv) => {
                    let played = play_text(&mut history, &mv)?;
                    outln!("{name} plays {played}");
                    plies += 1;
                    if !opts.quiet {
                        show(&history);
                    }
                }
                None => {
                    return Err(Error::Command(
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
            "undo" => undo_to_person(&mut history, &players).map(|()| {
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
            "load" if !rest.is_empty() => load(std::path::Path::new(rest.trim()))
                .and_then(|h| Ok((make_players(&h, &specs)?, h)))
                .map(|(p, h)| {
                    players = p;
                    history = h;
                    announced = false;
                    show(&history);
                }),
            _ if over => Err(Error::Command(format!("the game is over; {HELP}"))),
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
