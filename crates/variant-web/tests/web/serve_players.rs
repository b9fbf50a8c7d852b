//! What players tripped over, fixed on the server: moves in SAN for FIDE chess, FIDE chess
//! without base-cube marks, aborts that say who did not move (and count no ply), listed games
//! that expire, seats named in messages.

use crate::server::{Server, create, play, scratch, state, str_of, wait_for};
use serde_json::{Value, json};
use std::time::Duration;

/// The canonical texts of the game's moves so far.
fn history(server: &Server, id: &str) -> Value {
    state(server, id)["history"].clone()
}

#[test]
fn fide_chess_takes_moves_in_san() {
    let dir = scratch("san");
    let server = Server::start(&dir.join("games.db"));
    let c = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&c, "id");
    let (w, b) = (str_of(&c["tokens"], "white"), str_of(&c["tokens"], "black"));
    // 1. e4 d5 2. exd5 Nf6 3. Nf3 (SAN, FIDE Laws appendix C), then a move by cells.
    for (mv, token) in [("e4", w), ("d5", b), ("exd5", w), ("Nf6", b), ("g1f3", w)] {
        let (status, body) = play(&server, id, mv, token);
        assert_eq!(status, 200, "{mv}: {body}");
    }
    assert_eq!(
        history(&server, id),
        json!(["e2e4", "d7d5", "e4d5", "g8f6", "g1f3"])
    );
    // Castling, promotion, and a check sign the move does not need.
    let castle = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1",
               "position": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}),
    );
    let cid = str_of(&castle, "id");
    let (status, body) = play(&server, cid, "O-O", str_of(&castle["tokens"], "white"));
    assert_eq!(status, 200, "{body}");
    assert_eq!(history(&server, cid), json!(["e1g1"]));
    let promote = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1",
               "position": "8/4P3/8/8/8/8/k7/7K w - - 0 1"}),
    );
    let pid = str_of(&promote, "id");
    let (status, body) = play(&server, pid, "e8=Q+", str_of(&promote["tokens"], "white"));
    assert_eq!(status, 200, "{body}");
    assert_eq!(history(&server, pid), json!(["e7e8q"]));
    // Two knights reach d2: `Nd2` is ambiguous, and the refusal says which moves it may be.
    let knights = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1",
               "position": "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"}),
    );
    let kid = str_of(&knights, "id");
    let kw = str_of(&knights["tokens"], "white");
    let (status, body) = play(&server, kid, "Nd2", kw);
    assert_eq!(status, 422, "{body}");
    let error = str_of(&body, "error");
    assert!(error.contains("Nbd2") && error.contains("Nfd2"), "{error}");
    assert_eq!(play(&server, kid, "Nbd2", kw).0, 200);
    // With heights the notation is by cells only (C3-50): SAN is refused.
    let box2 = create(&server, json!({"game": "chess3d", "config": "heights=2"}));
    let (status, body) = play(
        &server,
        str_of(&box2, "id"),
        "Nf3",
        str_of(&box2["tokens"], "white"),
    );
    assert_eq!(status, 422, "{body}");
}

/// The cells of a state's JSON board marked `base`.
fn base_cells(s: &Value) -> usize {
    s["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["mark"] == "base")
        .count()
}

/// C3-12: the base cubes are a wall only while the box has more than one height; FIDE chess
/// (one height) shows none, in the data and in the SVG of downloads and `variants show --svg`
/// (the same drawing); two heights mark rank 1 of height 1 and rank 8 of height 2 (C3-6).
#[test]
fn fide_chess_has_no_base_cubes() {
    let dir = scratch("base-cubes");
    let server = Server::start(&dir.join("games.db"));
    for (config, marked) in [("heights=1", 0), ("heights=2", 16)] {
        let c = create(&server, json!({"game": "chess3d", "config": config}));
        let (status, s) = server.get(&format!("/api/games/{}?board=svg", str_of(&c, "id")));
        assert_eq!(status, 200);
        assert_eq!(base_cells(&s), marked, "{config}");
        let svg = str_of(&s, "svg");
        assert_eq!(svg.matches("<title>base").count(), marked, "{config}");
        let zones = s["view"]["zones"].as_array().unwrap().len();
        assert_eq!(zones, usize::from(marked > 0), "{config}");
    }
}

#[test]
fn an_abort_names_the_seat_that_did_not_move_and_counts_no_ply() {
    let dir = scratch("abort");
    let server = Server::start(&dir.join("games.db"));
    let c = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&c, "id");
    let (status, s) = server.post(
        &format!("/api/games/{id}/abort"),
        &json!({"token": str_of(&c["tokens"], "black")}),
    );
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["status"]["result"], "aborted");
    assert_eq!(s["status"]["text"], "aborted: White did not move");
    // The archive lists it with no ply: the abort is none.
    let (_, archive) = server.get("/api/games?finished=true");
    let listed = archive["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .cloned()
        .expect("archived");
    assert_eq!(listed["ply"], 0, "{listed}");
    assert_eq!(listed["status"]["text"], "aborted: White did not move");
    // After White's move, Black's abort names Black.
    let c = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&c, "id");
    assert_eq!(
        play(&server, id, "e4", str_of(&c["tokens"], "white")).0,
        200
    );
    let (_, s) = server.post(
        &format!("/api/games/{id}/abort"),
        &json!({"token": str_of(&c["tokens"], "white")}),
    );
    assert_eq!(s["status"]["text"], "aborted: Black did not move");
}

#[test]
fn a_listed_game_nobody_joins_expires() {
    let dir = scratch("expiry");
    let server = Server::start_with(&dir.join("games.db"), &["--open-game-expiry", "1s"]);
    let c = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1", "listed": ["black"]}),
    );
    let id = str_of(&c, "id");
    let (_, lobby) = server.get("/api/games");
    assert!(
        lobby["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id)
    );
    let s = wait_for(&server, id, Duration::from_secs(5), |s| {
        s["status"]["result"] != "ongoing"
    });
    assert_eq!(s["status"]["text"], "aborted: Black did not move", "{s}");
    let (_, lobby) = server.get("/api/games");
    assert!(
        !lobby["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id)
    );
    // A game whose seats are taken does not expire.
    let full = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1", "listed": true}),
    );
    let fid = str_of(&full, "id");
    let (status, _) = server.post(&format!("/api/games/{fid}/seats/white"), &json!({}));
    assert_eq!(status, 200);
    let (status, _) = server.post(&format!("/api/games/{fid}/seats/black"), &json!({}));
    assert_eq!(status, 200);
    std::thread::sleep(Duration::from_millis(1600));
    assert_eq!(state(&server, fid)["status"]["result"], "ongoing");
    // A bad duration is refused at start.
    let refused = std::process::Command::new(env!("CARGO_BIN_EXE_variant-web-server"))
        .args(["--open-game-expiry", "soon"])
        .output()
        .expect("runs");
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("30d"));
}

/// Refusals name seats as the game does (`black`), never by number (`seat 1`).
#[test]
fn messages_name_seats() {
    let dir = scratch("seat-names");
    let server = Server::start(&dir.join("games.db"));
    let c = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&c, "id");
    let (w, b) = (str_of(&c["tokens"], "white"), str_of(&c["tokens"], "black"));
    assert_eq!(play(&server, id, "e4", w).0, 200);
    let (status, _) = server.post(&format!("/api/games/{id}/resign"), &json!({"token": b}));
    assert_eq!(status, 200);
    let (status, body) = play(&server, id, "d5", b);
    assert_eq!(status, 409, "{body}");
    let error = str_of(&body, "error");
    assert!(error.contains("white wins (resignation)"), "{error}");
    assert!(!error.contains("seat "), "{error}");
}
