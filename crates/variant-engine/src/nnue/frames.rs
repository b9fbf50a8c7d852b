//! The search's accumulators: one per ply, each copied from the ply before and brought to the
//! node's position from the cells that differ (copy-make, as the search makes its positions).

use super::{Accumulator, Layout, Network};
use crate::SearchGame;
use crate::ordering::MAX_PLY;
use std::sync::Arc;
use variant_core::Seat;

/// A net and the accumulators of the search in progress.
pub(crate) struct NetFrames {
    net: Arc<Network>,
    layout: Layout,
    /// `frames[ply]`: the accumulator of the last position evaluated at `ply` (always
    /// consistent with its own codes, so any of them is a correct starting point).
    frames: Vec<Accumulator>,
    /// The node's codes: the game's cells first, then (a box that lost heights read by a
    /// net of the taller box) the missing boards' cells, always empty.
    codes: Vec<u8>,
    /// The game's own cells.
    own: usize,
}

impl NetFrames {
    /// The frames for a search from `root`, or `None` when the net does not read `root`'s
    /// board (another game or layout: the game's own evaluation is used then).
    pub(crate) fn start<G: SearchGame>(net: &Arc<Network>, root: &G) -> Option<NetFrames> {
        let own = root.nnue_layout()?.cells();
        let layout = net.layout_for(&root.nnue_layout()?).ok()?;
        let mut codes = vec![0; layout.cells()];
        root.nnue_codes(&mut codes[..own]);
        let first = Accumulator::new(net, &layout, &codes);
        Some(NetFrames {
            net: Arc::clone(net),
            frames: vec![first; MAX_PLY + 1],
            layout,
            codes,
            own,
        })
    }

    /// The net's evaluation of `pos` (at `ply` of the search) from `seat`'s point of view.
    /// With two players the net scores the side to move (as it was trained), negated for the
    /// other seat; with more, the net reads the seats in order from `seat`.
    pub(crate) fn evaluate<G: SearchGame>(&mut self, pos: &G, ply: usize, seat: Seat) -> i32 {
        let ply = ply.min(MAX_PLY);
        pos.nnue_codes(&mut self.codes[..self.own]);
        // Start from the accumulator of the ply before (the parent, when it was evaluated) or
        // from this ply's last one (a sibling's), whichever differs from the node in fewer
        // cells: with three or four players interior nodes are not evaluated, and the ply
        // before often holds a cousin several moves away.
        if ply > 0 {
            let (before, here) = self.frames.split_at_mut(ply);
            if before[ply - 1].distance(&self.codes) < here[0].distance(&self.codes) {
                here[0].clone_from(&before[ply - 1]);
            }
        }
        let acc = &mut self.frames[ply];
        acc.update(&self.net, &self.layout, &self.codes);
        if self.layout.seats() == 2 {
            let mover = pos.side_to_move();
            let v = acc.evaluate(&self.net, usize::from(mover.0));
            if mover == seat { v } else { -v }
        } else {
            acc.evaluate(&self.net, usize::from(seat.0))
        }
    }
}
