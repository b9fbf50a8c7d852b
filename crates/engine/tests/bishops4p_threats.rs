//! Four-player short game (B4-20): the first mate ends the game and everybody but the mater
//! loses, so the searching player must stop a mate that one opponent threatens against another
//! — even at the horizon, where quiescence searches captures only and a quiet mate would be
//! missed. Every expectation is re-checked through the rule engine's own `Game::status`, by
//! trying every reply, not through the engine's scores.

use bishops4p::{Bishops, BishopsConfig};
use variant_core::{Game, Seat, Status};
use variants_engine::{Limits, Searcher};

/// White (the engine) to move. Grey's rook c5 threatens c5c12: a back-rank mate of Black's
/// king g12 (its pawns f11 g11 h11 and knight h12 take every flight square, f12 is on the
/// rook's rank), and Grey may mate Black, its left neighbour (B4-3, B4-13). That mate would end
/// the short game with Grey the winner and White a loser (B4-20). White has only its king g1
/// and knight d9: no capture of the rook, so the defence is quiet — a knight check of Black
/// (d9e11 or d9f10 hits g12, and the turn jumps to the checked Black, B4-12) or a block of the
/// c-file (d9c7, d9c11).
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
        let result = Searcher::new().search(&start, &[], &Limits::depth(depth), None, |_| {});
        let best = result.best.expect("White has legal moves");
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
            ["d9e11", "d9f10", "d9c7", "d9c11"].contains(&start.format_move(best).as_str()),
            "depth {depth}: {}",
            start.format_move(best)
        );
    }
}
