//! The facade: a game chosen at run time (`variant_games::new_game`, `variant_games::from_text`) with
//! fuzzed names, configuration texts and position texts, and moves as values (`AnyMove`).
//!
//! Checked:
//! - `new_game`/`from_text` never panic; their errors are one line under 600 bytes (the
//!   project's rule for every message, docs/reliability.md);
//! - a game that loads keeps its text: `AnyGame::from_text` under its own configuration and
//!   `variant_games::from_text(name, config text, text)` give the same position (equal, same text);
//! - `count_legal_moves() == legal_moves().len()`, every listed move `is_legal`, its canonical
//!   text parses back to it, and playing it through the facade gives the same position as
//!   playing the typed move in the typed game (the facade's dispatch agrees with the games);
//! - a random line is played alternately with `try_play` and with `play_unchecked` after
//!   `is_legal`;
//! - `AnyMove`s taken from other positions of the line and from another game are offered to
//!   `is_legal` and `try_play` at every ply: accepted exactly when they are in the legal list
//!   (a move of another game never), an accepted one plays like `play_unchecked`, a refused
//!   one leaves the position unchanged;
//! - `History<AnyGame>` records the line, undoes it back to the start position by position,
//!   and its JSON and binary records load again (`history_from_json`, `history_from_binary`)
//!   with the same actions and position.
//!
//! Input: name byte, configuration byte, mode byte, playout length byte, other-game byte, then
//! one byte per ply (and per foreign move offered), the line ending where the input does; in
//! the text modes the rest of the input after a `\n` is the fuzzed configuration or position
//! text. `-max_len`: 384 bytes (`fuzz/fuzz_targets/any_game.options`; [`MAX_LEN`]): a
//! position text (the seeds' longest is 350 bytes) or a line of 47 plies.

use crate::Bytes;
use variant_games::variant_core::binary;
use variant_games::{AnyGame, AnyMove, Game, History};

/// The target's `-max_len` (`fuzz/fuzz_targets/any_game.options` says the same).
pub const MAX_LEN: usize = 384;

/// At most this many foreign moves are offered at the line's last position (the latest
/// earlier positions' moves and the other game's; three more are offered at every ply).
const OFFERED_AT_END: usize = 32;

/// Names offered besides the real ones: near misses and junk.
const FAKE_NAMES: &[&str] = &[
    "", "chess", "Chess3d", "chess3d ", "bishops", "any", "\u{0}",
];

/// An error from the facade must be one readable line of bounded size.
fn check_message(what: &str, message: &str) {
    assert!(
        !message.contains('\n') && message.len() < 600,
        "{what}: the error is not one short line ({} bytes): {message:?}",
        message.len()
    );
}

/// The facade's `legal_moves()` as a vector.
fn listed(game: &AnyGame) -> Vec<AnyMove> {
    game.legal_moves().iter().copied().collect()
}

/// The typed game held, with a typed move played — the reference the facade must agree with
/// (`None` when the typed game refuses the move, or it is another game's).
fn played_typed(game: &AnyGame, mv: AnyMove) -> Option<AnyGame> {
    let mut typed = game.typed().clone();
    typed.try_play(mv)?.ok()?;
    Some(AnyGame::from_typed(typed))
}

/// The invariants of one position of the facade.
fn check_any(game: &AnyGame) -> Vec<AnyMove> {
    let name = game.name();
    let text = game.to_text();
    let again = AnyGame::from_text(game.config(), &text)
        .unwrap_or_else(|e| panic!("{name}: own text does not re-read: {e}\n  text: {text}"));
    assert_eq!(again.to_text(), text, "{name}: text round trip");
    assert_eq!(
        again.repetition_key(),
        game.repetition_key(),
        "{name}: repetition key after a text round trip at {text}"
    );
    let config = game.config().to_string();
    match variant_games::from_text(name, &config, &text) {
        Ok(facade) => assert_eq!(
            facade.to_text(),
            text,
            "{name}: variant_games::from_text under {config:?} reads another position"
        ),
        Err(e) => panic!(
            "{name}: variant_games::from_text refuses the game's own configuration {config:?} and \
             text: {e}\n  text: {text}"
        ),
    }
    assert_eq!(
        game.zobrist(),
        game.recompute_zobrist(),
        "{name}: hash at {text}"
    );
    let moves = listed(game);
    assert_eq!(
        game.count_legal_moves(),
        moves.len() as u64,
        "{name}: count_legal_moves() differs from legal_moves().len() at {text}"
    );
    // At most PARSED_BACK of the moves (each `is_legal` and parse generates the moves): an
    // even spread from a place set by the position's hash, as `check_position_sampled` does.
    let step = moves.len().div_ceil(crate::PARSED_BACK).max(1);
    let offset = usize::try_from(game.zobrist() % step as u64).unwrap_or(0);
    for &m in moves.iter().skip(offset).step_by(step) {
        assert!(game.is_legal(m), "{name}: a listed move is not is_legal");
        let canonical = game.format_move(m);
        match game.parse_move(&canonical) {
            Ok(parsed) => assert_eq!(parsed, m, "{name}: {canonical} parses to another move"),
            Err(e) => panic!("{name}: the listed move {canonical} does not parse: {e}"),
        }
    }
    if moves.is_empty() {
        assert!(
            game.status().is_over(),
            "{name}: no legal moves but status {} at {text}",
            game.status()
        );
    }
    moves
}

/// Offers `foreign` moves to `is_legal` and `try_play` at `game` (whose legal list is `here`).
fn offer(game: &AnyGame, here: &[AnyMove], foreign: &[AnyMove]) {
    let name = game.name();
    let before = game.to_text();
    for &m in foreign {
        let legal = here.contains(&m);
        assert_eq!(
            game.is_legal(m),
            legal,
            "{name}: is_legal({m:?}) disagrees with the legal list at {before}"
        );
        // Naming a foreign move must not panic either.
        let _ = game.format_move(m);
        let mut child = game.clone();
        match child.try_play(m) {
            Ok(()) => {
                assert!(
                    legal,
                    "{name}: try_play accepted {m:?}, not legal at {before}"
                );
                let mut direct = game.clone();
                direct.play_unchecked(m);
                assert_eq!(child, direct, "{name}: try_play and play_unchecked differ");
            }
            Err(e) => {
                assert!(!legal, "{name}: try_play refused the legal {m:?}: {e}");
                check_message("try_play", &e.to_string());
                assert_eq!(
                    child, *game,
                    "{name}: a refused try_play changed the position"
                );
                assert_eq!(child.to_text(), before);
            }
        }
    }
}

/// Records the line in a `History<AnyGame>`, undoes it, and reloads its records.
fn check_history(line: &[AnyGame], moves: &[AnyMove]) {
    let Some(first) = line.first() else { return };
    let name = first.name();
    let mut history = History::new(first.clone());
    for m in moves {
        if history.status().is_over() {
            break;
        }
        if let Err(e) = history.play(*m) {
            panic!("{name}: History<AnyGame> refused a legal move: {e}");
        }
    }
    let texts = history.action_texts();
    let json = history.to_json();
    match variant_games::history_from_json(&json) {
        Ok(again) => {
            assert_eq!(again.action_texts(), texts, "{name}: JSON record (actions)");
            assert_eq!(again.position(), history.position(), "{name}: JSON record");
        }
        Err(e) => panic!("{name}: a record's own JSON does not load: {e}\n{json}"),
    }
    match variant_games::history_from_binary(&binary::encode(&history)) {
        Ok(again) => {
            assert_eq!(
                again.action_texts(),
                texts,
                "{name}: binary record (actions)"
            );
            assert_eq!(
                again.position(),
                history.position(),
                "{name}: binary record"
            );
        }
        Err(e) => panic!("{name}: a record's own binary form does not load: {e}"),
    }
    for i in (0..history.actions().len()).rev() {
        assert!(history.undo().is_ok(), "{name}: undo failed");
        assert_eq!(history.position(), &line[i], "{name}: undo to ply {i}");
        assert_eq!(history.position().zobrist(), line[i].zobrist());
    }
    assert!(history.undo().is_err(), "{name}: undo past the start");
}

/// The game the input asks for, or `None` when the facade (rightly) refused it.
fn load(bytes: &mut Bytes<'_>) -> Option<AnyGame> {
    let names = crate::game_names();
    let name_byte = bytes.byte();
    let name: &str = if name_byte & 0x80 == 0 {
        names.get(usize::from(name_byte) % names.len().max(1))?
    } else {
        FAKE_NAMES[usize::from(name_byte) % FAKE_NAMES.len()]
    };
    let config_byte = bytes.byte();
    let mode = bytes.byte() % 4;
    let listed_config = crate::listed_config(name, usize::from(config_byte));
    // Modes 2 and 3 read a fuzzed text after the fixed header bytes: everything up to the
    // first newline of the rest is the configuration (mode 2) or the position (mode 3).
    let (config, text) = match mode {
        2 | 3 => {
            let rest = bytes.until_newline();
            let fuzzed = String::from_utf8_lossy(rest).into_owned();
            if mode == 2 {
                (fuzzed, String::new())
            } else {
                (listed_config.to_string(), fuzzed)
            }
        }
        _ => (listed_config.to_string(), String::new()),
    };
    let result = if mode == 3 {
        variant_games::from_text(name, &config, &text)
    } else if mode == 1 {
        // The start position's own text through from_text.
        variant_games::new_game(name, &config)
            .and_then(|g| variant_games::from_text(name, &config, &g.to_text()))
    } else {
        variant_games::new_game(name, &config)
    };
    match result {
        Ok(game) => {
            assert!(
                names.contains(&name),
                "the facade accepted the unknown game {name:?}"
            );
            assert_eq!(game.name(), name, "the facade made another game");
            Some(game)
        }
        Err(e) => {
            check_message("new_game/from_text", &e.to_string());
            None
        }
    }
}

/// Moves of a start position of another game (never legal here).
fn other_game_moves(this: &str, byte: u8) -> Vec<AnyMove> {
    let names = crate::game_names();
    let others: Vec<&str> = names.iter().copied().filter(|n| *n != this).collect();
    let Some(other) = others.get(usize::from(byte) % others.len().max(1)) else {
        return Vec::new();
    };
    let config = crate::listed_config(other, usize::from(byte / 4));
    variant_games::new_game(other, config)
        .map(|g| listed(&g).into_iter().take(8).collect())
        .unwrap_or_default()
}

/// One execution of the target on fuzz input `data` (panics on a broken invariant).
pub fn run(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let Some(start) = load(&mut bytes) else {
        return;
    };
    let plies = usize::from(bytes.byte() % 48);
    let mut foreign = other_game_moves(start.name(), bytes.byte());
    let mut line = vec![start];
    let mut played = Vec::new();
    for ply in 0..plies {
        let Some(current) = line.last() else { break };
        if bytes.is_empty() {
            break;
        }
        let here = if ply == 0 || ply + 1 == plies {
            check_any(current)
        } else {
            listed(current)
        };
        // A few moves of earlier positions (and of the other game) offered here.
        let mut offered: Vec<AnyMove> = Vec::new();
        for _ in 0..3 {
            if let Some(&m) = foreign.get(bytes.below(foreign.len().max(1))) {
                offered.push(m);
            }
        }
        offer(current, &here, &offered);
        if here.is_empty() || current.status().is_over() {
            break;
        }
        let m = here[bytes.below(here.len())];
        let reference = played_typed(current, m);
        let mut next = current.clone();
        if ply % 2 == 0 {
            if let Err(e) = next.try_play(m) {
                panic!("{}: try_play refused a listed move: {e}", current.name());
            }
        } else {
            assert!(next.is_legal(m));
            next.play_unchecked(m);
        }
        // Equal positions (the typed games compared), which is stronger than equal texts.
        assert!(
            reference.as_ref() == Some(&next),
            "{}: the facade and the typed game differ after {}: {} and {:?}",
            current.name(),
            current.format_move(m),
            next.to_text(),
            reference.map(|r| r.to_text())
        );
        foreign.extend(here.iter().take(6));
        played.push(m);
        line.push(next);
    }
    if let Some(last) = line.last() {
        let here = check_any(last);
        // The other game's moves (first in the list) and the latest earlier positions' moves.
        let latest = foreign.len().saturating_sub(OFFERED_AT_END - 8).max(8);
        let mut offered: Vec<AnyMove> = foreign.iter().take(8).copied().collect();
        offered.extend(foreign.iter().skip(latest).copied());
        offer(last, &here, &offered);
    }
    check_history(&line, &played);
}
