//! Position texts: `from_text` on arbitrary text (under each configuration of the game) must
//! not panic; when it accepts the text, the position must satisfy every invariant of
//! `check_position` (its text re-parses to the same text, hashes agree, legal moves round-trip
//! through their texts) and the position after each of its legal moves must re-read from its text with a
//! consistent hash.
//!
//! Input: game selector byte, configuration byte, then the text (invalid UTF-8 is replaced).
//! `-max_len`: 512 bytes (`fuzz/fuzz_targets/position_text.options`; [`MAX_LEN`]): every
//! game's texts of the largest boards (the seeds' longest is 298 bytes) with room to grow.

use crate::{Bytes, Visit, check_light, check_position, config_of, dispatch};
use variant_games::GameCrate;
use variant_games::registry;

/// The target's `-max_len` (`fuzz/fuzz_targets/position_text.options` says the same).
pub const MAX_LEN: usize = 512;

struct Run<'a>(&'a [u8]);

impl Visit for Run<'_> {
    fn visit<G: GameCrate>(self, configs: &'static [&'static str]) {
        let mut bytes = Bytes::new(self.0);
        let config_text = configs[bytes.below(configs.len())];
        let text = String::from_utf8_lossy(bytes.rest());
        // The facade's path (configuration keys compared with what the text fixes).
        if let Ok(pairs) = registry::parse_config(config_text) {
            let _ = registry::from_text(G::NAME, &pairs, &text);
        }
        let Some(config) = config_of::<G>(config_text) else {
            return;
        };
        let Ok(game) = G::from_text(&config, &text) else {
            return;
        };
        let _ = game.status();
        let _ = game.claimable_draw();
        let _ = game.board_view();
        let moves = check_position(&game);
        for (m, _) in moves.iter().take(32) {
            let mut child = game.clone();
            child.play_unchecked(*m);
            check_light(&child);
        }
    }
}

/// One execution of the target on fuzz input `data` (panics on a broken invariant).
pub fn run(data: &[u8]) {
    if let Some((&selector, rest)) = data.split_first() {
        dispatch(selector, Run(rest));
    }
}
