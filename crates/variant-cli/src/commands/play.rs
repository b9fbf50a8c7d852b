//! `variants play`: a game in the terminal between people and/or built-in players.
//!
//! Commands at the prompt: a move in the game's notation, `moves`, `show`, `undo`, `resign`,
//! `draw` (agreement), `claim`, `save FILE`, `load FILE`, `help`, `quit`.

use crate::cli::PlayArgs;
use crate::error::Error;
use crate::output::{out, outln};
use std::io::BufRead;
use variant_games::{AnyGame, Game, History, Seat, Status};
use variant_match::{Player, PlayerSpec, Rng};

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
        let bad = |e: variant_match::MatchError| Error::Command(format!("--player {spec:?}: {e}"));
        let player = PlayerSpec::parse(kind).map_err(bad)?;
        // A net file of `eval=` is read now, so that a bad one is named with its `--player`.
        if let PlayerSpec::Engine(engine) = &player {
            engine.evaluation().map_err(bad)?;
        }
        players[index] = player;
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

/// Plays the game until it ends (with built-in players only), the input ends, `quit`, or
/// `--max-plies`.
///
/// # Errors
///
/// A bad game, configuration, position, record or `--player`; an engine that cannot be
/// made or fails; a record that cannot be written at the end. Errors of a command at the
/// prompt are printed and the game goes on.
pub fn run(args: &PlayArgs) -> Result<(), Error> {
    let mut session = Session::new(args)?;
    super::install_params(&args.params, Some(session.history.position().name()))?;
    if session.any_human() {
        outln!("{}", seating(session.history.position(), &session.specs));
        outln!("{HELP}");
    }
    if !args.quiet {
        show(&session.history);
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let over = session.history.status().is_over();
        if over && !session.announced {
            session.announce_end()?;
            if !session.any_human() {
                return Ok(());
            }
        }
        if !over && session.builtin_to_move() {
            if args.max_plies.is_some_and(|m| session.plies >= m) {
                outln!("stopped after {} plies", session.plies);
                return session.leave();
            }
            session.builtin_move()?;
            continue;
        }
        let to_move = session.history.position().side_to_move();
        // `out!` flushes, so the prompt shows before the read.
        out!("{}> ", session.history.position().seat_name(to_move));
        let Some(Ok(line)) = lines.next() else {
            outln!();
            return session.leave();
        };
        match session.command(line.trim(), over) {
            Ok(Prompt::Stay) => {}
            Ok(Prompt::Leave) => return session.leave(),
            Err(e) => outln!("error: {e}"),
        }
    }
}

/// What the session does after a command at the prompt.
enum Prompt {
    /// Asks again.
    Stay,
    /// Leaves (`quit`).
    Leave,
}

/// A game being played at the terminal: the record, who plays each seat, and how far it got.
struct Session<'a> {
    args: &'a PlayArgs,
    history: History<AnyGame>,
    specs: Vec<PlayerSpec>,
    players: Vec<Player>,
    /// The built-in players' random choices.
    rng: Rng,
    /// Plies played in this session.
    plies: usize,
    /// Whether the end of the game has been said (and the record saved).
    announced: bool,
}

impl<'a> Session<'a> {
    /// The game of the arguments (or of `--load`) with its players told a game begins.
    fn new(args: &'a PlayArgs) -> Result<Session<'a>, Error> {
        let history: History<AnyGame> = match &args.load {
            Some(path) => load(path)?,
            None => History::new(crate::setup::game(&args.position)?),
        };
        let specs = parse_players(history.position(), &args.player)?;
        let players = make_players(&history, &specs)?;
        let rng = Rng::new(args.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        }));
        Ok(Session {
            args,
            history,
            specs,
            players,
            rng,
            plies: 0,
            announced: false,
        })
    }

    fn any_human(&self) -> bool {
        self.specs.iter().any(PlayerSpec::is_human)
    }

    /// Whether a built-in player (not a person) holds the seat to move.
    fn builtin_to_move(&self) -> bool {
        let to_move = self.history.position().side_to_move();
        self.players
            .get(to_move.index())
            .is_some_and(|p| !p.is_human())
    }

    /// Says how the game ended and, with `--save`, writes the record.
    fn announce_end(&mut self) -> Result<(), Error> {
        announce(&self.history);
        self.announced = true;
        match &self.args.save {
            Some(path) => save(&self.history, path),
            None => Ok(()),
        }
    }

    /// The built-in player to move chooses and plays its move.
    fn builtin_move(&mut self) -> Result<(), Error> {
        let to_move = self.history.position().side_to_move();
        let name = self.history.position().seat_name(to_move);
        let Some(player) = self.players.get_mut(to_move.index()) else {
            return Ok(());
        };
        let Some(mv) = player
            .choose(&self.history, &mut self.rng)
            .map_err(lib_error)?
        else {
            return Err(Error::Command(
                "no legal move although the game goes on".into(),
            ));
        };
        let played = play_text(&mut self.history, &mv)?;
        outln!("{name} plays {played}");
        self.plies += 1;
        if !self.args.quiet {
            show(&self.history);
        }
        Ok(())
    }

    /// Leaving the session (`quit`, end of input, `--max-plies`) keeps the game: with
    /// `--save` the record is written, unless the game's end already wrote it.
    fn leave(&self) -> Result<(), Error> {
        match &self.args.save {
            Some(path) if !self.announced => save(&self.history, path),
            _ => Ok(()),
        }
    }

    /// Does what a person typed at the prompt (`over`: the game has ended).
    fn command(&mut self, line: &str, over: bool) -> Result<Prompt, Error> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let to_move = self.history.position().side_to_move();
        match word {
            "" => {}
            "help" | "?" => outln!("{HELP}"),
            "quit" | "exit" => return Ok(Prompt::Leave),
            "moves" if over => outln!("none: the game is over ({})", self.history.status()),
            "moves" => {
                let mut moves = self.history.position().legal_move_texts();
                moves.sort();
                outln!("{}", moves.join(" "));
            }
            "show" => {
                show(&self.history);
                outln!("{}", self.history.position().to_text());
            }
            "undo" => {
                undo_to_person(&mut self.history, &self.players)?;
                self.announced = false;
                show(&self.history);
            }
            "resign" => {
                self.history.resign(to_move)?;
            }
            "draw" => self.history.agree_draw()?,
            "claim" => outln!("draw claimed ({})", self.history.claim_draw()?),
            "save" if !rest.is_empty() => save(&self.history, std::path::Path::new(rest.trim()))?,
            "load" if !rest.is_empty() => {
                let history = load(std::path::Path::new(rest.trim()))?;
                self.players = make_players(&history, &self.specs)?;
                self.history = history;
                self.announced = false;
                show(&self.history);
            }
            _ if over => return Err(Error::Command(format!("the game is over; {HELP}"))),
            _ => {
                let played = play_text(&mut self.history, line)?;
                self.plies += 1;
                if !self.args.quiet {
                    outln!("played {played}");
                    show(&self.history);
                }
            }
        }
        Ok(Prompt::Stay)
    }
}
