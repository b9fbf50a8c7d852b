//! `Bishops::left_neighbour_checks` against a second, simple answer: play the move with the
//! rule engine and ask whether the mover's left neighbour is in check (or was mated and left
//! the board, B4-21). Positions come from seeded random games of every mode, so blocks,
//! promotions, en passant, castling, placements (three players, B4-23), eliminations and the
//! duel (B4-22) all occur.

use crate::common;

use bishops4p::{Bishops, BishopsConfig};
use common::config;
use variant_core::{Game, Seat, Status};

/// The slow answer: after `mv`, is the mover's left neighbour in check, or out of the game
/// because the move mated it?
fn checks_by_playing(pos: &Bishops, mv: bishops4p::Move) -> bool {
    let mover = pos.side_to_move();
    let Some(left) = pos.left_neighbour(mover) else {
        return false;
    };
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let mated = matches!(after.status(), Status::Win { winner, .. } if winner == mover);
    after.is_in_check(left) || !after.is_active(left) || mated
}

/// A small deterministic generator (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Plays `games` random games of `cfg` and compares the two answers for every legal move of
/// every position; returns how many moves checked the left neighbour (so the test can tell
/// that it saw some).
fn compare(cfg: &BishopsConfig, games: u64, plies: usize) -> usize {
    let mut checking = 0;
    for seed in 0..games {
        let mut rng = Lcg(seed * 7919 + 17);
        let mut pos = Bishops::new(cfg).expect("a valid configuration");
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let test = pos.left_neighbour_checks();
            for &mv in moves.iter() {
                let expected = checks_by_playing(&pos, mv);
                assert_eq!(
                    test.gives_check(mv),
                    expected,
                    "{} in {}",
                    pos.format_move(mv),
                    pos.to_text()
                );
                checking += usize::from(expected);
            }
            // Prefer captures and checks now and then, so games reach mates and the duel.
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(mv);
        }
    }
    checking
}

#[test]
fn short_game_four_players() {
    assert!(compare(&BishopsConfig::default(), 12, 300) > 0);
}

#[test]
fn long_game_four_players() {
    assert!(compare(&config(&[("mode", "long")]), 12, 400) > 0);
}

#[test]
fn three_players_with_placements() {
    assert!(compare(&config(&[("players", "3")]), 12, 300) > 0);
}

#[test]
fn seats_without_a_left_neighbour_check_nobody() {
    // From the start White's left neighbour is Grey, and no first move reaches a6 (B4-53).
    let start = Bishops::new(&BishopsConfig::default()).expect("the start");
    assert_eq!(start.left_neighbour(Seat(0)), Some(Seat(1)));
    let test = start.left_neighbour_checks();
    assert!(start.legal_moves().iter().all(|&mv| !test.gives_check(mv)));
}
