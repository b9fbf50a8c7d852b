//! Records and configurations from arbitrary input: the compact binary format
//! (`binary::decode`), JSON records (`History::from_json`, `registry::history_from_json`),
//! configuration text (`registry::parse_config` + `registry::new_game`). Nothing may panic;
//! whatever loads must round-trip (encode → decode gives the same actions and position; a
//! configured start position re-reads from its text under the same configuration).
//!
//! A fifth mode is structure-aware: a valid record made by a random playout is encoded, a few
//! of its bytes are changed, and the result decoded.
//!
//! Input: game selector, mode byte, then the payload. `-max_len`: 512 bytes
//! (`fuzz/fuzz_targets/records.options`; [`MAX_LEN`]): a binary record of a long game, or the
//! JSON record of a 20-ply one (nine seeds in ten are shorter; the JSON records of 40 plies are
//! cut, and the structure-aware mode makes long records from few bytes). A record's work grows
//! with its moves: each is replayed when it loads, and again by each round trip.

use crate::{Bytes, Visit, check_position_sampled, dispatch, playout, start};
use variant_games::GameCrate;
use variant_games::registry;
use variant_games::variant_core::{Game, History, binary};

/// The target's `-max_len` (`fuzz/fuzz_targets/records.options` says the same).
pub const MAX_LEN: usize = 512;

struct Run<'a>(&'a [u8]);

/// A loaded record must survive both encodings unchanged.
fn round_trip<G: Game>(history: &History<G>) {
    check_position_sampled(history.position());
    let texts = history.action_texts();
    let text = history.position().to_text();
    let bytes = binary::encode(history);
    match binary::decode::<G>(&bytes) {
        Ok(again) => {
            assert_eq!(
                again.action_texts(),
                texts,
                "{}: binary round trip (actions)",
                G::NAME
            );
            assert_eq!(
                again.position().to_text(),
                text,
                "{}: binary round trip (position)",
                G::NAME
            );
            assert_eq!(
                again.ending(),
                history.ending(),
                "{}: binary round trip (ending)",
                G::NAME
            );
        }
        Err(e) => panic!(
            "{}: a record that loaded does not decode after encoding: {e}",
            G::NAME
        ),
    }
    let json = history.to_json();
    match History::<G>::from_json(&json) {
        Ok(again) => {
            assert_eq!(
                again.action_texts(),
                texts,
                "{}: JSON round trip (actions)",
                G::NAME
            );
            assert_eq!(
                again.position().to_text(),
                text,
                "{}: JSON round trip (position)",
                G::NAME
            );
        }
        Err(e) => panic!(
            "{}: a record that loaded does not re-load from its JSON: {e}\n{json}",
            G::NAME
        ),
    }
}

impl Visit for Run<'_> {
    fn visit<G: GameCrate>(self, configs: &'static [&'static str]) {
        let mut bytes = Bytes::new(self.0);
        match bytes.byte() % 5 {
            0 => {
                if let Ok(h) = binary::decode::<G>(bytes.rest()) {
                    round_trip(&h);
                }
            }
            1 => {
                if let Ok(h) = History::<G>::from_json(&String::from_utf8_lossy(bytes.rest())) {
                    round_trip(&h);
                }
            }
            2 => {
                let text = String::from_utf8_lossy(bytes.rest());
                let Ok(pairs) = registry::parse_config(&text) else {
                    return;
                };
                let Ok(game) = registry::new_game(G::NAME, &pairs) else {
                    return;
                };
                let start_text = game.to_text();
                match registry::from_text(G::NAME, &pairs, &start_text) {
                    Ok(again) => {
                        assert_eq!(again.to_text(), start_text, "{}: start text", G::NAME)
                    }
                    Err(e) => panic!(
                        "{}: the start position under {pairs:?} does not re-read from its text: {e}\n  {start_text}",
                        G::NAME
                    ),
                }
            }
            3 => {
                let payload = bytes.rest();
                let _ = registry::history_from_binary(payload);
                let _ = registry::history_from_json(&String::from_utf8_lossy(payload));
            }
            _ => {
                let Some(first) = start::<G>(configs, bytes.byte() as usize) else {
                    return;
                };
                let plies = bytes.byte() as usize % 24;
                let (line, moves) = playout(first, &mut bytes, plies);
                let Some(first) = line.first() else { return };
                let mut history = History::new(first.clone());
                for m in moves {
                    if history.play(m).is_err() {
                        break;
                    }
                }
                if bytes.byte().is_multiple_of(2) {
                    let _ = history.agree_draw();
                }
                round_trip(&history);
                let mut encoded = binary::encode(&history);
                let changes = bytes.byte() % 4 + 1;
                for _ in 0..changes {
                    let at = (usize::from(bytes.byte()) << 8 | usize::from(bytes.byte()))
                        % encoded.len();
                    encoded[at] ^= bytes.byte().max(1);
                }
                if let Ok(h) = binary::decode::<G>(&encoded) {
                    round_trip(&h);
                }
            }
        }
    }
}

/// One execution of the target on fuzz input `data` (panics on a broken invariant).
pub fn run(data: &[u8]) {
    if let Some((&selector, rest)) = data.split_first() {
        dispatch(selector, Run(rest));
    }
}
