//! An external engine: a program that speaks the engine protocol (docs/protocol.md) on its
//! standard input and output, driven the way a GUI drives a UCI engine.
//!
//! The engine's output is read by a thread of its own and handed over line by line, so every
//! wait has a deadline: an engine that dies, hangs or floods gives an error, never a hang.

use crate::error::MatchError;
use crate::spec::UciSpec;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};
use variant_games::variant_core::Action;
use variant_games::{AnyGame, Game, GameConfig, History};

/// Longest line accepted from an engine (a longer one is an error).
const MAX_LINE: u64 = 1 << 20;

/// A running external engine set up for one game and configuration.
///
/// # Example
///
/// ```no_run
/// use variant_games::History;
/// use variant_match::{PlayerSpec, UciEngine};
///
/// let PlayerSpec::Uci(spec) = PlayerSpec::parse("uci:target/release/variants,movetime=50").unwrap()
/// else { unreachable!() };
/// let game = variant_games::new_game("checkers3d", "heights=1").unwrap();
/// let mut engine = UciEngine::start(&spec, &game).unwrap();
/// let mv = engine.choose(&History::new(game.clone())).unwrap();
/// assert!(mv.is_some());
/// ```
pub struct UciEngine {
    name: String,
    spec: UciSpec,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, String>>,
    /// The start position text of the game (for `position startpos`).
    start_text: String,
}

impl std::fmt::Debug for UciEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UciEngine")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Whether `path` names our own command (`variants`), which speaks the protocol as
/// `variants uci`.
fn is_variants_command(path: &str) -> bool {
    std::path::Path::new(path)
        .file_stem()
        .is_some_and(|s| s == "variants")
}

impl UciEngine {
    /// Starts the program, does the handshake (`uci` … `uciok`), chooses the game with
    /// `UCI_Variant`, sends each configuration key and the spec's own options as `setoption`,
    /// and waits for `readyok`.
    ///
    /// # Errors
    ///
    /// [`MatchError::Engine`]: the program cannot be started, exits, is silent past the
    /// spec's timeout, or reports an error (`info string error: …`) about an option.
    pub fn start(spec: &UciSpec, game: &AnyGame) -> Result<UciEngine, MatchError> {
        let name = crate::PlayerSpec::Uci(spec.clone()).to_string();
        let mut command = Command::new(&spec.path);
        if spec.args.is_empty() && is_variants_command(&spec.path) {
            command.arg("uci");
        }
        let mut child = command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| MatchError::Engine {
                player: name.clone(),
                why: format!("cannot start {:?}: {e}", spec.path),
            })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (tx, rx) = channel();
        if let Some(stdout) = stdout {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                loop {
                    let mut buf = Vec::new();
                    match reader.by_ref().take(MAX_LINE).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(_) if !buf.ends_with(b"\n") && buf.len() as u64 >= MAX_LINE => {
                            let _ = tx.send(Err("a line longer than 1 MiB".to_string()));
                            return;
                        }
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim().to_string();
                            if tx.send(Ok(line)).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
        }
        let start_text = AnyGame::new(game.config())
            .map(|g| g.to_text())
            .unwrap_or_default();
        let mut engine = UciEngine {
            name,
            spec: spec.clone(),
            child,
            stdin,
            lines: rx,
            start_text,
        };
        engine.send("uci")?;
        engine.wait_for("uciok", engine.spec.timeout_or_default())?;
        let mut options = vec![("UCI_Variant".to_string(), game.name().to_string())];
        options.extend(
            game.config()
                .to_pairs()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v)),
        );
        options.extend(spec.options.iter().cloned());
        for (key, value) in &options {
            let value = if value.is_empty() {
                crate::protocol::EMPTY
            } else {
                value
            };
            engine.send(&format!("setoption name {key} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    fn fail(&mut self, why: impl Into<String>) -> MatchError {
        let mut why = why.into();
        if let Ok(Some(status)) = self.child.try_wait() {
            why.push_str(&format!(" (the engine exited: {status})"));
        }
        MatchError::Engine {
            player: self.name.clone(),
            why,
        }
    }

    fn send(&mut self, line: &str) -> Result<(), MatchError> {
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(std::io::Error::other("no input")),
        };
        written.map_err(|e| {
            // The engine is probably gone: give it a moment to be reaped for the message.
            let _ = self.child.wait_timeout_ms(200);
            self.fail(format!("cannot send {line:?}: {e}"))
        })
    }

    /// The engine's lines up to one that starts with `word`, that line last; an `info string
    /// error` line on the way is an error.
    fn wait_for(&mut self, word: &str, within: Duration) -> Result<String, MatchError> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Ok(line)) => {
                    if line.split_whitespace().next() == Some(word) {
                        return Ok(line);
                    }
                    if let Some(error) = line.strip_prefix("info string error") {
                        let error = error.trim_start_matches(':').trim().to_string();
                        return Err(self.fail(format!("reports an error: {error}")));
                    }
                }
                Ok(Err(why)) => return Err(self.fail(why)),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.fail(format!("no {word:?} within {} ms", within.as_millis())));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // Give the process a moment to be reaped so the message has its status.
                    let _ = self.child.wait_timeout_ms(200);
                    return Err(self.fail(format!("closed its output before {word:?}")));
                }
            }
        }
    }

    fn ready(&mut self) -> Result<(), MatchError> {
        self.send("isready")?;
        self.wait_for("readyok", self.spec.timeout_or_default())
            .map(|_| ())
    }

    /// Tells the engine a new game begins (`ucinewgame`, then `isready`).
    ///
    /// # Errors
    ///
    /// The engine died or does not answer.
    pub fn new_game(&mut self) -> Result<(), MatchError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// The engine's move (canonical text) for the last position of `history`, the whole game
    /// sent as `position startpos|fen … moves …`; `None` for `bestmove 0000` or `(none)` when
    /// the position has no legal move.
    ///
    /// # Errors
    ///
    /// The engine died, stayed silent past its limit and timeout, or answered with a move
    /// that is not legal.
    pub fn choose(&mut self, history: &History<AnyGame>) -> Result<Option<String>, MatchError> {
        self.send(&position_command(history, &self.start_text))?;
        let limits = self.spec.search_limits();
        let mut go = vec!["go".to_string()];
        if let Some(d) = limits.depth {
            go.push(format!("depth {d}"));
        }
        if let Some(n) = limits.nodes {
            go.push(format!("nodes {n}"));
        }
        if let Some(t) = limits.movetime {
            go.push(format!("movetime {}", t.as_millis()));
        }
        self.send(&go.join(" "))?;
        let within = limits.movetime.unwrap_or_default() + self.spec.timeout_or_default();
        let line = self.wait_for("bestmove", within)?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        let game = history.position();
        if text == "0000" || text == "(none)" {
            if game.legal_moves().is_empty() {
                return Ok(None);
            }
            return Err(self.fail(format!("gave no move in {:?}", game.to_text())));
        }
        match game.parse_move(text) {
            Ok(mv) => Ok(Some(game.format_move(mv))),
            Err(e) => Err(self.fail(format!(
                "played {text:?}, not a legal move in {:?}: {e}",
                game.to_text()
            ))),
        }
    }
}

/// `position startpos|fen TEXT [moves …]` for the game record: the start and every move, so
/// the engine sees repetitions; a record with a resignation in it (a player who left) is sent
/// as its last position alone.
fn position_command(history: &History<AnyGame>, default_start: &str) -> String {
    let resigned = history
        .actions()
        .iter()
        .any(|a| matches!(a, Action::Resignation(_)));
    if resigned {
        return format!("position fen {}", history.position().to_text());
    }
    let start = history.start().to_text();
    let mut command = if start == default_start {
        "position startpos".to_string()
    } else {
        format!("position fen {start}")
    };
    let moves: Vec<String> = history
        .positions()
        .iter()
        .zip(history.moves())
        .map(|(p, m)| p.format_move(m))
        .collect();
    if !moves.is_empty() {
        command.push_str(" moves ");
        command.push_str(&moves.join(" "));
    }
    command
}

/// Waiting for a child with a bound.
trait WaitTimeout {
    fn wait_timeout_ms(&mut self, ms: u64) -> Option<std::process::ExitStatus>;
}

impl WaitTimeout for Child {
    fn wait_timeout_ms(&mut self, ms: u64) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + Duration::from_millis(ms);
        loop {
            if let Ok(Some(status)) = self.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for UciEngine {
    /// `quit`, a short wait, then the process is killed if it is still there.
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        if self.child.wait_timeout_ms(500).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_as_a_position_command() {
        let start = variant_games::new_game("chess3d", "heights=1").unwrap();
        let mut h = History::new(start.clone());
        assert_eq!(position_command(&h, &start.to_text()), "position startpos");
        h.play_text("e2e4").unwrap();
        h.play_text("e7e5").unwrap();
        assert_eq!(
            position_command(&h, &start.to_text()),
            "position startpos moves e2e4 e7e5"
        );
        let other =
            variant_games::from_text("chess3d", "heights=1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
                .unwrap();
        let mut h = History::new(other);
        h.play_text("e1g1").unwrap();
        assert_eq!(
            position_command(&h, &start.to_text()),
            "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1"
        );
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let spec = match crate::PlayerSpec::parse("uci:./no-such-engine-here").unwrap() {
            crate::PlayerSpec::Uci(u) => u,
            _ => unreachable!(),
        };
        let game = variant_games::new_game("chess-t", "").unwrap();
        let e = UciEngine::start(&spec, &game).unwrap_err().to_string();
        assert!(e.contains("cannot start"), "{e}");
    }
}
