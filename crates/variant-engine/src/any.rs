//! The engine over a game chosen at run time: [`AnyEngine`] searches an [`AnyGame`] with the
//! typed searcher of the game it holds, so frontends (the command line, the web server, the C
//! library, Python) reach the engine one way and never match on the game themselves.
//!
//! This is the one place outside the game crates and the facade that lists the games: a game
//! joins the engine with its evaluation (`eval/`) and one arm here, both compiled with the
//! game's Cargo feature.

use crate::{Limits, Progress, SearchGame, SearchResult, Searcher};
use std::sync::atomic::AtomicBool;
use variant_games::{AnyGame, AnyMove, Game, TypedGame};

/// The transposition table of a new [`AnyEngine`], in MiB.
pub const DEFAULT_ANY_HASH_MB: usize = 16;

/// The typed searcher of the game last searched.
enum Typed {
    #[cfg(feature = "chess3d")]
    Chess3d(Searcher<variant_games::chess3d::Chess3d>),
    #[cfg(feature = "checkers3d")]
    Checkers3d(Searcher<variant_games::checkers3d::Checkers3d>),
    #[cfg(feature = "bishops4p")]
    Bishops(Searcher<variant_games::bishops4p::Bishops>),
    #[cfg(feature = "chess-t")]
    ChessT(Searcher<variant_games::chess_t::ChessT>),
}

/// An engine for any game of the facade: searches an [`AnyGame`] at the typed game's speed and
/// answers with [`AnyMove`]s.
///
/// It keeps its transposition table, killers and history between searches of the same game,
/// so one engine should serve the moves of one game (pass the positions played before through
/// `earlier` so that repetitions count); [`AnyEngine::clear`] forgets them between games. A
/// search of another game replaces the typed searcher.
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// use variant_engine::{AnyEngine, Limits};
///
/// // The back-rank mate, found the same way in any game of the facade.
/// let game = variant_games::from_text("chess3d", "", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let mut engine = AnyEngine::new();
/// let result = engine.search(&game, &[], &Limits::depth(3), None, |_| {});
/// assert_eq!(game.format_move(result.best.unwrap()), "a1a8");
/// assert_eq!(result.score.mate_in(), Some(1));
///
/// let draughts = variant_games::new_game("checkers3d", "heights=1").unwrap();
/// let result = engine.search(&draughts, &[], &Limits::depth(2), None, |_| {});
/// assert!(draughts.is_legal(result.best.unwrap()));
/// ```
pub struct AnyEngine {
    hash_mb: usize,
    typed: Option<Typed>,
}

impl std::fmt::Debug for AnyEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyEngine")
            .field("hash_mb", &self.hash_mb)
            .finish_non_exhaustive()
    }
}

impl Default for AnyEngine {
    fn default() -> Self {
        Self::new()
    }
}

impl AnyEngine {
    /// An engine with a 16 MiB transposition table.
    ///
    /// ```
    /// let engine = variant_engine::AnyEngine::new();
    /// assert_eq!(engine.hash_mb(), 16);
    /// ```
    pub fn new() -> Self {
        Self::with_hash_mb(DEFAULT_ANY_HASH_MB)
    }

    /// An engine with a transposition table of about `megabytes` MiB (the table is made at the
    /// first search).
    ///
    /// ```
    /// let engine = variant_engine::AnyEngine::with_hash_mb(4);
    /// assert_eq!(engine.hash_mb(), 4);
    /// ```
    pub fn with_hash_mb(megabytes: usize) -> Self {
        AnyEngine {
            hash_mb: megabytes.max(1),
            typed: None,
        }
    }

    /// The size of the transposition table, in MiB.
    ///
    /// ```
    /// assert_eq!(variant_engine::AnyEngine::with_hash_mb(0).hash_mb(), 1);
    /// ```
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Forgets everything learnt (call between games).
    ///
    /// ```
    /// use variant_engine::{AnyEngine, Limits};
    /// let game = variant_games::new_game("chess-t", "").unwrap();
    /// let mut engine = AnyEngine::new();
    /// let first = engine.search(&game, &[], &Limits::depth(2), None, |_| {});
    /// engine.clear();
    /// let again = engine.search(&game, &[], &Limits::depth(2), None, |_| {});
    /// assert_eq!(first.nodes, again.nodes); // nothing was kept
    /// ```
    pub fn clear(&mut self) {
        match &mut self.typed {
            #[cfg(feature = "chess3d")]
            Some(Typed::Chess3d(s)) => s.clear(),
            #[cfg(feature = "checkers3d")]
            Some(Typed::Checkers3d(s)) => s.clear(),
            #[cfg(feature = "bishops4p")]
            Some(Typed::Bishops(s)) => s.clear(),
            #[cfg(feature = "chess-t")]
            Some(Typed::ChessT(s)) => s.clear(),
            _ => {}
        }
    }

    /// Searches `game` within `limits`: the typed [`Searcher::search`] of the game held, with
    /// its moves wrapped as [`AnyMove`]s.
    ///
    /// `earlier` holds the Zobrist hashes of the positions played before `game` (repetitions
    /// count as draws); `stop` may be raised from another thread; `progress` hears every
    /// completed depth.
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// use variant_engine::{AnyEngine, Limits};
    ///
    /// let game = variant_games::new_game("bishops4p", "").unwrap();
    /// let mut depths = Vec::new();
    /// let r = AnyEngine::new().search(&game, &[], &Limits::depth(2), None, |p| depths.push(p.depth));
    /// assert_eq!(depths, [1, 2]);
    /// assert!(game.is_legal(r.best.unwrap()));
    /// ```
    pub fn search(
        &mut self,
        game: &AnyGame,
        earlier: &[u64],
        limits: &Limits,
        stop: Option<&AtomicBool>,
        mut progress: impl FnMut(&Progress<AnyMove>),
    ) -> SearchResult<AnyMove> {
        let hash_mb = self.hash_mb;
        // Each arm takes (or makes) the searcher of the game held and runs it.
        macro_rules! run {
            ($variant:ident, $typed:expr) => {{
                if !matches!(self.typed, Some(Typed::$variant(_))) {
                    self.typed = Some(Typed::$variant(Searcher::with_hash_mb(hash_mb)));
                }
                match &mut self.typed {
                    Some(Typed::$variant(searcher)) => {
                        run_typed(searcher, $typed, earlier, limits, stop, &mut progress)
                    }
                    _ => fallback(game),
                }
            }};
        }
        match game.typed() {
            #[cfg(feature = "chess3d")]
            TypedGame::Chess3d(g) => run!(Chess3d, g),
            #[cfg(feature = "checkers3d")]
            TypedGame::Checkers3d(g) => run!(Checkers3d, g),
            #[cfg(feature = "bishops4p")]
            TypedGame::Bishops(g) => run!(Bishops, g),
            #[cfg(feature = "chess-t")]
            TypedGame::ChessT(g) => run!(ChessT, g),
            _ => fallback(game),
        }
    }
}

/// The typed search, its moves wrapped.
fn run_typed<G>(
    searcher: &mut Searcher<G>,
    game: &G,
    earlier: &[u64],
    limits: &Limits,
    stop: Option<&AtomicBool>,
    progress: &mut impl FnMut(&Progress<AnyMove>),
) -> SearchResult<AnyMove>
where
    G: SearchGame,
    AnyMove: From<G::Move>,
{
    let wrap = |pv: &[G::Move]| pv.iter().map(|&m| AnyMove::from(m)).collect::<Vec<_>>();
    let r = searcher.search(game, earlier, limits, stop, |p| {
        progress(&Progress {
            depth: p.depth,
            score: p.score,
            nodes: p.nodes,
            nps: p.nps,
            elapsed: p.elapsed,
            pv: wrap(&p.pv),
        })
    });
    SearchResult {
        best: r.best.map(AnyMove::from),
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
        elapsed: r.elapsed,
        pv: wrap(&r.pv),
    }
}

/// A game this engine has no evaluation for (a game added to the facade without one, or one
/// whose engine feature is off while another crate turned the facade's on): its first legal
/// move, unsearched, so a caller still gets a legal move.
fn fallback(game: &AnyGame) -> SearchResult<AnyMove> {
    SearchResult {
        best: game.legal_moves().first().copied(),
        score: crate::Score::default(),
        depth: 0,
        nodes: 0,
        elapsed: std::time::Duration::ZERO,
        pv: Vec::new(),
    }
}

/// The texts of a line of moves played from `game` (a principal variation).
///
/// ```
/// use variant_games::prelude::*;
/// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
/// let e4 = game.parse_move("e2e4").unwrap();
/// let mut after = game.clone();
/// after.play_unchecked(e4);
/// let e5 = after.parse_move("e7e5").unwrap();
/// assert_eq!(variant_engine::line_texts(&game, &[e4, e5]), ["e2e4", "e7e5"]);
/// ```
pub fn line_texts<G: Game>(game: &G, line: &[G::Move]) -> Vec<String> {
    let mut pos = game.clone();
    line.iter()
        .map(|&m| {
            let text = pos.format_move(m);
            pos.play_unchecked(m);
            text
        })
        .collect()
}
