//! The analysis board's searches: the engine on any position for a bounded time, its
//! progress (depth, score, principal variation) streamed as NDJSON lines, with a bound on
//! how many run at once in total and for one client (docs/web.md, "Analysis").

use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use variant_engine::{AnyEngine, Limits, Score};
use variant_games::variant_core::History;
use variant_games::{AnyGame, AnyMove, Game, Seat};

/// The longest search one request may ask for, in milliseconds.
pub const MAX_ANALYSIS_MS: u64 = 10_000;
/// The search time of a request that names none, in milliseconds.
pub const DEFAULT_ANALYSIS_MS: u64 = 5_000;
/// The most analyses that run at once on the server, on a machine with enough cores (see
/// [`Analyses::for_cores`]: one core is always left to the games).
pub const MAX_ANALYSES: usize = 2;
/// The most analyses one client (one IP address) runs at once.
pub const MAX_ANALYSES_PER_CLIENT: usize = 1;
/// The transposition table of an analysis, in MiB.
pub const ANALYSIS_HASH_MB: usize = 4;

/// One running analysis: its number and its stop flag.
type Running = HashMap<String, Vec<(u64, Arc<AtomicBool>)>>;

/// The analyses running now, by client.
pub struct Analyses {
    running: Arc<Mutex<Running>>,
    next: AtomicU64,
    /// The most that run at once.
    limit: usize,
}

impl Default for Analyses {
    fn default() -> Self {
        Analyses::with_limit(MAX_ANALYSES)
    }
}

/// One running analysis's place in [`Analyses`]; given back when dropped.
#[derive(Debug)]
pub struct Ticket {
    running: Arc<Mutex<Running>>,
    client: String,
    number: u64,
}

/// Why an analysis cannot start now.
#[derive(Debug, PartialEq, Eq)]
pub enum Busy {
    /// Over a limit: the text of the 429 answer.
    Full(String),
    /// The client's earlier analysis was told to stop so that this one replaces it: ask again
    /// in a moment.
    Replacing,
}

impl Analyses {
    /// At most `limit` at once (0: none, every request is refused).
    pub fn with_limit(limit: usize) -> Analyses {
        Analyses {
            running: Arc::default(),
            next: AtomicU64::new(0),
            limit,
        }
    }

    /// The limit for a machine of `cores` cores: one core is left to the games (searches on
    /// every core slow the moves' answers, docs/notes/2026-12-code-comment-figures.md), at
    /// most [`MAX_ANALYSES`], at least 1.
    pub fn for_cores(cores: usize) -> Analyses {
        Analyses::with_limit(cores.saturating_sub(1).clamp(1, MAX_ANALYSES))
    }

    /// The most analyses that run at once.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Takes a place for `client`'s analysis, whose search stops when `stop` is raised;
    /// `replace`: a running analysis of the same client is stopped to make room.
    ///
    /// # Errors
    /// [`Busy::Full`] when the server or the client already runs its most;
    /// [`Busy::Replacing`] when the client's earlier analysis was told to stop.
    pub fn start(
        &self,
        client: &str,
        stop: &Arc<AtomicBool>,
        replace: bool,
    ) -> Result<Ticket, Busy> {
        if self.limit == 0 {
            return Err(Busy::Full("this server runs no analyses".to_string()));
        }
        let mut running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        let total: usize = running.values().map(Vec::len).sum();
        let mine = running.get(client).map_or(0, Vec::len);
        if mine >= MAX_ANALYSES_PER_CLIENT {
            if replace {
                for (_, flag) in &running[client] {
                    flag.store(true, Ordering::Relaxed);
                }
                return Err(Busy::Replacing);
            }
            return Err(Busy::Full(format!(
                "an analysis of yours is running (at most {MAX_ANALYSES_PER_CLIENT} per client): \
                 close it, wait for its end, or ask with replace=true"
            )));
        }
        if total >= self.limit {
            return Err(Busy::Full(format!(
                "the server runs its most analyses at once ({}): try again in a few seconds",
                self.limit
            )));
        }
        let number = self.next.fetch_add(1, Ordering::Relaxed);
        running
            .entry(client.to_string())
            .or_default()
            .push((number, Arc::clone(stop)));
        Ok(Ticket {
            running: Arc::clone(&self.running),
            client: client.to_string(),
            number,
        })
    }

    /// Raises the stop flag of every running analysis (the server stops).
    pub fn stop_all(&self) {
        let running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        for (_, flag) in running.values().flatten() {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// How many analyses run now.
    #[cfg(test)]
    pub fn running(&self) -> usize {
        self.running
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .map(Vec::len)
            .sum()
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(list) = running.get_mut(&self.client) {
            list.retain(|(n, _)| *n != self.number);
            if list.is_empty() {
                running.remove(&self.client);
            }
        }
    }
}

/// A line of an analysis's stream (NDJSON, docs/web.md, "`GET /api/analysis`"), by its
/// `type`.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Line {
    /// What is analysed.
    Start {
        game: String,
        config: String,
        position: String,
        to_move: &'static str,
        seats: Vec<&'static str>,
        ms: u64,
    },
    /// A completed depth.
    Depth {
        depth: u32,
        score: ScoreView,
        nodes: u64,
        nps: u64,
        elapsed_ms: u64,
        /// The principal variation's canonical texts.
        pv: Vec<String>,
        /// Its SAN, for FIDE chess.
        pv_san: Option<Vec<String>>,
    },
    /// The end of the search.
    Done {
        stopped: bool,
        depth: u32,
        best: Option<String>,
        nodes: u64,
        elapsed_ms: u64,
        /// For a position where the game is over: how (nothing was searched).
        #[serde(skip_serializing_if = "Option::is_none")]
        over: Option<crate::room::StatusView>,
    },
    /// The server stops.
    Shutdown,
}

/// A score for the side to move: `cp` or `mate` (negative: the side to move is mated), with
/// `text` in UCI's form.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ScoreView {
    /// Centipawns, when no mate is found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Moves to mate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// UCI's form (`cp 35`, `mate 2`).
    pub text: String,
}

/// A score as the stream sends it.
pub fn score_view(score: Score) -> ScoreView {
    match score.mate_in() {
        Some(m) => ScoreView {
            cp: None,
            mate: Some(m),
            text: score.to_string(),
        },
        None => ScoreView {
            cp: score.centipawns(),
            mate: None,
            text: score.to_string(),
        },
    }
}

/// The principal variation `pv` from `root`: the moves' canonical texts and, for a game with
/// a PGN form (FIDE chess), their SAN (else `null`). Stops at a move that does not apply.
pub fn pv_texts(root: &AnyGame, pv: &[AnyMove]) -> (Vec<String>, Option<Vec<String>>) {
    let mut history = History::new(root.clone());
    let mut texts = Vec::with_capacity(pv.len());
    for &mv in pv {
        let text = history.position().format_move(mv);
        if history.play(mv).is_err() {
            break;
        }
        texts.push(text);
    }
    let san = variant_games::history_san(&history);
    (texts, san)
}

/// The line sent for one completed depth.
pub fn depth_line(
    root: &AnyGame,
    depth: u32,
    score: Score,
    nodes: u64,
    elapsed: Duration,
    pv: &[AnyMove],
) -> Line {
    let (texts, san) = pv_texts(root, pv);
    let millis = elapsed.as_millis().max(1) as u64;
    Line::Depth {
        depth,
        score: score_view(score),
        nodes,
        nps: nodes.saturating_mul(1000) / millis,
        elapsed_ms: elapsed.as_millis() as u64,
        pv: texts,
        pv_san: san,
    }
}

/// Searches `root` (with the repetition history `earlier`) for `ms` milliseconds or until
/// `stop` is raised; every completed depth is handed to `line` as a [`depth_line`], then the
/// last line (`"type": "done"`).
pub fn run(
    root: &AnyGame,
    earlier: &[u64],
    ms: u64,
    stop: &AtomicBool,
    mut line: impl FnMut(Line),
) {
    let mut engine = AnyEngine::with_hash_mb(ANALYSIS_HASH_MB);
    let limits = Limits::movetime(Duration::from_millis(ms));
    let result = engine.search(root, earlier, &limits, Some(stop), |p| {
        line(depth_line(
            root, p.depth, p.score, p.nodes, p.elapsed, &p.pv,
        ));
    });
    let best = result.best.map(|m| root.format_move(m));
    line(Line::Done {
        stopped: stop.load(Ordering::Relaxed),
        depth: result.depth,
        best,
        nodes: result.nodes,
        elapsed_ms: result.elapsed.as_millis() as u64,
        over: None,
    });
}

/// The nice value of the analysis threads: the lowest priority, so that moves, the lobby and
/// the engine seats come first (an analysis only has the cores the games leave).
pub const ANALYSIS_NICE: i32 = 19;

/// Lowers the calling thread's CPU priority to [`ANALYSIS_NICE`] (Linux; elsewhere nothing).
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let thread = rustix::thread::gettid();
        // Not allowed (a sandbox): the search runs at the usual priority.
        let _ = rustix::process::setpriority_process(Some(thread), ANALYSIS_NICE);
    }
}

/// The `start` line: what is analysed.
pub fn start_line(game: &str, config: &str, root: &AnyGame, ms: u64) -> Line {
    Line::Start {
        game: game.to_string(),
        config: config.to_string(),
        position: root.to_text(),
        to_move: root.seat_name(root.side_to_move()),
        seats: (0..root.seat_count())
            .map(|i| root.seat_name(Seat(i as u8)))
            .collect(),
        ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_runs_one_and_the_server_two() {
        let analyses = Analyses::default();
        assert_eq!(Analyses::for_cores(2).limit(), 1);
        assert_eq!(Analyses::for_cores(8).limit(), 2);
        assert_eq!(Analyses::for_cores(1).limit(), 1);
        let flag = || Arc::new(AtomicBool::new(false));
        let none = Analyses::with_limit(0).start("a", &flag(), false);
        assert!(matches!(none, Err(Busy::Full(text)) if text.contains("no analyses")));
        let first = flag();
        let a = analyses.start("a", &first, false).expect("first");
        let full = |e: Busy| match e {
            Busy::Full(text) => text,
            Busy::Replacing => panic!("not replacing"),
        };
        assert!(full(analyses.start("a", &flag(), false).unwrap_err()).contains("per client"));
        let b = analyses.start("b", &flag(), false).expect("another client");
        assert!(full(analyses.start("c", &flag(), false).unwrap_err()).contains("most analyses"));
        assert_eq!(analyses.running(), 2);
        // Replacing: the first is told to stop; its place comes once it has gone.
        assert_eq!(
            analyses.start("a", &flag(), true).unwrap_err(),
            Busy::Replacing
        );
        assert!(first.load(Ordering::Relaxed));
        drop(a);
        let _a = analyses
            .start("a", &flag(), true)
            .expect("the place came free");
        drop(b);
        assert_eq!(analyses.running(), 1);
    }

    #[test]
    fn the_pv_reads_in_san_for_fide_chess() {
        let game = variant_games::new_game("chess3d", "heights=1").unwrap();
        let mut lines = Vec::new();
        run(&game, &[], 300, &AtomicBool::new(false), |l| {
            lines.push(serde_json::to_value(l).unwrap())
        });
        let depth = lines
            .iter()
            .find(|l| l["type"] == "depth")
            .expect("a depth");
        assert!(depth["depth"].as_u64().unwrap() >= 1);
        let pv = depth["pv"].as_array().unwrap();
        let san = depth["pv_san"].as_array().unwrap();
        assert_eq!(pv.len(), san.len());
        assert!(game.parse_move(pv[0].as_str().unwrap()).is_ok());
        assert_eq!(lines.last().unwrap()["type"], "done");
    }
}
