//! Iterative deepening principal variation search.
//!
//! One negamax serves two, three and four players: a node's value is taken from the point of
//! view of the *team* to move, where the team is either the searching (root) player or the
//! coalition of all the others. When a move passes the turn to the other team the child's
//! value is negated and the window mirrored, as in two-player negamax; when the turn stays with
//! the same team (one opponent after another) the value and the window carry over unchanged.
//! With more than two players this is Best-Reply Search: between two moves of the searching
//! player one opponent branches (the reply), the others play their first move in the static
//! order (not the table's move) at no cost in depth. With two players every move changes the
//! team and every opponent node is a reply, so this is plain PVS.
//!
//! This module holds what every search shares: the searcher's state (transposition table,
//! killers and history, time and node control), iterative deepening and the root, and a
//! node's opening steps. A node's moves are then searched by [`pvs`] (two players, with the
//! pruning that only pays there) or [`multi`] (paranoid, or [`best_reply`] where the game
//! asks for it); [`quiescence`] ends every line.

mod best_reply;
mod multi;
mod pvs;
mod quiescence;

use crate::limits::{Limits, Progress};
use crate::ordering::{Heuristics, MAX_PLY};
use crate::score::{INFINITY, MATE, MATE_BOUND, Score};
use crate::tt::{Bound, Entry, Table};
use crate::{MoveFacts, SearchGame};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use variant_core::{Seat, Status};

/// Deepest iteration when no depth limit is given.
const MAX_DEPTH: u32 = 100;
/// Quiescence plies during which a player in check (or bound to capture) may not stand pat.
const MAX_EVASION_PLIES: u32 = 6;
/// The same with three or four players: checks fly between every pair of players there, and
/// searching every evasion six plies deep cost more nodes than the main search (docs/engine.md).
const MAX_EVASION_PLIES_MULTI: u32 = 1;
/// Best-Reply Search's quiescence: the first plies in which an opponent may stand aside for
/// the next one (each further ply multiplied the capture sequences searched).
const QS_PASS_PLIES: u32 = 2;
/// Delta pruning in quiescence: a capture that cannot lift the
/// stand-pat score to alpha even with this margin added to the captured value is not searched.
const DELTA_MARGIN: i32 = 200;
/// Reverse futility pruning (two players): at most this many plies from the horizon, a
/// node whose static evaluation beats beta by this margin per ply is not searched.
const RFP_DEPTH: i32 = 6;
const RFP_MARGIN: i32 = 80;
/// Futility pruning (two players): quiet moves at most this many plies from the horizon are
/// skipped when the static evaluation plus `FUTILITY_BASE + FUTILITY_MARGIN * depth` cannot
/// reach alpha (unless they check).
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_BASE: i32 = 100;
const FUTILITY_MARGIN: i32 = 100;
/// Late move pruning (two players): quiet moves after this many at depth 1, 2, 3 (plus one
/// for every eight legal moves).
const LMP_COUNT: [usize; 4] = [0, 6, 10, 16];
/// SEE pruning (two players, where the game computes exchanges): at most this many plies
/// from the horizon, a quiet move whose exchange loses more than `SEE_QUIET * depth²` and a
/// capture whose exchange loses more than `SEE_CAPTURE * depth` are skipped.
const SEE_DEPTH: i32 = 4;
const SEE_QUIET: i32 = 50;
const SEE_CAPTURE: i32 = 100;
/// Aspiration window at the root (two players), from this depth on.
const ASPIRATION_DEPTH: u32 = 5;
const ASPIRATION_WINDOW: i32 = 35;
/// Default transposition table size.
const DEFAULT_HASH_MB: usize = 16;
/// Salts the transposition key of an opponent node after this round's reply (Best-Reply
/// Search searches only one move there, so its values are not those of the full node).
const REPLIED_SALT: u64 = 0x2545_F491_4F6C_DD1D;

/// Entries of the evaluation cache (a power of two; 16 bytes each).
const EVAL_CACHE_SIZE: usize = 1 << 16;
/// Mixed into the evaluation cache's keys by the searching seat (the evaluation is its view).
const SEAT_KEY: u64 = 0xD6E8_FEB8_6659_FD93;
/// Moves picked one at a time before the rest of a node's list is sorted (most nodes that
/// cut off do so within the first few moves, and then the rest need no order).
const LAZY_PICKS: usize = 3;

/// A move with its ordering key and facts.
#[derive(Clone, Copy)]
struct Keyed<M> {
    key: i64,
    mv: M,
    facts: MoveFacts,
}

/// Puts the move due at index `i` there: the `i` before it are the best in order, so the
/// next is the first of the highest key among the rest (the order a stable sort by descending
/// key gives). The first few are picked one by one; at `LAZY_PICKS` the rest are sorted.
fn select<M>(moves: &mut [Keyed<M>], i: usize) {
    if i < LAZY_PICKS {
        let mut best = i;
        for j in i + 1..moves.len() {
            if moves[j].key > moves[best].key {
                best = j;
            }
        }
        // Rotating keeps the others in their order, as the stable sort would.
        moves[i..=best].rotate_right(1);
    } else if i == LAZY_PICKS {
        moves[i..].sort_by_key(|k| std::cmp::Reverse(k.key));
    }
}

/// The best of a node's moves so far, and the window it has narrowed: what the move loops of
/// the two-player and the multi-player searches keep alike.
struct Best<M> {
    score: i32,
    mv: Option<M>,
    alpha: i32,
    beta: i32,
}

impl<M> Best<M> {
    fn new(alpha: i32, beta: i32) -> Self {
        Best {
            score: -INFINITY,
            mv: None,
            alpha,
            beta,
        }
    }

    /// Takes the score of `mv`: a better score makes it the best move and may raise alpha.
    /// True when it reaches beta (a cut: the caller rewards the move and stops).
    fn take(&mut self, mv: M, score: i32) -> bool {
        if score <= self.score {
            return false;
        }
        self.score = score;
        self.mv = Some(mv);
        if score <= self.alpha {
            return false;
        }
        self.alpha = score;
        score >= self.beta
    }
}

/// The ordering key of a capture that loses material by exchange (see `losing_capture`).
const BAD_CAPTURE: i64 = -(1 << 40);

/// A capture of a piece worth less than the capturing one whose exchange loses material (a
/// capture of an equal or greater value cannot lose by exchange, so its exchange is not
/// computed).
fn losing_capture<G: SearchGame>(pos: &G, mv: G::Move, facts: MoveFacts) -> bool {
    facts.captured > 0
        && !facts.promotion
        && facts.captured < facts.mover
        && pos.exchange_value(mv).is_some_and(|v| v < 0)
}

/// The outcome of a search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult<M> {
    /// The best move; `None` when the game is over (no legal move).
    pub best: Option<M>,
    /// Its score for the player to move.
    pub score: Score,
    /// The deepest completed depth (0 when not even depth 1 was completed).
    pub depth: u32,
    /// Nodes searched (all depths, quiescence included).
    pub nodes: u64,
    /// Wall-clock time used.
    pub elapsed: Duration,
    /// The principal variation, `best` first.
    pub pv: Vec<M>,
}

impl<M> SearchResult<M> {
    /// Nodes per second over the whole search.
    ///
    /// ```
    /// use std::time::Duration;
    /// use variant_engine::{Score, SearchResult};
    ///
    /// let r = SearchResult::<u32> {
    ///     best: None, score: Score::default(), depth: 0, nodes: 500,
    ///     elapsed: Duration::from_millis(250), pv: vec![],
    /// };
    /// assert_eq!(r.nps(), 2000);
    /// ```
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

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
    tt: Table<G::Move>,
    heuristics: Heuristics<G::Move>,
    // Per-search state.
    root_seat: Seat,
    salt: u64,
    /// Best-Reply Search (more than two players): between two moves of the searching player
    /// one opponent branches, the others play their first move in the static order.
    brs: bool,
    /// More than two seats: cheaper quiescence (fewer evasion plies, delta pruning).
    multi: bool,
    path: Vec<u64>,
    nodes: u64,
    aborted: bool,
    /// The node being entered is the answer to a null move (no second null move in a row).
    after_null: bool,
    /// Late move reductions by depth and move number (two players).
    lmr: Vec<[i8; 64]>,
    /// Evaluations by key (see `cached_evaluation`).
    eval_cache: Vec<(u64, i32)>,
    /// The move played at each ply of the current line (`None` for a null move), for the
    /// counter-move and continuation history (two players).
    stack: Vec<Option<G::Move>>,
    /// The learned evaluation set by [`Searcher::set_network`], if any.
    net: Option<std::sync::Arc<crate::nnue::Network>>,
    /// Its accumulators for the search in progress (`None`: the game's own evaluation).
    net_frames: Option<crate::nnue::frames::NetFrames>,
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

/// When to give up: the node budget, read at every node; the stop flag and the deadline,
/// every 1 024 nodes.
struct Control<'a> {
    stop: Option<&'a AtomicBool>,
    node_limit: u64,
    deadline: Option<Instant>,
}

/// What a node's opening steps ([`Searcher::enter`]) learnt, for the search of its moves.
struct Node<M> {
    /// The remaining depth, check extension included.
    depth: i32,
    /// The node's transposition key (salted for the searching seat and the reply round).
    key: u64,
    /// The window is wider than a null window.
    pv_node: bool,
    /// The table's entry for the node.
    entry: Option<Entry<M>>,
    /// The player to move may not stand pat (in check, or bound to capture).
    in_check: bool,
    /// The searching player is to move.
    team: bool,
    /// Best-Reply Search: an opponent after this round's reply, which plays one move.
    follower: bool,
    /// The node answers a null move.
    after_null: bool,
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

    /// Searches `root` within `limits`.
    ///
    /// `earlier` holds the Zobrist hashes ([`variant_core::Game::zobrist`]) of the positions
    /// played before `root` in this game, so that repetitions through the history count as
    /// draws. `stop` may be raised from another thread; the search then returns the best move
    /// of the last completed depth. `progress` is called after every completed depth.
    pub fn search(
        &mut self,
        root: &G,
        earlier: &[u64],
        limits: &Limits,
        stop: Option<&AtomicBool>,
        mut progress: impl FnMut(&Progress<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.root_seat = root.side_to_move();
        self.multi = root.seat_count() > 2;
        self.brs = self.multi && root.settings().best_reply_search;
        // Multi-player scores depend on who searches: keep their TT entries apart.
        self.salt = if self.brs {
            0x9E37_79B9_7F4A_7C15u64.wrapping_mul(u64::from(self.root_seat.0) + 1)
        } else {
            0
        };
        self.path.clear();
        self.path.extend_from_slice(earlier);
        self.path.push(root.zobrist());
        self.net_frames = self
            .net
            .as_ref()
            .and_then(|net| crate::nnue::frames::NetFrames::start(net, root));
        self.nodes = 0;
        self.aborted = false;
        let ctl = Control {
            stop,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.movetime.map(|t| start + t),
        };
        self.heuristics.age();

        let mut moves = G::MoveList::default();
        root.legal_moves_into(&mut moves);
        let mut result = SearchResult {
            best: None,
            score: Score(self.terminal_score(root, 0)),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        if moves.is_empty() {
            return result;
        }
        let mut root_moves: Vec<G::Move> = moves.to_vec();
        result.best = Some(root_moves[0]);
        result.score = Score(0);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            // Order the root: the previous best first, then by the usual keys.
            self.order(root, &mut root_moves, result.best, 0, None);
            let completed = self.aspirate(&ctl, root, &mut root_moves, depth, &mut result);
            if !completed {
                break;
            }
            result.depth = depth;
            let elapsed = start.elapsed();
            result.pv = self.principal_variation(root, result.best, depth as usize + 8);
            progress(&Progress {
                depth,
                score: result.score,
                nodes: self.nodes,
                nps: nps(self.nodes, elapsed),
                elapsed,
                pv: result.pv.clone(),
            });
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                break;
            }
            // A proven mate within the searched depth cannot improve; with one legal move
            // there is nothing to choose (under a time or node limit only: a fixed depth is
            // searched in full for analysis).
            let budgeted = limits.movetime.is_some() || limits.nodes.is_some();
            let proven = result
                .score
                .mate_plies()
                .is_some_and(|p| p.unsigned_abs() <= depth);
            if budgeted && (proven || root_moves.len() == 1) {
                break;
            }
            // With a time budget the search goes on until the deadline: the time of a move is
            // not saved for later, and an unfinished depth still counts when a move beats the
            // first one (the previous best) in it.
        }
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        if result.pv.first() != result.best.as_ref() {
            result.pv = result.best.into_iter().collect();
        }
        result
    }

    /// One depth of iterative deepening, with an aspiration window (two players) that widens
    /// on the side that fails; `result` takes the best move and score found. Returns whether
    /// the depth was completed.
    fn aspirate(
        &mut self,
        ctl: &Control,
        root: &G,
        root_moves: &mut [G::Move],
        depth: u32,
        result: &mut SearchResult<G::Move>,
    ) -> bool {
        // Aspiration (two players): a narrow window around the last score, widened on the
        // side that fails.
        let mut delta = ASPIRATION_WINDOW;
        let aspire = !self.multi && depth >= ASPIRATION_DEPTH && !result.score.is_mate();
        let (mut lo, mut hi) = if aspire {
            (result.score.0 - delta, result.score.0 + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let (best, score, completed) =
                self.root_iteration(ctl, root, root_moves, depth, lo, hi);
            // A fail low proves nothing about the move it names.
            let failed_low = score <= lo && lo > -INFINITY;
            // An unfinished depth counts when its best move was searched in full and beat
            // the first move (the previous best) at this depth, or raised the score.
            let overtook = best.is_some() && best != root_moves.first().copied();
            if let Some(best) = best
                && !failed_low
                && (completed || overtook || score > result.score.0 || result.depth == 0)
            {
                result.best = Some(best);
                result.score = Score(score);
            }
            if !completed {
                break false;
            }
            if failed_low {
                lo = (score - delta).max(-INFINITY);
            } else if score >= hi && hi < INFINITY {
                hi = (score + delta).min(INFINITY);
            } else {
                break true;
            }
            delta *= 3;
            if delta > 1000 {
                (lo, hi) = (-INFINITY, INFINITY);
            }
            // Put the move that failed high first for the next try.
            if let Some(b) = result.best {
                self.order(root, root_moves, Some(b), 0, None);
            }
        }
    }

    /// One iteration at the root: (best move, its score, whether every move was searched).
    fn root_iteration(
        &mut self,
        ctl: &Control,
        root: &G,
        moves: &[G::Move],
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> (Option<G::Move>, i32, bool) {
        let depth = depth as i32;
        let team = true;
        let original_alpha = alpha;
        let mut alpha = alpha;
        let mut best = None;
        let mut best_score = -INFINITY;
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = root.clone();
            child.play_unchecked(mv);
            self.path.push(child.zobrist());
            self.stack[0] = Some(mv);
            let score = if i == 0 {
                self.child_value(ctl, team, &child, depth - 1, 1, alpha, beta, false)
            } else {
                let s = self.child_value(ctl, team, &child, depth - 1, 1, alpha, alpha + 1, false);
                if s > alpha && !self.aborted {
                    self.child_value(ctl, team, &child, depth - 1, 1, alpha, beta, false)
                } else {
                    s
                }
            };
            self.path.pop();
            if self.aborted {
                return (best, best_score, false);
            }
            if score > best_score {
                best_score = score;
                best = Some(mv);
                alpha = alpha.max(score);
                if score >= beta {
                    break;
                }
            }
        }
        if let Some(mv) = best
            && best_score > original_alpha
            && best_score < beta
        {
            let key = root.zobrist() ^ self.salt;
            self.tt.store(
                key,
                0,
                Entry {
                    key,
                    mv: Some(mv),
                    score: best_score,
                    depth: depth as i16,
                    bound: Bound::Exact,
                },
            );
        }
        (best, best_score, true)
    }

    /// Whether the team to move in `pos` is the searching player.
    fn team(&self, pos: &G) -> bool {
        pos.side_to_move() == self.root_seat
    }

    /// How many seats after the searching player the player to move in `pos` sits.
    fn turn_distance(&self, pos: &G) -> usize {
        let n = pos.seat_count().max(1);
        (pos.side_to_move().index() + n - self.root_seat.index()) % n
    }

    /// The value of `child` for the team that moved into it. `replied`: an opponent has
    /// already branched since the searching player's last move (Best-Reply Search).
    #[allow(clippy::too_many_arguments)]
    fn child_value(
        &mut self,
        ctl: &Control,
        parent_team: bool,
        child: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        replied: bool,
    ) -> i32 {
        // The searching player's turn starts a new round: every opponent may reply again.
        let replied = replied && !self.team(child);
        if self.team(child) == parent_team {
            self.alpha_beta(ctl, child, depth, ply, alpha, beta, replied)
        } else {
            -self.alpha_beta(ctl, child, depth, ply, -beta, -alpha, replied)
        }
    }

    /// Counts a node; raises `aborted` when a limit is reached.
    fn count_node(&mut self, ctl: &Control) {
        self.nodes += 1;
        // The node budget exactly (a compare); the stop signal and the clock, which cost an
        // atomic load and a system call, every 1 024 nodes.
        if self.nodes >= ctl.node_limit
            || (self.nodes & 1023 == 0
                && (ctl.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                    || ctl.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
    }

    /// The score of a position with no legal move (or an ended game), for the team to move.
    fn terminal_score(&self, pos: &G, ply: usize) -> i32 {
        let win = MATE - ply as i32;
        match pos.status() {
            Status::Win { winner, .. } => {
                if (winner == self.root_seat) == self.team(pos) {
                    win
                } else {
                    -win
                }
            }
            _ => 0,
        }
    }

    /// A repetition of an earlier position of the game or of the path (scored as a draw).
    fn repeated(&self) -> bool {
        let n = self.path.len();
        let key = self.path[n - 1];
        self.path[..n - 1].iter().rev().any(|&k| k == key)
    }

    /// The searching player is out of the game (multi-player games that go on without it).
    fn root_out(&self, pos: &G, ply: usize) -> Option<i32> {
        pos.is_out(self.root_seat).then(|| {
            let loss = -(MATE - ply as i32);
            if self.team(pos) { loss } else { -loss }
        })
    }

    fn evaluate(&mut self, pos: &G, ply: usize) -> i32 {
        // Two players only: with four ("Bishops") the cache cost 8 % of the node rate (fewer
        // positions come back, at depths of 2 to 4).
        let e = if self.multi {
            self.static_evaluation(pos, ply)
                .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        } else {
            self.cached_evaluation(pos, ply)
        };
        if self.team(pos) { e } else { -e }
    }

    /// The move that led to the node at `ply` (two players; `None` at the root, after a null
    /// move, and with more players).
    fn previous(&self, ply: usize) -> Option<G::Move> {
        if self.multi || ply == 0 {
            None
        } else {
            self.stack[ply - 1]
        }
    }

    /// Sorts `moves` best first; `prev` is the move that led to `pos` (where known).
    fn order(
        &self,
        pos: &G,
        moves: &mut [G::Move],
        tt_move: Option<G::Move>,
        ply: usize,
        prev: Option<G::Move>,
    ) {
        let mut keyed = self.keyed(pos, moves, tt_move, ply, prev);
        keyed.sort_by_key(|k| std::cmp::Reverse(k.key));
        for (slot, k) in moves.iter_mut().zip(keyed) {
            *slot = k.mv;
        }
    }

    /// The moves with their ordering keys and facts, in the order given (see [`select`]).
    fn keyed(
        &self,
        pos: &G,
        moves: &[G::Move],
        tt_move: Option<G::Move>,
        ply: usize,
        prev: Option<G::Move>,
    ) -> Vec<Keyed<G::Move>> {
        moves
            .iter()
            .map(|&mv| {
                let facts = pos.move_facts(mv);
                let key = if tt_move == Some(mv) {
                    self.heuristics.key(mv, facts, tt_move, ply, prev)
                } else {
                    self.static_key(pos, mv, facts, ply, prev)
                };
                Keyed { key, mv, facts }
            })
            .collect()
    }

    /// The ordering key of a move without the table's move: losing captures after the quiet
    /// moves (whose keys are history counts, never negative), the rest by the usual keys.
    fn static_key(
        &self,
        pos: &G,
        mv: G::Move,
        facts: MoveFacts,
        ply: usize,
        prev: Option<G::Move>,
    ) -> i64 {
        if losing_capture(pos, mv, facts) {
            BAD_CAPTURE + i64::from(facts.captured)
        } else {
            self.heuristics.key(mv, facts, None, ply, prev)
        }
    }

    /// The evaluation of `pos` for the searching player, through a small cache: the same
    /// position comes back often (re-searches, iterative deepening, the node's own static
    /// evaluation and its quiescence stand-pat).
    fn cached_evaluation(&mut self, pos: &G, ply: usize) -> i32 {
        let key =
            pos.zobrist() ^ self.salt ^ SEAT_KEY.wrapping_mul(u64::from(self.root_seat.0) + 1);
        let slot = (key as usize) & (EVAL_CACHE_SIZE - 1);
        if let Some(&(k, v)) = self.eval_cache.get(slot)
            && k == key
        {
            return v;
        }
        let v = self
            .static_evaluation(pos, ply)
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        if let Some(e) = self.eval_cache.get_mut(slot) {
            *e = (key, v);
        }
        v
    }

    /// The static evaluation of `pos` (at `ply`) for the searching player: the net's where one
    /// is set and reads the game, else the game's own.
    fn static_evaluation(&mut self, pos: &G, ply: usize) -> i32 {
        match &mut self.net_frames {
            Some(frames) => frames.evaluate(pos, ply, self.root_seat),
            None => pos.evaluate(self.root_seat),
        }
    }

    /// The value of `pos` for the team to move: the opening steps every node shares, then the
    /// two-player PVS ([`pvs`]) or the three- and four-player search ([`multi`]).
    #[allow(clippy::too_many_arguments)]
    fn alpha_beta(
        &mut self,
        ctl: &Control,
        pos: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        replied: bool,
    ) -> i32 {
        match self.enter(ctl, pos, depth, ply, alpha, beta, replied) {
            ControlFlow::Break(score) => score,
            ControlFlow::Continue(node) if self.multi => {
                self.multi_node(ctl, pos, &node, ply, alpha, beta)
            }
            ControlFlow::Continue(node) => self.pvs_node(ctl, pos, &node, ply, alpha, beta),
        }
    }

    /// A node's opening steps: the node count, draws, the searching player put out, the check
    /// extension, the horizon and the table's cut-off. `Break` holds the node's value when one
    /// of them decides it.
    #[allow(clippy::too_many_arguments)]
    fn enter(
        &mut self,
        ctl: &Control,
        pos: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        replied: bool,
    ) -> ControlFlow<i32, Node<G::Move>> {
        let after_null = std::mem::take(&mut self.after_null);
        self.count_node(ctl);
        if self.aborted {
            return ControlFlow::Break(0);
        }
        if self.repeated() || pos.counter_draw() {
            return ControlFlow::Break(0);
        }
        if let Some(score) = self.root_out(pos, ply) {
            return ControlFlow::Break(score);
        }
        let in_check = pos.must_not_stand_pat();
        let team = self.team(pos);
        // Best-Reply Search: an opponent after the one that replied plays its first move.
        let follower = self.brs && !team && replied;
        // Check extension (bounded so that perpetual checks cannot run away); not for a
        // follower, whose single move costs no depth anyway, nor for any opponent in
        // Best-Reply Search: there checks fly between the opponents, the turn jumps to the
        // checked one (B4-12), and extending each of those checks made depth 2 cost millions
        // of nodes in some positions (docs/engine.md).
        let depth = if in_check && !follower && (team || !self.brs) && ply < 2 * MAX_PLY / 3 {
            depth + 1
        } else {
            depth
        };
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return ControlFlow::Break(self.quiescence(ctl, pos, ply, alpha, beta, 0));
        }
        let key = pos.zobrist() ^ self.salt ^ if replied { REPLIED_SALT } else { 0 };
        let pv_node = beta - alpha > 1;
        let entry = self.tt.probe(key, ply);
        if let Some(e) = entry
            && !pv_node
            && i32::from(e.depth) >= depth
        {
            match e.bound {
                Bound::Exact => return ControlFlow::Break(e.score),
                Bound::Lower if e.score >= beta => return ControlFlow::Break(e.score),
                Bound::Upper if e.score <= alpha => return ControlFlow::Break(e.score),
                _ => {}
            }
        }
        ControlFlow::Continue(Node {
            depth,
            key,
            pv_node,
            entry,
            in_check,
            team,
            follower,
            after_null,
        })
    }

    /// The value of `child` reached by a move of the node's team: the first move with the full
    /// window, a later one with a null window (`reduce` plies shallower), searched again at
    /// full depth and then with the full window while it beats alpha.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        ctl: &Control,
        team: bool,
        child: &G,
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
        reduce: Option<i32>,
        replied: bool,
    ) -> i32 {
        let Some(reduce) = reduce else {
            return self.child_value(ctl, team, child, depth - 1, ply + 1, alpha, beta, replied);
        };
        let mut s = self.child_value(
            ctl,
            team,
            child,
            depth - 1 - reduce,
            ply + 1,
            alpha,
            alpha + 1,
            replied,
        );
        if s > alpha && reduce > 0 && !self.aborted {
            s = self.child_value(
                ctl,
                team,
                child,
                depth - 1,
                ply + 1,
                alpha,
                alpha + 1,
                replied,
            );
        }
        if s > alpha && s < beta && !self.aborted {
            s = self.child_value(ctl, team, child, depth - 1, ply + 1, alpha, beta, replied);
        }
        s
    }

    /// Stores a searched node's value (`best`, found with the window `original_alpha`..`beta`)
    /// and its best move in the table.
    #[allow(clippy::too_many_arguments)]
    fn store_node(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        best: i32,
        best_move: Option<G::Move>,
        original_alpha: i32,
        beta: i32,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            ply,
            Entry {
                key,
                mv: best_move,
                score: best,
                depth: depth as i16,
                bound,
            },
        );
    }

    /// The principal variation read back from the transposition table.
    fn principal_variation(&self, root: &G, best: Option<G::Move>, max: usize) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut pos = root.clone();
        let mut seen = vec![pos.zobrist()];
        let mut next = best;
        while let Some(mv) = next {
            let mut list = G::MoveList::default();
            pos.legal_moves_into(&mut list);
            if !list.contains(&mv) || pv.len() >= max {
                break;
            }
            pv.push(mv);
            pos.play_unchecked(mv);
            if seen.contains(&pos.zobrist()) {
                break;
            }
            seen.push(pos.zobrist());
            next = self
                .tt
                .probe(pos.zobrist() ^ self.salt, 0)
                .and_then(|e| e.mv);
        }
        pv
    }
}
