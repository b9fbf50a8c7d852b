//! Best-Reply Search's moves at an opponent node: between two moves of the searching player
//! one opponent branches (the reply); the others play their static first move and hand the
//! reply on to the next opponent at no cost in depth.

use super::Searcher;
use super::order::Keyed;
use crate::SearchGame;

impl<G: SearchGame> Searcher<G> {
    /// Puts the static first move in front of `moves` (which keep it among the replies too):
    /// it is the move that hands the reply on.
    pub(super) fn insert_hand_on(
        &self,
        pos: &G,
        moves: &mut Vec<Keyed<G::Move>>,
        tt_move: Option<G::Move>,
        ply: usize,
    ) {
        // The keys differ from the static ones only at the table's move (still in the list's
        // order: the first of the highest static key is the static first).
        let static_of = |k: &Keyed<G::Move>| {
            if tt_move == Some(k.mv) {
                self.static_key(pos, k.mv, k.facts, ply, None)
            } else {
                k.key
            }
        };
        if let Some(mut first) = moves
            .iter()
            .map(|k| Keyed {
                key: static_of(k),
                ..*k
            })
            .reduce(|a, b| if b.key > a.key { b } else { a })
        {
            first.key = i64::MAX;
            moves.insert(0, first);
        }
    }

    /// What the `i`th move of an opponent from `pos` to `child` costs and whether it is this
    /// round's reply: (plies, reply), or `None` when the move is skipped. An opponent's first
    /// move hands the reply on to the next opponent at no cost (unless the round ends with
    /// it), any other opponent move is the reply. Free moves must carry the turn onwards
    /// towards the searching player: a check that makes the turn jump back to an earlier
    /// opponent (B4-12) costs a ply, or checks among the opponents could go round the table
    /// for ever at no cost.
    pub(super) fn reply_cost(
        &self,
        pos: &G,
        child: &G,
        i: usize,
        hand_on: bool,
        follower: bool,
    ) -> Option<(i32, bool)> {
        let onwards = self.team(child) || self.turn_distance(child) > self.turn_distance(pos);
        let hands_on = i == 0 && !self.team(child) && onwards;
        if hand_on && i == 0 && !hands_on {
            // The static first cannot hand on (it ends the round or turns back); it comes
            // again among the replies.
            return None;
        }
        Some(match (follower, hands_on) {
            (true, _) => (i32::from(!onwards), true),
            (false, true) => (0, false),
            (false, false) => (1, true),
        })
    }
}
