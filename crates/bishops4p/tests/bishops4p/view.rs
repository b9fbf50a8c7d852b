//! The board picture for frontends (`Game::board_view`), checked against the rules page.

use bishops4p::{Bishops, BishopsConfig};
use variant_core::{Game, GameConfig, Seat};

#[test]
fn b4_2_blocks_and_b4_4_armies_in_the_view() {
    let g = Bishops::new(&BishopsConfig::default()).unwrap();
    let view = g.board_view().expect("bishops4p draws itself");
    assert_eq!(view.boards.len(), 1);
    let board = &view.boards[0];
    assert_eq!((board.files, board.ranks), (12, 12));
    // B4-2: four 2x2 corner blocks.
    let blocks = board
        .cells
        .iter()
        .filter(|c| c.mark == Some("block"))
        .count();
    assert_eq!(blocks, 16);
    assert_eq!(board.cell(0, 0).unwrap().mark, Some("block"));
    assert_eq!(board.cell(11, 10).unwrap().mark, Some("block"));
    assert_eq!(board.cell(2, 2).unwrap().mark, None);
    // B4-4: sixteen pieces per seat, one king each; White's king on g1, Grey's on a6.
    for seat in 0..4u8 {
        let pieces: Vec<char> = board
            .cells
            .iter()
            .filter_map(|c| c.piece.as_ref())
            .filter(|p| p.seat == Seat(seat))
            .map(|p| p.symbol)
            .collect();
        assert_eq!(pieces.len(), 16, "seat {seat}");
        assert_eq!(pieces.iter().filter(|&&s| s == 'K').count(), 1);
        assert_eq!(pieces.iter().filter(|&&s| s == 'P').count(), 8);
    }
    let symbol = |f: u8, r: u8| {
        board
            .cell(f, r)
            .and_then(|c| c.piece.as_ref())
            .map(|p| (p.seat, p.symbol))
    };
    assert_eq!(symbol(6, 0), Some((Seat(0), 'K')));
    assert_eq!(symbol(0, 5), Some((Seat(1), 'K')));
    assert!(view.caption[0].starts_with("white to move"));
}

#[test]
fn b4_23_three_players_caption_names_the_placements() {
    let config = BishopsConfig::from_pairs([("players", "3")]).unwrap();
    let g = Bishops::new(&config).unwrap();
    let view = g.board_view().unwrap();
    let pieces = view.boards[0]
        .cells
        .iter()
        .filter(|c| c.piece.is_some())
        .count();
    // Grey's army is not on the board.
    assert_eq!(pieces, 48);
    assert!(
        view.caption
            .iter()
            .any(|l| l.contains("the queen and a knight")),
        "{:?}",
        view.caption
    );
}
