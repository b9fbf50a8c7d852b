//! The engine seats' move choice, behind one function so the search can replace it.
//!
//! Until the engine crate is on main this is the stand-in `variants play` uses for its
//! `greedy` player: the best material count one ply deep, random among equals.

use crate::commands::play::{Player, Rng, choose};
use variants::DynGame;

/// The move the engine plays in `game` (canonical text), thinking at most `movetime`
/// milliseconds; `None` when there is no legal move.
pub fn engine_move(game: &dyn DynGame, movetime: u64, seed: u64) -> Option<String> {
    // The stand-in answers at once; the time limit is for the real search.
    let _ = movetime;
    let mut rng = Rng(seed | 1);
    choose(game, Player::Greedy, &mut rng)
}
