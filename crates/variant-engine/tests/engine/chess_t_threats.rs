//! chess-T: the search sees a King lost to the opponent's next move. A Scout takes or
//! exchanges without superiority (CT-12), and a captured King ends the game (CT-35). Static
//! pruning once scored such a position by the evaluation, which prices the King at 0, so a
//! move that let the King be taken looked fine (found in a lost self-play game).
//! Each test checks the engine's move independently through the rule engine: after it, no
//! reply of the opponent wins at once (`Game::status`).

use chess_t::{ChessT, ChessTConfig};
use variant_core::{Game, Status};
use variant_engine::{Limits, Searcher};

/// Whether some reply to `pos` wins for the player who makes it.
fn opponent_wins_at_once(pos: &ChessT) -> Option<String> {
    let mover = pos.side_to_move();
    pos.legal_moves().into_iter().find_map(|reply| {
        let mut after = pos.clone();
        after.play_unchecked(reply);
        matches!(after.status(), Status::Win { winner, .. } if winner == mover)
            .then(|| pos.format_move(reply))
    })
}

/// From a lost game of the self-play match: Black's Scout on d3 may exchange White's King on
/// e1 (a castle cell, CT-12). Several White moves (the King's step e1f1 among them) avoid an
/// immediate loss; at depth 3 the engine once played a3a5, after which d3e1 wins.
#[test]
fn the_king_is_not_left_to_a_scout_exchange() {
    let text = "5k2/nnn5/3n2n1/rp2n1n1/C1Nc4/R2s2NR/1N2NN2/3PK1S1 w Pp 2 37";
    let game = ChessT::from_text(&ChessTConfig::default(), text).expect("position");
    // The threat is real: after a3a5 Black wins at once.
    let mut careless = game.clone();
    careless.play_text("a3a5").expect("legal");
    assert_eq!(opponent_wins_at_once(&careless).as_deref(), Some("d3e1"));
    for depth in 2..=5 {
        let mut searcher = Searcher::new();
        let result = searcher.search(&game, &[], &Limits::depth(depth), None, |_| {});
        let best = result.best.expect("a legal move");
        let mut after = game.clone();
        after.play_unchecked(best);
        assert_eq!(
            opponent_wins_at_once(&after),
            None,
            "depth {depth}: {} lets Black win",
            game.format_move(best)
        );
    }
}
