//! The nets this crate ships: one per game and board where training has produced one that
//! plays better than the hand-written evaluation (docs/engine.md, "The learned evaluation"),
//! embedded so that the crate builds from its package alone.

use super::{Layout, Network};
use std::sync::{Arc, OnceLock};

/// `(game, board family, net file)` of every shipped net.
const SHIPPED: &[(&str, &str, &[u8])] = &[];

/// The shipped net for `layout`'s game and board, if there is one (read once).
///
/// ```
/// use variant_engine::nnue::{default_net, Layout};
///
/// // A board no game has: no net.
/// assert!(default_net(&Layout::new("row", [1, 1, 3], 1, 2, |_, c| c)).is_none());
/// ```
pub fn default_net(layout: &Layout) -> Option<Arc<Network>> {
    static NETS: OnceLock<Vec<Option<Arc<Network>>>> = OnceLock::new();
    let nets = NETS.get_or_init(|| {
        SHIPPED
            .iter()
            .map(|(_, _, bytes)| Network::from_bytes(bytes).ok().map(Arc::new))
            .collect()
    });
    let family = layout.family();
    SHIPPED
        .iter()
        .zip(nets)
        .find(|((game, fam, _), _)| *game == layout.game() && *fam == family)
        .and_then(|(_, net)| net.clone())
        .filter(|net| net.fits(layout).is_ok())
}
