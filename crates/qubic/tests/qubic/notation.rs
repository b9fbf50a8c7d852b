//! Move and position texts: round trips, and errors that say what is wrong and
//! where, for every kind of bad input, without a panic.

use qubic::prelude::*;
use qubic::{Cell, START_TEXT};

#[test]
fn q7_every_move_text_reads_back_as_its_move() {
    let mut game = Qubic::default();
    for text in ["c3@2", "a1@1", "d4@4"] {
        let mv = game.parse_move(text).unwrap();
        assert_eq!(game.format_move(mv), text);
        assert_eq!(mv.to_string(), text);
        game.play_unchecked(mv);
    }
    for &mv in game.legal_moves().iter() {
        assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
    }
    // Spaces around a move are ignored.
    assert!(game.parse_move(" b2@2 ").is_ok());
}

#[test]
fn q8_position_texts_read_back_as_their_position() {
    let mut game = Qubic::default();
    assert_eq!(game.to_text(), START_TEXT);
    for text in ["b2@3", "a1@1", "d4@4", "c1@2", "a4@1"] {
        game.play_text(text).unwrap();
        let again = Qubic::from_text(&QubicConfig::default(), &game.to_text()).unwrap();
        assert_eq!(again, game);
    }
    // x: b2@3 d4@4 a4@1; o: a1@1 c1@2.
    assert_eq!(game.to_text(), "X3/4/4/O3|4/4/4/2O1|4/4/1X2/4|3X/4/4/4 o");
}

#[test]
fn malformed_move_texts_say_what_is_wrong() {
    let game = Qubic::default();
    let cases = [
        ("", "empty text"),
        ("e2@1", "'e' is not a file a-d"),
        ("a5@1", "'5' is not a rank 1-4"),
        ("a1", "needs a height"),
        ("a1@0", "'0' is not a height 1-4"),
        ("a1@1a2@1", "after the cell"),
        ("resign", "not a file a-d"),
    ];
    for (text, expected) in cases {
        let err = game.parse_move(text).unwrap_err();
        assert!(
            matches!(err, MoveError::Malformed { .. }),
            "{text}: {err:?}"
        );
        assert!(err.to_string().contains(expected), "{text}: {err}");
    }
}

#[test]
fn a_move_on_a_marked_cell_is_illegal_and_names_the_owner() {
    let mut game = Qubic::default();
    game.play_text("b2@3").unwrap();
    let before = game.clone();
    let err = game.play_text("b2@3").unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "move b2@3: illegal: b2@3 already holds a mark of x (Q-4: a mark goes on an empty cell)"
    );
    assert_eq!(game, before, "a refused move changes nothing");
    let mv = qubic::Move::new(Cell::parse("b2@3").unwrap());
    assert!(game.try_play(mv).is_err());
}

#[test]
fn bad_position_texts_say_where() {
    let cases = [
        ("", "0 fields; expected 2"),
        ("4/4/4/4|4/4/4/4|4/4/4/4 x", "3 boards"),
        ("4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 x", "board 1 of 4: 3 ranks"),
        (
            "4/4/4/5|4/4/4/4|4/4/4/4|4/4/4/4 x",
            "board 1 of 4, rank 1: '5'",
        ),
        (
            "4/4/4/3|4/4/4/4|4/4/4/4|4/4/4/4 x",
            "board 1 of 4, rank 1: 3 cells",
        ),
        (
            "4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/XO3 x",
            "board 4 of 4, rank 1: more than 4",
        ),
        (
            "4/4/4/4|4/4/4/Y3|4/4/4/4|4/4/4/4 x",
            "board 2 of 4, rank 1: \"Y\"",
        ),
        ("4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 w", "side to move: \"w\""),
        ("4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 x 1", "3 fields"),
    ];
    for (text, expected) in cases {
        let err = text.parse::<Qubic>().unwrap_err();
        assert!(err.to_string().contains(expected), "{text:?}: {err}");
    }
}

#[test]
fn garbage_never_panics() {
    let game = Qubic::default();
    let mut texts: Vec<String> = ["@", "a@", "\u{0}", "ä1@1", "a1@1@1", "9999999999", "|||"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    texts.push("a".repeat(10_000));
    texts.push(format!("{} x", "4/".repeat(5000)));
    for text in &texts {
        let _ = game.parse_move(text);
        let _ = text.parse::<Qubic>();
        let _ = QubicConfig::from_text(text);
    }
}
