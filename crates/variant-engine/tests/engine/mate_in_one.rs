//! `variants analyse`'s acceptance point: a position with a mate (a win) in one gets a move
//! that wins and a mate score, in every game. The positions are the wins in one of each game's
//! test position file (`crates/<game>/data/<game>.positions`, through the registry), each
//! with every move that wins and the rule ids that make it a win; the facade's test
//! `crates/variant-games/tests/games/test_positions.rs` checks them with the rules alone. Here the
//! engine (`AnyEngine`, each game's own typed search) must find one of those moves, and the
//! rule engine's `Game::status` confirms that the mover wins after it.

use variant_engine::{AnyEngine, Limits};
use variant_games::registry;
use variant_games::{Game, Status};

#[test]
fn every_win_in_one_of_every_game_is_found() {
    for info in registry::games() {
        let mut searched = 0;
        let file = registry::test_positions(info.name).expect("a test position file");
        for entry in file.wins() {
            let what = format!("{} `{}` ({})", info.name, entry.id, entry.rule);
            let game = match entry.position {
                Some(text) => variant_games::from_text(info.name, entry.config, text),
                None => variant_games::new_game(info.name, entry.config),
            }
            .unwrap_or_else(|e| panic!("{what}: {e}"));
            let result = AnyEngine::new().search(&game, &[], &Limits::depth(2), None, |_| {});
            let best = result
                .best
                .unwrap_or_else(|| panic!("{what}: no move returned"));
            let text = game.format_move(best);
            assert!(
                entry.wins.contains(&text.as_str()),
                "{what}: {text} is not one of the winning moves {:?}",
                entry.wins
            );
            let mover = game.side_to_move();
            let mut after = game.clone();
            after.play_unchecked(best);
            assert!(
                matches!(after.status(), Status::Win { winner, .. } if winner == mover),
                "{what}: {text} does not win: {}",
                after.status()
            );
            assert_eq!(
                result.score.mate_in(),
                Some(1),
                "{what}: score {}",
                result.score
            );
            assert_eq!(result.score.mate_plies(), Some(1), "{what}");
            searched += 1;
        }
        assert!(searched > 0, "{}: no win in one to search", info.name);
    }
}
