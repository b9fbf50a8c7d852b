//! The hostile positions of `checkers3d::hostile` (1–4 kings of the side to move
//! among 10–60 enemy men in 8 heights) against the simple reference generator in
//! `reference/`: the same sorted move texts (D3-8 … D3-14, D3-50), bulk count = list length,
//! and every move's text read back to the same move.
//!
//! The reference lists every capture path as a string, so it is only run on the positions of
//! the sample whose enemy men are few enough for it (at most 24 here); the fast generator's
//! own worst case is measured by the `checkers3d_hostile` benchmark, not here.

use crate::reference;

use checkers3d::Move;
use checkers3d::hostile::hostile_positions;
use reference::{Piece, RefPos, Rules};
use variant_core::Game;

/// The reference position of a hostile position, read from its text by hand (D3-51:
/// `W:W<cells>:B<cells>:H8:1/8`, `K` marks a king, cells `a1@1`); default rules: majority,
/// passing, removal n+5.
fn reference_of(text: &str) -> RefPos {
    let rules = Rules {
        majority: true,
        passing: true,
        removal: [
            Some(7),
            Some(8),
            Some(9),
            Some(10),
            Some(11),
            Some(12),
            Some(13),
        ],
    };
    let mut slow = RefPos::empty(8, &[0], &[7], rules);
    let fields: Vec<&str> = text.split(':').collect();
    assert_eq!(&fields[3..], ["H8", "1/8"], "{text}");
    slow.white_to_move = fields[0] == "W";
    for (field, white) in [(fields[1], true), (fields[2], false)] {
        let list = &field[1..];
        for item in list.split(',').filter(|i| !i.is_empty()) {
            let (king, cell) = match item.strip_prefix('K') {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let b = cell.as_bytes();
            let c = (
                i32::from(b[0] - b'a'),
                i32::from(b[1] - b'1'),
                i32::from(b[3] - b'1'),
            );
            slow.set(c, Some(Piece { white, king }));
        }
    }
    slow
}

/// The number of pieces of the side not to move.
fn enemies(text: &str) -> usize {
    let fields: Vec<&str> = text.split(':').collect();
    let field = if fields[0] == "W" {
        fields[2]
    } else {
        fields[1]
    };
    field[1..].split(',').filter(|i| !i.is_empty()).count()
}

#[test]
fn hostile_sample_agrees_with_the_reference() {
    let mut compared = 0;
    let mut moves_compared = 0;
    let mut longest = 0;
    for pos in hostile_positions(2026, 200) {
        let text = pos.to_text();
        if enemies(&text) > 24 {
            continue;
        }
        let slow = reference_of(&text);
        assert_eq!(text, slow.text());
        let mut list = checkers3d::MoveList::default();
        pos.legal_moves_into(&mut list);
        let moves: &[Move] = &list;
        let mut texts: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
        texts.sort();
        let want: Vec<String> = slow.legal().into_iter().map(|(t, _)| t).collect();
        assert_eq!(texts, want, "{}", pos.to_text());
        assert_eq!(
            pos.count_legal_moves(),
            moves.len() as u64,
            "{}",
            pos.to_text()
        );
        for &mv in moves {
            assert_eq!(pos.parse_move(&pos.format_move(mv)).unwrap(), mv);
            longest = longest.max(mv.capture_count());
        }
        compared += 1;
        moves_compared += moves.len();
    }
    eprintln!("{compared} positions, {moves_compared} moves, longest capture {longest}");
    // The sample reaches what it is meant to: many positions, long king captures.
    assert!(compared >= 30, "{compared} positions compared");
    assert!(moves_compared >= 100, "{moves_compared} moves compared");
    assert!(longest >= 8, "longest capture {longest}");
}
