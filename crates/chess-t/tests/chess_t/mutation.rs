//! Rules the other modules left unchecked, found by mutation testing (`cargo xtask mutants
//! chess-t`, docs/reliability.md): each test fails under a change of the rule code that every
//! other test let through. Expectations are counted by hand from the rules page.

use crate::common;

use chess_t::{ChessT, ChessTConfig, Seat};
use common::*;
use variant_core::Game;

const T1: &str = "ruleset=t1-2024";

#[test]
fn ct_11_superiority_is_strict_for_either_side() {
    // The rules page's worked example 1 (CT-10): White King c1, Ritter d3, Knecht f3; Black
    // Ver Knecht e3, Prince h1. e3 is 6:3 (Ritter 4 + Knecht 2 against the Ver Knecht's 3): White
    // is superior there, Black is not. h1 holds Black's Prince (3) and no White line reaches it
    // (King c1: b1 b2 c2 d2 d1; Ritter d3: d1 d2 d4 d5 b3 c3 e3 f3; Knecht f3: e3 f2 f4 g3, no
    // two-cell step from rank 3 to rank 5 outside its territory): 0:3, Black superior only.
    let game = pos(T1, "4k3/8/8/8/8/3RvN2/8/2K4p w - 0 1");
    let field = game.capture_strength();
    assert_eq!(field.get(cell("e3")), (6, 3));
    assert_eq!(field.get(cell("h1")), (0, 3));
    assert!(field.superior(Seat(0), cell("e3")));
    assert!(!field.superior(Seat(1), cell("e3")));
    assert!(field.superior(Seat(1), cell("h1")));
    assert!(!field.superior(Seat(0), cell("h1")));
    // f3 is 6:6: nobody is superior (CT-11: equal totals forbid the capture).
    assert!(!field.superior(Seat(0), cell("f3")) && !field.superior(Seat(1), cell("f3")));
}

#[test]
fn ct_3_ct_31_ct_45_an_impossible_army_is_refused_naming_its_side() {
    // The start army is 16 pieces (CT-3): 17 are refused; CT-31 allows at most 3 Princes and 3
    // Connets, CT-3 one King; CT-45 (no-scouts) no Scout. Each error names the side at fault.
    let cases = [
        // 7 Ritters + King on rank 1, 8 + 1 Knechts: 17 White pieces.
        (
            "",
            "4k3/8/8/8/8/N7/NNNNNNNN/RRRRKRRR w - 0 1",
            "White has 17 pieces",
        ),
        // The same army colour-swapped: 17 Black pieces.
        (
            "",
            "rrrrkrrr/nnnnnnnn/n7/8/8/8/8/4K3 w - 0 1",
            "Black has 17 pieces",
        ),
        ("", "4k3/8/8/8/8/8/8/PPPPK3 w - 0 1", "White has 4 Princes"),
        ("", "ppppk3/8/8/8/8/8/8/4K3 w - 0 1", "Black has 4 Princes"),
        ("", "ccck4/c7/8/8/8/8/8/4K3 w - 0 1", "Black has 4 Connets"),
        ("", "4k3/8/8/8/8/8/8/3KK3 w - 0 1", "White has 2 Kings"),
        (
            "no-scouts=on",
            "4k3/8/8/8/8/8/8/S3K3 w - 0 1",
            "White has a Scout",
        ),
        (
            "no-scouts=on",
            "s3k3/8/8/8/8/8/8/4K3 w - 0 1",
            "Black has a Scout",
        ),
    ];
    for (config_text, text, needle) in cases {
        let config = if config_text.is_empty() {
            ChessTConfig::default()
        } else {
            config(config_text)
        };
        let err = ChessT::from_text(&config, text).unwrap_err().to_string();
        assert!(err.contains(needle), "{text:?}: {err}");
    }
    // The limits themselves are allowed: 16 pieces, 3 Princes, 3 Connets (and Scouts when
    // no-scouts is off).
    for text in [
        "4k3/8/8/8/8/8/NNNNNNNN/RRRRKRRR w - 0 1",
        "4k3/8/8/8/8/8/8/PPP1K1CC w - 0 1",
        "cccpk3/8/8/8/8/8/8/S3K3 w - 0 1",
    ] {
        assert!(
            ChessT::from_text(&ChessTConfig::default(), text).is_ok(),
            "{text}"
        );
    }
}

#[test]
fn ct_11_ct_12_perft_counts_captures_when_every_destination_holds_an_enemy() {
    // White King a4 between its Scouts b4 and b5; Black King a5, Black Scouts a3 and b3: every
    // destination of the King holds an enemy piece. Scouts project no strength (CT-10), and
    // the Black King a5 reaches a4 b4 b5 a6 b6, not a3 or b3: the King takes a3 and b3 with
    // 3:0 (CT-11) but not a5 (3:3). The Scouts leap (CT-12): b4 to a2 c2 d3 d5 a6 c6, b5 to
    // a7 c7 c3 d6 d4 and takes a3. 2 + 6 + 6 = 14 moves, listed and counted alike.
    let game = pos(T1, "8/8/8/kS6/KS6/ss6/8/8 w - 0 1");
    assert_eq!(moves_from(&game, "a4"), expect("a4", &["a3", "b3"]));
    assert_eq!(moves(&game).len(), 14);
    assert_eq!(variant_core::perft::perft(&game, 1), 14);
}

#[test]
fn ct_43_no_transformation_offered_once_the_right_is_spent() {
    // CT-32/CT-43: the Prince→Connet right is once per side. With only Black's right left
    // (`p`), White's Prince b7 entering c8 is a plain move: its 10 destinations (orthogonal
    // a7 c7 b6 b8, diagonal a8 c8 a6 c6 d5 e4), none with the `c` choice. With White's right
    // (`P`) the entry c8 comes twice, plain and `c`: 11.
    let spent = pos("optional-prince=on", "4k3/1P6/8/8/8/8/8/4K3 w p 0 1");
    let tos = ["a6", "a7", "a8", "b6", "b8", "c6", "c7", "c8", "d5", "e4"];
    assert_eq!(moves_from(&spent, "b7"), expect("b7", &tos));
    let kept = pos("optional-prince=on", "4k3/1P6/8/8/8/8/8/4K3 w P 0 1");
    assert_eq!(moves_from(&kept, "b7").len(), 11);
    assert!(is_legal(&kept, "b7c8c"));
}

#[test]
fn ct_10_the_strength_field_prints_rank_by_rank() {
    // The rules page's worked example 1 (CT-10), rank 3: d3 4:3, e3 6:3, f3 6:6 from the page;
    // the Ritter d3 reaches b3 and c3 (4:0), the Knecht f3 reaches g3 (2:0), nothing reaches
    // a3 or h3. Eight ranks, 8 first, then the file letters: nine lines.
    let game = pos(T1, "4k3/8/8/8/8/3RvN2/8/2K4p w - 0 1");
    let text = game.capture_strength().to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 9, "{text}");
    assert!(
        lines[0].starts_with('8') && lines[7].starts_with('1'),
        "{text}"
    );
    assert_eq!(
        lines[5],
        "3  0:0   4:0   4:0   4:3   6:3   6:6   2:0   0:0 "
    );
    assert_eq!(lines[8].split_whitespace().collect::<String>(), "abcdefgh");
}

#[test]
fn ct_42_a_guard_counts_every_piece_that_reaches_the_castle_cell() {
    // Guarded castle (CT-42): White's King d7 may enter c8 unless Black is superior there with
    // a royal piece reaching it. c8 is 7:7 — White: the King (3) and the Ritter a8 jumping b8
    // (4); Black: the Prince d8 (3, royal) and the Ritter e8 jumping d8 (4) — so no superiority:
    // the entry is legal. The Ritter a8 reaches no other cell the King contests, and must
    // still be counted on c8.
    let game = pos("guarded-castle=on", "R2pr2k/3K4/8/8/8/8/8/8 w - 0 1");
    assert_eq!(game.capture_strength().get(cell("c8")), (7, 7));
    assert!(is_legal(&game, "d7c8"));
    // Without the Ritter a8, Black is superior on c8 (7:3) and the entry is refused.
    let game = pos("guarded-castle=on", "3pr2k/3K4/8/8/8/8/8/8 w - 0 1");
    assert_eq!(game.capture_strength().get(cell("c8")), (3, 7));
    assert!(!is_legal(&game, "d7c8"));
}

#[test]
fn ct_4_ct_44_a_knecht_does_not_step_over_an_enemy_on_its_impregnable_field() {
    // Black's Knecht stands on d3, Black's own impregnable field (CT-44: it cannot be taken,
    // and no White line reaches d3). White's Knecht d2 has one-cell steps c2 and e2 (d1 is a
    // castle cell, CT-20; d3 is unreachable); its two-cell step to d4 needs d3 empty (CT-4):
    // two moves.
    let game = pos("black-impregnable=d3", "4k3/8/8/8/8/3n4/3N4/7K w - 0 1");
    assert_eq!(moves_from(&game, "d2"), expect("d2", &["c2", "e2"]));
}
