//! Hand-made positions, one or more per rule id of the rules page. Every expected move list is
//! counted by hand from the rule it cites (the comments show the count).

use crate::common;

use chess_t::{ChessT, Piece, START_TEXT, Seat};
use common::*;
use variant_core::{DrawReason, Game, History, Status, WinReason, perft::perft};

const T1: &str = "ruleset=t1-2024";
const T1_2021: &str = "ruleset=t1-2021";
const FRAGMENT: &str = "ruleset=chess-t-2020";

fn win(winner: u8, reason: WinReason) -> Status {
    Status::Win {
        winner: Seat(winner),
        reason,
    }
}

// ---------------------------------------------------------------- board and set-up

#[test]
fn ct_1_ct_2_ct_3_start_position() {
    let game = ChessT::new(&config(T1)).unwrap();
    assert_eq!(game.to_text(), START_TEXT);
    assert_eq!(game.side_to_move(), Seat(0), "White moves first");
    assert_eq!(game.piece_at(cell("d1")), Some((Seat(0), Piece::Connet)));
    assert_eq!(game.piece_at(cell("e8")), Some((Seat(1), Piece::King)));
    assert_eq!(game.piece_at(cell("b8")), Some((Seat(1), Piece::Scout)));
    assert_eq!(game.piece_at(cell("d4")), None);
    // 23 moves (CT-52): 8 Knechts × 2, Ritters a1a3 h1h3, Scouts a3 c3 f3 h3, Connet d1d3.
    let mut expected = vec!["a1a3", "h1h3", "b1a3", "b1c3", "g1f3", "g1h3", "d1d3"];
    let steps: Vec<String> = "abcdefgh"
        .chars()
        .flat_map(|f| [format!("{f}2{f}3"), format!("{f}2{f}4")])
        .collect();
    expected.extend(steps.iter().map(String::as_str));
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(moves(&game), expected);
}

// ---------------------------------------------------------------- CT-4 pieces

#[test]
fn ct_4_king_one_cell_in_eight_directions() {
    let game = pos(T1, "4k3/8/8/8/3K4/8/8/8 w - 0 1");
    assert_eq!(
        moves_from(&game, "d4"),
        expect("d4", &["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
}

#[test]
fn ct_4_connet_orthogonal_jumps_and_diagonal_slides() {
    // Orthogonal 1–2 (8 cells) + diagonal 1–3 (12 cells) = 20.
    let game = pos(T1, "4k3/8/8/8/3C4/8/8/7K w - 0 1");
    assert_eq!(moves_from(&game, "d4").len(), 20);
    // Jumps over the first cell: d6 stays reachable behind a piece on d5 (which it may take).
    let game = pos(T1, "4k3/8/8/3n4/3C4/8/8/7K w - 0 1");
    assert!(is_legal(&game, "d4d6"));
    assert!(is_legal(&game, "d4d5"));
    // Diagonals end at the first occupied cell: f6 (enemy, taken 6:2) ends NE, c3 (own) ends
    // SW: 8 + (e5 f6) + (c5 b6 a7) + (e3 f2 g1) = 16.
    let game = pos(T1, "4k3/8/5n2/8/3C4/2N5/8/7K w - 0 1");
    let m = moves_from(&game, "d4");
    assert_eq!(m.len(), 16, "{m:?}");
    assert!(m.contains(&"d4f6".to_string()) && !m.contains(&"d4g7".to_string()));
}

#[test]
fn ct_4_prince_ritter_scout() {
    // Prince: orthogonal 1 (4) + diagonal 1–3 (12).
    let game = pos(T1, "4k3/8/8/8/3P4/8/8/7K w - 0 1");
    assert_eq!(moves_from(&game, "d4").len(), 16);
    // Ritter: orthogonal 1–2, jumping, no diagonal: 8.
    let game = pos(T1, "4k3/8/8/8/3R4/8/8/7K w - 0 1");
    assert_eq!(
        moves_from(&game, "d4"),
        expect("d4", &["b4", "c4", "d2", "d3", "d5", "d6", "e4", "f4"])
    );
    // Scout: the knight's leap, 8 cells.
    let game = pos(T1, "4k3/8/8/8/3S4/8/8/7K w - 0 1");
    assert_eq!(
        moves_from(&game, "d4"),
        expect("d4", &["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"])
    );
}

#[test]
fn ct_4_knecht_steps_and_two_step_in_own_territory() {
    // d2: d3, d4 (two cells, both in ranks 1–4), c2, e2; d1 is a castle cell (CT-20).
    let game = pos(T1, "4k3/8/8/8/8/8/3N4/7K w - 0 1");
    assert_eq!(
        moves_from(&game, "d2"),
        expect("d2", &["c2", "d3", "d4", "e2"])
    );
    // d3: no two-cell step, d5 lies outside White's territory.
    let game = pos(T1, "4k3/8/8/8/8/3N4/8/7K w - 0 1");
    assert_eq!(
        moves_from(&game, "d3"),
        expect("d3", &["c3", "d2", "d4", "e3"])
    );
    // The cell between must be empty.
    let game = pos(T1, "4k3/8/8/8/8/3N4/3N4/7K w - 0 1");
    assert_eq!(moves_from(&game, "d2"), expect("d2", &["c2", "e2"]));
    // Black's forward is down; e8 is a castle cell.
    let game = pos(T1, "4k3/4n3/8/8/8/8/8/7K b - 0 1");
    assert_eq!(
        moves_from(&game, "e7"),
        expect("e7", &["d7", "e5", "e6", "f7"])
    );
    // The Ver Knecht moves as the Knecht (two-cell step included).
    let game = pos(T1, "4k3/8/8/8/8/8/3V4/7K w - 0 1");
    assert_eq!(
        moves_from(&game, "d2"),
        expect("d2", &["c2", "d3", "d4", "e2"])
    );
}

// ---------------------------------------------------------------- CT-10 … CT-13

#[test]
fn ct_10_castle_cell_display_rule() {
    // A lone Ritter b1 reaches c1 and d1 (4 each); no White royal projects there and the cells
    // are empty, so the displayed sums are 0 while the raw sums are 4.
    let game = pos(T1, "4k3/8/8/8/8/8/8/1R5K w - 0 1");
    assert_eq!(game.capture_strength().get(cell("c1")), (4, 0));
    assert_eq!(game.strength().get(cell("c1")), (0, 0));
    assert_eq!(game.strength().get(cell("d1")), (0, 0));
    assert_eq!(game.strength().get(cell("a1")), (4, 0), "not a castle cell");
    // With a King on d2 projecting onto c1 d1 e1 the Ritter counts: 4 + 3.
    let game = pos(T1, "4k3/8/8/8/8/8/3K4/1R6 w - 0 1");
    assert_eq!(game.strength().get(cell("c1")), (7, 0));
    assert_eq!(game.strength().get(cell("d1")), (7, 0));
    // Defence always counts: a Knecht standing on c1 (CT-33) with a Ritter a1 behind it shows
    // 2 + 4 for White; Black's Ritter c3 reaches c1 but no Black royal does: 0 (raw 4).
    let game = pos(T1, "4k3/8/8/8/8/2r5/8/R1N4K w - 0 1");
    assert_eq!(game.strength().get(cell("c1")), (6, 0));
    assert_eq!(game.capture_strength().get(cell("c1")), (6, 4));
}

#[test]
fn ct_10_knecht_projection_territory_and_first_cell() {
    // Knecht d2 projects onto d4 through an empty d3; Knecht e3 not onto e5 (outside).
    let game = pos(T1, "4k3/8/8/8/8/4N3/3N4/7K w - 0 1");
    let f = game.capture_strength();
    assert_eq!(f.get(cell("d4")), (2, 0));
    assert_eq!(f.get(cell("e5")), (0, 0));
    assert_eq!(f.get(cell("e4")), (2, 0));
    // With d3 occupied, nothing reaches d4 from d2.
    let game = pos(T1, "4k3/8/8/8/8/3n4/3N4/7K w - 0 1");
    assert_eq!(game.capture_strength().get(cell("d4")), (0, 2));
}

#[test]
fn ct_11_capture_needs_strict_superiority_and_is_not_compulsory() {
    // Example 1 (6:3 on e3): the capture is legal, and so are the quiet moves.
    let game = pos(T1, "k7/8/8/8/8/3RvN2/8/2K4p w - 0 1");
    assert!(is_legal(&game, "d3e3"));
    assert!(is_legal(&game, "d3d4"), "capturing is never compulsory");
    let after = after(&game, "d3e3");
    assert_eq!(after.piece_at(cell("e3")), Some((Seat(0), Piece::Ritter)));
    assert_eq!(after.piece_at(cell("d3")), None);
    assert_eq!(after.halfmove_clock(), 0);
}

#[test]
fn ct_12_scout_takes_without_superiority_and_exchanges_on_castle_cells() {
    // The Scout takes the King (0 against 3) and wins.
    let game = pos(T1, "6k1/8/5S2/8/8/8/8/4K3 w - 0 1");
    assert_eq!(game.capture_strength().get(cell("g8")), (0, 3));
    let won = after(&game, "f6g8");
    assert_eq!(won.status(), win(0, WinReason::KingCaptured));
    // An unsupported Scout falls to any attacker (2:0).
    let game = pos(T1, "4k3/8/8/8/8/3s4/3N4/7K w - 0 1");
    assert!(is_legal(&game, "d2d3"));
    // It never moves onto a castle cell: from d3, c1 and e1 are empty castle cells.
    let black = pos(T1, "4k3/8/8/8/8/3s4/3N4/7K b - 0 1");
    assert_eq!(
        moves_from(&black, "d3"),
        expect("d3", &["b2", "b4", "c5", "e5", "f2", "f4"])
    );
    // Exchange: the Scout and the enemy piece on the castle cell are both removed, the clock
    // is reset, and the move is written like a move (CT-50).
    let game = pos(T1, "2p1k3/8/1S6/8/8/8/8/4K3 w - 5 1");
    assert!(is_legal(&game, "b6c8"));
    assert_eq!(
        after(&game, "b6c8").to_text(),
        "4k3/8/8/8/8/8/8/4K3 b - 0 1"
    );
    // Exchanging the King captures it.
    let game = pos(T1, "3k4/8/4S3/8/8/8/8/4K3 w - 0 1");
    assert_eq!(
        moves_from(&game, "e6"),
        expect("e6", &["c5", "c7", "d4", "d8", "f4", "g5", "g7"]),
        "f8 is an empty castle cell"
    );
    let won = after(&game, "e6d8");
    assert_eq!(won.to_text(), "8/8/8/8/8/8/8/4K3 b - 0 1");
    assert_eq!(won.status(), win(0, WinReason::KingCaptured));
}

#[test]
fn ct_13_check_is_only_a_warning() {
    // Black's Ritter c3 reaches e3 with 4 against the King's 3: White is in check.
    let game = pos(T1, "4k3/8/8/8/8/2r1K3/8/8 w - 0 1");
    assert!(game.is_in_check(Seat(0)));
    assert!(!game.is_in_check(Seat(1)));
    // All 8 King moves are legal, d3 (attacked 4:3) included.
    assert_eq!(moves_from(&game, "e3").len(), 8);
    assert!(is_legal(&game, "e3d3"));
    // Any other move may ignore the check too.
    let game = pos(T1, "4k3/8/8/8/8/2r1K3/N7/8 w - 0 1");
    assert!(is_legal(&game, "a2a3"));
}

// ---------------------------------------------------------------- castles

#[test]
fn ct_20_only_royal_pieces_enter_castle_cells() {
    // Knecht c2 may not step back onto c1; Knecht d7 may not step onto d8; the Prince b2 may
    // enter its own castle (c1); the Ritter a1 may not jump onto c1.
    let game = pos(T1, "4k3/3N4/8/8/8/8/1PN5/R5K1 w - 0 1");
    assert_eq!(moves_from(&game, "c2"), expect("c2", &["c3", "c4", "d2"]));
    assert_eq!(moves_from(&game, "d7"), expect("d7", &["c7", "d6", "e7"]));
    assert!(is_legal(&game, "b2c1"));
    assert_eq!(moves_from(&game, "a1"), expect("a1", &["a2", "a3", "b1"]));
}

#[test]
fn ct_21_last_defender_stays_in_the_castle() {
    // White's Prince c8 stands in Black's castle; the King d8 is Black's only royal piece there:
    // it may only move inside (e8; c8 is 3:3 and cannot be taken).
    let game = pos(T1, "2Pk4/8/8/8/8/8/8/4K3 b - 0 30");
    assert_eq!(moves(&game), vec!["d8e8".to_string()]);
    // With a second royal piece (Prince f8) in the castle the King may leave.
    let game = pos(T1, "2Pk1p2/8/8/8/8/8/8/4K3 b - 0 30");
    assert_eq!(
        moves_from(&game, "d8"),
        expect("d8", &["c7", "d7", "e7", "e8"])
    );
}

// ---------------------------------------------------------------- transformations

#[test]
fn ct_30_knecht_becomes_ver_knecht_from_fifth_to_sixth_rank() {
    let game = pos(T1, "4k3/8/8/4N3/3n4/8/8/4K3 w - 0 1");
    assert_eq!(
        after(&game, "e5e6").piece_at(cell("e6")),
        Some((Seat(0), Piece::VerKnecht))
    );
    assert_eq!(
        after(&game, "e5d5").piece_at(cell("d5")),
        Some((Seat(0), Piece::Knecht))
    );
    let black = pos(T1, "4k3/8/8/4N3/3n4/8/8/4K3 b - 0 1");
    assert_eq!(
        after(&black, "d4d3").piece_at(cell("d3")),
        Some((Seat(1), Piece::VerKnecht))
    );
    assert_eq!(
        after(&black, "d4d5").piece_at(cell("d5")),
        Some((Seat(1), Piece::Knecht))
    );
    // Capturing forward also transforms: e6 is 2:2 with the Knecht alone, 6:2 with a Ritter e4
    // jumping over e5.
    let game = pos(T1, "4k3/8/4n3/3NN3/8/8/8/4K3 w - 0 1");
    assert_eq!(game.capture_strength().get(cell("e6")), (2, 2));
    assert!(!is_legal(&game, "e5e6"));
    let game = pos(T1, "4k3/8/4n3/3NN3/4R3/8/8/4K3 w - 0 1");
    assert_eq!(game.capture_strength().get(cell("e6")), (6, 2));
    assert_eq!(
        after(&game, "e5e6").piece_at(cell("e6")),
        Some((Seat(0), Piece::VerKnecht))
    );
}

#[test]
fn ct_31_ver_knecht_promotion_2024() {
    let game = pos(T1, "4k3/VV3V2/8/8/8/8/8/4K3 w - 0 1");
    // a8 and b8: Ritter, Prince, Connet or Scout.
    assert_eq!(
        moves_from(&game, "a7"),
        expect("a7", &["a6", "a8c", "a8p", "a8r", "a8s"])
    );
    assert_eq!(
        moves_from(&game, "b7"),
        expect("b7", &["b6", "b8c", "b8p", "b8r", "b8s", "c7"])
    );
    // A forward step onto the empty castle cell f8: Prince or Connet.
    assert_eq!(
        moves_from(&game, "f7"),
        expect("f7", &["e7", "f6", "f8c", "f8p", "g7"])
    );
    let promoted = after(&game, "f7f8p");
    assert_eq!(
        promoted.piece_at(cell("f8")),
        Some((Seat(0), Piece::Prince))
    );
    // A Prince created on a castle cell does not use the Prince→Connet right (CT-32).
    let with_right = pos(T1, "4k3/5V2/8/8/8/8/8/4K3 w P 0 1");
    assert!(after(&with_right, "f7f8p").has_connet_right(Seat(0)));
    assert_eq!(
        after(&game, "a7a8s").piece_at(cell("a8")),
        Some((Seat(0), Piece::Scout))
    );
    // A promotion letter is required, and only where a promotion happens (CT-50).
    assert!(game.parse_move("a7a8").is_err());
    assert!(game.parse_move("a7a6r").is_err());
}

#[test]
fn ct_31_ver_knecht_promotion_2021_edition() {
    let game = pos(T1_2021, "4k3/VV3V2/8/8/8/8/8/4K3 w - 0 1");
    assert_eq!(
        moves_from(&game, "a7"),
        expect("a7", &["a6", "a8c", "a8p", "a8r", "a8s"])
    );
    // Connet only on the corners; no promotion (no entry) on castle cells.
    assert_eq!(
        moves_from(&game, "b7"),
        expect("b7", &["b6", "b8p", "b8r", "b8s", "c7"])
    );
    assert_eq!(moves_from(&game, "f7"), expect("f7", &["e7", "f6", "g7"]));
    // The switch on its own does the same under the 2024 ruleset.
    let game = pos("promotion-edition=2021", "4k3/VV3V2/8/8/8/8/8/4K3 w - 0 1");
    assert_eq!(moves_from(&game, "f7"), expect("f7", &["e7", "f6", "g7"]));
}

#[test]
fn ct_31_three_princes_three_connets_limit() {
    // White has 3 Princes and 3 Connets: a8 offers Ritter and Scout only; the castle step f7f8
    // has no available promotion and is illegal.
    let game = pos(T1, "4k3/V4V2/8/8/8/8/8/PPPCCCK1 w - 0 1");
    assert_eq!(
        moves_from(&game, "a7"),
        expect("a7", &["a6", "a8r", "a8s", "b7"])
    );
    assert_eq!(moves_from(&game, "f7"), expect("f7", &["e7", "f6", "g7"]));
    assert!(matches!(
        game.parse_move("f7f8p"),
        Err(variant_core::MoveError::Illegal { .. })
    ));
    // 3 Princes only: the castle step offers the Connet.
    let game = pos(T1, "4k3/5V2/8/8/8/8/8/PPP1K3 w - 0 1");
    assert_eq!(
        moves_from(&game, "f7"),
        expect("f7", &["e7", "f6", "f8c", "g7"])
    );
    // Without Scouts (CT-45) a8 offers Ritter, Prince, Connet.
    let game = pos(FRAGMENT, "4k3/V7/8/8/8/8/8/4K3 w - 0 1");
    assert_eq!(
        moves_from(&game, "a7"),
        expect("a7", &["a6", "a8c", "a8p", "a8r", "b7"])
    );
}

#[test]
fn ct_32_prince_becomes_connet_once_per_side() {
    let game = pos(T1, "4k3/1P4P1/8/8/8/8/8/4K3 w P 0 1");
    let g = after(&game, "b7c8");
    assert_eq!(g.piece_at(cell("c8")), Some((Seat(0), Piece::Connet)));
    assert!(!g.has_connet_right(Seat(0)));
    assert!(g.to_text().contains(" b - "));
    // The right is spent: the second Prince entering stays a Prince.
    let g = after(&after(&g, "e8d8"), "g7f8");
    assert_eq!(g.piece_at(cell("f8")), Some((Seat(0), Piece::Prince)));
    // A Prince moving between cells of the enemy castle does not transform.
    let game = pos(T1, "2P1k3/8/8/8/8/8/8/4K3 w P 0 1");
    let g = after(&game, "c8d8");
    assert_eq!(g.piece_at(cell("d8")), Some((Seat(0), Piece::Prince)));
    assert!(g.has_connet_right(Seat(0)));
    // With 3 Connets the Prince stays a Prince and the right is kept for later.
    let game = pos(T1, "4k3/1P6/8/8/8/8/8/CCC1K3 w P 0 1");
    let g = after(&game, "b7c8");
    assert_eq!(g.piece_at(cell("c8")), Some((Seat(0), Piece::Prince)));
    assert!(g.has_connet_right(Seat(0)));
    // Without the right nothing happens.
    let game = pos(T1, "4k3/1P6/8/8/8/8/8/4K3 w - 0 1");
    assert_eq!(
        after(&game, "b7c8").piece_at(cell("c8")),
        Some((Seat(0), Piece::Prince))
    );
}

#[test]
fn ct_33_small_points() {
    // A Knecht beyond its 5th rank stays a Knecht.
    let game = pos(T1, "4k3/8/4N3/8/8/8/8/4K3 w - 0 1");
    assert_eq!(
        after(&game, "e6e7").piece_at(cell("e7")),
        Some((Seat(0), Piece::Knecht))
    );
    // A non-royal piece on a castle cell may move off it: Ritter c1 → c2 c3 b1 a1.
    let game = pos(T1, "4k3/8/8/8/8/8/8/2R1K3 w - 0 1");
    assert_eq!(
        moves_from(&game, "c1"),
        expect("c1", &["a1", "b1", "c2", "c3"])
    );
    // The two-cell step may capture with superiority: d4 is 4:2 (Knechts d2 and e4).
    let game = pos(T1, "4k3/8/8/8/3nN3/8/3N4/7K w - 0 1");
    assert_eq!(game.capture_strength().get(cell("d4")), (4, 2));
    assert!(is_legal(&game, "d2d4"));
}

// ---------------------------------------------------------------- end of the game

#[test]
fn ct_35_king_capture_ends_the_game() {
    let game = pos(T1, "4k3/8/8/8/8/3K4/3r4/8 w - 0 1");
    // d2: White King 3 vs Ritter 4? The Ritter defends nothing else; 3:4 → no capture.
    assert!(!is_legal(&game, "d3d2"));
    let game = pos(T1, "4k3/8/8/8/8/8/3r4/2RK4 b - 0 1");
    // Black's Ritter takes nothing on castle cells (CT-20); the game goes on.
    assert!(!is_legal(&game, "d2d1"));
    let game = pos(T1, "8/8/8/8/8/8/8/4K3 b - 0 1");
    assert_eq!(game.status(), win(0, WinReason::KingCaptured));
    assert_eq!(game.count_legal_moves(), 0);
    assert_eq!(perft(&game, 2), 0, "a finished game is a leaf");
}

#[test]
fn ct_35_castle_capture_by_entering() {
    // Black's King stands outside its castle; White's Prince steps onto d8 (and becomes a
    // Connet, CT-32): no Black royal piece is left in Black's castle.
    let game = pos(T1, "6k1/3P4/8/8/8/8/8/4K3 w P 0 1");
    assert_eq!(game.status(), Status::Ongoing);
    let won = after(&game, "d7d8");
    assert_eq!(won.status(), win(0, WinReason::CastleCaptured));
    assert_eq!(won.count_legal_moves(), 0);
    // A Ver Knecht promoting to a Prince on an empty castle cell captures it too.
    let game = pos(T1, "6k1/5V2/8/8/8/8/8/4K3 w - 0 1");
    assert_eq!(
        after(&game, "f7f8p").status(),
        win(0, WinReason::CastleCaptured)
    );
}

#[test]
fn ct_35_castle_capture_by_taking_the_last_defender() {
    // White Prince c8 inside, Black Prince d8 the last defender; White's Connet d6 jumps to d8
    // (d8: 3 + 6 for White against 3).
    let game = pos(T1, "k1Pp4/8/3C4/8/8/8/8/4K3 w - 0 1");
    assert_eq!(game.capture_strength().get(cell("d8")), (9, 3));
    assert_eq!(
        after(&game, "c8d8").status(),
        win(0, WinReason::CastleCaptured)
    );
    assert_eq!(
        after(&game, "d6d8").status(),
        win(0, WinReason::CastleCaptured)
    );
}

#[test]
fn ct_35_castle_capture_by_scout_exchange_of_the_last_defender() {
    let game = pos(T1, "k1Pp4/8/4S3/8/8/8/8/4K3 w - 0 1");
    let won = after(&game, "e6d8");
    assert_eq!(won.to_text(), "k1P5/8/8/8/8/8/8/4K3 b - 0 1");
    assert_eq!(won.status(), win(0, WinReason::CastleCaptured));
}

#[test]
fn ct_35_blockade_loses() {
    // Black's King a8 is walled in by Ritters it cannot take (a7 8:3, b7 16:3, b8 12:3).
    let game = pos(T1, "kR6/RR6/1R6/8/8/8/8/4K3 b - 0 1");
    assert_eq!(game.count_legal_moves(), 0);
    assert_eq!(game.status(), win(0, WinReason::NoLegalMoves));
    assert_eq!(game.capture_strength().get(cell("b8")), (12, 3));
}

#[test]
fn ct_36_threefold_repetition_is_claimable() {
    let game = ChessT::new(&config(T1)).unwrap();
    let mut history = History::new(game);
    for _ in 0..2 {
        for m in ["a2a3", "a7a6", "a3a2", "a6a7"] {
            history.play_text(m).unwrap();
        }
    }
    assert_eq!(history.repetition_count(), 3);
    assert_eq!(history.claimable_draw(), Some(DrawReason::Repetition));
    assert_eq!(history.status(), Status::Ongoing, "only on claim");
    // The Prince→Connet rights are part of the identity.
    let with = pos(T1, "4k3/8/8/8/8/8/8/4K3 w Pp 0 1");
    let without = pos(T1, "4k3/8/8/8/8/8/8/4K3 w P 0 1");
    assert_ne!(with.repetition_key(), without.repetition_key());
    // The clocks are not.
    let later = pos(T1, "4k3/8/8/8/8/8/8/4K3 w Pp 7 30");
    assert_eq!(with.repetition_key(), later.repetition_key());
}

#[test]
fn ct_36_forty_moves_without_capture_or_exchange() {
    let game = pos(T1, "4k3/8/8/8/8/8/N7/4K3 w - 79 60");
    assert_eq!(game.claimable_draw(), None);
    let g = after(&game, "a2a3");
    assert_eq!(g.halfmove_clock(), 80);
    assert_eq!(g.claimable_draw(), Some(DrawReason::MoveRule));
    // A capture resets the count (a3: Knecht a2 and Ritter a1 give 6 against 2).
    let game = pos(T1, "4k3/8/8/8/8/n7/N7/R3K3 w - 79 60");
    assert_eq!(after(&game, "a2a3").claimable_draw(), None);
}

// ---------------------------------------------------------------- the 2020 switches

#[test]
fn ct_41_long_jumpers_jump_over_pieces_and_impregnable_fields() {
    // Ritter d4 with a Black Knecht on d5 and Black's impregnable d6: d5 (taken 4:2), d7 over
    // both, d3 d2 (d1 castle), c4 b4 a4, e4 f4 g4: 10 moves.
    let game = pos(
        "long-jumpers=on;black-impregnable=d6",
        "4k3/8/8/3n4/3R4/8/8/7K w - 0 1",
    );
    assert_eq!(
        moves_from(&game, "d4"),
        expect(
            "d4",
            &["a4", "b4", "c4", "d2", "d3", "d5", "d7", "e4", "f4", "g4"]
        )
    );
    // Without CT-41 the Ritter reaches 2 cells: d5, d3 d2, c4 b4, e4 f4.
    let game = pos("black-impregnable=d6", "4k3/8/8/3n4/3R4/8/8/7K w - 0 1");
    assert_eq!(
        moves_from(&game, "d4"),
        expect("d4", &["b4", "c4", "d2", "d3", "d5", "e4", "f4"])
    );
    // The Connet jumps 3 too: d1 → d4 over d2 d3.
    let game = pos(FRAGMENT, "4k3/8/8/8/8/3n4/3N4/3CK3 w - 0 1");
    assert!(is_legal(&game, "d1d4"));
    assert!(!is_legal(
        &pos(T1, "4k3/8/8/8/8/3n4/3N4/3CK3 w - 0 1"),
        "d1d4"
    ));
}

#[test]
fn ct_42_guarded_castle() {
    // c8: Black's Ritter a8 (jump) and King d8 give 7 against the Prince's 3, with a royal
    // piece projecting: the Prince may not enter under CT-42, but may without it.
    let text = "r2k4/1P6/8/8/8/8/8/4K3 w P 0 1";
    assert_eq!(pos(T1, text).capture_strength().get(cell("c8")), (3, 7));
    assert!(!is_legal(&pos("guarded-castle=on", text), "b7c8"));
    assert!(is_legal(&pos(T1, text), "b7c8"));
    // No Black royal piece projects onto c8 (King f8): entry allowed.
    assert!(is_legal(
        &pos("guarded-castle=on", "r4k2/1P6/8/8/8/8/8/4K3 w P 0 1"),
        "b7c8"
    ));
    // A Ver Knecht promoting onto such a cell is not a royal piece entering.
    let game = pos("guarded-castle=on", "r2k4/2V5/8/8/8/8/8/4K3 w - 0 1");
    assert!(is_legal(&game, "c7c8p") && is_legal(&game, "c7c8c"));
}

#[test]
fn ct_43_optional_prince_transformation() {
    let text = "4k3/1P6/8/8/8/8/8/4K3 w P 0 1";
    let game = pos("optional-prince=on", text);
    assert_eq!(
        moves_from(&game, "b7")
            .iter()
            .filter(|m| m.starts_with("b7c8"))
            .count(),
        2
    );
    let stays = after(&game, "b7c8");
    assert_eq!(stays.piece_at(cell("c8")), Some((Seat(0), Piece::Prince)));
    assert!(stays.has_connet_right(Seat(0)), "declining keeps the right");
    let becomes = after(&game, "b7c8c");
    assert_eq!(becomes.piece_at(cell("c8")), Some((Seat(0), Piece::Connet)));
    assert!(!becomes.has_connet_right(Seat(0)));
    // Without CT-43 the transformation is automatic and carries no letter (CT-50).
    let game = pos(T1, text);
    assert!(matches!(
        game.parse_move("b7c8c"),
        Err(variant_core::MoveError::Illegal { .. })
    ));
}

#[test]
fn ct_44_impregnable_fields() {
    let cfg = "black-impregnable=h5";
    // No White move onto h5, no White strength there; Black's Knecht on h5 cannot be taken.
    let game = pos(cfg, "4k3/8/8/7n/7N/8/7R/4K3 w - 0 1");
    assert!(!is_legal(&game, "h4h5"));
    assert_eq!(game.capture_strength().get(cell("h5")), (0, 2));
    // The Ritter h2 jumps over h3? (its range is 2: h3, h4 own) — it never reaches h5 anyway.
    // A Scout does not leap onto it.
    let game = pos(cfg, "4k3/8/8/8/5S2/8/8/4K3 w - 0 1");
    assert!(!is_legal(&game, "f4h5"));
    assert!(is_legal(&game, "f4h3"));
    // Non-jumping lines stop before it: Prince e2's diagonal f3 g4 (h5 never reached), and a
    // Prince on f3 going north-east stops at g4.
    let game = pos("black-impregnable=g4", "4k3/8/8/8/8/5P2/8/4K3 w - 0 1");
    assert!(!is_legal(&game, "f3g4") && !is_legal(&game, "f3h5"));
    assert_eq!(game.capture_strength().get(cell("h5")), (0, 0));
    // A piece found on an enemy impregnable field at set-up is removed (the seed's "h5 (: W Kn
    // h5)").
    let game = pos(cfg, "4k3/8/8/7N/8/8/8/4K3 w - 0 1");
    assert_eq!(game.to_text(), "4k3/8/8/8/8/8/8/4K3 w - 0 1");
    // A King removed so counts as captured.
    let game = pos("white-impregnable=e8", "4k3/8/8/8/8/8/8/4K3 w - 0 1");
    assert_eq!(game.status(), win(0, WinReason::KingCaptured));
    // Own impregnable fields are ordinary for their owner.
    let game = pos(cfg, "4k3/8/8/8/7n/8/8/4K3 b - 0 1");
    assert!(is_legal(&game, "h4h5"));
}

#[test]
fn ct_45_no_scouts() {
    let game = ChessT::new(&config("no-scouts=on")).unwrap();
    assert_eq!(game.to_text(), chess_t::START_TEXT_NO_SCOUTS);
    // Knechts b2 g2 may step back onto the empty b1 g1: 30 moves in the 2020 preset.
    assert_eq!(
        ChessT::new(&config(FRAGMENT)).unwrap().count_legal_moves(),
        30
    );
    let err = ChessT::from_text(&config("no-scouts=on"), START_TEXT).unwrap_err();
    assert!(err.to_string().contains("CT-45"), "{err}");
}
