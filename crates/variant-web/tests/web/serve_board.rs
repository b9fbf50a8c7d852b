//! The board as data (docs/web.md, "The board"): the `board` of the state lists the pieces of
//! the game's position, checked against the position's text read again in the test.

use crate::server::{Server, create, play, scratch, state, str_of};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use variant_games::Game;

/// The (cell, seat, symbol) of every piece of a JSON board.
fn json_pieces(board: &Value) -> BTreeSet<(String, String, String)> {
    board["cells"]
        .as_array()
        .expect("board.cells is an array")
        .iter()
        .filter(|c| !c["piece"].is_null())
        .map(|c| {
            (
                str_of(c, "name").to_string(),
                str_of(&c["piece"], "seat").to_string(),
                str_of(&c["piece"], "symbol").to_string(),
            )
        })
        .collect()
}

/// The (cell, seat, symbol) of every piece of `position`, read by the game from its text, the
/// cells walked by file and rank and named here: `e2` on a game of one board, `e2@N` on the
/// board titled `height N` (C3-50: a cell is a square and a height).
fn text_pieces(game: &str, config: &str, position: &str) -> BTreeSet<(String, String, String)> {
    let read = variant_games::from_text(game, config, position)
        .unwrap_or_else(|e| panic!("{game}: the state's position reads back: {e}"));
    let view = read.board_view().expect("every listed game has a board");
    let mut out = BTreeSet::new();
    for (index, grid) in view.boards.iter().enumerate() {
        let suffix = if view.boards.len() == 1 {
            String::new()
        } else {
            let height = grid
                .title
                .strip_prefix("height ")
                .map_or(index + 1, |n| n.parse().expect("a height number"));
            format!("@{height}")
        };
        for rank in 0..grid.ranks {
            for file in 0..grid.files {
                if let Some(p) = grid.cell(file, rank).and_then(|c| c.piece.as_ref()) {
                    let name = format!("{}{}{suffix}", (b'a' + file) as char, rank + 1);
                    out.insert((
                        name,
                        read.seat_name(p.seat).to_string(),
                        p.symbol.to_string(),
                    ));
                }
            }
        }
    }
    out
}

/// Every game of the registry, at its start and after a few moves: the JSON board has one cell
/// per cell of the game's boards, each named once, and the same pieces as the position's text.
#[test]
fn the_json_board_of_every_game_lists_the_pieces_of_its_text() {
    let dir = scratch("board-every-game");
    let server = Server::start(&dir.join("games.db"));
    for game in variant_games::registry::names() {
        let c = create(&server, json!({"game": game}));
        let id = str_of(&c, "id");
        for ply in 0..6 {
            let s = state(&server, id);
            let config = str_of(&s, "config");
            let cells = s["board"]["cells"].as_array().expect("cells");
            let names: BTreeSet<&str> = cells.iter().map(|c| str_of(c, "name")).collect();
            assert_eq!(names.len(), cells.len(), "{game}: a cell named twice");
            let shapes: usize = s["view"]["boards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b["files"].as_u64().unwrap() * b["ranks"].as_u64().unwrap())
                .sum::<u64>() as usize;
            assert_eq!(
                cells.len(),
                shapes,
                "{game}: one cell per cell of view.boards"
            );
            assert_eq!(
                json_pieces(&s["board"]),
                text_pieces(game, config, str_of(&s, "position")),
                "{game} at ply {ply}"
            );
            let Some(first) = s["moves"][0].as_str() else {
                break;
            };
            let token = str_of(&c["tokens"], str_of(&s, "to_move"));
            assert_eq!(play(&server, id, first, token).0, 200, "{game}");
        }
    }
}

/// chess3d's position text (docs/formats.md): one FEN placement a height, `|` between them,
/// height 1 first; upper case White, lower case Black. Read here letter by letter, a second
/// reading that does not go through the game's code.
fn chess3d_text_pieces(position: &str) -> BTreeSet<(String, String, String)> {
    let placement = position.split(' ').next().unwrap();
    let heights: Vec<&str> = placement.split('|').collect();
    let mut out = BTreeSet::new();
    for (h, board) in heights.iter().enumerate() {
        for (row, text) in board.split('/').enumerate() {
            let rank = 8 - row;
            let mut file = 0u8;
            for ch in text.chars() {
                if let Some(skip) = ch.to_digit(10) {
                    file += skip as u8;
                    continue;
                }
                let seat = if ch.is_ascii_uppercase() {
                    "white"
                } else {
                    "black"
                };
                let suffix = if heights.len() == 1 {
                    String::new()
                } else {
                    format!("@{}", h + 1)
                };
                out.insert((
                    format!("{}{rank}{suffix}", (b'a' + file) as char),
                    seat.to_string(),
                    ch.to_ascii_uppercase().to_string(),
                ));
                file += 1;
            }
        }
    }
    out
}

/// FIDE chess and two heights: the pieces of the position's FEN read by hand; the last move's
/// two cells marked; a check marks the king and names the seat (C3-20).
#[test]
fn the_json_board_of_chess_matches_its_fen_and_marks_the_move_and_the_check() {
    let dir = scratch("board-chess");
    let server = Server::start(&dir.join("games.db"));
    // (config, moves, pieces left, the last move's cells). With one height, 1. e4 d5 2. exd5:
    // a pawn takes a pawn (32 - 1 pieces). With two, White starts on height 1 and Black on
    // height 2 (its base heights, C3-5), cells named with their height (C3-50).
    let cases = [
        ("heights=1", vec!["e2e4", "d7d5", "e4d5"], 31, ["e4", "d5"]),
        (
            "heights=2",
            vec!["e2@1e4@1", "d7@2d5@2"],
            32,
            ["d7@2", "d5@2"],
        ),
    ];
    for (config, moves, count, last_cells) in cases {
        let c = create(&server, json!({"game": "chess3d", "config": config}));
        let id = str_of(&c, "id");
        for (i, mv) in moves.iter().enumerate() {
            let seat = if i % 2 == 0 { "white" } else { "black" };
            let (status, body) = play(&server, id, mv, str_of(&c["tokens"], seat));
            assert_eq!(status, 200, "{config} {mv}: {body}");
        }
        let s = state(&server, id);
        let pieces = json_pieces(&s["board"]);
        assert_eq!(
            pieces,
            chess3d_text_pieces(str_of(&s, "position")),
            "{config}"
        );
        assert_eq!(pieces.len(), count, "{config}");
        let last: BTreeSet<&str> = s["board"]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["last"] == true)
            .map(|c| str_of(c, "name"))
            .collect();
        assert_eq!(last, BTreeSet::from(last_cells), "{config}");
        assert_eq!(s["board"]["in_check"], json!([]), "{config}");
    }
    // Fool's mate: 1. f3 e5 2. g4 Qh4#: White's king on e1 is in check.
    let c = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&c, "id");
    let (w, b) = (str_of(&c["tokens"], "white"), str_of(&c["tokens"], "black"));
    for (mv, token) in [("f2f3", w), ("e7e5", b), ("g2g4", w), ("d8h4", b)] {
        assert_eq!(play(&server, id, mv, token).0, 200, "{mv}");
    }
    let s = state(&server, id);
    assert_eq!(s["board"]["in_check"], json!(["white"]));
    let checked: Vec<&Value> = s["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["check"] == true)
        .collect();
    assert_eq!(checked.len(), 1);
    assert_eq!(checked[0]["name"], "e1");
    assert_eq!(
        checked[0]["piece"],
        json!({"seat": "white", "symbol": "K", "royal": true})
    );
    // The SVG only when asked for, beside the data.
    assert!(s.get("svg").is_none());
    let (status, with_svg) = server.get(&format!("/api/games/{id}?board=svg"));
    assert_eq!(status, 200);
    assert!(str_of(&with_svg, "svg").starts_with("<svg"));
    assert_eq!(with_svg["board"], s["board"]);
}
