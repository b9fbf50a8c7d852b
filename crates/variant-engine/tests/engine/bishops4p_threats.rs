//! Four-player short game (B4-20): the first mate ends the game and everybody but the mater
//! loses, so the searching player must stop a mate that one opponent threatens against another
//! — even at the horizon, where quiescence searches captures only and a quiet mate would be
//! missed. Every expectation is re-checked through the rule engine's own `Game::status`, by
//! trying every reply, not through the engine's scores.

use bishops4p::{Bishops, BishopsConfig, Move};
use variant_core::{Game, Seat, Status};
use variant_engine::{Limits, Searcher};

/// White (the engine) to move. Grey's rook c5 threatens c5c12: a back-rank mate of Black's
/// king g12 (its pawns f11 g11 h11 and knight h12 take every flight square, f12 is on the
/// rook's rank), and Grey may mate Black, its left neighbour (B4-3, B4-13). That mate would end
/// the short game with Grey the winner and White a loser (B4-20). White has only its king g1
/// and knight d9: no capture of the rook, so the defence is quiet — a knight check of Black
/// (d9e11 or d9f10 hits g12, and the turn jumps to the checked Black, B4-12), a knight check
/// of Grey (d9b8 hits a6: Grey must answer the check, B4-11, and a knight check cannot be
/// blocked, so only a king move is legal and c5c12 must wait for Grey's next turn, which comes
/// after White's) or a block of the c-file (d9c7, d9c11).
const GREY_THREATENS_BLACK: &str = "6,bK,bN,4/5,bP,bP,bP,4/12/3,wN,8/12/12/gK,10,pK/2,gR,9/\
                                    12/12/12/6,wK,5 w wgbp w:-,g:-,b:-,p:- - 0 0 short -";

fn position(text: &str) -> Bishops {
    Bishops::from_text(&BishopsConfig::default(), text).expect("a legal position")
}

/// A move of the player to move in `pos` that wins the game at once, in the rules' own terms.
fn immediate_win(pos: &Bishops) -> Option<String> {
    pos.legal_moves().iter().find_map(|&mv| {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        matches!(after.status(), Status::Win { winner, .. } if winner == pos.side_to_move())
            .then(|| pos.format_move(mv))
    })
}

/// White's move of a fresh search to `depth`.
fn best_at(pos: &Bishops, depth: u32) -> Move {
    let result = Searcher::new().search(pos, &[], &Limits::depth(depth), None, |_| {});
    result.best.expect("White has legal moves")
}

#[test]
fn the_threat_is_real() {
    // A king step that ignores the threat: Grey moves next and mates Black (B4-13, B4-20).
    let mut pos = position(GREY_THREATENS_BLACK);
    pos.play_text("g1h1").expect("a legal king step");
    assert_eq!(pos.side_to_move(), Seat(1));
    assert_eq!(immediate_win(&pos).as_deref(), Some("c5c12"));
}

#[test]
fn engine_stops_a_mate_between_two_opponents() {
    let start = position(GREY_THREATENS_BLACK);
    // Depth 1 puts Grey's mating move beyond the main search, in quiescence (where the quiet
    // c5c12 used to be invisible); depth 3 searches it in the main tree.
    for depth in [1, 3] {
        let best = best_at(&start, depth);
        let mut after = start.clone();
        after.play_unchecked(best);
        assert!(
            !after.status().is_over(),
            "depth {depth}: {}",
            start.format_move(best)
        );
        assert_eq!(
            immediate_win(&after),
            None,
            "depth {depth}: after {} the player to move wins at once",
            start.format_move(best)
        );
        assert!(
            ["d9e11", "d9f10", "d9b8", "d9c7", "d9c11"].contains(&start.format_move(best).as_str()),
            "depth {depth}: {}",
            start.format_move(best)
        );
    }
}

/// From a lost game of the match against three `greedy` players (seed 1): White to move, in
/// check from Pink's bishop f2 next to its king g1. Checks fly between the other players here
/// (Pink's queen l6 and pawn k6 face Grey's king a6, White's bishop d5 looks along the
/// diagonals), and each such check makes the turn jump to the checked player (B4-12).
const CHECKS_EVERYWHERE: &str = "2,bR,1,bB,bK,bQ,bB,bN,bR,2/2,bP,1,bP,bP,bP,bP,bP,bP,2/\
                                 gR,gP,bP,7,pP,pR/1,gP,8,pP,pN/gB,gP,8,pP,1/gQ,gP,6,pP,2,pK/\
                                 gK,gP,8,pP,pQ/gB,2,wB,6,pP,pB/gN,gP,4,wP,3,pP,pN/gR,gP,8,pP,pR/\
                                 2,wP,wP,wP,pB,1,wP,wP,wP,2/2,wR,wN,wB,wQ,wK,1,wN,wR,2 \
                                 w wgbp w:KQ,g:KQ,b:KQ,p:KQ - 0 0 short -";

#[test]
fn checks_among_opponents_do_not_blow_up_the_search() {
    let start = position(CHECKS_EVERYWHERE);
    // Best-Reply Search gives an opponent's first move to the next opponent at no cost in
    // depth. If such moves could be checks that make the turn jump back to an earlier opponent
    // (B4-12), and every opponent in check got a ply of check extension, the turn could go
    // round the opponents for ever at no cost, and depth 2 would run to tens of millions of
    // nodes here (docs/notes/2026-12-engine-history.md). A free move must carry the turn
    // onwards towards White and opponents get no check extension, so depth 3 is a few thousand
    // nodes; 200 000 leaves room for changes of the ordering or the evaluation, and is still
    // a hundred times below what the loop costs.
    let result = Searcher::new().search(&start, &[], &Limits::depth(3), None, |_| {});
    assert_eq!(result.depth, 3);
    assert!(result.nodes < 200_000, "{} nodes", result.nodes);
    // A check by an adjacent bishop cannot be blocked: White must take the bishop or move the
    // king (B4-11). White's legal moves are the four captures d1f2, e1f2, f1f2, g1f2 (knight,
    // bishop, queen, king) and the king step g1g2: a capture wins a bishop, the step nothing.
    let best = start.format_move(result.best.expect("White has legal moves"));
    assert!(best.ends_with("f2"), "{best}");
}

/// White to move; its queen e5 is attacked by Black's knight d7 — Black moves after Grey
/// (B4-12), so the attacker is the second opponent, not the next one. Grey has only its king
/// a6 and nothing to capture.
const QUEEN_ATTACKED_BY_THE_SECOND_OPPONENT: &str = "5,bK,6/12/12/12/12/3,bN,8/gK,10,pK/\
                                                     4,wQ,7/12/12/12/6,wK,5 \
                                                     w wgbp w:-,g:-,b:-,p:- - 0 0 short -";

#[test]
fn a_piece_left_to_the_second_opponent_is_not_safe() {
    let start = position(QUEEN_ATTACKED_BY_THE_SECOND_OPPONENT);
    // At depth 1 the replies are quiescence's. Grey has no capture; when an opponent without a
    // capture ended the quiescence there, Black's knight never moved and the queen counted as
    // safe anywhere (the build before this test played e5c5, into the knight's reach). Now
    // Grey stands aside for Black, so the queen must land on a cell no other colour attacks.
    for depth in [1, 2] {
        let best = best_at(&start, depth);
        let text = start.format_move(best);
        assert!(
            text.starts_with("e5"),
            "depth {depth}: {text} leaves the queen"
        );
        assert!(
            !start.lands_attacked(best),
            "depth {depth}: {text} lands attacked"
        );
        // The knight d7 reaches b6 b8 c5 c9 e9 f6 f8 (and e5): none of them may be the queen's.
        let to = &text[2..];
        assert!(
            !["b6", "b8", "c5", "c9", "e9", "f6", "f8"].contains(&to),
            "depth {depth}: {text}"
        );
    }
}
