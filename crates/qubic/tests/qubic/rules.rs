//! The rules of docs/rules/qubic.md: the 76 lines, moves, the win and the
//! draw with their reasons, and which position texts play can reach.

use qubic::prelude::*;
use qubic::{Cell, FOUR_IN_A_LINE, FULL_BOARD, LINES};
use variant_core::DrawReason;

/// The cell set of the cells `(file, rank, height)`, 0-based.
fn set(cells: impl IntoIterator<Item = (u8, u8, u8)>) -> u64 {
    cells
        .into_iter()
        .map(|(x, y, z)| 1u64 << Cell::new(x, y, z).unwrap().index())
        .fold(0, |a, b| a | b)
}

/// The lines of Q-3 built family by family, as the rules page counts them (not as the crate
/// finds them, by scanning the 13 directions).
fn lines_by_family() -> (Vec<u64>, Vec<u64>, Vec<u64>) {
    let t = 0..4u8;
    let mut axis = Vec::new();
    for a in 0..4u8 {
        for b in 0..4u8 {
            axis.push(set(t.clone().map(|i| (i, a, b)))); // along the files
            axis.push(set(t.clone().map(|i| (a, i, b)))); // along the ranks
            axis.push(set(t.clone().map(|i| (a, b, i)))); // up the heights
        }
    }
    let mut plane = Vec::new();
    for c in 0..4u8 {
        // The two diagonals of each of the 4 planes of each of the 3 orientations.
        plane.push(set(t.clone().map(|i| (i, i, c))));
        plane.push(set(t.clone().map(|i| (i, 3 - i, c))));
        plane.push(set(t.clone().map(|i| (i, c, i))));
        plane.push(set(t.clone().map(|i| (i, c, 3 - i))));
        plane.push(set(t.clone().map(|i| (c, i, i))));
        plane.push(set(t.clone().map(|i| (c, i, 3 - i))));
    }
    let space = vec![
        set(t.clone().map(|i| (i, i, i))),
        set(t.clone().map(|i| (i, i, 3 - i))),
        set(t.clone().map(|i| (i, 3 - i, i))),
        set(t.clone().map(|i| (3 - i, i, i))),
    ];
    (axis, plane, space)
}

fn sorted(mut v: Vec<u64>) -> Vec<u64> {
    v.sort_unstable();
    v
}

/// Plays `cells` from the start.
fn play(cells: &[&str]) -> Qubic {
    let mut game = Qubic::default();
    for cell in cells {
        game.play_text(cell)
            .unwrap_or_else(|e| panic!("{cell}: {e}"));
    }
    game
}

#[test]
fn q3_the_box_has_76_lines_48_axis_24_plane_diagonals_4_space_diagonals() {
    let (axis, plane, space) = lines_by_family();
    // Q-3 by hand: 16 lines along each of the 3 axes; 2 diagonals in each of the 4 planes of
    // each of the 3 orientations; the 4 diagonals joining opposite corners.
    assert_eq!((axis.len(), plane.len(), space.len()), (48, 24, 4));
    let mut all: Vec<u64> = axis.into_iter().chain(plane).chain(space).collect();
    all = sorted(all);
    all.dedup();
    assert_eq!(all.len(), 76, "the families overlap");
    assert_eq!(sorted(LINES.to_vec()), all);
}

#[test]
fn q4_the_box_starts_empty_with_x_to_move_and_a_move_fills_one_cell() {
    let game = Qubic::default();
    assert_eq!(game.side_to_move(), Seat(0));
    assert_eq!(game.seat_name(Seat(0)), "x");
    assert_eq!(game.seat_name(Seat(1)), "o");
    assert_eq!(game.legal_moves().len(), 64);
    let game = play(&["b2@3"]);
    assert_eq!(game.side_to_move(), Seat(1));
    assert_eq!(game.legal_moves().len(), 63);
    assert!(game.legal_moves().iter().all(|m| m.to_string() != "b2@3"));
    assert_eq!(game.status(), Status::Ongoing);
}

#[test]
fn q5_four_in_a_line_wins_with_the_games_own_reason() {
    // x fills the rank a1@1 … d1@1 while o fills a2@1 b2@1 c2@1.
    let game = play(&["a1@1", "a2@1", "b1@1", "b2@1", "c1@1", "c2@1", "d1@1"]);
    let status = game.status();
    assert_eq!(
        status,
        Status::Win {
            winner: Seat(0),
            reason: WinReason::Game(FOUR_IN_A_LINE)
        }
    );
    assert_eq!(status.to_string(), "seat 0 wins (four in a line)");
    if let Status::Win { reason, .. } = status {
        assert_eq!((reason.id(), reason.rule()), ("four-in-a-line", "Q-5"));
    }
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.count_legal_moves(), 0);
    let err = game.parse_move("d4@4").unwrap_err();
    assert!(err.to_string().contains("the game is over"), "{err}");
}

#[test]
fn q5_o_wins_on_a_space_diagonal() {
    // o takes the space diagonal a1@1 b2@2 c3@3 d4@4; x's four marks a4@1 a4@2 b4@3 c4@4
    // lie on no common line.
    let game = play(&[
        "a4@1", "a1@1", "a4@2", "b2@2", "b4@3", "c3@3", "c4@4", "d4@4",
    ]);
    assert_eq!(
        game.status(),
        Status::Win {
            winner: Seat(1),
            reason: WinReason::Game(FOUR_IN_A_LINE)
        }
    );
    let line: Vec<String> = game
        .winning_line()
        .unwrap()
        .iter()
        .map(Cell::to_string)
        .collect();
    assert_eq!(line, ["a1@1", "b2@2", "c3@3", "d4@4"]);
}

/// The full box of Q-6: x's marks where `A(file) + B(rank) + C(height)` is odd, with
/// A = (0,0,0,1), B = (0,0,1,0), C = (0,1,1,0). Along a line each coordinate is constant,
/// rises (t) or falls (3 - t); the sums of the rising and falling patterns of the moving
/// coordinates (A, A reversed = (1,0,0,0), B, B reversed = (0,1,0,0), C = C reversed) are
/// never constant: A+B = (0,0,1,1), A+B' = (0,1,0,1), A'+B = (1,0,1,0), A+C = (0,1,1,1),
/// A'+C = (1,1,1,0), B+C = (0,1,0,0), B'+C = (0,0,1,0), A+B+C = (0,1,0,1),
/// A+B'+C = (0,0,1,1), A'+B+C = (1,1,0,0); so no line has four marks of one side. C has two
/// ones, so each column of heights holds 2 marks of each side: 32 and 32.
const FULL_BOX: &str =
    "OOOX/XXXO/OOOX/OOOX|XXXO/OOOX/XXXO/XXXO|XXXO/OOOX/XXXO/XXXO|OOOX/XXXO/OOOX/OOOX x";

#[test]
fn q6_a_full_box_without_a_line_is_a_draw_with_the_games_own_reason() {
    let game: Qubic = FULL_BOX.parse().unwrap();
    assert_eq!(game.marks(Seat(0)).count_ones(), 32);
    assert_eq!(game.marks(Seat(1)).count_ones(), 32);
    let (axis, plane, space) = lines_by_family();
    for line in axis.iter().chain(&plane).chain(&space) {
        assert!(game.marks(Seat(0)) & line != *line && game.marks(Seat(1)) & line != *line);
    }
    let status = game.status();
    assert_eq!(
        status,
        Status::Draw {
            reason: DrawReason::Game(FULL_BOARD)
        }
    );
    assert_eq!(status.to_string(), "draw (full board)");
    if let Status::Draw { reason } = status {
        assert_eq!((reason.id(), reason.rule()), ("full-board", "Q-6"));
    }
    assert!(game.legal_moves().is_empty());
}

#[test]
fn q6_filling_the_box_ends_the_game_in_a_draw() {
    // The full box with x's d1@4 and o's a1@4 taken out, x to move: x's d1@4 and o's a1@4
    // fill it again, and the full box has no line.
    let game: Qubic =
        "OOOX/XXXO/OOOX/OOOX|XXXO/OOOX/XXXO/XXXO|XXXO/OOOX/XXXO/XXXO|OOOX/XXXO/OOOX/1OO1 x"
            .parse()
            .unwrap();
    assert_eq!(game.legal_moves().len(), 2);
    let mut last = game.clone();
    last.play_text("d1@4").unwrap();
    assert_eq!(last.legal_moves().len(), 1);
    last.play_text("a1@4").unwrap();
    assert!(matches!(last.status(), Status::Draw { .. }));
}

#[test]
fn perft_positions_have_no_other_live_line() {
    // The hand derivations of data/qubic.perft (x-threat, both-threats) rest on this: every
    // line through an empty cell, other than the named threats, holds marks of both sides.
    let (axis, plane, space) = lines_by_family();
    let lines: Vec<u64> = axis.into_iter().chain(plane).chain(space).collect();
    let cases = [
        (
            "XXXO/OOOX/X2O/XXX1|OOOX/XXXO/OOOX/1OOX|OOOX/XXXO/OOOX/OOOX|XXXO/OOOX/XXXO/XXXO x",
            vec![["a1@1", "b1@1", "c1@1", "d1@1"]],
        ),
        (
            "OOOX/XXXO/OOOX/2OX|XXXO/OOOX/XXXO/XXXO|XXXO/OOOX/1XXO/XXXO|OOOX/XXXO/OOOX/OOOX o",
            vec![
                ["a1@1", "b1@2", "c1@3", "d1@4"],
                ["a4@1", "a3@2", "a2@3", "a1@4"],
            ],
        ),
    ];
    for (text, threats) in cases {
        let game: Qubic = text.parse().unwrap();
        let threats: Vec<u64> = threats
            .iter()
            .map(|cells| {
                cells
                    .iter()
                    .map(|c| 1u64 << Cell::parse(c).unwrap().index())
                    .sum()
            })
            .collect();
        let (x, o) = (game.marks(Seat(0)), game.marks(Seat(1)));
        let empty = !(x | o);
        for &line in &lines {
            if line & empty == 0 || threats.contains(&line) {
                continue;
            }
            assert!(
                line & x != 0 && line & o != 0,
                "{text}: a live line {line:#x}"
            );
        }
        for &threat in &threats {
            assert_eq!((threat & empty).count_ones(), 1, "{text}");
        }
    }
}

#[test]
fn unreachable_position_texts_are_refused_with_the_reason() {
    let cases = [
        // x to move needs as many x marks as o marks.
        (
            "4/4/4/X3|4/4/4/4|4/4/4/4|4/4/4/4 x",
            "x has 1 marks and o 0",
        ),
        (
            "4/4/4/O3|4/4/4/4|4/4/4/4|4/4/4/4 o",
            "x has 0 marks and o 1",
        ),
        // The side to move cannot already have a line.
        (
            "4/4/OOO1/XXXX|4/4/4/4|4/4/4/4|4/4/4/4 x",
            "x has 4 marks and o 3",
        ),
        (
            "4/4/OOOO/XXXX|4/4/4/X3|4/4/4/4|4/4/4/4 o",
            "o is to move but already has four",
        ),
        // Two lines of x without a common cell: the game ended at the first.
        (
            "4/4/XXXX/XXXX|1O2/OO2/2OO/OO2|4/4/4/4|4/4/4/4 o",
            "lines of four that share no cell",
        ),
    ];
    for (text, expected) in cases {
        let err = text.parse::<Qubic>().unwrap_err();
        assert!(err.to_string().contains(expected), "{text}: {err}");
    }
    // Two lines of x through one cell (a1@1), completed by that cell: reachable.
    let game: Qubic = "4/4/OOO1/XXXX|4/4/4/X3|4/4/4/X3|4/4/OOO1/X3 o"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.status().winner(), Some(Seat(0)));
}
