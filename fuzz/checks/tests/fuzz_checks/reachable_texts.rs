//! A class of question, asked of every game: a position reachable from any text the
//! game accepts writes a text that reads back to the same position. The fuzz crash found earlier
//! was such a case (a bishops4p text accepted, one move later a text the reader refused).
//!
//! Texts: positions of seeded random playouts from each configuration's start, changed by 1–3
//! random token edits (swap two tokens, copy a token over another, change one character, drop
//! or repeat a token); whatever the game accepts is kept. From every accepted text: the
//! position invariants of the fuzz targets (`check_position`: same text, same repetition key and
//! move count after re-reading, hash = recomputed hash, move texts round-trip), every child
//! position re-reads (`check_light`), and a random playout of up to 30 plies checks every
//! position on the way. Each game must yield a minimum of distinct accepted texts that differ
//! from their sources, so the test cannot pass by accepting nothing.

use variant_fuzz_checks::{
    Bytes, Visit, check_light, check_position, config_of, dispatch, playout, start,
};
use variant_games::GameCrate;

/// A small seeded generator (SplitMix64): a failure names the seed to replay.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// Splits a text into runs of letters and digits and single other characters.
fn tokens(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for ch in text.chars() {
        let word = ch.is_ascii_alphanumeric();
        match out.last_mut() {
            Some(last) if word && last.chars().all(|c| c.is_ascii_alphanumeric()) => last.push(ch),
            _ => out.push(ch.to_string()),
        }
    }
    out
}

/// One random token edit of `text`.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut t = tokens(text);
    let words: Vec<usize> = (0..t.len())
        .filter(|&i| t[i].chars().all(|c| c.is_ascii_alphanumeric()))
        .collect();
    if words.len() < 2 {
        return text.to_string();
    }
    let a = words[rng.below(words.len())];
    let b = words[rng.below(words.len())];
    match rng.below(5) {
        0 => t.swap(a, b),
        1 => t[a] = t[b].clone(),
        2 => {
            let chars: Vec<char> = text.chars().filter(char::is_ascii_alphanumeric).collect();
            let mut word: Vec<char> = t[a].chars().collect();
            let at = rng.below(word.len());
            word[at] = chars[rng.below(chars.len())];
            t[a] = word.into_iter().collect();
        }
        3 => {
            t.remove(a);
            if a < t.len() {
                t.remove(a);
            }
        }
        _ => {
            let copy = t[a].clone();
            t.insert(a, copy);
        }
    }
    t.concat()
}

/// Accepted, changed texts each game must yield (a floor, so the test cannot pass vacuously).
const MIN_ACCEPTED: usize = 30;

struct Run {
    seed: u64,
    accepted: usize,
}

impl Visit for &mut Run {
    fn visit<G: GameCrate>(self, configs: &'static [&'static str]) {
        let mut rng = Rng(self.seed);
        let mut seen = std::collections::HashSet::new();
        // At least 600 source positions a game: a game with one configuration (Qubic) gets
        // them all from it.
        let rounds = 150.max(600 / configs.len().max(1));
        for (index, config_text) in configs.iter().enumerate() {
            let Some(config) = config_of::<G>(config_text) else {
                continue;
            };
            for round in 0..rounds {
                let Some(first) = start::<G>(configs, index) else {
                    break;
                };
                // A source position: a random playout of `round` plies from the start.
                let noise = rng.bytes(80);
                let mut bytes = Bytes::new(&noise);
                let (line, _) = playout(first, &mut bytes, round);
                let Some(source) = line.last() else { continue };
                let source_text = source.to_text();
                let mut text = source_text.clone();
                for _ in 0..=rng.below(3) {
                    text = mutate(&text, &mut rng);
                }
                let Ok(game) = G::from_text(&config, &text) else {
                    continue;
                };
                // Accepted: it and everything reachable from it must write readable texts.
                let moves = check_position(&game);
                for (m, _) in moves.iter().take(48) {
                    let mut child = game.clone();
                    child.play_unchecked(*m);
                    check_light(&child);
                }
                let noise = rng.bytes(40);
                let mut bytes = Bytes::new(&noise);
                let _ = playout(game.clone(), &mut bytes, 30);
                if text != source_text && seen.insert(game.to_text()) {
                    self.accepted += 1;
                }
            }
        }
        assert!(
            self.accepted >= MIN_ACCEPTED,
            "{}: only {} changed texts accepted (seed {:#x}); the edits need rework",
            G::NAME,
            self.accepted,
            self.seed
        );
    }
}

fn reachable_texts_read_back(selector: u8) {
    for seed in [0x16u64, 0x5EED] {
        let mut run = Run {
            seed: seed ^ u64::from(selector) << 32,
            accepted: 0,
        };
        dispatch(selector, &mut run);
    }
}

/// Every game of the build, by its selector (its place in the registry's list).
#[test]
fn every_game_s_reachable_texts_read_back() {
    let games = variant_fuzz_checks::game_names();
    assert!(!games.is_empty());
    for selector in 0..games.len() {
        reachable_texts_read_back(u8::try_from(selector).expect("fewer than 256 games"));
    }
}

/// The edits themselves: a swap of two tokens keeps every character.
#[test]
fn token_edits_change_texts_by_tokens() {
    assert_eq!(tokens("wK,2/bP a1"), ["wK", ",", "2", "/", "bP", " ", "a1"]);
    let mut rng = Rng(1);
    let mut changed = 0;
    for _ in 0..100 {
        let t = mutate("wK,2/bP a1", &mut rng);
        if t != "wK,2/bP a1" {
            changed += 1;
        }
    }
    assert!(changed > 50, "{changed} of 100 edits changed the text");
}
