//! The searcher and what it keeps: the transposition table, killers and history, kept between
//! searches, and the state of the search in progress.

use super::evaluation::EVAL_CACHE_SIZE;
use crate::SearchGame;
use crate::ordering::{Heuristics, MAX_PLY};
use crate::tt::Table;
use variant_core::Seat;

/// Default transposition table size.
const DEFAULT_HASH_MB: usize = 16;

/// A searcher for one game type. It keeps its transposition table, killers and history
/// between searches (reuse one searcher for the moves of one game; [`Searcher::clear`] between
/// games).
///
/// # Example
///
/// ```
/// use checkers3d::{Checkers3d, Checkers3dConfig};
/// use variant_core::Game;
/// use variant_engine::{Limits, Searcher};
///
/// let game = Checkers3d::new(&Checkers3dConfig::with_heights(1).expect("one height"))
///     .expect("Russian draughts");
/// let mut searcher = Searcher::new();
/// let mut depths = Vec::new();
/// let result = searcher.search(&game, &[], &Limits::depth(3), None, |p| depths.push(p.depth));
/// assert_eq!(depths, [1, 2, 3]);
/// assert!(result.best.is_some());
/// ```
pub struct Searcher<G: SearchGame> {
    pub(super) tt: Table<G::Move>,
    pub(super) heuristics: Heuristics<G::Move>,
    // Per-search state.
    pub(super) root_seat: Seat,
    pub(super) salt: u64,
    /// Best-Reply Search (more than two players): between two moves of the searching player
    /// one opponent branches, the others play their first move in the static order.
    pub(super) brs: bool,
    /// More than two seats: cheaper quiescence (fewer evasion plies, delta pruning).
    pub(super) multi: bool,
    pub(super) path: Vec<u64>,
    pub(super) nodes: u64,
    pub(super) aborted: bool,
    /// The node being entered is the answer to a null move (no second null move in a row).
    pub(super) after_null: bool,
    /// Late move reductions by depth and move number (two players).
    pub(super) lmr: Vec<[i8; 64]>,
    /// Evaluations by key (see `cached_evaluation`).
    pub(super) eval_cache: Vec<(u64, i32)>,
    /// The move played at each ply of the current line (`None` for a null move), for the
    /// counter-move and continuation history (two players).
    pub(super) stack: Vec<Option<G::Move>>,
    /// The learned evaluation set by [`Searcher::set_network`], if any.
    pub(super) net: Option<std::sync::Arc<crate::nnue::Network>>,
    /// Its accumulators for the search in progress (`None`: the game's own evaluation).
    pub(super) net_frames: Option<crate::nnue::frames::NetFrames>,
    /// The best move of every node of the depth in progress whose value was exact (the PV
    /// nodes), by key: the principal variation is read from here first, because the
    /// transposition table keeps one entry a slot and overwrites them (with a small table and
    /// a deep search, the PV read from it alone broke off after a move or two).
    pub(super) pv_moves: std::collections::HashMap<u64, G::Move>,
}

/// Late move reductions: about 0.75 + ln(depth) · ln(move number) / 2.25 plies.
fn lmr_table() -> Vec<[i8; 64]> {
    (0..64)
        .map(|d| {
            let mut row = [0i8; 64];
            for (i, r) in row.iter_mut().enumerate() {
                if d > 0 && i > 0 {
                    let v = 0.75 + (d as f64).ln() * (i as f64).ln() / 2.25;
                    *r = v as i8;
                }
            }
            row
        })
        .collect()
}

impl<G: SearchGame> Default for Searcher<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: SearchGame> Searcher<G> {
    /// A searcher with a 16 MiB transposition table.
    pub fn new() -> Self {
        Self::with_hash_mb(DEFAULT_HASH_MB)
    }

    /// A searcher with a transposition table of about `megabytes` MiB.
    pub fn with_hash_mb(megabytes: usize) -> Self {
        Searcher {
            tt: Table::new(megabytes),
            heuristics: Heuristics::new(),
            root_seat: Seat(0),
            salt: 0,
            brs: false,
            multi: false,
            path: Vec::new(),
            nodes: 0,
            aborted: false,
            after_null: false,
            lmr: lmr_table(),
            eval_cache: vec![(0, 0); EVAL_CACHE_SIZE],
            stack: vec![None; MAX_PLY + 1],
            net: None,
            net_frames: None,
            pv_moves: std::collections::HashMap::new(),
        }
    }

    /// Evaluates with `net` from now on (`None`: the game's own, hand-written evaluation).
    /// A net that does not read the searched game's board is not used for it (see
    /// [`Network::fits`](crate::nnue::Network::fits), which frontends call to report it).
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::Arc;
    /// use chess3d::{Chess3d, Chess3dConfig};
    /// use variant_core::Game;
    /// use variant_engine::nnue::Network;
    /// use variant_engine::{Limits, SearchGame, Searcher};
    ///
    /// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// let net = Network::random(&game.nnue_layout().unwrap(), "heights=1", 16, 3);
    /// let mut searcher = Searcher::new();
    /// searcher.set_network(Some(Arc::new(net)));
    /// let result = searcher.search(&game, &[], &Limits::depth(3), None, |_| {});
    /// assert!(result.best.is_some());
    /// ```
    pub fn set_network(&mut self, net: Option<std::sync::Arc<crate::nnue::Network>>) {
        if let (Some(a), Some(b)) = (&self.net, &net)
            && std::sync::Arc::ptr_eq(a, b)
        {
            return;
        }
        self.net = net;
        self.net_frames = None;
        // Cached values are the other evaluation's.
        self.eval_cache.iter_mut().for_each(|e| *e = (0, 0));
    }

    /// The net set by [`Searcher::set_network`].
    pub fn network(&self) -> Option<&std::sync::Arc<crate::nnue::Network>> {
        self.net.as_ref()
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heuristics.clear();
    }
}
