//! `Game::generate_moves` (a listener receives each move, no list in between) against the
//! games' list generator: along deterministic random games of every game, the moves a sink
//! receives are the legal moves in generation order, and a counting sink counts as many as
//! perft's bulk count. The list generator is itself checked against the published perft
//! tables by each game's perft tests, so any drift of the sink path fails here.

use variant_games::prelude::*;
use variant_games::variant_core::MoveCounter;

/// A small deterministic generator (64-bit LCG, Knuth's constants), so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays `games` random games of up to `plies` plies from `start` and compares the sink and
/// list generators at every position; returns the number of positions checked.
fn check_game<G: Game>(start: &G, games: u64, plies: usize) -> usize {
    let mut checked = 0;
    for seed in 0..games {
        let mut rng = Lcg(seed);
        let mut game = start.clone();
        for _ in 0..plies {
            let listed = game.legal_moves();
            let mut received = Vec::new();
            game.generate_moves(&mut received);
            assert_eq!(
                &received[..],
                &listed[..],
                "{}: {}",
                game.name(),
                game.to_text()
            );
            let mut counter = MoveCounter::default();
            game.generate_moves(&mut counter);
            assert_eq!(counter.0, game.count_legal_moves(), "{}", game.to_text());
            checked += 1;
            if listed.is_empty() {
                break;
            }
            game.play_unchecked(listed[rng.below(listed.len())]);
        }
    }
    checked
}

fn start<G: Game>(config: &str) -> G
where
    G::Config: std::str::FromStr,
{
    let config: G::Config = config.parse().unwrap_or_else(|_| panic!("config {config}"));
    G::new(&config).expect("valid configuration")
}

#[test]
#[cfg(feature = "chess3d")]
fn chess3d_sink_matches_list() {
    for config in ["heights=1", "heights=3", ""] {
        assert!(check_game(&start::<Chess3d>(config), 6, 80) > 100);
    }
}

#[test]
#[cfg(feature = "checkers3d")]
fn checkers3d_sink_matches_list() {
    // One height takes the plane fast path; three heights the general one with captures in
    // every direction of the box (D3-8).
    for config in ["heights=1", "heights=3", ""] {
        assert!(check_game(&start::<Checkers3d>(config), 6, 120) > 100);
    }
}

#[test]
#[cfg(feature = "bishops4p")]
fn bishops_sink_matches_list() {
    assert!(check_game(&start::<Bishops>(""), 6, 120) > 100);
}

#[test]
#[cfg(feature = "chess-t")]
fn chess_t_sink_matches_list() {
    assert!(check_game(&start::<ChessT>(""), 6, 120) > 100);
}

/// Perft through the sink alone (each node's moves received in a `Vec`) equals perft.
fn sink_perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play_unchecked(mv);
            sink_perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn sink_perft_equals_perft() {
    // Chess at one height: 8 902 at depth 3 (the published FIDE perft table).
    #[cfg(feature = "chess3d")]
    assert_eq!(sink_perft(&start::<Chess3d>("heights=1"), 3), 8_902);
    #[cfg(feature = "checkers3d")]
    assert_eq!(
        sink_perft(&start::<Checkers3d>("heights=2"), 3),
        variant_games::perft(&start::<Checkers3d>("heights=2"), 3)
    );
    #[cfg(feature = "bishops4p")]
    assert_eq!(
        sink_perft(&Bishops::default(), 2),
        variant_games::perft(&Bishops::default(), 2)
    );
    #[cfg(feature = "chess-t")]
    assert_eq!(
        sink_perft(&ChessT::default(), 2),
        variant_games::perft(&ChessT::default(), 2)
    );
}
