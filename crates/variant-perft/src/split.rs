//! Splitting a perft into independent pieces: the positions `depth` plies below a root, with
//! transpositions merged, for counting elsewhere (other processes, other machines).

use super::table::check_key;
use super::{MAX_DEPTH, PerftError};
use std::collections::HashMap;
use variant_core::{Game, MoveBuffer};

/// One piece of a split perft: a position and the number of move paths from the root that
/// reach it ([`split`]).
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_perft::split;
/// use variant_core::doc_game::Nim;
///
/// // After two takes from 10 counters 2 … 6 are gone: 5 positions reached by 1, 2, 3, 2 and 1
/// // of the 9 move pairs (taking 1 + 2 or 2 + 1 is one transposition).
/// let pieces = split(&Nim::default(), 2).unwrap();
/// let mut shape: Vec<(String, u64)> =
///     pieces.iter().map(|p| (p.game.to_text(), p.paths)).collect();
/// shape.sort();
/// let texts = ["4 0", "5 0", "6 0", "7 0", "8 0"];
/// let paths = [1, 2, 3, 2, 1];
/// let expected: Vec<(String, u64)> = texts.iter().map(|t| t.to_string()).zip(paths).collect();
/// assert_eq!(shape, expected);
/// ```
#[derive(Clone, Debug)]
pub struct SplitPosition<G> {
    /// The position `depth` plies below the root.
    pub game: G,
    /// How many move paths of the root lead here (transpositions merged): the position's count
    /// at the remaining depth is added this many times.
    pub paths: u64,
}

/// The positions `depth` plies below `game`, each with the number of move paths that reach it,
/// **transpositions merged**: two paths that end in the same position give one entry with
/// `paths == 2`. So `perft(game, depth + d)` is the sum over the entries of
/// `paths * perft(entry, d)`, and each distinct position is counted once.
///
/// Positions are the same when they are the same to the transposition table of
/// [`perft_with`](super::perft_with): equal [`Game::perft_key`] and equal check key (the seeded
/// hash of the set of legal moves and the seat to move), so transpositions that differ only in
/// a clock merge, under the same contract as the table (the key covers everything that changes
/// the tree below within a perft's depth). The entries come in the order in which the
/// depth-first walk first reaches them (deterministic). Positions with no legal moves above
/// `depth` end their paths there and give no entry.
///
/// ```
/// use variant_core::Game;
/// use variant_perft::{perft, split};
///
/// fn check<G: Game>(game: &G) {
///     let pieces = split(game, 2).unwrap();
///     let total: u64 = pieces.iter().map(|p| p.paths * perft(&p.game, 2)).sum();
///     assert_eq!(total, perft(game, 4));
/// }
/// // Run here on the docs' one-heap Nim; any game will do.
/// use variant_core::doc_game::Nim;
/// check(&Nim::default());
/// ```
///
/// # Errors
///
/// [`PerftError::DepthTooLarge`] over [`MAX_DEPTH`].
pub fn split<G: Game>(game: &G, depth: u32) -> Result<Vec<SplitPosition<G>>, PerftError> {
    if depth > MAX_DEPTH {
        return Err(PerftError::DepthTooLarge { depth });
    }
    let mut level = vec![SplitPosition {
        game: game.clone(),
        paths: 1,
    }];
    for _ in 0..depth {
        level = next_level(&level);
    }
    Ok(level)
}

/// The positions one ply below those of `level`, transpositions merged, in order of first
/// appearance. Merging at every ply keeps the walk to the distinct positions of each ply.
fn next_level<G: Game>(level: &[SplitPosition<G>]) -> Vec<SplitPosition<G>> {
    let mut index: HashMap<(u64, u64), usize> = HashMap::new();
    let mut next: Vec<SplitPosition<G>> = Vec::new();
    let mut moves = G::MoveList::default();
    let mut child_moves = G::MoveList::default();
    for parent in level {
        moves.clear();
        parent.game.legal_moves_into(&mut moves);
        for &mv in moves.iter() {
            let mut child = parent.game.clone();
            child.play_unchecked(mv);
            child_moves.clear();
            child.legal_moves_into(&mut child_moves);
            let key = (
                child.perft_key(),
                check_key(&child_moves, child.side_to_move().0, 0),
            );
            match index.get(&key) {
                Some(&i) => next[i].paths += parent.paths,
                None => {
                    index.insert(key, next.len());
                    next.push(SplitPosition {
                        game: child,
                        paths: parent.paths,
                    });
                }
            }
        }
    }
    next
}
