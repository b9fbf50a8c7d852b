//! Property tests of every game along random playouts, written once over `G: Game` and run for
//! each game under several configurations (docs/reliability.md lists them):
//!
//! - position → text → position is the identity (same text, same repetition key, same legal
//!   moves), and the registry builds the same start position as `Game::new`;
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
use variant_games::variant_core::{Game, GameConfig, History};

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

fn config_of<G: Game>(text: &str) -> G::Config {
    let pairs = registry::parse_config(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    G::Config::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .unwrap_or_else(|e| panic!("{}: configuration {text:?} refused: {e}", G::NAME))
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
        .unwrap_or_else(|e| panic!("{}: {cx}: text {text} does not re-read: {e}", G::NAME));
    assert_eq!(again.to_text(), text, "{}: {cx}: text round trip", G::NAME);
    assert_eq!(
        again.repetition_key(),
        game.repetition_key(),
        "{}: {cx}: the re-read position {text} is another position for repetitions",
        G::NAME
    );
    again
}

/// Every property of one position (see the module documentation).
fn check_position<G: Game>(
    game: &G,
    all_children: bool,
    cx: &Context<'_>,
) -> Vec<(G::Move, String)> {
    let name = G::NAME;
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

/// Runs the properties for game `G` under each configuration text.
fn properties<G: Game>(configs: &[&str], budget: Budget) {
    for config_text in configs {
        let config = config_of::<G>(config_text);
        let start = G::new(&config).unwrap_or_else(|e| panic!("{}: {config_text:?}: {e}", G::NAME));
        // The registry builds the same start position.
        let pairs = registry::parse_config(config_text).unwrap_or_default();
        let via_registry = registry::new_game(G::NAME, &pairs)
            .unwrap_or_else(|e| panic!("{}: registry refuses {config_text:?}: {e}", G::NAME));
        assert_eq!(
            via_registry.to_text(),
            start.to_text(),
            "{}: {config_text:?}",
            G::NAME
        );

        for case in 0..budget.cases {
            let seed = case + 1;
            let mut rng = Rng::new(seed ^ ((G::NAME.len() as u64) << 20));
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
                    "{}: {cx}: try_play refused the legal {text}",
                    G::NAME
                );
                let played = history.play_text(text).unwrap_or_else(|e| {
                    panic!(
                        "{}: {cx}: the record refused the legal {text}: {e}",
                        G::NAME
                    )
                });
                assert_eq!(
                    played,
                    *m,
                    "{}: {cx}: the record played another move for {text}",
                    G::NAME
                );
                assert_eq!(
                    history.position().to_text(),
                    next.to_text(),
                    "{}: {cx}: record and game differ",
                    G::NAME
                );
                cx.line.push(text.clone());
                line.push(next);
            }
            if let Some(last) = line.last() {
                check_position(last, true, &cx);
            }
            // Undo back to the start: each step restores the exact text and hash.
            for expected in line.iter().rev().skip(1) {
                assert!(history.undo().is_ok(), "{}: {cx}: undo", G::NAME);
                let now = history.position();
                assert_eq!(
                    now.to_text(),
                    expected.to_text(),
                    "{}: {cx}: undo restores the text",
                    G::NAME
                );
                assert_eq!(
                    now.zobrist(),
                    expected.zobrist(),
                    "{}: {cx}: undo restores the hash",
                    G::NAME
                );
                cx.line.pop();
            }
            assert!(
                history.undo().is_err(),
                "{}: {cx}: undo past the start",
                G::NAME
            );
        }
    }
}

#[cfg(feature = "chess3d")]
#[test]
fn chess3d_properties_along_random_playouts() {
    // H=1 is FIDE chess; H=2, 3 and 8 the box; removal off keeps all heights; raised bases.
    properties::<variant_games::chess3d::Chess3d>(
        &[
            "heights=1",
            "heights=2",
            "heights=3",
            "",
            "heights=2;removal=off",
            "heights=4;white-base=2;black-base=3",
        ],
        Budget {
            cases: 6,
            plies: 60,
            children_every: 3,
        },
    );
}

#[cfg(feature = "checkers3d")]
#[test]
fn checkers3d_properties_along_random_playouts() {
    properties::<variant_games::checkers3d::Checkers3d>(
        &[
            "heights=1;capture=free",
            "heights=1",
            "heights=2",
            "",
            "heights=3;promotion=end",
            "heights=2;removal=off;capture=free",
            "heights=4;white-heights=1,2;black-heights=3,4",
        ],
        Budget {
            cases: 6,
            plies: 80,
            children_every: 2,
        },
    );
}

#[cfg(feature = "bishops4p")]
#[test]
fn bishops4p_properties_along_random_playouts() {
    properties::<variant_games::bishops4p::Bishops>(
        &[
            "",
            "players=3",
            "mode=long",
            "mode=long;players=3",
            "castling=off;en-passant=off",
        ],
        Budget {
            cases: 5,
            plies: 80,
            children_every: 3,
        },
    );
}

#[cfg(feature = "chess-t")]
#[test]
fn chess_t_properties_along_random_playouts() {
    properties::<variant_games::chess_t::ChessT>(
        &[
            "",
            "ruleset=chess-t-2020",
            "ruleset=t1-2021",
            "long-jumpers=on;guarded-castle=on",
            "optional-prince=on;no-scouts=on",
            "white-impregnable=a1,h1;black-impregnable=a8,h8",
        ],
        Budget {
            cases: 6,
            plies: 80,
            children_every: 3,
        },
    );
}
