//! The engine side of the engine protocol (docs/protocol.md): UCI with a `UCI_Variant` option
//! for every game of the facade and one option per configuration key, as Fairy-Stockfish
//! plays its variants. `variants uci` runs [`serve`] on its standard input and output.
//!
//! The default, before any `setoption`, is FIDE chess (chess3d with one height, C3-40), so
//! chess GUIs and python-chess drive it as a chess engine; `UCI_Variant` `chess` (what
//! python-chess sends) chooses that game again. Bad input gets an
//! `info string error: …` line and the engine goes on; nothing ends it but `quit` or the end
//! of the input.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;
use variant_engine::nnue::{EvalChoice, Evaluation};
use variant_engine::{AnyEngine, Limits, line_texts};
use variant_games::{AnyConfig, AnyGame, Game, GameConfig};

/// The game and configuration before any `UCI_Variant`: FIDE chess (chess3d, one height).
pub const DEFAULT_VARIANT: (&str, &str) = ("chess3d", "heights=1");

/// The `UCI_Variant` value for FIDE chess, the name chess GUIs and python-chess send: the
/// default game and configuration ([`DEFAULT_VARIANT`]).
pub const FIDE_CHESS: &str = "chess";

/// How an empty string value is written in `option` and `setoption` lines (Stockfish's way).
pub const EMPTY: &str = "<empty>";

fn or_empty(value: &str) -> &str {
    if value.is_empty() { EMPTY } else { value }
}

/// Where the engine's lines go (shared with the search thread).
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

type Running = (JoinHandle<AnyEngine>, Arc<AtomicBool>);

/// The protocol's state between commands.
struct Session {
    out: Output,
    variant: &'static str,
    pairs: Vec<(String, String)>,
    config: AnyConfig,
    position: AnyGame,
    earlier: Vec<u64>,
    engine: Option<AnyEngine>,
    hash_mb: usize,
    /// The `EvalFile` option: the evaluation of every search.
    evaluation: Evaluation,
    running: Option<Running>,
}

/// Speaks the protocol: reads commands from `input` until `quit` or its end, sends every
/// answer line to `out`.
///
/// # Errors
///
/// None in practice: bad commands are answered with `info string error: …` lines.
///
/// # Example
///
/// ```
/// use std::sync::{Arc, Mutex};
/// let lines = Arc::new(Mutex::new(Vec::<String>::new()));
/// let sink = Arc::clone(&lines);
/// let input = "setoption name UCI_Variant value checkers3d\nsetoption name heights value 1\n\
///              position startpos moves c3-d4\ngo depth 2\nquit\n";
/// variant_match::protocol::serve(input.as_bytes(), Arc::new(move |l: &str| {
///     sink.lock().unwrap().push(l.to_string())
/// }));
/// let lines = lines.lock().unwrap();
/// assert!(lines.last().unwrap().starts_with("bestmove "));
/// ```
pub fn serve(input: impl BufRead, out: Output) {
    serve_with(input, out, Evaluation::Default);
}

/// [`serve`] with `evaluation` as the `EvalFile` option's value before any `setoption`
/// (`variants uci --eval-file NET`).
pub fn serve_with(input: impl BufRead, out: Output, evaluation: Evaluation) {
    let (variant, config_text) = DEFAULT_VARIANT;
    let pairs: Vec<(String, String)> =
        variant_games::registry::parse_config(config_text).unwrap_or_default();
    let Ok(config) = variant_games::registry::config(variant, &pairs) else {
        return;
    };
    let Ok(position) = AnyGame::new(&config) else {
        return;
    };
    let mut s = Session {
        out,
        variant: position.name(),
        pairs,
        config,
        position,
        earlier: Vec::new(),
        engine: None,
        hash_mb: variant_engine::DEFAULT_ANY_HASH_MB,
        evaluation,
        running: None,
    };
    s.engine = Some(s.new_engine());
    for line in input.lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        match command {
            "uci" => s.identify(),
            "isready" => (s.out)("readyok"),
            "ucinewgame" => {
                s.finish();
                if let Some(e) = s.engine.as_mut() {
                    e.clear();
                }
            }
            "setoption" => {
                s.finish();
                if let Err(e) = s.set_option(&words[1..]) {
                    s.error(&e);
                }
            }
            "position" => {
                s.finish();
                match set_position(&s.config, &words[1..]) {
                    Ok((p, e)) => {
                        s.position = p;
                        s.earlier = e;
                    }
                    Err(e) => s.error(&e),
                }
            }
            "go" => {
                s.finish();
                s.go(&words[1..]);
            }
            "stop" => s.finish(),
            "quit" => break,
            "debug" | "register" | "ponderhit" => {}
            other => s.error(&format!("unknown command {other:?}")),
        }
    }
    s.finish();
}

impl Session {
    fn error(&self, message: &str) {
        (self.out)(&format!("info string error: {message}"));
    }

    /// `id`, the options, `uciok`.
    fn identify(&self) {
        let out = &self.out;
        out(&format!(
            "id name variant-engine {}",
            env!("CARGO_PKG_VERSION")
        ));
        out("id author The variants developers");
        let games = variant_games::registry::games();
        let vars: Vec<String> = games.iter().map(|g| format!("var {}", g.name)).collect();
        out(&format!(
            "option name UCI_Variant type combo default {} {} var {FIDE_CHESS}",
            self.variant,
            vars.join(" ")
        ));
        out(&format!(
            "option name Hash type spin default {} min 1 max 65536",
            self.hash_mb
        ));
        // `default` (the game's shipped net, else the hand-written evaluation), `classic`, or
        // the path of a net file (docs/engine.md).
        out("option name EvalFile type string default default");
        // `default` (every game's embedded table) or the path of a parameter file for the
        // hand-written evaluation of the file's game (docs/formats.md), process-wide.
        out("option name EvalParams type string default default");
        // Every configuration key of every game, the chosen game's first with its values;
        // a key is checked against the game chosen when it is set.
        let mut listed: Vec<&str> = Vec::new();
        let current = self.config.to_pairs();
        for (key, value) in &current {
            listed.push(key);
            out(&format!(
                "option name {key} type string default {}",
                or_empty(value)
            ));
        }
        for game in &games {
            for key in game.keys {
                if !listed.contains(&key.name) {
                    listed.push(key.name);
                    out(&format!(
                        "option name {} type string default {}",
                        key.name,
                        or_empty(key.default)
                    ));
                }
            }
        }
        out("uciok");
    }

    /// A new engine with the session's table size and evaluation.
    fn new_engine(&self) -> AnyEngine {
        let mut engine = AnyEngine::with_hash_mb(self.hash_mb);
        engine.set_evaluation(self.evaluation.clone());
        engine
    }

    /// `name NAME… value VALUE…`: the variant (resets the configuration to the game's
    /// defaults), `Hash`, or a configuration key of the chosen game.
    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        let value_at = words.iter().position(|&w| w == "value");
        let name = match words.first() {
            Some(&"name") => words[1..value_at.unwrap_or(words.len())].join(" "),
            _ => return Err("setoption: expected name NAME value VALUE".to_string()),
        };
        let value = value_at.map_or(String::new(), |i| words[i + 1..].join(" "));
        let value = if value == EMPTY { String::new() } else { value };
        if name.eq_ignore_ascii_case("UCI_Variant") {
            let (game, pairs) = if value == FIDE_CHESS {
                let (game, text) = DEFAULT_VARIANT;
                let pairs =
                    variant_games::registry::parse_config(text).map_err(|e| e.to_string())?;
                (game, pairs)
            } else {
                (value.as_str(), Vec::new())
            };
            let config =
                variant_games::registry::config(game, &pairs).map_err(|e| e.to_string())?;
            return self.reconfigure(config, pairs);
        }
        if name.eq_ignore_ascii_case("Hash") {
            let mb: usize = value
                .parse()
                .ok()
                .filter(|&n| (1..=65536).contains(&n))
                .ok_or_else(|| format!("Hash {value:?}: expected 1 to 65536 (MiB)"))?;
            self.hash_mb = mb;
            self.engine = Some(self.new_engine());
            return Ok(());
        }
        if name.eq_ignore_ascii_case("EvalFile") {
            let evaluation = EvalChoice::parse(&value)
                .load()
                .map_err(|e| format!("EvalFile: {e}"))?;
            (self.out)(&format!("info string evaluation {}", evaluation.describe()));
            self.evaluation = evaluation;
            self.engine = Some(self.new_engine());
            return Ok(());
        }
        if name.eq_ignore_ascii_case("EvalParams") {
            return self.set_params(&value);
        }
        let known = self.config.game_keys().iter().any(|k| k.name == name);
        if !known {
            return Err(format!(
                "unknown option {name:?} for {} (its keys: {})",
                self.variant,
                self.config
                    .game_keys()
                    .iter()
                    .map(|k| k.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let mut pairs = self.pairs.clone();
        pairs.retain(|(k, _)| *k != name);
        pairs.push((name, value));
        let config =
            variant_games::registry::config(self.variant, &pairs).map_err(|e| e.to_string())?;
        self.reconfigure(config, pairs)
    }

    /// `EvalParams`: `default` puts every game's embedded table back; a path installs the
    /// parameter file's table for its game (`variant_engine::eval::params`), for every search
    /// of the process from now on.
    fn set_params(&mut self, value: &str) -> Result<(), String> {
        use variant_engine::eval::params;
        if value.is_empty() || value == "default" {
            for game in params::games() {
                params::reset(game);
            }
            (self.out)("info string eval params default");
            return Ok(());
        }
        let table =
            params::read(std::path::Path::new(value)).map_err(|e| format!("EvalParams: {e}"))?;
        params::install(&table).map_err(|e| format!("EvalParams: {e}"))?;
        (self.out)(&format!(
            "info string eval params for {} from {value}",
            table.game()
        ));
        Ok(())
    }

    /// A new game or configuration: the start position, checked before it is taken.
    fn reconfigure(
        &mut self,
        config: AnyConfig,
        pairs: Vec<(String, String)>,
    ) -> Result<(), String> {
        let position = AnyGame::new(&config).map_err(|e| e.to_string())?;
        self.variant = position.name();
        self.config = config;
        self.pairs = pairs;
        self.position = position;
        self.earlier.clear();
        Ok(())
    }

    /// Starts a search on its own thread; it prints its `info` lines and `bestmove`.
    fn go(&mut self, words: &[&str]) {
        let limits = go_limits(words, &self.position);
        let stop = Arc::new(AtomicBool::new(false));
        let mut engine = self.engine.take().unwrap_or_else(|| self.new_engine());
        let (pos, earlier, flag, out) = (
            self.position.clone(),
            self.earlier.clone(),
            Arc::clone(&stop),
            Arc::clone(&self.out),
        );
        let handle = std::thread::spawn(move || {
            let r = engine.search(&pos, &earlier, &limits, Some(&flag), |p| {
                out(&format!(
                    "info depth {} score {} nodes {} nps {} time {} pv {}",
                    p.depth,
                    p.score,
                    p.nodes,
                    p.nps,
                    p.elapsed.as_millis(),
                    line_texts(&pos, &p.pv).join(" ")
                ));
            });
            match r.best {
                Some(m) => out(&format!("bestmove {}", pos.format_move(m))),
                None => out("bestmove 0000"),
            }
            engine
        });
        self.running = Some((handle, stop));
    }

    /// Stops a running search (it prints its `bestmove`) and takes the engine back.
    fn finish(&mut self) {
        if let Some((handle, stop)) = self.running.take() {
            stop.store(true, Ordering::Relaxed);
            if let Ok(e) = handle.join() {
                self.engine = Some(e);
            }
        }
    }
}

/// `startpos|fen TEXT… [moves m…]`: the position and the hashes of the positions before it.
fn set_position(config: &AnyConfig, words: &[&str]) -> Result<(AnyGame, Vec<u64>), String> {
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let mut game = match words.first() {
        Some(&"startpos") if moves_at == 1 => AnyGame::new(config).map_err(|e| e.to_string())?,
        Some(&"fen") if moves_at > 1 => {
            AnyGame::from_text(config, &words[1..moves_at].join(" ")).map_err(|e| e.to_string())?
        }
        _ => return Err("position: expected startpos or fen TEXT, then moves …".to_string()),
    };
    let mut earlier = Vec::new();
    for text in words.iter().skip(moves_at + 1) {
        if game.status().is_over() {
            return Err(format!("position: move {text:?} after the end of the game"));
        }
        let mv = game.parse_move(text).map_err(|e| e.to_string())?;
        earlier.push(game.zobrist());
        game.try_play(mv).map_err(|e| e.to_string())?;
    }
    Ok((game, earlier))
}

/// The limits of a `go` command; `infinite` (or nothing) searches until `stop`. The mover's
/// clock is `<first letter of its seat name>time` / `…inc` (`wtime`, `btime`, and for four
/// players `gtime`, `ptime`) or `<seat name>time` / `…inc`.
fn go_limits(words: &[&str], game: &AnyGame) -> Limits {
    let value = |key: &str| -> Option<u64> {
        let i = words.iter().position(|&w| w == key)?;
        words.get(i + 1)?.parse().ok()
    };
    let mut limits = Limits {
        depth: value("depth").map(|d| d.clamp(1, 100) as u32),
        nodes: value("nodes").map(|n| n.max(1)),
        movetime: value("movetime").map(Duration::from_millis),
    };
    let seat = game.seat_name(game.side_to_move());
    let letter: String = seat.chars().take(1).collect();
    let clock =
        |what: &str| value(&format!("{seat}{what}")).or_else(|| value(&format!("{letter}{what}")));
    if limits.movetime.is_none()
        && let Some(time) = clock("time")
    {
        let moves_to_go = value("movestogo").unwrap_or(30).max(1);
        let budget = time / moves_to_go + clock("inc").unwrap_or(0) / 2;
        // Keep a reserve for the GUI's overhead.
        let budget = budget.min(time.saturating_sub(50) / 2).max(1);
        limits.movetime = Some(Duration::from_millis(budget));
    }
    limits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_of_every_seat() {
        let four = variant_games::new_game("bishops4p", "").unwrap();
        // White moves first: wtime 3000 / 30 moves = 100 ms.
        let l = go_limits(&["wtime", "3000", "gtime", "9000"], &four);
        assert_eq!(l.movetime, Some(Duration::from_millis(100)));
        let chess = variant_games::new_game("chess-t", "").unwrap();
        let l = go_limits(&["whitetime", "6000", "movestogo", "10"], &chess);
        assert_eq!(l.movetime, Some(Duration::from_millis(600)));
        assert_eq!(go_limits(&["depth", "0"], &chess).depth, Some(1));
    }

    #[test]
    fn positions_both_ways() {
        let config =
            variant_games::registry::config("chess3d", &[("heights".into(), "1".into())]).unwrap();
        let (g, earlier) = set_position(&config, &["startpos", "moves", "e2e4", "e7e5"]).unwrap();
        assert_eq!(earlier.len(), 2);
        let fen: Vec<&str> = "fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
            .split(' ')
            .collect();
        let (h, _) = set_position(&config, &fen).unwrap();
        assert_eq!(g.to_text(), h.to_text());
        assert!(set_position(&config, &["startpos", "moves", "e2e5"]).is_err());
        assert!(set_position(&config, &["fen"]).is_err());
        assert!(set_position(&config, &["startpos", "junk"]).is_err());
    }
}
