//! Perft: counting the leaves of the legal-move tree, the standard test and benchmark of move
//! generation. The plain, single-threaded counts, written once for every game:
//!
//! - [`perft`]: bulk counting at the last ply ([`Game::count_legal_moves`]).
//! - [`perft_generic`]: the same count without the game's [`Game::perft_count`] hook.
//! - [`perft_full`]: plays every move down to the leaves.
//! - [`divide`]: the count below each root move.
//!
//! Counting on several threads, with a transposition table (also one shared by several
//! processes), a stop flag or progress reports, and splitting a perft into pieces for other
//! machines, is the crate `variant-perft`, built on these functions and the game's hooks
//! ([`Game::perft_count`], [`Game::perft_key`]). A game crate needs only this module, and
//! compiles no thread pool or memory mapping for it.

use crate::Game;

/// The number of leaf nodes `depth` plies below `game`, counting the last ply in bulk
/// ([`Game::count_legal_moves`]) without playing it.
///
/// # Panics
///
/// When `depth` is over [`MAX_DEPTH`] (the counts of `variant-perft` return an error instead).
///
/// # Example
///
/// ```
/// use variant_core::perft::perft;
/// // The docs' one-heap Nim from 10 counters: take 1, 2 or 3.
/// use variant_core::doc_game::Nim;
///
/// // Counted by hand: 3 moves, 3 × 3 pairs, 27 triples (at most 9 counters taken); four takes
/// // need a sum of at most 10: 81 sequences less the 4 with sum 11 and the 1 with sum 12.
/// let game = Nim::default();
/// assert_eq!(perft(&game, 0), 1);
/// assert_eq!(perft(&game, 1), 3);
/// assert_eq!(perft(&game, 3), 27);
/// assert_eq!(perft(&game, 4), 76);
/// ```
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    check_depth(depth);
    // Through the game's hook, so a wrapper of games counts on the game it holds.
    game.perft_count(depth)
}

/// [`perft`] without the game's [`Game::perft_count`] (which it is by default): every node
/// goes through the game's own `legal_moves_into`, `clone_from`, `play_unchecked` and, at the
/// last ply, `count_legal_moves`. For a wrapper of games (the facade's `AnyGame`) this
/// measures and checks its own per-node paths, which `perft` skips by counting on the game
/// held.
///
/// # Panics
///
/// When `depth` is over [`MAX_DEPTH`].
///
/// # Example
///
/// ```
/// use variant_core::perft::{perft, perft_generic};
/// # use variant_core::doc_game::Nim;
/// // Ten counters, 1 to 3 taken a turn: 3, then 3 × 3 sequences of two moves.
/// assert_eq!(perft_generic(&Nim::default(), 2), 9);
/// assert_eq!(perft(&Nim::default(), 2), 9);
/// ```
pub fn perft_generic<G: Game>(game: &G, depth: u32) -> u64 {
    check_depth(depth);
    count::<G, true>(game, depth)
}

/// The leaves `depth` plies below `game`, below the depth check: with `BULK` the last ply is
/// counted from the position's move count ([`perft`]), without it every last move is played
/// ([`perft_full`]).
fn count<G: Game, const BULK: bool>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if BULK && depth == 1 {
        return game.count_legal_moves();
    }
    let mut moves = G::MoveList::default();
    game.legal_moves_into(&mut moves);
    let mut nodes = 0;
    // One child, copied from the parent before each move (`clone_from` lets a game copy in
    // place instead of building a new value each time).
    let mut child = game.clone();
    for (i, &mv) in moves.iter().enumerate() {
        if i > 0 {
            child.clone_from(game);
        }
        child.play_unchecked(mv);
        nodes += count::<G, BULK>(&child, depth - 1);
    }
    nodes
}

/// Perft that plays every move down to the leaves (no bulk counting): slower, and a check that
/// playing each move works.
///
/// # Panics
///
/// When `depth` is over [`MAX_DEPTH`].
///
/// # Example
///
/// ```
/// use variant_core::perft::{perft, perft_full};
/// use variant_core::doc_game::Nim;
///
/// // Playing every last move gives the bulk count (4 takes from 10 counters: 76, see `perft`).
/// assert_eq!(perft_full(&Nim::default(), 4), 76);
/// assert_eq!(perft_full(&Nim::default(), 4), perft(&Nim::default(), 4));
/// ```
pub fn perft_full<G: Game>(game: &G, depth: u32) -> u64 {
    check_depth(depth);
    count::<G, false>(game, depth)
}

/// Perft split at the root: each legal move with the number of leaves below it, in generation
/// order. `depth` counts the root move, so the sum equals `perft(game, depth)`.
///
/// # Panics
///
/// When `depth` is over [`MAX_DEPTH`].
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_core::perft::divide;
/// use variant_core::doc_game::Nim;
///
/// // From 4 counters: taking 1 leaves 3 (3 replies), taking 2 leaves 2, taking 3 leaves 1.
/// let game = Nim::from_text(&Default::default(), "4 0").unwrap();
/// assert_eq!(divide(&game, 2), [(1, 3), (2, 2), (3, 1)]);
/// ```
pub fn divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Move, u64)> {
    check_depth(depth);
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = G::MoveList::default();
    game.legal_moves_into(&mut moves);
    let mut child = game.clone();
    let mut counts = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        if i > 0 {
            child.clone_from(game);
        }
        child.play_unchecked(mv);
        // Through the hook, as `perft` counts.
        counts.push((mv, perft(&child, depth - 1)));
    }
    counts
}

/// The deepest count any perft function accepts. Deeper counts could neither finish (the
/// tree grows exponentially: FIDE chess passes `u64::MAX` leaves near depth 14) nor recurse
/// safely (one stack frame per ply, and a game can go on for ever along its first moves), so
/// the plain functions here panic on them and the counts of `variant-perft` refuse them with
/// an error; frontends check it first (the CLI, the C library and Python answer with a clear
/// error).
///
/// ```
/// use variant_core::perft::{MAX_DEPTH, perft};
/// use variant_core::doc_game::Nim;
///
/// // The limit itself is accepted: ten counters run out long before 64 plies, so no line of
/// // play is that long.
/// assert_eq!(perft(&Nim::default(), MAX_DEPTH), 0);
/// // One ply more is refused.
/// assert!(std::panic::catch_unwind(|| perft(&Nim::default(), MAX_DEPTH + 1)).is_err());
/// ```
pub const MAX_DEPTH: u32 = 64;

/// Panics with the reason when `depth` is over [`MAX_DEPTH`] (the plain functions).
#[inline]
fn check_depth(depth: u32) {
    assert!(
        depth <= MAX_DEPTH,
        "perft depth {depth} is over the limit of {MAX_DEPTH} plies"
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc_game::Nim;

    #[test]
    fn divide_at_depth_zero_has_no_root_moves() {
        assert!(divide(&Nim::default(), 0).is_empty());
    }

    #[test]
    #[should_panic(expected = "perft depth 65 is over the limit of 64 plies")]
    fn divide_panics_over_the_limit() {
        divide(&Nim::default(), MAX_DEPTH + 1);
    }

    #[test]
    #[should_panic(expected = "perft depth 65 is over the limit of 64 plies")]
    fn full_perft_panics_over_the_limit() {
        perft_full(&Nim::default(), MAX_DEPTH + 1);
    }
}
