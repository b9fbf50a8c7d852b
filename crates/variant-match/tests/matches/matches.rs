//! Matches: games are repeatable from the seed and their number, pairs share the opening
//! with the seats swapped, and the report adds up.

use variant_match::{MatchOptions, Outcome, play_one_game, run_match};

fn options(game: &str, config: &str, players: &[&str], games: usize) -> MatchOptions {
    MatchOptions {
        config: config.to_string(),
        games,
        ..MatchOptions::new(game, players)
    }
}

#[test]
fn a_pair_shares_its_opening_with_the_seats_swapped() {
    let o = options("chess3d", "heights=1", &["greedy", "random"], 2);
    let first = play_one_game(&o, 0).unwrap();
    let second = play_one_game(&o, 1).unwrap();
    // The 4 random opening plies are the same in both games of the pair.
    assert_eq!(first.moves[..4], second.moves[..4]);
    // Another pair has another opening (from the seed): 20 first moves make a clash of all
    // four plies unlikely, and the seed is fixed, so this cannot flicker.
    let third = play_one_game(&o, 2).unwrap();
    assert_ne!(first.moves[..4], third.moves[..4]);
}

#[test]
fn a_game_alone_is_the_game_of_the_match() {
    let o = options("checkers3d", "heights=1", &["greedy", "random"], 4);
    let report = run_match(&o, &|_| {}).unwrap();
    let alone: Vec<_> = (0..4).map(|i| play_one_game(&o, i).unwrap()).collect();
    let match_ = variant_match::Match::new(o.clone()).unwrap();
    assert_eq!(match_.report(&alone), report);
}

#[test]
fn openings_from_a_file() {
    let mut o = options("chess3d", "heights=1", &["greedy", "greedy"], 4);
    o.random_plies = 0;
    o.openings = Some("e2e4 e7e5\n4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\n".to_string());
    let games: Vec<_> = (0..4).map(|i| play_one_game(&o, i).unwrap()).collect();
    assert_eq!(games[0].moves[..2], ["e2e4", "e7e5"]);
    assert_eq!(games[1].moves[..2], ["e2e4", "e7e5"]);
    assert_eq!(games[2].start, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(games[3].start, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    // In game 2 player 0 has White's rook, in game 3 player 1 has it (seats swapped); the
    // rook side cannot lose (a bare king cannot mate), so the player without it never wins.
    assert_ne!(games[2].outcomes[1], Outcome::Win);
    assert_ne!(games[3].outcomes[0], Outcome::Win);
}

#[test]
fn bad_matches_are_refused() {
    for (o, why) in [
        (
            options("bishops4p", "", &["random", "random"], 2),
            "needs 4",
        ),
        (
            options("bishops4p", "players=3", &["random"; 4], 2),
            "needs 3",
        ),
        (
            options("chess-t", "", &["random", "human"], 2),
            "move by themselves",
        ),
        (
            options("chess-t", "", &["random", "random"], 0),
            "at least 1",
        ),
        (options("nope", "", &["random", "random"], 2), "nope"),
    ] {
        let e = run_match(&o, &|_| {}).unwrap_err().to_string();
        assert!(e.contains(why), "{e}");
    }
    let mut o = options("bishops4p", "", &["random"; 4], 2);
    o.sprt = Some("0,10".into());
    assert!(
        run_match(&o, &|_| {})
            .unwrap_err()
            .to_string()
            .contains("two players")
    );
}

#[test]
fn the_three_player_game_seats_three() {
    let o = options("bishops4p", "players=3", &["greedy", "random", "random"], 3);
    let report = run_match(&o, &|_| {}).unwrap();
    assert_eq!(report.players.len(), 3);
    let points: f64 = report.players.iter().map(|p| p.score).sum();
    // Each game gives out one point in all.
    assert!((points - 1.0).abs() < 1e-9, "{points}");
}

/// The engine player is given the game's earlier positions: a queen down, Black goes back to
/// h8, repeating the start position (a draw in the search), which it does not choose from the
/// same position without the history.
#[test]
fn the_engine_player_sees_repetitions() {
    use variant_games::History;
    use variant_match::{Player, PlayerSpec, Rng};
    let start = variant_games::from_text("chess3d", "heights=1", "7k/p7/8/8/8/8/P7/3Q3K w - - 0 1")
        .unwrap();
    let mut history = History::new(start.clone());
    for m in ["h1g1", "h8g8", "g1h1"] {
        history.play_text(m).unwrap();
    }
    let spec = PlayerSpec::parse("engine:depth=5").unwrap();
    let mut player = Player::new(&spec, &start).unwrap();
    let with_history = player.choose(&history, &mut Rng::new(1)).unwrap();
    assert_eq!(with_history.as_deref(), Some("g8h8"));
    let alone = History::new(history.position().clone());
    player.new_game().unwrap();
    let without = player.choose(&alone, &mut Rng::new(1)).unwrap();
    assert_ne!(without.as_deref(), Some("g8h8"));
}

/// Games played at the same time add up to the same report: each game depends only on the
/// seed and its number.
#[test]
fn concurrency_does_not_change_the_result() {
    let one = options("chess-t", "", &["greedy", "random"], 6);
    let two = MatchOptions {
        concurrency: 2,
        ..one.clone()
    };
    let calls = std::sync::atomic::AtomicUsize::new(0);
    let a = run_match(&one, &|_| {
        calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    })
    .unwrap();
    assert_eq!(calls.into_inner(), 6, "one progress call a game");
    let b = run_match(&two, &|_| {}).unwrap();
    assert_eq!(a, b);
}

/// An SPRT that cannot be decided by the games allowed plays them all and says so.
#[test]
fn an_undecided_sprt_plays_every_game() {
    let mut o = options("checkers3d", "heights=1", &["random", "random"], 4);
    o.sprt = Some("-10,10".to_string());
    let report = run_match(&o, &|_| {}).unwrap();
    assert_eq!(report.games, 4);
    let sprt = report.sprt.expect("an SPRT");
    assert_eq!(sprt.result, None);
    assert!(sprt.lower < sprt.llr && sprt.llr < sprt.upper);
}
