//! A node of the search: its opening steps (draws, the searching player put out, the check
//! extension, the horizon, the table's cut-off), the value of a child from the point of view
//! of the team that moved into it, the best move so far and the table's entry left behind.

use super::Searcher;
use super::control::Control;
use crate::SearchGame;
use crate::ordering::MAX_PLY;
use crate::score::{INFINITY, MATE};
use crate::tt::{Bound, Entry};
use std::ops::ControlFlow;
use variant_core::Status;

/// Salts the transposition key of an opponent node after this round's reply (Best-Reply
/// Search searches only one move there, so its values are not those of the full node).
const REPLIED_SALT: u64 = 0x2545_F491_4F6C_DD1D;

/// What a node's opening steps ([`Searcher::enter`]) learnt, for the search of its moves.
pub(super) struct Node<M> {
    /// The remaining depth, check extension included.
    pub(super) depth: i32,
    /// The node's transposition key (salted for the searching seat and the reply round).
    pub(super) key: u64,
    /// The window is wider than a null window.
    pub(super) pv_node: bool,
    /// The table's entry for the node.
    pub(super) entry: Option<Entry<M>>,
    /// The player to move may not stand pat (in check, or bound to capture).
    pub(super) in_check: bool,
    /// The searching player is to move.
    pub(super) team: bool,
    /// Best-Reply Search: an opponent after this round's reply, which plays one move.
    pub(super) follower: bool,
    /// The node answers a null move.
    pub(super) after_null: bool,
}

/// The best of a node's moves so far, and the window it has narrowed: what the move loops of
/// the two-player and the multi-player searches keep alike.
pub(super) struct Best<M> {
    pub(super) score: i32,
    pub(super) mv: Option<M>,
    pub(super) alpha: i32,
    pub(super) beta: i32,
}

impl<M> Best<M> {
    pub(super) fn new(alpha: i32, beta: i32) -> Self {
        Best {
            score: -INFINITY,
            mv: None,
            alpha,
            beta,
        }
    }

    /// Takes the score of `mv`: a better score makes it the best move and may raise alpha.
    /// True when it reaches beta (a cut: the caller rewards the move and stops).
    pub(super) fn take(&mut self, mv: M, score: i32) -> bool {
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

impl<G: SearchGame> Searcher<G> {
    /// The value of `pos` for the team to move: the opening steps every node shares, then the
    /// two-player PVS ([`pvs`](super::pvs)) or the three- and four-player search
    /// ([`multi`](super::multi)).
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
    pub(super) fn enter(
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
        // checked one (B4-12), and extending each of those checks makes depth 2 cost millions
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

    /// The value of `child` for the team that moved into it. `replied`: an opponent has
    /// already branched since the searching player's last move (Best-Reply Search).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child_value(
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

    /// The value of `child` reached by a move of the node's team: the first move with the full
    /// window, a later one with a null window (`reduce` plies shallower), searched again at
    /// full depth and then with the full window while it beats alpha.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_move(
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
    pub(super) fn store_node(
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
        if bound == Bound::Exact
            && let Some(mv) = best_move
        {
            self.pv_moves.insert(key, mv);
        }
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

    /// The score of a position with no legal move (or an ended game), for the team to move.
    pub(super) fn terminal_score(&self, pos: &G, ply: usize) -> i32 {
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
    pub(super) fn root_out(&self, pos: &G, ply: usize) -> Option<i32> {
        pos.is_out(self.root_seat).then(|| {
            let loss = -(MATE - ply as i32);
            if self.team(pos) { loss } else { -loss }
        })
    }

    /// Whether the team to move in `pos` is the searching player.
    pub(super) fn team(&self, pos: &G) -> bool {
        pos.side_to_move() == self.root_seat
    }

    /// How many seats after the searching player the player to move in `pos` sits.
    pub(super) fn turn_distance(&self, pos: &G) -> usize {
        let n = pos.seat_count().max(1);
        (pos.side_to_move().index() + n - self.root_seat.index()) % n
    }
}
