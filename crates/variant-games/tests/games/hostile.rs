//! Hostile input through the facade, for every game the build serves: empty, huge (1 MB),
//! binary and deeply wrong position texts, 10 000 random bytes as a move, giant
//! configurations, JSON garbage, broken records. Each must give an error (or, for texts that
//! are mutations of valid ones, a valid position) and never panic; error messages stay one
//! line and short, whatever the size of the input (they quote at most a shortened excerpt).

use variant_games::registry;
use variant_games::variant_core::{Game, History, binary};
use variant_games::{AnyGame, Error};

/// xorshift64*: deterministic garbage.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| (self.next() >> 56) as u8).collect()
    }
}

/// The games this build serves (at least one: a build without games would pass vacuously).
fn names() -> Vec<&'static str> {
    let names: Vec<&'static str> = registry::games().iter().map(|g| g.name).collect();
    assert!(
        !names.is_empty(),
        "the registry serves no game: enable a game feature"
    );
    names
}

const MB: usize = 1 << 20;

/// An error that a person can read: one line, not an echo of a megabyte of input.
fn assert_readable(e: &Error, what: &str) {
    let text = e.to_string();
    assert!(!text.is_empty(), "{what}: empty error message");
    let head: String = text.chars().take(200).collect();
    assert!(
        text.len() < 600,
        "{what}: error message of {} bytes: {head}…",
        text.len()
    );
    assert!(
        !text.contains('\n'),
        "{what}: error message spans lines: {text}"
    );
}

fn must_fail<T>(result: Result<T, Error>, what: &str) {
    match result {
        Ok(_) => panic!("{what}: accepted"),
        Err(e) => assert_readable(&e, what),
    }
}

fn start(name: &str) -> AnyGame {
    registry::new_game(name, &[]).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Plays a move given as text.
fn play(game: &mut AnyGame, text: &str) -> Result<(), Error> {
    game.play_text(text).map(|_| ()).map_err(Error::from)
}

/// The canonical text of the legal move a text names.
fn normalize(game: &AnyGame, text: &str) -> Result<String, Error> {
    let mv = game.parse_move(text)?;
    Ok(game.format_move(mv))
}

/// Texts that are no position of any game.
fn garbage_positions() -> Vec<(String, String)> {
    let mut rng = Rng(0x5EED);
    let binary = String::from_utf8_lossy(&rng.bytes(4096)).into_owned();
    vec![
        ("empty".into(), String::new()),
        ("blank".into(), " \t\n\r ".into()),
        ("1 MB of one letter".into(), "a".repeat(MB)),
        ("1 MB of slashes".into(), "/".repeat(MB)),
        ("1 MB of separators".into(), "|".repeat(MB)),
        ("1 MB of digits".into(), "9".repeat(MB)),
        ("1 MB of commas".into(), ",".repeat(MB)),
        ("binary".into(), binary),
        ("NUL bytes".into(), "\0".repeat(64)),
        ("unicode".into(), "♔♕♖♗♘♙ ﷽ 𝕏 e\u{301} \u{202e}rtl".into()),
        (
            "huge number".into(),
            "8/8/8/8/8/8/8/8 w - - 99999999999999999999999999 1".into(),
        ),
        (
            "negative number".into(),
            "8/8/8/8/8/8/8/8 w - - -1 -1".into(),
        ),
        ("JSON".into(), r#"{"position": "start"}"#.into()),
    ]
}

#[test]
fn garbage_position_texts_are_errors() {
    for name in names() {
        for (what, text) in garbage_positions() {
            must_fail(
                registry::from_text(name, &[], &text),
                &format!("{name}: {what}"),
            );
        }
    }
}

#[test]
fn a_megabyte_of_repeated_start_texts_is_an_error() {
    for name in names() {
        let text = start(name).to_text();
        let huge = text.repeat(MB / text.len() + 1);
        must_fail(
            registry::from_text(name, &[], &huge),
            &format!("{name}: repeated start text"),
        );
        // The start text with a megabyte of trailing garbage.
        let tail = format!("{text} {}", "x".repeat(MB));
        must_fail(
            registry::from_text(name, &[], &tail),
            &format!("{name}: start text + 1 MB"),
        );
    }
}

/// Every prefix of a valid text, and the text with each character replaced by characters that
/// are meaningful in the notations: each must be a valid position or an error, never a panic.
fn mutate_and_read(name: &str, config: &[(String, String)], text: &str) {
    let chars: Vec<char> = text.chars().collect();
    for len in 0..chars.len() {
        let prefix: String = chars[..len].iter().collect();
        if let Ok(game) = registry::from_text(name, config, &prefix) {
            let _ = game.legal_move_texts();
            let _ = game.status();
        }
    }
    const REPLACEMENTS: &[char] = &[
        '0', '1', '8', '9', 'K', 'k', 'Q', 'P', 'p', 'R', 'N', 'B', 'W', 'x', '/', '|', ',', ':',
        '-', ' ', 'w', 'b', '@',
    ];
    for i in 0..chars.len() {
        for &r in REPLACEMENTS {
            let mut mutated = chars.clone();
            mutated[i] = r;
            let mutated: String = mutated.into_iter().collect();
            match registry::from_text(name, config, &mutated) {
                Ok(game) => {
                    // Accepted: the position must be usable and re-read from its own text.
                    let moves = game.legal_move_texts();
                    let _ = game.status();
                    let own = game.to_text();
                    let again = registry::from_text(name, &[], &own).unwrap_or_else(|e| {
                        panic!(
                            "{name}: accepted {mutated:?}, but its own text {own:?} is refused: {e}"
                        )
                    });
                    assert_eq!(again.to_text(), own, "{name}: {mutated:?}");
                    for m in moves.iter().take(8) {
                        let mut child = game.clone();
                        play(&mut child, m).unwrap_or_else(|e| {
                            panic!("{name}: at {mutated:?} the listed move {m} is refused: {e}")
                        });
                    }
                }
                Err(e) => assert_readable(&e, &format!("{name}: {mutated:?}")),
            }
        }
    }
}

#[test]
fn mutated_and_truncated_start_texts_never_panic() {
    for name in names() {
        let text = start(name).to_text();
        mutate_and_read(name, &[], &text);
    }
}

#[test]
fn mutated_and_truncated_middle_game_texts_never_panic() {
    for name in names() {
        let mut game = start(name);
        let mut rng = Rng(7);
        for _ in 0..12 {
            let moves = game.legal_move_texts();
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.next() as usize % moves.len()];
            play(&mut game, m).unwrap_or_else(|e| panic!("{name}: {m}: {e}"));
        }
        mutate_and_read(name, &[], &game.to_text());
    }
}

#[cfg(feature = "chess3d")]
#[test]
fn impossible_chess_positions_are_errors() {
    let h1 = registry::parse_config("heights=1").unwrap_or_default();
    for (what, fen) in [
        ("no white king", "k7/8/8/8/8/8/8/8 w - - 0 1"),
        ("two white kings", "k7/8/8/8/8/8/8/K6K w - - 0 1"),
        ("pawn on rank 1", "k7/8/8/8/8/8/8/K6P w - - 0 1"),
        ("pawn on rank 8", "k6p/8/8/8/8/8/8/K7 w - - 0 1"),
        // C3: the side that is not to move may not be in check (its king could be taken).
        ("side not to move in check", "k7/8/8/8/8/8/8/K6r b - - 0 1"),
        ("nine ranks", "k7/8/8/8/8/8/8/8/K7 w - - 0 1"),
        ("seven ranks", "k7/8/8/8/8/8/K7 w - - 0 1"),
        ("nine files", "k8/8/8/8/8/8/8/K7 w - - 0 1"),
        ("castling without the rook", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        (
            "en passant square of the wrong rank",
            "4k3/8/8/8/8/8/8/4K3 w - e4 0 1",
        ),
        ("side to move x", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        ("unknown piece", "4k3/8/8/8/8/8/8/4K2Z w - - 0 1"),
    ] {
        must_fail(
            registry::from_text("chess3d", &h1, fen),
            &format!("chess3d: {what}"),
        );
    }
    // A text of two boards while the configuration says one height.
    let two = registry::new_game(
        "chess3d",
        &registry::parse_config("heights=2").unwrap_or_default(),
    )
    .map(|g| g.to_text())
    .unwrap_or_default();
    must_fail(
        registry::from_text("chess3d", &h1, &two),
        "chess3d: 2 boards under heights=1",
    );
}

#[test]
fn ten_thousand_random_bytes_as_a_move_are_errors() {
    let mut rng = Rng(0xBAD);
    for name in names() {
        let mut game = start(name);
        let before = game.to_text();
        for round in 0..8 {
            let raw = rng.bytes(10_000);
            let text = String::from_utf8_lossy(&raw);
            must_fail(
                play(&mut game, &text),
                &format!("{name}: random move {round}"),
            );
            must_fail(
                normalize(&game, &text),
                &format!("{name}: random move {round}"),
            );
        }
        for text in [
            "",
            " ",
            "\0",
            &"e2e4".repeat(2500),
            &"a".repeat(MB),
            "e2e4\ne7e5",
            "🂡🂱",
        ] {
            must_fail(
                play(&mut game, text),
                &format!("{name}: move {:?}", text.get(..20)),
            );
        }
        assert_eq!(
            game.to_text(),
            before,
            "{name}: refused moves changed the position"
        );
        // Legal moves with junk around them.
        for m in game.legal_move_texts().into_iter().take(5) {
            for junk in [
                format!("{m}{}", "#".repeat(10_000)),
                format!("{m}\0"),
                format!("\0{m}"),
                format!("{m}{m}"),
            ] {
                if let Ok(canonical) = normalize(&game, &junk) {
                    // A lenient parser may accept decorations, but only as the listed move.
                    assert!(
                        game.legal_move_texts().contains(&canonical),
                        "{name}: {junk:?} → {canonical}"
                    );
                }
            }
        }
    }
}

#[test]
fn giant_and_broken_configurations_are_errors() {
    let giant_value = format!("heights={}", "9".repeat(100_000));
    let many_pairs = (0..10_000)
        .map(|i| format!("key{i}=value{i}"))
        .collect::<Vec<_>>()
        .join(";");
    let deep_json = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let deep_object = format!("{}1{}", r#"{"a":"#.repeat(10_000), "}".repeat(10_000));
    let long_key = format!("{}=1", "k".repeat(MB));
    let texts = [
        giant_value.as_str(),
        many_pairs.as_str(),
        long_key.as_str(),
        "=",
        "==",
        "heights",
        "heights=1=2",
        "heights=-1",
        "heights=0",
        "heights=4294967296",
        "heights=1e3",
        "heights=\u{0661}",
        "removal=1,2,3,4,5,6,7,8",
        "removal=99999,1,1,1,1,1,1",
        "players=0",
        "white-heights=1,1",
        "white-impregnable=z9",
        r#"{"heights": 1e400}"#,
        r#"{"heights": -1}"#,
        r#"{"heights": null}"#,
        r#"{"heights": {"a": 1}}"#,
        r#"{"heights": [1, [2, [3]]]}"#,
        r#"{"heights": 1, "heights": 2, "nope": true}"#,
        deep_json.as_str(),
        deep_object.as_str(),
        "{",
        "[1,2]",
        "\"heights=1\"",
    ];
    for name in names() {
        for text in texts {
            let what = format!("{name}: config {:?}", text.get(..30).unwrap_or(text));
            match registry::parse_config(text) {
                Err(e) => assert_readable(&Error::from(e), &what),
                Ok(pairs) => {
                    if let Ok(game) = registry::new_game(name, &pairs) {
                        // Some texts are valid for some games (players=0 is not): then usable.
                        let _ = game.legal_move_texts();
                    } else {
                        must_fail(registry::new_game(name, &pairs), &what);
                    }
                    if let Ok(game) = registry::from_text(name, &pairs, &start(name).to_text()) {
                        let _ = game.legal_move_texts();
                    }
                }
            }
        }
        // The clearly impossible ones are errors for every game.
        for text in [
            giant_value.as_str(),
            many_pairs.as_str(),
            long_key.as_str(),
            "heights=-1",
        ] {
            let pairs = registry::parse_config(text).unwrap_or_default();
            must_fail(
                registry::new_game(name, &pairs),
                &format!("{name}: {:?}", text.get(..30)),
            );
        }
    }
    must_fail(registry::new_game(&"x".repeat(MB), &[]), "a 1 MB game name");
    must_fail(registry::new_game("", &[]), "an empty game name");
}

#[test]
fn json_and_binary_record_garbage_are_errors() {
    let mut rng = Rng(0xFEED);
    let mut inputs: Vec<Vec<u8>> = vec![
        Vec::new(),
        vec![0],
        vec![1],
        vec![1; 64],
        vec![0xFF; 64],
        // Version 1, then a length prefix claiming a huge string (bincode varint u64::MAX).
        vec![1, 251, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
        vec![1, 250, 0xFF, 0xFF, 0xFF, 0xFF],
        vec![b'{'; MB],
    ];
    for n in [3, 17, 100, 1000, 10_000] {
        inputs.push(rng.bytes(n));
        let mut versioned = rng.bytes(n);
        versioned[0] = 1;
        inputs.push(versioned);
    }
    for bytes in &inputs {
        must_fail(
            registry::history_from_binary(bytes),
            &format!("binary {:?}", &bytes[..bytes.len().min(12)]),
        );
        let text = String::from_utf8_lossy(bytes);
        must_fail(
            registry::history_from_json(&text),
            &format!("JSON {:?}", text.get(..12)),
        );
    }
    let many_moves = format!("[{}]", vec!["\"e2e4\""; 100_000].join(","));
    for name in names() {
        for json in [
            format!(r#"{{"game": "{name}"}}"#),
            format!(r#"{{"game": "{name}", "config": {{}}, "moves": ["zz"]}}"#),
            format!(r#"{{"game": "{name}", "config": null, "moves": []}}"#),
            format!(r#"{{"game": "{name}", "config": {{}}, "moves": {many_moves}}}"#),
            format!(
                r#"{{"game": "{name}", "config": {{}}, "start": "{}", "moves": []}}"#,
                "x".repeat(MB)
            ),
            format!(r#"{{"game": "{name}", "config": {{}}, "moves": [], "ending": "Nonsense"}}"#),
            format!(r#"{{"game": "{name}", "config": {{}}, "moves": ["resign:200"]}}"#),
            format!(
                r#"{{"game": "{name}", "config": {{}}, "moves": [], "ending": {{"Resignation": 9}}}}"#
            ),
            format!(
                r#"{{"game": "{name}", "config": {{}}, "moves": [], "ending": {{"Claim": "Repetition"}}}}"#
            ),
        ] {
            must_fail(
                registry::history_from_json(&json),
                &format!("{name}: record {:?}", json.get(..60)),
            );
        }
        // A valid record with every single byte changed: an error or a record that replays.
        let mut history = History::new(start(name));
        for _ in 0..6 {
            let moves = history.position().legal_move_texts();
            let Some(m) = moves.first() else { break };
            history
                .play_text(m)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let encoded = binary::encode(&history);
        for i in 0..encoded.len() {
            for flip in [0x01, 0x80, 0xFF] {
                let mut broken = encoded.clone();
                broken[i] ^= flip;
                if let Ok(h) = registry::history_from_binary(&broken) {
                    let _ = h.position().legal_move_texts();
                    let _ = h.status();
                }
            }
        }
        // Truncations of the valid record.
        for len in 0..encoded.len() {
            must_fail(
                registry::history_from_binary(&encoded[..len]),
                &format!("{name}: binary cut at {len}"),
            );
        }
    }
}
