//! Property tests of every game along random playouts, written once over `G: Game` and run for
//! every game of the registry through `AnyGame` under the configurations of its test position
//! file (docs/reliability.md):
//!
//! - position → text → position is the identity (same text, same repetition key, same legal
//!   moves), and a configuration given as pairs or as text builds the same start position;
//! - the incremental Zobrist hash equals `recompute_zobrist()` after every move;
//! - every legal move (not only the one played) leads to a position whose text re-reads: no
//!   legal move reaches a forbidden state (chess3d: the mover's king left in check, which the
//!   position-text validation rejects as "side not to move in check");
//! - each legal move's canonical text parses back to the move, and the texts are distinct;
//! - `count_legal_moves` equals the length of the list; no legal moves ⇒ the status is over
//!   (for bishops4p and chess-T also: over ⇒ no legal moves);
//! - a record (`History`) played along the line and undone back to the start restores each
//!   position's exact text and hash.
//!
//! The playouts are random but reproducible: each case has a seed, printed with the move line
//! when a property fails, so a failure is a ready reproducer. (A small xorshift generator
//! drives them instead of proptest, which is not a dev-dependency of this crate.)

use variant_games::registry;
use variant_games::variant_core::{Game, History};

/// xorshift64*: a small deterministic generator for the playouts.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn below(&mut self, n: usize) -> usize {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize % n.max(1)
    }
}

/// What one run checks: how many playouts, how long, and how often every child of a position
/// is re-read (every `children_every` plies; re-reading all children is the costly part).
#[derive(Clone, Copy)]
struct Budget {
    cases: u64,
    plies: usize,
    children_every: usize,
}

/// Where a failure happened, for the panic message.
struct Context<'a> {
    config: &'a str,
    seed: u64,
    line: Vec<String>,
}

impl std::fmt::Display for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "config {:?}, seed {}, after the moves [{}]",
            self.config,
            self.seed,
            self.line.join(" ")
        )
    }
}

/// The legal moves with their canonical texts.
fn legal<G: Game>(game: &G) -> Vec<(G::Move, String)> {
    let mut list = G::MoveList::default();
    game.legal_moves_into(&mut list);
    list.iter().map(|&m| (m, game.format_move(m))).collect()
}

/// Re-reads the position from its text; the copy must be the same position.
fn reread<G: Game>(game: &G, cx: &Context<'_>) -> G {
    let text = game.to_text();
    let again = G::from_text(game.config(), &text)
        .unwrap_or_else(|e| panic!("{}: {cx}: text {text} does not re-read: {e}", game.name()));
    assert_eq!(
        again.to_text(),
        text,
        "{}: {cx}: text round trip",
        game.name()
    );
    assert_eq!(
        again.repetition_key(),
        game.repetition_key(),
        "{}: {cx}: the re-read position {text} is another position for repetitions",
        game.name()
    );
    again
}

/// Every property of one position (see the module documentation).
fn check_position<G: Game>(
    game: &G,
    all_children: bool,
    cx: &Context<'_>,
) -> Vec<(G::Move, String)> {
    let name = game.name();
    let text = game.to_text();
    let again = reread(game, cx);
    assert_eq!(
        game.zobrist(),
        game.recompute_zobrist(),
        "{name}: {cx}: incremental hash differs from the recomputed one at {text}"
    );
    let moves = legal(game);
    assert_eq!(
        game.count_legal_moves(),
        moves.len() as u64,
        "{name}: {cx}: count_legal_moves at {text}"
    );
    assert_eq!(
        again.count_legal_moves(),
        moves.len() as u64,
        "{name}: {cx}: legal moves after re-reading {text}"
    );
    let mut texts: Vec<&str> = moves.iter().map(|(_, t)| t.as_str()).collect();
    texts.sort_unstable();
    texts.dedup();
    assert_eq!(
        texts.len(),
        moves.len(),
        "{name}: {cx}: two moves share a text at {text}"
    );
    for (m, t) in &moves {
        let parsed = game.parse_move(t).unwrap_or_else(|e| {
            panic!("{name}: {cx}: canonical {t} does not parse at {text}: {e}")
        });
        assert_eq!(
            parsed, *m,
            "{name}: {cx}: {t} parses to another move at {text}"
        );
        if all_children {
            let mut child = game.clone();
            child.play_unchecked(*m);
            let child_text = child.to_text();
            if let Err(e) = G::from_text(child.config(), &child_text) {
                panic!(
                    "{name}: {cx}: the legal move {t} at {text} reaches a forbidden position {child_text}: {e}"
                );
            }
            assert_eq!(
                child.zobrist(),
                child.recompute_zobrist(),
                "{name}: {cx}: hash after {t} at {text}"
            );
        }
    }
    let status = game.status();
    if moves.is_empty() {
        assert!(
            status.is_over(),
            "{name}: {cx}: no legal moves but status {status} at {text}"
        );
    }
    if matches!(name, "bishops4p" | "chess-t") && status.is_over() {
        assert!(
            moves.is_empty(),
            "{name}: {cx}: status {status} with {} legal moves at {text}",
            moves.len()
        );
    }
    moves
}

/// Runs the properties for game `name` under each configuration text, through `AnyGame`
/// (every method the typed game's own).
fn properties(name: &str, configs: &[&str], budget: Budget) {
    for config_text in configs {
        let pairs = registry::parse_config(config_text).unwrap_or_default();
        let start = registry::new_game(name, &pairs)
            .unwrap_or_else(|e| panic!("{name}: registry refuses {config_text:?}: {e}"));
        // The configuration given as text builds the same start position.
        let from_text = variant_games::new_game(name, config_text)
            .unwrap_or_else(|e| panic!("{name}: {config_text:?}: {e}"));
        assert_eq!(
            from_text.to_text(),
            start.to_text(),
            "{name}: {config_text:?}"
        );

        for case in 0..budget.cases {
            let seed = case + 1;
            let mut rng = Rng::new(seed ^ ((name.len() as u64) << 20));
            let mut cx = Context {
                config: config_text,
                seed,
                line: Vec::new(),
            };
            let mut history = History::new(start.clone());
            let mut line = vec![start.clone()];
            for ply in 0..budget.plies {
                let Some(game) = line.last().cloned() else {
                    break;
                };
                let moves = check_position(&game, ply % budget.children_every == 0, &cx);
                if moves.is_empty() || game.status().is_over() || history.status().is_over() {
                    break;
                }
                let (m, text) = &moves[rng.below(moves.len())];
                let mut next = game.clone();
                assert!(
                    next.try_play(*m).is_ok(),
                    "{name}: {cx}: try_play refused the legal {text}"
                );
                let played = history.play_text(text).unwrap_or_else(|e| {
                    panic!("{name}: {cx}: the record refused the legal {text}: {e}")
                });
                assert_eq!(
                    played, *m,
                    "{name}: {cx}: the record played another move for {text}"
                );
                assert_eq!(
                    history.position().to_text(),
                    next.to_text(),
                    "{name}: {cx}: record and game differ"
                );
                cx.line.push(text.clone());
                line.push(next);
            }
            if let Some(last) = line.last() {
                check_position(last, true, &cx);
            }
            // Undo back to the start: each step restores the exact text and hash.
            for expected in line.iter().rev().skip(1) {
                assert!(history.undo().is_ok(), "{name}: {cx}: undo");
                let now = history.position();
                assert_eq!(
                    now.to_text(),
                    expected.to_text(),
                    "{name}: {cx}: undo restores the text"
                );
                assert_eq!(
                    now.zobrist(),
                    expected.zobrist(),
                    "{name}: {cx}: undo restores the hash"
                );
                cx.line.pop();
            }
            assert!(history.undo().is_err(), "{name}: {cx}: undo past the start");
        }
    }
}

/// Every game of the registry under every configuration of its test position file
/// (`crates/<game>/data/<game>.positions`: for chess3d one height (FIDE chess), boxes of 2, 3
/// and 8 heights, removal off, raised bases; for checkers3d Russian draughts and the boxes with
/// the capture and promotion switches; for "Bishops" three players and the long game; for
/// chess-T the rulesets and the 2020 switches).
#[test]
fn every_game_s_properties_along_random_playouts() {
    for info in registry::games() {
        let file = registry::test_positions(info.name).expect("a test position file");
        let configs: Vec<&str> = file.configurations().map(|e| e.config).collect();
        assert!(!configs.is_empty(), "{}: no configuration", info.name);
        properties(
            info.name,
            &configs,
            Budget {
                cases: 6,
                plies: 80,
                children_every: 2,
            },
        );
    }
}
