//! A node budget is a budget: the search stops at it, whatever its size, and still answers
//! with a legal move (the fuzz target `engine` relies on this to be quick and deterministic).

use variant_engine::{AnyEngine, Limits};
use variant_games::Game;

#[test]
fn the_search_stops_at_its_node_budget() {
    let game = variant_games::new_game("chess3d", "heights=2").expect("two-height chess");
    let legal = game.legal_moves();
    for budget in [1u64, 2, 7, 100, 1000, 1500] {
        let mut engine = AnyEngine::with_hash_mb(1);
        let result = engine.search(&game, &[], &Limits::nodes(budget), None, |_| {});
        assert!(
            result.nodes <= budget,
            "{} nodes searched with a budget of {budget}",
            result.nodes
        );
        let best = result.best.expect("a move even on the smallest budget");
        assert!(legal.contains(&best), "budget {budget}: an illegal move");
    }
    // The same budget, the same answer: nothing but the nodes decides where it stops.
    let run = || {
        AnyEngine::with_hash_mb(1)
            .search(&game, &[], &Limits::nodes(777), None, |_| {})
            .best
    };
    assert_eq!(run(), run());
}
