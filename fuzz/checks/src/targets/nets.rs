//! Net files of the learned evaluation from arbitrary input (`Network::from_bytes`): nothing
//! may panic; a net that reads must write back the same bytes, and a net that fits a game
//! must evaluate its start (and a few random positions after it) the same way twice.
//!
//! Input: game selector, mode byte, then the payload.
//! - mode 0: the payload is the file;
//! - mode 1: a valid net of the game (hidden size and seed from the payload's first bytes)
//!   with bytes of the payload written over it (offset, value pairs) — mostly checksum errors;
//! - mode 2: the same with the checksum made right again, so the header's and the sizes'
//!   checks are what stops a bad file.
//!
//! `-max_len`: 4096 bytes (`fuzz/fuzz_targets/nets.options`; [`MAX_LEN`]): a whole small net
//! file (the seeds' largest is 3 178 bytes), or 1 364 changes to a generated one.

use variant_engine::nnue::{self, Accumulator, Network, fnv1a64};
use variant_games::registry;
use variant_games::{Game, new_game};

/// The target's `-max_len` (`fuzz/fuzz_targets/nets.options` says the same).
pub const MAX_LEN: usize = 4096;

/// Checks what a net that was read must do.
fn check(net: &Network, game: &variant_games::AnyGame) {
    let bytes = net.to_bytes();
    let again = Network::from_bytes(&bytes).expect("a net that was read writes a readable file");
    assert_eq!(&again, net, "a net that was read writes back the same net");
    let Some(layout) = nnue::layout_of(game) else {
        return;
    };
    if net.fits(&layout).is_err() {
        return;
    }
    let mut position = game.clone();
    let mut codes = vec![0; layout.cells()];
    for _ in 0..4 {
        nnue::codes_of(&position, &mut codes);
        let acc = Accumulator::new(net, &layout, &codes);
        for seat in 0..layout.seats() {
            assert_eq!(
                acc.evaluate(net, seat),
                net.evaluate_codes(&layout, &codes, seat)
                    .expect("the game's codes"),
                "the same board evaluates the same way"
            );
        }
        let moves = position.legal_moves();
        let Some(&mv) = moves.first() else { break };
        position.play_unchecked(mv);
    }
}

/// One execution.
pub fn run(data: &[u8]) {
    let [selector, mode, payload @ ..] = data else {
        return;
    };
    let names = registry::names();
    let name = names[usize::from(*selector) % names.len()];
    let Ok(game) = new_game(name, "") else {
        return;
    };
    let bytes = match mode % 3 {
        0 => payload.to_vec(),
        _ => {
            let Some(layout) = nnue::layout_of(&game) else {
                return;
            };
            let hidden = 1 + u16::from(payload.first().copied().unwrap_or(0) % 8);
            let seed = u64::from(payload.get(1).copied().unwrap_or(0));
            let mut bytes = Network::random(&layout, "", hidden, seed).to_bytes();
            for pair in payload.get(2..).unwrap_or_default().chunks_exact(3) {
                let offset = usize::from(u16::from_le_bytes([pair[0], pair[1]]));
                // Most changes land in the header (the first 120 bytes), where the checks are.
                let offset = if offset % 4 == 0 {
                    offset
                } else {
                    offset % 120
                };
                if let Some(b) = bytes.get_mut(offset) {
                    *b = pair[2];
                }
            }
            if mode % 3 == 2 && bytes.len() >= 8 {
                let end = bytes.len() - 8;
                let sum = fnv1a64(&bytes[..end]);
                bytes[end..].copy_from_slice(&sum.to_le_bytes());
            }
            bytes
        }
    };
    if let Ok(net) = Network::from_bytes(&bytes) {
        check(&net, &game);
    }
}
