//! Qubic, the placement game, played through the API of a real server to four in a line:
//! created by name like every game, each mark a move naming one cell, a mark on a taken
//! cell refused, and the win reported with the game's own reason.

use crate::server;
use serde_json::json;
use server::{Server, create, play, scratch, state, str_of};

#[test]
fn qubic_is_played_to_four_in_a_line() {
    let dir = scratch("qubic");
    let server = Server::start(&dir.join("games.db"));
    let created = create(&server, json!({"game": "qubic"}));
    let id = str_of(&created, "id").to_string();
    let x = created["tokens"]["x"]
        .as_str()
        .expect("a token for x")
        .to_string();
    let o = created["tokens"]["o"]
        .as_str()
        .expect("a token for o")
        .to_string();

    // every cell of the empty box is a move.
    let start = state(&server, &id);
    assert_eq!(start["moves"].as_array().map(Vec::len), Some(64), "{start}");
    assert_eq!(start["to_move"], "x");

    // x takes the first rank of height 1 while o plays the second (Q-3: a line along the files).
    let line = ["a1@1", "a2@1", "b1@1", "b2@1", "c1@1", "c2@1"];
    for (ply, mv) in line.iter().enumerate() {
        let token = if ply % 2 == 0 { &x } else { &o };
        let (status, body) = play(&server, &id, mv, token);
        assert_eq!(status, 200, "{mv}: {body}");
    }
    // a cell that holds a mark cannot be played.
    let (status, body) = play(&server, &id, "a1@1", &x);
    assert_eq!(status, 422, "{body}");

    let (status, body) = play(&server, &id, "d1@1", &x);
    assert_eq!(status, 200, "{body}");
    let end = state(&server, &id);
    assert_eq!(end["status"]["result"], "win", "{end}");
    assert_eq!(end["status"]["winner"], "x", "{end}");
    assert_eq!(end["status"]["reason_id"], "four-in-a-line", "{end}");
    assert_eq!(end["status"]["rule"], "Q-5", "{end}");
    assert_eq!(end["history"].as_array().map(Vec::len), Some(7), "{end}");
    // once a line is complete no move is legal.
    let (status, body) = play(&server, &id, "d4@4", &o);
    assert_ne!(status, 200, "{body}");
}
