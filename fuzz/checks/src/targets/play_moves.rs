//! Moves on reachable positions: the input drives a random playout from a start position
//! (the positions on the way are checked, see below), then arbitrary move texts are parsed and
//! played there. A text is accepted exactly when it names a legal move (its canonical text is
//! in the legal list, and the canonical texts parsed back are accepted); a refused move leaves
//! the position
//! unchanged; an accepted one leads to a valid position. Moves of other positions of the line
//! are offered to `try_play`, which must accept exactly those in the legal list. The record
//! (`History`) replays the line and undoes it back to the start, position by position.
//!
//! Positions along the line are re-read from their texts every few plies
//! ([`crate::TEXT_EVERY`]; the hash at every ply, the last position in full), and the undo
//! walk compares the hash at every ply and the text every few plies and at the start: an input
//! whose line ends at any position checks that one in full.
//!
//! Input: game selector, configuration byte, playout length byte, one byte per ply choosing
//! the move (the line ends where the input does), then up to 16 move texts separated by
//! newlines. `-max_len`: 160 bytes (`fuzz/fuzz_targets/play_moves.options`; [`MAX_LEN`]):
//! a line of up to 63 plies and a few move texts (the seeds are at most 87 bytes).

use crate::{
    Bytes, TEXT_EVERY, Visit, check_light, check_position_sampled, dispatch, legal, moves_of,
    playout, start,
};

/// The target's `-max_len` (`fuzz/fuzz_targets/play_moves.options` says the same).
pub const MAX_LEN: usize = 160;
use variant_games::GameCrate;
use variant_games::variant_core::{Game, History};

struct Run<'a>(&'a [u8]);

impl Visit for Run<'_> {
    fn visit<G: GameCrate>(self, configs: &'static [&'static str]) {
        let mut bytes = Bytes::new(self.0);
        let Some(first) = start::<G>(configs, bytes.byte() as usize) else {
            return;
        };
        let plies = bytes.byte() as usize % 64;
        let (mut line, moves) = playout(first, &mut bytes, plies);
        check_history(&line, &moves);

        // The legal list (with texts) of the line's last position, recomputed only when a
        // move was played: most offered texts are refused and leave the position as it was.
        let mut cached_at = usize::MAX;
        let mut cached = Vec::new();
        let mut played_texts = false;
        for raw in bytes.rest().split(|&b| b == b'\n').take(16) {
            let text = String::from_utf8_lossy(raw);
            let Some(game) = line.last().cloned() else {
                return;
            };
            if cached_at != line.len() {
                cached = legal(&game);
                cached_at = line.len();
            }
            let legal_moves = cached.clone();
            let before = game.to_text();
            let named = legal_moves.iter().find(|(_, t)| *t == text);
            let mut via_text = game.clone();
            let text_result = via_text.play_text(&text);
            match game.parse_move(&text) {
                Ok(m) => {
                    assert!(
                        legal_moves.iter().any(|(l, _)| *l == m),
                        "{}: {text:?} parsed to a move not in the legal list at {before}",
                        G::NAME
                    );
                    if let Some((n, _)) = named {
                        assert_eq!(
                            *n,
                            m,
                            "{}: canonical {text} parsed to another move",
                            G::NAME
                        );
                    }
                    assert!(
                        text_result.is_ok(),
                        "{}: play_text refused {text:?}",
                        G::NAME
                    );
                    let mut child = game.clone();
                    assert!(
                        child.try_play(m).is_ok(),
                        "{}: try_play refused a parsed move",
                        G::NAME
                    );
                    assert_eq!(
                        child.to_text(),
                        via_text.to_text(),
                        "{}: play paths differ",
                        G::NAME
                    );
                    // Text round trip and hash now; the full check (every move text parsed
                    // back) once for the last position below.
                    check_light(&child);
                    played_texts = true;
                    line.push(child);
                }
                Err(e) => {
                    assert!(
                        named.is_none(),
                        "{}: the canonical text {text:?} of a legal move was refused: {e}",
                        G::NAME
                    );
                    assert!(
                        text_result.is_err(),
                        "{}: play_text accepted {text:?}",
                        G::NAME
                    );
                    assert_eq!(
                        via_text.to_text(),
                        before,
                        "{}: a refused move changed the position",
                        G::NAME
                    );
                }
            }
        }

        let Some(current) = line.last() else { return };
        if played_texts {
            check_position_sampled(current);
        }

        // try_play with moves of other positions of the line.
        let here: Vec<G::Move> = moves_of(current);
        let before = current.to_text();
        let mut offered = 0;
        for position in line.iter().rev().skip(1).take(4) {
            for m in moves_of(position) {
                offered += 1;
                if offered > 24 {
                    return;
                }
                let mut child = current.clone();
                match child.try_play(m) {
                    Ok(()) => {
                        assert!(
                            here.contains(&m),
                            "{}: try_play accepted an illegal move",
                            G::NAME
                        );
                        let mut direct = current.clone();
                        direct.play_unchecked(m);
                        assert_eq!(child.to_text(), direct.to_text());
                    }
                    Err(_) => {
                        assert!(
                            !here.contains(&m),
                            "{}: try_play refused a legal move",
                            G::NAME
                        );
                        assert_eq!(
                            child.to_text(),
                            before,
                            "{}: a refused try_play changed the position",
                            G::NAME
                        );
                    }
                }
            }
        }
    }
}

/// Replays the line through a `History` (by canonical text), then undoes it move by move:
/// each undo restores the exact hash of the position before, and its exact text every
/// [`TEXT_EVERY`] plies and at the start.
fn check_history<G: Game>(line: &[G], moves: &[G::Move]) {
    let Some(first) = line.first() else { return };
    let mut history = History::new(first.clone());
    for (before, m) in line.iter().zip(moves) {
        if history.status().is_over() {
            // An automatic repetition draw ends the record before the line does.
            break;
        }
        let text = before.format_move(*m);
        if let Err(e) = history.play_text(&text) {
            panic!("{}: History refused the legal move {text}: {e}", G::NAME);
        }
    }
    let played = history.actions().len();
    for i in (0..played).rev() {
        assert!(history.undo().is_ok(), "{}: undo failed", G::NAME);
        let expected = &line[i];
        if i % TEXT_EVERY == 0 {
            assert_eq!(
                history.position().to_text(),
                expected.to_text(),
                "{}: undo text",
                G::NAME
            );
        }
        assert_eq!(
            history.position().zobrist(),
            expected.zobrist(),
            "{}: undo hash",
            G::NAME
        );
    }
    assert!(history.undo().is_err(), "{}: undo past the start", G::NAME);
}

/// One execution of the target on fuzz input `data` (panics on a broken invariant).
pub fn run(data: &[u8]) {
    if let Some((&selector, rest)) = data.split_first() {
        dispatch(selector, Run(rest));
    }
}
