//! The engine over a game chosen at run time: [`AnyEngine`] searches an [`AnyGame`] with the
//! typed searcher of the game it holds, so frontends (the command line, the web server, the C
//! library, Python) reach the engine one way and never match on the game themselves.
//!
//! The games come from the facade's list ([`variant_games::with_games!`]): a game joins the
//! engine with its evaluation (`eval/<crate>.rs`), compiled with the engine's feature of the
//! game's name. A build where the facade holds a game that the engine was not built with
//! (another crate turned the facade's feature on) does not compile: the error names the
//! engine's feature to turn on, so no game is ever played without a search.

use crate::nnue::{Evaluation, Network};
use crate::{Limits, Progress, SearchGame, SearchResult, Searcher};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use variant_games::{AnyGame, AnyMove, Game, TypedGame};

/// The transposition table of a new [`AnyEngine`], in MiB.
pub const DEFAULT_ANY_HASH_MB: usize = 16;

/// The per-game parts of the engine, from the facade's game list: the typed searchers, and
/// the dispatches of [`AnyEngine::clear`] and [`AnyEngine::search`].
macro_rules! per_game_engine {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        /// The typed searcher of the game last searched.
        enum Typed {
            $(
                #[cfg(feature = $feature)]
                $game(Searcher<variant_games::$krate::$game>),
            )*
        }

        impl Typed {
            /// Forgets everything learnt.
            fn clear(&mut self) {
                match self {
                    $(
                        #[cfg(feature = $feature)]
                        Typed::$game(searcher) => searcher.clear(),
                    )*
                }
            }
        }

        impl AnyEngine {
            /// The search of the game held, by the typed searcher of its game (kept from the last
            /// search when it was the same game's, made anew otherwise).
            fn search_typed(
                &mut self,
                game: &AnyGame,
                earlier: &[u64],
                limits: &Limits,
                stop: Option<&AtomicBool>,
                progress: &mut impl FnMut(&Progress<AnyMove>),
            ) -> SearchResult<AnyMove> {
                match game.typed() {
                    $(
                        #[cfg(feature = $feature)]
                        TypedGame::$game(g) => {
                            let mut searcher = if let Some(Typed::$game(searcher)) = self.typed.take() {
                                searcher
                            } else {
                                Searcher::with_hash_mb(self.hash_mb)
                            };
                            let net = self.evaluation.net_for(g.nnue_layout().as_ref());
                            if !same_net(searcher.network(), net.as_ref()) {
                                searcher.set_network(net);
                            }
                            let result = run_typed(&mut searcher, g, earlier, limits, stop, progress);
                            self.typed = Some(Typed::$game(searcher));
                            result
                        }
                        // Refused at compile time below (`refuse_games_without_evaluation`).
                        #[cfg(not(feature = $feature))]
                        TypedGame::$game(_) => unreachable!(
                            "the facade holds {}, which the engine was not built with",
                            $feature
                        ),
                    )*
                }
            }
        }
    };
}

/// Refuses to compile when the facade holds a game that this build of the engine has no
/// evaluation for: the facade's features can be turned on by another crate of the build, and
/// the engine would then have nothing to search that game with.
macro_rules! refuse_games_without_evaluation {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        $(
            #[cfg(not(feature = $feature))]
            const _: () = assert!(
                !variant_games::games::is_built($feature),
                concat!(
                    "variant-games is built with the game `", $feature, "` but variant-engine \
                     is not: turn on variant-engine's feature `", $feature, "` (or its \
                     `all-games`) wherever the facade's is turned on"
                )
            );
        )*
    };
}

variant_games::with_games!(refuse_games_without_evaluation, ());

variant_games::with_games!(per_game_engine, ());

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
    evaluation: Evaluation,
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
            evaluation: Evaluation::Default,
        }
    }

    /// Evaluates with `evaluation` from the next search on: [`Evaluation::Default`] (each
    /// game's shipped net where one covers its board, else its hand-written evaluation, as a
    /// new engine does), [`Evaluation::Classic`], or a net ([`Evaluation::Net`]; a game whose
    /// board the net does not read keeps its default — check with [`Network::fits`] and
    /// [`crate::nnue::layout_of`] to tell a user).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use variant_engine::nnue::{layout_of, Evaluation, Network};
    /// use variant_engine::{AnyEngine, Limits};
    ///
    /// let game = variant_games::new_game("checkers3d", "heights=1").unwrap();
    /// let net = Network::random(&layout_of(&game).unwrap(), "heights=1", 8, 2);
    /// let mut engine = AnyEngine::new();
    /// engine.set_evaluation(Evaluation::Net(Arc::new(net)));
    /// let with_net = engine.search(&game, &[], &Limits::depth(3), None, |_| {});
    /// engine.set_evaluation(Evaluation::Classic);
    /// engine.clear();
    /// let classic = engine.search(&game, &[], &Limits::depth(3), None, |_| {});
    /// assert!(with_net.best.is_some() && classic.best.is_some());
    /// ```
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = evaluation;
    }

    /// The evaluation set by [`AnyEngine::set_evaluation`].
    pub fn evaluation(&self) -> &Evaluation {
        &self.evaluation
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
        if let Some(typed) = &mut self.typed {
            typed.clear();
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
        self.search_typed(game, earlier, limits, stop, &mut progress)
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

/// Whether two optional nets are the same one (not merely equal: comparing weights would cost
/// a search's worth of time).
fn same_net(a: Option<&Arc<Network>>, b: Option<&Arc<Network>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    }
}
