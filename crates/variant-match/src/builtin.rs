//! The built-in players that need no search: `random` and `greedy`.

use crate::rng::Rng;
use variant_games::{AnyGame, Game, Seat, Status};

/// A legal move at random, as text; `None` when there is none.
///
/// ```
/// use variant_match::{Rng, builtin::random_move};
/// let game = variant_games::new_game("checkers3d", "heights=1").unwrap();
/// let mv = random_move(&game, &mut Rng::new(1)).unwrap();
/// assert!(game.legal_move_texts().contains(&mv));
/// ```
pub fn random_move(game: &AnyGame, rng: &mut Rng) -> Option<String> {
    let moves = game.legal_move_texts();
    if moves.is_empty() {
        return None;
    }
    moves.get(rng.below(moves.len())).cloned()
}

/// The move that leaves the mover with the best material balance one ply deep (a win best,
/// a loss worst), random among equals; `None` when there is no legal move.
///
/// ```
/// use variant_match::{Rng, builtin::greedy_move};
/// // White takes the undefended black queen.
/// let game = variant_games::from_text("chess3d", "", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
/// assert_eq!(greedy_move(&game, &mut Rng::new(1)).as_deref(), Some("d2d5"));
/// ```
pub fn greedy_move(game: &AnyGame, rng: &mut Rng) -> Option<String> {
    let moves = game.legal_move_texts();
    if moves.is_empty() {
        return None;
    }
    let me = game.side_to_move();
    let mut best: Vec<&String> = Vec::new();
    let mut best_score = i64::MIN;
    for m in &moves {
        let mut child = game.clone();
        if child.play_move_text(m).is_err() {
            continue;
        }
        let score = match child.status() {
            Status::Win { winner, .. } if winner == me => i64::MAX,
            Status::Win { .. } => i64::MIN + 1,
            _ => material(&child, me),
        };
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(m);
        }
    }
    best.get(rng.below(best.len())).map(|m| (*m).clone())
}

/// Material of `seat` minus everyone else's, from the game's picture of the position.
fn material(game: &AnyGame, seat: Seat) -> i64 {
    let Some(view) = game.board_view() else {
        return 0;
    };
    view.boards
        .iter()
        .flat_map(|b| b.cells.iter())
        .filter_map(|c| c.piece.as_ref())
        .map(|p| {
            if p.seat == seat {
                p.value as i64
            } else {
                -(p.value as i64)
            }
        })
        .sum()
}
