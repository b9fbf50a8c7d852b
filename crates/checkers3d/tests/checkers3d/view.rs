//! The board picture for frontends (`Game::board_view`), checked against the set-up rules.

use checkers3d::{Checkers3d, Checkers3dConfig};
use variant_core::{Game, GameConfig, Seat};

fn game(pairs: &[(&str, &str)]) -> Checkers3d {
    let config = Checkers3dConfig::from_pairs(pairs.iter().copied()).unwrap();
    Checkers3d::new(&config).unwrap()
}

/// Pieces of `seat` with `symbol` on a board of the view.
fn count(view: &variant_core::BoardView, board: usize, seat: u8, symbol: char) -> usize {
    view.boards[board]
        .cells
        .iter()
        .filter_map(|c| c.piece.as_ref())
        .filter(|p| p.seat == Seat(seat) && p.symbol == symbol)
        .count()
}

#[test]
fn d3_3_set_up_and_d3_4_base_cubes_in_the_view() {
    // Three heights, White sets up on 1 and 2, Black on 3; base heights as the set-up.
    let g = game(&[
        ("heights", "3"),
        ("white-heights", "1,2"),
        ("black-heights", "3"),
    ]);
    let view = g.board_view().expect("checkers3d draws itself");
    assert_eq!(view.boards.len(), 3);
    for (board, white, black) in [(0, 12, 0), (1, 12, 0), (2, 0, 12)] {
        assert_eq!(count(&view, board, 0, 'M'), white, "height {}", board + 1);
        assert_eq!(count(&view, board, 1, 'M'), black, "height {}", board + 1);
        // D3-3: men stand on dark cells only (a1 dark: file + rank even).
        for cell in &view.boards[board].cells {
            assert!(cell.piece.is_none() || cell.dark);
        }
    }
    // D3-4: four base cubes per base height (a1 c1 e1 g1 / b8 d8 f8 h8).
    let marked = |board: usize| {
        view.boards[board]
            .cells
            .iter()
            .filter(|c| c.mark == Some("base"))
            .count()
    };
    assert_eq!([marked(0), marked(1), marked(2)], [4, 4, 4]);
    let base = view.boards[2].cell(1, 7).expect("b8");
    assert_eq!(base.mark, Some("base"));
    assert!(view.caption[0].starts_with("white to move"));
}

#[test]
fn kings_are_drawn_as_kings() {
    // D3-50 text with a white king on d4 of height 2.
    let config = Checkers3dConfig::from_pairs([("heights", "2")]).unwrap();
    let g = Checkers3d::from_text(&config, "W:WKd4@2:Bh8@1:H2:1/2").unwrap();
    let view = g.board_view().unwrap();
    let king = view.boards[1].cell(3, 3).and_then(|c| c.piece.clone());
    assert_eq!(king.map(|p| (p.seat, p.symbol)), Some((Seat(0), 'K')));
    assert_eq!(count(&view, 0, 1, 'M'), 1);
}
