//! The parameter files: every embedded default reads back, malformed files are refused with
//! their line, and every evaluation that reads a table is `weights · features`.
//!
//! No test here installs a table with other values than the defaults: the table is
//! process-wide, and the search tests of the crate run beside these.

use super::*;
use crate::SearchGame;
use variant_core::test_positions::TestPositions;
use variant_core::{Game, GameCrate, Seat};

/// The embedded default of a game, its values in the order of `names`.
fn default_table(game: &str) -> Table {
    parse(default_text(game).expect("an embedded table")).expect("the embedded table parses")
}

#[test]
fn every_embedded_default_parses_with_its_games_names() {
    for game in active::games() {
        let table = default_table(game);
        assert_eq!(table.game(), game);
        assert_eq!(table.flat().len(), names(game).len(), "{game}");
        assert_eq!(
            weights(game),
            Some(table.flat()),
            "{game}: the active table"
        );
    }
}

/// `parse`'s message for `text`, which must be refused.
fn refused(text: &str) -> String {
    parse(text).expect_err("a malformed table").to_string()
}

#[test]
fn malformed_files_are_refused_with_their_line() {
    let good = default_text("chess-t").expect("chess-T's table");
    // The header: missing, foreign, a later version, a game without a table.
    assert!(refused("").contains("empty"));
    assert!(refused("# only a comment\n").contains("empty"));
    assert!(refused("control 2\n").starts_with("parameter file, line 1: expected the header"));
    let v2 = good.replacen("eval-params 1 chess-t", "eval-params 2 chess-t", 1);
    assert!(refused(&v2).contains("version `2`"), "{}", refused(&v2));
    let nim = good.replacen("eval-params 1 chess-t", "eval-params 1 nim", 1);
    assert!(
        refused(&nim).contains("`nim`: no evaluation"),
        "{}",
        refused(&nim)
    );
    // The line of the fault, in a file of the header and the weights without comments.
    let body = format!(
        "eval-params 1 chess-t\n{}",
        &good[good.find("\ntempo").expect("tempo")..]
    );
    let line_of = |text: &str, name: &str| {
        text.lines()
            .collect::<Vec<_>>()
            .iter()
            .rposition(|l| l.starts_with(name))
            .expect("the line")
            + 1
    };
    let cases = [
        (
            "control 2",
            "control two",
            "`control`: `two` is not an integer",
        ),
        (
            "control 2",
            "control 2.5",
            "`control`: `2.5` is not an integer",
        ),
        ("control 2", "control 100001", "100001 is outside ±100000"),
        (
            "control 2",
            "controls 2",
            "`controls` is no weight of chess-t's evaluation",
        ),
        (
            "castle-guard -80 0 20",
            "castle-guard -80 0",
            "has 2 values, expected 3",
        ),
        (
            "castle-guard -80 0 20",
            "castle-guard",
            "has 0 values, expected 3",
        ),
        ("tempo 10", "tempo 10\ntempo 10", "`tempo` is given twice"),
    ];
    for (from, to, message) in cases {
        let text = body.replacen(from, to, 1);
        let line = line_of(&text, to.lines().last().expect("a line"));
        let expected = format!("parameter file, line {line}: ");
        let err = refused(&text);
        assert!(
            err.starts_with(&expected) && err.contains(message),
            "{to:?}: {err}"
        );
    }
    // A weight left out: the file as a whole is at fault.
    let missing = body.replacen("control 2\n", "", 1);
    assert_eq!(
        refused(&missing),
        "parameter file: the weight `control` of chess-t's evaluation is missing"
    );
    // Not a file: the path in the message.
    let err = read(Path::new("no/such/file.params")).expect_err("no such file");
    assert!(
        err.to_string()
            .starts_with("cannot read the parameter file no/such/file.params")
    );
}

#[test]
fn comments_blank_lines_and_order_do_not_matter() {
    let table = default_table("chess-t");
    let shuffled = "\n  # a comment\neval-params 1 chess-t # the header\n\
        castle-guard -80 0 20\nroyal-advance 4\nroyal-in-enemy-castle 60\nknecht-advance 6\n\
        attacked 15 112 65 70 25 40 60\n\n role  0 450 260 280 100 160 240 \ncontrol 2\ntempo 10\n";
    assert_eq!(parse(shuffled).expect("a valid table").flat(), table.flat());
}

/// Positions of a game: every position of its test position file (the configurations' start
/// positions and the listed positions) and the positions of a walk of up to 60 plies from
/// each, a move picked by the ply (so the walk is the same every run), for middle and late
/// game positions the file does not list.
fn positions<G: Game + GameCrate>() -> Vec<G> {
    let file = TestPositions::parse(G::TEST_POSITIONS).expect("the test positions");
    let mut all = Vec::new();
    for entry in &file.entries {
        let Ok(mut g) = entry.game::<G>() else {
            continue;
        };
        all.push(g.clone());
        for ply in 0..60usize {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.try_play(moves[(ply * 7 + 3) % moves.len()])
                .expect("a legal move");
            all.push(g.clone());
        }
    }
    all
}

/// `weights · features` is the evaluation for every seat on every position, within
/// `tolerance` (0: exactly).
fn dot_is_the_evaluation<G: EvalTerms + SearchGame + GameCrate>(
    seats: u8,
    tolerance: f64,
) -> usize {
    let w = weights(G::PARAMS_GAME).expect("the game reads a table");
    let all = positions::<G>();
    for g in &all {
        for s in 0..seats {
            let f = g.features(Seat(s));
            assert_eq!(f.len(), w.len());
            // In f64: the products of integers below 2^24 and their sums are exact.
            let dot: f64 = w
                .iter()
                .zip(&f)
                .map(|(&w, &f)| f64::from(w) * f64::from(f))
                .sum();
            let eval = f64::from(g.evaluate(Seat(s)));
            assert!(
                (dot - eval).abs() <= tolerance,
                "seat {s}: {dot} against {eval}"
            );
        }
    }
    all.len()
}

#[cfg(feature = "chess-t")]
#[test]
fn chess_t_is_weights_times_features() {
    let n = dot_is_the_evaluation::<chess_t::ChessT>(2, 0.0);
    assert!(n > 100, "{n} positions");
}

/// chess-T's start is symmetric (CT-4: the armies mirror each other), so every term of White
/// cancels Black's but the tempo of the side to move: one feature, the tempo, and the
/// evaluation is its weight.
#[cfg(feature = "chess-t")]
#[test]
fn chess_t_start_is_the_tempo() {
    let start = chess_t::ChessT::default();
    let f = start.features(Seat(0));
    let names = names("chess-t");
    for (name, &c) in names.iter().zip(&f) {
        let expected = if name == "tempo" { 1.0 } else { 0.0 };
        assert_eq!(c, expected, "{name}");
    }
    assert_eq!(start.evaluate(Seat(0)), 10);
}

#[cfg(feature = "checkers3d")]
#[test]
fn checkers3d_is_weights_times_features() {
    let n = dot_is_the_evaluation::<checkers3d::Checkers3d>(2, 0.0);
    assert!(n > 100, "{n} positions");
}

/// The kings' row is the straight line it replaced: 250 at one height, 350 at eight,
/// `250 + 100 * (heights - 1) / 7` (integer division) between.
#[cfg(feature = "checkers3d")]
#[test]
fn checkers3d_kings_by_height_are_the_line() {
    let table = default_table("checkers3d");
    let expected: Vec<i32> = (1..=8).map(|h| 250 + 100 * (h - 1) / 7).collect();
    assert_eq!(table.get("king"), Some(&expected[..]));
}

/// Bishops' long game divides the opponents' scores by their number (an integer division,
/// rounding towards zero): less than 1 apart there, exact in the short game.
#[cfg(feature = "bishops4p")]
#[test]
fn bishops4p_is_weights_times_features() {
    let n = dot_is_the_evaluation::<bishops4p::Bishops>(4, 0.999);
    assert!(n > 100, "{n} positions");
}

#[cfg(feature = "qubic")]
#[test]
fn qubic_is_weights_times_features() {
    // Qubic's walks end early: a line of four is soon made.
    let n = dot_is_the_evaluation::<qubic::Qubic>(2, 0.0);
    assert!(n > 50, "{n} positions");
}

/// Qubic's open lines are ten times the square of their marks (Q-5: three in a line is one
/// move from a win), as the table says.
#[cfg(feature = "qubic")]
#[test]
fn qubic_open_lines_are_ten_times_the_square() {
    let expected: Vec<i32> = (0..=4).map(|n| 10 * n * n).collect();
    assert_eq!(default_table("qubic").get("open-line"), Some(&expected[..]));
}

/// Damaged files never panic the reader: every prefix of every embedded table (a file cut
/// off anywhere, inside a number or a name), and every table with one byte replaced by each of
/// a few troublesome characters, parses or is refused.
#[test]
fn damaged_files_are_refused_without_a_panic() {
    for game in active::games() {
        let text = default_text(game).expect("a table");
        for end in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            let _ = parse(&text[..end]);
        }
        for i in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
            for c in ["#", "\n", "-", "9", " ", "\u{feff}", "é"] {
                let end = text[i..].chars().next().map_or(i, |ch| i + ch.len_utf8());
                let damaged = format!("{}{c}{}", &text[..i], &text[end..]);
                if let Ok(table) = parse(&damaged) {
                    assert_eq!(table.flat().len(), names(game).len());
                }
            }
        }
    }
}
