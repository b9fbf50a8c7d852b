//! The `engine` player of `play` and `match`: `engine`, `engine:depth=N`,
//! `engine:movetime=MS`, `engine:nodes=N` (options joined with `,` combine).

use crate::error::Error;
use std::time::Duration;
use variants::{AnyGame, Game, GameConfig};
use variants_engine::{Limits, TextSearcher};

/// Time per move of a plain `engine` player.
pub const DEFAULT_MOVETIME_MS: u64 = 100;

/// Reads the options after `engine:` (`depth=N`, `movetime=MS`, `nodes=N`, comma-separated).
///
/// # Errors
///
/// An unknown option or a value that is not a positive number.
pub fn parse_limits(spec: &str) -> Result<Limits, Error> {
    let mut limits = Limits::default();
    let options = match spec.strip_prefix("engine") {
        Some("") => "",
        Some(rest) => rest
            .strip_prefix(':')
            .ok_or_else(|| bad(spec, "expected engine:OPTION=N"))?,
        None => return Err(bad(spec, "not an engine player")),
    };
    for option in options.split(',').filter(|o| !o.is_empty()) {
        let (key, value) = option
            .split_once('=')
            .ok_or_else(|| bad(spec, "expected depth=N, movetime=MS or nodes=N"))?;
        let n: u64 = value
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| bad(spec, &format!("{key}={value:?} is not a positive number")))?;
        match key {
            "depth" => limits.depth = Some(n.min(100) as u32),
            "movetime" => limits.movetime = Some(Duration::from_millis(n)),
            "nodes" => limits.nodes = Some(n),
            _ => {
                return Err(bad(
                    spec,
                    &format!("unknown option {key:?} (depth, movetime, nodes)"),
                ));
            }
        }
    }
    if limits == Limits::default() {
        limits.movetime = Some(Duration::from_millis(DEFAULT_MOVETIME_MS));
    }
    Ok(limits)
}

fn bad(spec: &str, why: &str) -> Error {
    Error::Action(format!("player {spec:?}: {why}"))
}

/// An engine player for one game: keeps its searcher (and what it learnt) between moves.
pub struct EnginePlayer {
    searcher: TextSearcher,
    limits: Limits,
}

impl EnginePlayer {
    /// An engine for the game of `game` with its configuration.
    ///
    /// # Errors
    ///
    /// A game the engine does not know.
    pub fn new(game: &AnyGame, limits: Limits) -> Result<EnginePlayer, Error> {
        let pairs: Vec<(String, String)> = game
            .config()
            .to_pairs()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        Ok(EnginePlayer {
            searcher: TextSearcher::new(game.name(), &pairs)?,
            limits,
        })
    }

    /// The engine's move in `game`; `earlier` are the hashes of the positions before it.
    ///
    /// # Errors
    ///
    /// A position the engine cannot read back from its text.
    pub fn choose(&mut self, game: &AnyGame, earlier: &[u64]) -> Result<Option<String>, Error> {
        let text = game.to_text();
        let r = self
            .searcher
            .search(Some(&text), earlier, &self.limits, None, &mut |_| {})?;
        Ok(r.best)
    }

    /// Forgets the previous game.
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }
}
