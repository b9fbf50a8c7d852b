//! The engine behind game names and texts, for frontends that hold a game as text (the
//! command line, the C library): a [`TextSearcher`] is made from a game name and its
//! configuration and searches position texts, answering with move texts.

use crate::{AnyEngine, Limits, Score, line_texts};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use variant_games::{AnyConfig, AnyGame, Error, Game};

/// A search result with moves as text (the game's canonical notation).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TextResult {
    /// The best move; `None` when the game is over.
    pub best: Option<String>,
    /// Its score for the player to move.
    pub score: Score,
    /// The deepest completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time used.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<String>,
}

/// A searcher that works on position texts; see [`TextSearcher::new`]. An [`AnyEngine`] with
/// the game's configuration, reading positions from text and answering with move texts.
pub struct TextSearcher {
    config: AnyConfig,
    engine: AnyEngine,
}

impl std::fmt::Debug for TextSearcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TextSearcher")
            .field("game", &self.config.game())
            .finish_non_exhaustive()
    }
}

impl TextSearcher {
    /// A searcher for the game `name` (a name of [`variant_games::registry::games`]) with the
    /// configuration `pairs` (`key`, `value`) on top of the defaults.
    ///
    /// # Errors
    ///
    /// An unknown game name or a bad configuration.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_engine::{Limits, TextSearcher};
    ///
    /// let pairs = vec![("heights".to_string(), "1".to_string())];
    /// let mut engine = TextSearcher::new("chess3d", &pairs).expect("a game");
    /// let r = engine
    ///     .search(Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), &[], &Limits::depth(3), None, &mut |_| {})
    ///     .expect("a position");
    /// assert_eq!(r.best.as_deref(), Some("a1a8")); // the back-rank mate
    /// assert_eq!(r.score.to_string(), "mate 1");
    /// assert!(TextSearcher::new("go", &[]).is_err());
    /// ```
    pub fn new(name: &str, pairs: &[(String, String)]) -> Result<TextSearcher, Error> {
        let config = variant_games::registry::config(name, pairs)?;
        // Reject a configuration that cannot start a game now, not at the first search.
        AnyGame::new(&config)?;
        Ok(TextSearcher {
            config,
            engine: AnyEngine::new(),
        })
    }

    /// Searches with `evaluation` from now on (see [`AnyEngine::set_evaluation`]).
    ///
    /// ```
    /// use variant_engine::nnue::Evaluation;
    /// use variant_engine::{Limits, TextSearcher};
    ///
    /// let mut engine = TextSearcher::new("chess-t", &[]).unwrap();
    /// engine.set_evaluation(Evaluation::Classic);
    /// let r = engine.search(None, &[], &Limits::depth(2), None, &mut |_| {}).unwrap();
    /// assert!(r.best.is_some());
    /// ```
    pub fn set_evaluation(&mut self, evaluation: crate::nnue::Evaluation) {
        self.engine.set_evaluation(evaluation);
    }

    /// Searches the position `position` (the start position for `None`). `earlier` holds the
    /// Zobrist hashes of the positions played before it in this game (repetitions count as
    /// draws); `stop` may be raised from another thread; `progress` hears every completed
    /// depth.
    ///
    /// # Errors
    ///
    /// A position text that does not parse (the error says where).
    pub fn search(
        &mut self,
        position: Option<&str>,
        earlier: &[u64],
        limits: &Limits,
        stop: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&TextResult),
    ) -> Result<TextResult, Error> {
        let game = match position {
            Some(text) => AnyGame::from_text(&self.config, text)?,
            None => AnyGame::new(&self.config)?,
        };
        let r = self.engine.search(&game, earlier, limits, stop, |p| {
            progress(&TextResult {
                best: p.pv.first().map(|&m| game.format_move(m)),
                score: p.score,
                depth: p.depth,
                nodes: p.nodes,
                nps: p.nps,
                elapsed: p.elapsed,
                pv: line_texts(&game, &p.pv),
            })
        });
        Ok(TextResult {
            best: r.best.map(|m| game.format_move(m)),
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
            nps: r.nps(),
            elapsed: r.elapsed,
            pv: line_texts(&game, &r.pv),
        })
    }

    /// Forgets what earlier searches learnt (call between games).
    pub fn clear(&mut self) {
        self.engine.clear();
    }
}
