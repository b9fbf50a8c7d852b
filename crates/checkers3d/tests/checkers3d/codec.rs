//! The codes of a whole move list (`MoveCode::move_codes`, computed in two passes for speed)
//! are those of `MoveCode::move_code` taken move by move, the definition of the rank: each
//! move's rank counts the earlier moves of the list with the same bits 0–50.

use checkers3d::prelude::*;
use variant_core::codec::MoveCode;

/// The codes one move at a time, each seeing the codes before it (the simple form).
fn one_by_one(game: &Checkers3d) -> Vec<u64> {
    let mut codes = Vec::new();
    for &mv in game.legal_moves().iter() {
        let code = game.move_code(mv, &codes).unwrap();
        codes.push(code);
    }
    codes
}

/// Every position `depth` plies below `game`, `game` included.
fn below(game: &Checkers3d, depth: u32, out: &mut Vec<Checkers3d>) {
    out.push(game.clone());
    if depth == 0 {
        return;
    }
    for &mv in game.legal_moves().iter() {
        let mut child = game.clone();
        child.play_unchecked(mv);
        below(&child, depth - 1, out);
    }
}

#[test]
fn a_whole_list_is_coded_as_move_by_move() {
    let mut positions = Vec::new();
    // D3-40's Russian draughts start (one height) and the default eight-height start, some
    // plies deep, and D3-9/D3-10's king capture with five landings.
    for config in ["heights=1;capture=free", ""] {
        let config: Checkers3dConfig = config.parse().unwrap();
        below(&Checkers3d::new(&config).unwrap(), 3, &mut positions);
    }
    positions.push("W:WKd4@1:Bc5@1,e5@1:H8:1/8".parse().unwrap());
    let mut compared = 0;
    for game in &positions {
        let moves = game.legal_moves();
        // Codes appended after others: the ranks count only the list's own codes.
        let mut codes = vec![7, 8];
        game.move_codes(&moves, &mut codes).unwrap();
        assert_eq!(codes[2..], one_by_one(game)[..], "{game}");
        compared += moves.len();
    }
    assert!(compared > 1_000, "only {compared} moves compared");
}
