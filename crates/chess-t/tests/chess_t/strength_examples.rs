//! The worked strength examples at the end of the rules page (from the chess-T1 books), cell by
//! cell, and the capture legality that follows from each (CT-10, CT-11, CT-12). Kings the
//! examples leave out are added far from the cells in question.

use crate::common;

use chess_t::Seat;
use common::*;

const T1: &str = "ruleset=t1-2024";

fn sums(game: &chess_t::ChessT, name: &str) -> (u8, u8) {
    // Capture legality uses the raw sums; none of these cells is a castle cell, so the
    // displayed field is the same.
    let raw = game.capture_strength().get(cell(name));
    assert_eq!(raw, game.strength().get(cell(name)), "{name}");
    raw
}

/// W King c1, W Ritter d3, W Knecht f3, B Ver Knecht e3, B Prince h1 (+ B King a8):
/// d2 7:0; d3 4:3; e3 6:3; f3 6:6.
#[test]
fn ct_10_example_1_king_ritter_knecht_against_ver_knecht_and_prince() {
    let white = pos(T1, "k7/8/8/8/8/3RvN2/8/2K4p w - 0 1");
    assert_eq!(sums(&white, "d2"), (7, 0));
    assert_eq!(sums(&white, "d3"), (4, 3));
    assert_eq!(sums(&white, "e3"), (6, 3));
    assert_eq!(sums(&white, "f3"), (6, 6));
    // CT-11: 6:3 on e3, so the Ritter and the Knecht may take the Ver Knecht.
    assert!(is_legal(&white, "d3e3"));
    assert!(is_legal(&white, "f3e3"));
    let black = pos(T1, "k7/8/8/8/8/3RvN2/8/2K4p b - 0 1");
    // 6:6 on f3: "no capture on f3", neither by the Ver Knecht nor by the Prince.
    assert!(!is_legal(&black, "e3f3"));
    assert!(!is_legal(&black, "h1f3"));
    // 4:3 on d3: the Ver Knecht (3) cannot take the Ritter either.
    assert!(!is_legal(&black, "e3d3"));
    assert!(black.strength().superior(Seat(0), cell("d3")));
}

/// W Connet b6, W Knecht b5 vs B Ritter d6, B Prince d4: b6 8:7.
#[test]
fn ct_10_example_2_connet_defended_enough() {
    let black = pos(T1, "7k/8/1C1r4/1N6/3p4/8/8/7K b - 0 1");
    assert_eq!(sums(&black, "b6"), (8, 7));
    // "Black cannot take it": neither the Ritter's jump nor the Prince's diagonal.
    assert!(!is_legal(&black, "d6b6"));
    assert!(!is_legal(&black, "d4b6"));
    // Both lines do reach b6: the Ritter still moves two cells (to b6's neighbour line).
    assert!(is_legal(&black, "d6c6"));
    assert!(is_legal(&black, "d4c5"));
}

/// W Knecht d3, W Ritter c3, W Knecht e3 vs B Prince d4: d3 8:3.
#[test]
fn ct_10_example_3_knecht_guarded_by_ritter_and_knecht() {
    let black = pos(T1, "7k/8/8/8/3p4/2RNN3/8/7K b - 0 1");
    assert_eq!(sums(&black, "d3"), (8, 3));
    assert!(!is_legal(&black, "d4d3"));
    // On d4 only the Knecht d3 attacks (2) against the Prince's own 3: no capture either way.
    let white = pos(T1, "7k/8/8/8/3p4/2RNN3/8/7K w - 0 1");
    assert_eq!(sums(&white, "d4"), (2, 3));
    assert!(!is_legal(&white, "d3d4"));
}

/// W Knecht g3 vs an unsupported B Scout g4: 2:0. B Scout a6 with B Knecht b6 vs W Knecht a5:
/// 2:2.
#[test]
fn ct_10_example_4_scouts_count_nothing() {
    let white = pos(T1, "7k/8/8/8/6s1/6N1/8/K7 w - 0 1");
    assert_eq!(sums(&white, "g4"), (2, 0));
    assert!(
        is_legal(&white, "g3g4"),
        "the Knecht may take the Scout (CT-12: 1:0)"
    );
    let white = pos(T1, "7k/8/sn6/N7/8/8/8/7K w - 0 1");
    assert_eq!(sums(&white, "a6"), (2, 2));
    assert!(!is_legal(&white, "a5a6"), "2:2 forbids the capture (CT-11)");
}
