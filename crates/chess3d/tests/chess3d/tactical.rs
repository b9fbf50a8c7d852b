//! `Chess3d::tactical_moves_into` against the full move list: in positions reached by random
//! play at one, two and eight heights, it must list exactly the legal moves that capture (a
//! piece on the target cell, C3-15/C3-16, or en passant, C3-17) or promote (C3-18), in the
//! same order.

use chess3d::{Chess3d, Chess3dConfig, Move, Piece};
use proptest::prelude::*;
use variant_core::{Game, MoveList, Seat};

/// Whether `mv` captures or promotes, read off the position as a player would.
fn captures_or_promotes(game: &Chess3d, mv: Move) -> bool {
    let mover = game.piece_at(mv.from()).map(|(c, _)| c);
    let target = game.piece_at(mv.to());
    let pawn = matches!(game.piece_at(mv.from()), Some((_, Piece::Pawn)));
    let en_passant = pawn && game.en_passant() == Some(mv.to());
    let capture = matches!((mover, target), (Some(a), Some((b, _))) if a != b);
    capture || en_passant || mv.promotion().is_some()
}

fn check_line(heights: u8, choices: &[usize]) {
    let mut game = Chess3d::new(&Chess3dConfig::with_heights(heights)).expect("a start");
    for &choice in choices {
        let all = game.legal_moves();
        if all.is_empty() {
            break;
        }
        let expected: Vec<Move> = all
            .iter()
            .copied()
            .filter(|&m| captures_or_promotes(&game, m))
            .collect();
        let mut tactical: MoveList<Move, { chess3d::MAX_MOVES }> = MoveList::new();
        game.tactical_moves_into(&mut tactical);
        assert_eq!(
            tactical.to_vec(),
            expected,
            "{} ({} heights)",
            game.to_text(),
            heights
        );
        // Prefer captures half of the time, so that exchanges and promotions come up.
        let pick = if choice % 2 == 0 && !expected.is_empty() {
            expected[choice / 2 % expected.len()]
        } else {
            all[choice % all.len()]
        };
        game.play_unchecked(pick);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn one_height(choices in prop::collection::vec(0usize..10_000, 0..120)) {
        check_line(1, &choices);
    }

    #[test]
    fn two_heights(choices in prop::collection::vec(0usize..10_000, 0..80)) {
        check_line(2, &choices);
    }

    #[test]
    fn eight_heights(choices in prop::collection::vec(0usize..10_000, 0..40)) {
        check_line(8, &choices);
    }
}

#[test]
fn en_passant_and_promotions_in_a_fide_position() {
    // Hand count: b7 promotes four ways (b8), e4 takes d5 and f5, the knight takes d5, g5 takes
    // f6 en passant; the king's steps and the other pushes are quiet.
    let config = Chess3dConfig::with_heights(1);
    let game = Chess3d::from_text(&config, "4k3/1P6/8/3p1pP1/4P3/2N5/8/4K3 w - f6 0 1")
        .expect("a position");
    let mut tactical: MoveList<Move, { chess3d::MAX_MOVES }> = MoveList::new();
    game.tactical_moves_into(&mut tactical);
    assert_eq!(tactical.len(), 8);
    assert_eq!(
        game.piece_at(tactical[0].from()).map(|p| p.0),
        Some(Seat(0))
    );
}
