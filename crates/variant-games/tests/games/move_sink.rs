//! `Game::generate_moves` (a listener receives each move, no list in between) against the
//! games' list generator: along deterministic random games of every game, the moves a sink
//! receives are the legal moves in generation order, and a counting sink counts as many as
//! perft's bulk count. The list generator is itself checked against the published perft
//! tables by each game's perft tests, so any drift of the sink path fails here. Every game of
//! the registry is checked through `AnyGame` (whose sink and list are the typed game's own
//! generators), under the configurations of its test position file.

use variant_games::Game;
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

/// The configurations every game is checked under: its default and its `family`
/// configurations (its test position file: the ones that change the board, the seats or the
/// rules most; for the 3D games one height, the fast path of the plane, and more).
fn configurations(name: &str) -> Vec<&'static str> {
    let file = variant_games::registry::test_positions(name).expect("a test position file");
    std::iter::once("")
        .chain(file.family().map(|e| e.config))
        .collect()
}

/// Every game of the registry, through `AnyGame`, whose `generate_moves` hands the typed
/// game's sink generator the moves and whose list is the typed game's list generator: the two
/// generators of each game are compared.
#[test]
fn every_game_s_sink_matches_its_list() {
    for info in variant_games::registry::games() {
        for config in configurations(info.name) {
            let game = variant_games::new_game(info.name, config)
                .unwrap_or_else(|e| panic!("{} {config:?}: {e}", info.name));
            let checked = check_game(&game, 6, 120);
            assert!(
                checked > 100,
                "{} {config:?}: {checked} positions",
                info.name
            );
        }
    }
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

/// Perft through the sink alone against the reference counts of every game's perft data file
/// (published tables and the rules pages' tables, `crates/<game>/data/<game>.perft`) up to
/// 20 000 leaves.
#[test]
fn sink_perft_equals_the_reference_counts() {
    let files =
        variant_games::perft_data::files().unwrap_or_else(|(game, e)| panic!("{game}: {e}"));
    for file in files {
        let mut checked = 0;
        for entry in &file.entries {
            let game = match entry.position {
                None => variant_games::new_game(file.game, entry.config),
                Some(text) => variant_games::from_text(file.game, entry.config, text),
            }
            .unwrap_or_else(|e| panic!("{} `{}`: {e}", file.game, entry.id));
            for count in entry.counts.iter().filter(|c| c.nodes <= 20_000) {
                assert_eq!(
                    sink_perft(&game, count.depth),
                    count.nodes,
                    "{}.perft line {}: `{}` perft {} ({})",
                    file.game,
                    count.line,
                    entry.id,
                    count.depth,
                    count.source
                );
                checked += 1;
            }
        }
        assert!(checked >= 1, "{}: no count small enough", file.game);
    }
}
