//! The principal variation of a completed depth is a line as long as the search looked (short
//! only where the game ends), also with a table far smaller than the search: the moves of its
//! PV nodes are kept apart from the transposition table, whose one entry a slot the deep
//! searches overwrite.

use variant_engine::{AnyEngine, Limits};
use variant_games::Game;

#[test]
fn the_pv_keeps_its_length_at_every_depth_with_a_small_table() {
    // FIDE chess after 1. e4 e5 2. Nf3 Nc6: no mate within reach, so every line the search
    // follows at depth d is d plies deep (C3-21 ends none of them).
    let mut game = variant_games::new_game("chess3d", "heights=1").expect("FIDE chess");
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        game.play_text(mv).expect("a legal opening move");
    }
    let mut engine = AnyEngine::with_hash_mb(1);
    let mut lines = Vec::new();
    engine.search(&game, &[], &Limits::depth(14), None, |p| {
        lines.push((p.depth, p.pv.clone()));
    });
    assert_eq!(lines.len(), 14, "every depth reported");
    for (depth, pv) in &lines {
        // Reductions and extensions move the leaves by a few plies; a PV cut off by the
        // table was 1 or 2 moves long from depth 10 on.
        assert!(
            pv.len() + 2 >= *depth as usize,
            "depth {depth}: a PV of {} moves",
            pv.len()
        );
        // And it is a line: every move legal where it is played.
        let mut at = game.clone();
        for &mv in pv {
            assert!(
                at.legal_moves().contains(&mv),
                "depth {depth}: an illegal PV move"
            );
            at.play_unchecked(mv);
        }
    }
}
