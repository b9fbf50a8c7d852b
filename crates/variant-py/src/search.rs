//! `Game.search`: the engine of `crates/variant-engine` for a position held as an `AnyGame`.

use pyo3::prelude::*;
use std::time::Duration;
use variant_engine::{AnyEngine, Limits, line_texts};
use variant_games::AnyGame;
use variant_games::variant_core::{Error, Game};

/// What a search found.
#[pyclass(module = "variant_games", name = "SearchResult", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The best move, `None` when the side to move has no legal move.
    pub best: Option<String>,
    /// The score in centipawns (pawn or man = 100) for the side to move; `None` for a mate.
    pub score: Option<i32>,
    /// Moves to mate: positive when the side to move mates, negative when it is mated.
    pub mate: Option<i32>,
    /// The deepest completed depth in plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds used.
    pub seconds: f64,
    /// The principal variation, `best` first.
    pub pv: Vec<String>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        format!(
            "<SearchResult best={:?} score={:?} mate={:?} depth={} nodes={} pv={:?}>",
            self.best, self.score, self.mate, self.depth, self.nodes, self.pv
        )
    }
}

/// Searches `game` within `limits` with the engine's [`AnyEngine`].
pub fn search(game: &AnyGame, limits: &Limits) -> Result<SearchResult, Error> {
    let result = AnyEngine::new().search(game, &[], limits, None, |_| {});
    Ok(SearchResult {
        best: result.best.map(|m| game.format_move(m)),
        score: result.score.centipawns(),
        mate: result.score.mate_in(),
        depth: result.depth,
        nodes: result.nodes,
        seconds: result.elapsed.as_secs_f64(),
        pv: line_texts(game, &result.pv),
    })
}

/// The limits from Python's arguments: `depth` plies (1..=100), `movetime` seconds (above 0,
/// at most a day), `nodes` (1 or more); one second when none is given.
pub fn limits(
    depth: Option<u32>,
    movetime: Option<f64>,
    nodes: Option<u64>,
) -> Result<Limits, String> {
    let mut limits = Limits::default();
    if let Some(depth) = depth {
        if !(1..=100).contains(&depth) {
            return Err(format!("depth {depth}: must be in 1..=100"));
        }
        limits.depth = Some(depth);
    }
    if let Some(seconds) = movetime {
        if !(seconds > 0.0 && seconds <= 86_400.0) {
            return Err(format!(
                "movetime {seconds}: must be above 0 and at most 86400 seconds"
            ));
        }
        limits.movetime = Some(Duration::from_secs_f64(seconds));
    }
    if let Some(nodes) = nodes {
        if nodes == 0 {
            return Err("nodes 0: must be 1 or more".to_string());
        }
        limits.nodes = Some(nodes);
    }
    if limits == Limits::default() {
        limits.movetime = Some(Duration::from_secs(1));
    }
    Ok(limits)
}
