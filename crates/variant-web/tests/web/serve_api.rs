//! The JSON API of `variants serve` against a real server on an ephemeral loopback port:
//! creating games, moves with their 403/422/404 answers, engine replies, resignation, draws,
//! take-backs, server-sent events, the board's `data-cell` cells, and a restart after a kill.

use crate::server;

use serde_json::{Value, json};
use server::{Events, Server, create, play, scratch, state, str_of, wait_for};
use std::time::Duration;
// The test of games from a given position uses every game.
use variant_games::Game;

#[test]
fn fide_game_moves_and_refusals() {
    let dir = scratch("fide");
    let server = Server::start(&dir.join("games.db"));
    let created = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&created, "id");
    let white = created["tokens"]["white"].as_str().unwrap();
    let black = created["tokens"]["black"].as_str().unwrap();
    assert_ne!(white, black, "one secret per human seat");
    assert_eq!(
        created["links"]["white"],
        json!(format!("/play/{id}#seat=white&token={white}"))
    );
    let start = state(&server, id);
    // C3-40: with one height the game is FIDE chess: 20 first moves.
    assert_eq!(start["moves"].as_array().unwrap().len(), 20);
    assert_eq!(start["to_move"], "white");
    assert_eq!(start["status"]["result"], "ongoing");

    // 403: black's token on white's turn, and a made-up token.
    assert_eq!(play(&server, id, "e2e4", black).0, 403);
    assert_eq!(play(&server, id, "e2e4", "0123").0, 403);
    // 422: an illegal move and a malformed one; the position is unchanged.
    let (status, answer) = play(&server, id, "e2e5", white);
    assert_eq!(status, 422);
    assert!(str_of(&answer, "error").contains("e2e5"), "{answer}");
    assert_eq!(play(&server, id, "zz9", white).0, 422);
    assert_eq!(state(&server, id)["position"], start["position"]);
    // 404: no such game.
    assert_eq!(play(&server, "ffffffff", "e2e4", white).0, 404);
    assert_eq!(server.get("/api/games/ffffffff").0, 404);
    assert_eq!(server.get("/api/games/ffffffff/events").0, 404);

    let (status, after) = play(&server, id, "e2e4", white);
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["history"], json!(["e2e4"]));
    assert_eq!(after["to_move"], "black");
    // FIDE: Black also has 20 replies to 1.e4.
    assert_eq!(after["moves"].as_array().unwrap().len(), 20);
    // Now White's token may not move.
    assert_eq!(play(&server, id, "d2d4", white).0, 403);
    assert_eq!(play(&server, id, "e7e5", black).0, 200);
}

#[test]
fn bad_requests_are_clear_4xx() {
    let dir = scratch("bad");
    let server = Server::start(&dir.join("games.db"));
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        ("/api/games", b"not json".to_vec(), 400, "request body"),
        (
            "/api/games",
            br#"{"game": "chess9"}"#.to_vec(),
            400,
            "unknown game",
        ),
        (
            "/api/games",
            br#"{"game": "chess3d", "config": "heights=12"}"#.to_vec(),
            400,
            "heights",
        ),
        (
            "/api/games",
            br#"{"game": "chess3d", "config": "colour=red"}"#.to_vec(),
            400,
            "colour",
        ),
        (
            "/api/games",
            br#"{"game": "chess3d", "players": {"pink": "human"}}"#.to_vec(),
            400,
            "pink",
        ),
        (
            "/api/games",
            br#"{"game": "chess3d", "players": {"white": "engine:movetime=0"}}"#.to_vec(),
            400,
            "movetime",
        ),
        (
            "/api/games",
            br#"{"game": "chess3d", "players": {"white": "engine:movetime=60001"}}"#.to_vec(),
            400,
            "movetime must be 1 to 60000",
        ),
        // Seats are read with the players library's grammar, but the server starts
        // no programs and serves only people and its own engine.
        (
            "/api/games",
            br#"{"game": "chess3d", "players": {"black": "uci:/bin/sh,movetime=50"}}"#.to_vec(),
            400,
            "does not start programs",
        ),
        (
            "/api/games",
            br#"{"game": "chess3d", "players": {"black": "random"}}"#.to_vec(),
            400,
            "does not seat random",
        ),
        (
            "/api/games",
            br#"{"game": "chess3d", "players": {"black": "engine:speed=9"}}"#.to_vec(),
            400,
            "unknown option",
        ),
        (
            "/api/games",
            br#"{"game": "chess3d", "players": {"black": "engine:hash=65"}}"#.to_vec(),
            400,
            "hash must be",
        ),
        (
            "/api/games",
            br#"{"game": "chess3d", "extra": 1}"#.to_vec(),
            400,
            "extra",
        ),
        ("/api/games", vec![0xff, 0xfe, 0x00], 400, "request body"),
    ];
    for (path, body, want, needle) in cases {
        let (status, text) = server.raw("POST", path, Some(&body));
        assert_eq!(status, want, "{} -> {text}", String::from_utf8_lossy(&body));
        let v: Value = serde_json::from_str(&text).expect("errors are JSON");
        assert!(
            str_of(&v, "error").contains(needle),
            "{needle:?} not in {text}"
        );
    }
    // Bodies over the limit are refused before they are read.
    let huge = format!(
        r#"{{"game": "chess3d", "config": "{}"}}"#,
        "x".repeat(40_000)
    );
    assert_eq!(
        server.raw("POST", "/api/games", Some(huge.as_bytes())).0,
        413
    );
    // A long configuration under the body limit: 400, not a panic.
    let long = format!(
        r#"{{"game": "chess3d", "config": "{}"}}"#,
        "x".repeat(5_000)
    );
    assert_eq!(
        server.raw("POST", "/api/games", Some(long.as_bytes())).0,
        400
    );
    let created = create(&server, json!({"game": "chess-t"}));
    let id = str_of(&created, "id");
    let long_move = "a".repeat(500);
    let white = created["tokens"]["white"].as_str().unwrap();
    assert_eq!(play(&server, id, &long_move, white).0, 400);
    assert_eq!(server.get("/no/such/page").0, 404);
    // The server is still there.
    assert_eq!(server.get(&format!("/api/games/{id}")).0, 200);
}

/// A body must say it is JSON (a `text/plain` or form body is not read as JSON), and a path
/// asked with a method it does not take answers 405 with the documented `{"error": …}` and
/// its `Allow` header.
#[test]
fn bodies_must_be_json_and_wrong_methods_say_so() {
    let dir = scratch("types");
    let server = Server::start(&dir.join("games.db"));
    let create = br#"{"game": "chess3d", "config": "heights=1"}"#;
    for kind in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("application/jsonp"),
        None,
    ] {
        let (status, _, body) = server.typed("POST", "/api/games", kind, create);
        assert_eq!(status, 415, "{kind:?}: {body}");
        let v: Value = serde_json::from_str(&body).expect("errors are JSON");
        let error = str_of(&v, "error");
        assert!(
            error.contains("application/json") && error.contains(kind.unwrap_or("no Content-Type")),
            "{kind:?}: {error}"
        );
    }
    for kind in [
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON",
    ] {
        let (status, _, body) = server.typed("POST", "/api/games", Some(kind), create);
        assert_eq!(status, 201, "{kind}: {body}");
    }
    // Without a body no type is needed (the page takes a seat with an empty POST).
    let created = server
        .typed("POST", "/api/games", Some("application/json"), create)
        .2;
    let id = str_of(&serde_json::from_str(&created).unwrap(), "id").to_string();
    let (status, _, body) =
        server.typed("POST", &format!("/api/games/{id}/seats/black"), None, b"");
    assert_ne!(status, 415, "{body}");
    for (method, path, allowed) in [
        (
            "DELETE",
            "/api/games".to_string(),
            ["GET", "POST"].as_slice(),
        ),
        ("GET", format!("/api/games/{id}/moves"), ["POST"].as_slice()),
        ("PUT", format!("/api/games/{id}"), ["GET"].as_slice()),
    ] {
        let (status, head, body) = server.typed(method, &path, None, b"");
        assert_eq!(status, 405, "{method} {path}: {body}");
        let v: Value = serde_json::from_str(&body).expect("a 405 is JSON");
        assert!(
            str_of(&v, "error").contains(method),
            "{method} {path}: {body}"
        );
        let allow = head
            .lines()
            .find_map(|l| {
                l.strip_prefix("allow: ")
                    .or_else(|| l.strip_prefix("Allow: "))
            })
            .unwrap_or_else(|| panic!("{method} {path}: no Allow header in {head}"));
        for m in allowed {
            assert!(
                allow.contains(m),
                "{method} {path}: Allow {allow:?} lacks {m}"
            );
        }
    }
}

/// The state names the record formats a game has, and those are exactly the ones the record
/// route gives (the page asks for no other, so no page logs a failed request).
#[test]
fn the_state_names_the_record_formats_the_game_has() {
    let dir = scratch("records");
    let server = Server::start(&dir.join("games.db"));
    for (game, config, formats) in [
        ("chess3d", "heights=1", vec!["json", "pgn"]),
        ("chess3d", "heights=2", vec!["json"]),
        ("checkers3d", "", vec!["json"]),
        ("bishops4p", "", vec!["json"]),
        ("chess-t", "", vec!["json"]),
    ] {
        let created = create(&server, json!({"game": game, "config": config}));
        let id = str_of(&created, "id");
        let s = state(&server, id);
        assert_eq!(s["records"], json!(formats), "{game} {config}");
        for format in ["json", "pgn"] {
            let (status, body) = server.raw(
                "GET",
                &format!("/api/games/{id}/record?format={format}"),
                None,
            );
            let listed = formats.contains(&format);
            assert_eq!(
                status == 200,
                listed,
                "{game} {config} {format}: {status} {body}"
            );
        }
    }
}

/// FIDE chess (chess3d at one height) carries its moves in SAN beside `history`, so a page
/// lists `exd5`, `Qe5+`, `Nge2` for every move, also those played before it opened; other
/// games have none.
#[test]
fn the_state_of_fide_chess_carries_san() {
    let dir = scratch("san");
    let server = Server::start(&dir.join("games.db"));
    let created = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1", "one_token": true}),
    );
    let id = str_of(&created, "id");
    let token = created["tokens"]["white"].as_str().unwrap();
    for mv in ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5e5", "g1e2"] {
        assert_eq!(play(&server, id, mv, token).0, 200, "{mv}");
    }
    let s = state(&server, id);
    assert_eq!(
        s["san"],
        json!(["e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+", "Nge2"])
    );
    assert_eq!(
        s["san"].as_array().unwrap().len(),
        s["history"].as_array().unwrap().len()
    );
    let other = create(&server, json!({"game": "chess3d", "config": "heights=2"}));
    assert_eq!(state(&server, str_of(&other, "id"))["san"], Value::Null);
}

#[test]
fn engine_seat_replies_by_itself() {
    let dir = scratch("engine");
    let server = Server::start(&dir.join("games.db"));
    let created = create(
        &server,
        json!({"game": "chess3d", "config": {"heights": 1},
               "players": {"black": "engine:movetime=50"}}),
    );
    let id = str_of(&created, "id");
    assert!(
        created["tokens"].get("black").is_none(),
        "no token for an engine seat"
    );
    let white = created["tokens"]["white"].as_str().unwrap();
    assert_eq!(play(&server, id, "e2e4", white).0, 200);
    let s = engine_replied(&server, id, 2);
    // A second reply: the seat's engine (kept for the game since its first move) still plays.
    let next = s["moves"][0].as_str().unwrap().to_string();
    assert_eq!(play(&server, id, &next, white).0, 200);
    engine_replied(&server, id, 4);
}

/// Waits until the game `id` has `plies` moves, the last one the black engine's reply.
fn engine_replied(server: &Server, id: &str, plies: usize) -> Value {
    let s = wait_for(server, id, Duration::from_secs(20), |s| {
        s["history"].as_array().map(Vec::len) == Some(plies)
    });
    assert_eq!(s["to_move"], "white");
    assert_eq!(s["engine_reply"]["seat"], "black");
    assert_eq!(s["engine_reply"]["move"], s["history"][plies - 1]);
    s
}

#[test]
fn engine_seats_take_the_players_grammar() {
    let dir = scratch("engine-specs");
    let server = Server::start(&dir.join("games.db"));
    // The spec as the players library reads it, shown in the server's form: a plain
    // `engine` keeps the server's second a move, a depth limit needs no time, a table size
    // other than the server's 4 MiB is shown.
    for (spec, shown) in [
        ("engine", "engine:movetime=1000"),
        ("engine:depth=2,hash=8", "engine:depth=2,hash=8"),
        (
            "engine:nodes=2000,movetime=40",
            "engine:movetime=40,nodes=2000",
        ),
    ] {
        let created = create(
            &server,
            json!({"game": "chess3d", "config": {"heights": 1}, "players": {"black": spec}}),
        );
        let id = str_of(&created, "id");
        assert_eq!(state(&server, id)["players"]["black"], shown, "{spec}");
        if spec != "engine" {
            let white = created["tokens"]["white"].as_str().unwrap();
            assert_eq!(play(&server, id, "e2e4", white).0, 200);
            engine_replied(&server, id, 2);
        }
    }
}

#[test]
fn bishops_four_seats_four_tokens() {
    let dir = scratch("bishops");
    let server = Server::start(&dir.join("games.db"));
    let created = create(&server, json!({"game": "bishops4p"}));
    let id = str_of(&created, "id");
    let seats = ["white", "grey", "black", "pink"];
    for seat in seats {
        assert!(created["tokens"][seat].is_string(), "{created}");
        assert!(created["links"][seat].is_string(), "{created}");
    }
    // B4-53: from the start each colour has 26 legal moves; the turn goes white, grey, black,
    // pink (B4-3), and only the seat to move's token moves.
    for (i, seat) in seats.iter().enumerate() {
        let s = state(&server, id);
        assert_eq!(s["to_move"], *seat);
        assert_eq!(s["moves"].as_array().unwrap().len(), 26, "{seat}");
        let mv = s["moves"][0].as_str().unwrap().to_string();
        let other = seats[(i + 1) % 4];
        let other_token = created["tokens"][other].as_str().unwrap();
        assert_eq!(play(&server, id, &mv, other_token).0, 403);
        let token = created["tokens"][*seat].as_str().unwrap();
        assert_eq!(play(&server, id, &mv, token).0, 200);
    }
    assert_eq!(state(&server, id)["history"].as_array().unwrap().len(), 4);
}

/// A rematch: asked by one side, made when the other asks too; the same game, configuration,
/// start and clock, colours swapped, each player keeping their token. "Bishops" rotates the
/// four seats; a game against an engine gets its rematch at once.
#[test]
fn rematch_swaps_the_seats_and_keeps_the_game() {
    let dir = scratch("rematch");
    let server = Server::start(&dir.join("games.db"));
    let act = |id: &str, what: &str, token: &str| {
        server.post(&format!("/api/games/{id}/{what}"), &json!({"token": token}))
    };
    let c = create(
        &server,
        json!({"game": "chess3d", "config": "heights=2",
               "clock": {"initial_ms": 60000, "increment_ms": 1000}}),
    );
    let id = str_of(&c, "id");
    let (w, b) = (
        c["tokens"]["white"].as_str().unwrap(),
        c["tokens"]["black"].as_str().unwrap(),
    );
    let (status, body) = act(id, "rematch", w);
    assert_eq!(status, 409, "not before the end: {body}");
    assert_eq!(act(id, "resign", b).0, 200);
    assert_eq!(act(id, "rematch", "no-such-token").0, 403);
    let (status, s) = act(id, "rematch", w);
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["rematch_requests"], json!(["white"]));
    assert_eq!(s["rematch"], Value::Null, "Black has not asked yet");
    let (status, s) = act(id, "rematch", b);
    assert_eq!(status, 200, "{s}");
    assert_eq!(
        s["rematch"]["seats"],
        json!({"white": "black", "black": "white"})
    );
    let new = s["rematch"]["id"].as_str().unwrap();
    assert_ne!(new, id);
    let again = state(&server, new);
    assert_eq!(again["game"], "chess3d");
    assert_eq!(again["config"], state(&server, id)["config"]);
    assert_eq!(again["clock"]["initial_ms"], 60000);
    assert_eq!(again["clock"]["increment_ms"], 1000);
    assert_eq!(again["ply"], 0);
    // White's token now holds Black, and Black's White.
    let seat = |token: &str| {
        server
            .get(&format!("/api/games/{new}/seat?token={token}"))
            .1
    };
    assert_eq!(seat(w)["seats"], json!(["black"]));
    assert_eq!(seat(b)["seats"], json!(["white"]));
    assert_eq!(play(&server, new, "e2@1e4@1", b).0, 200);
    // Asked again: the same rematch.
    let (status, s) = act(id, "rematch", w);
    assert_eq!((status, s["rematch"]["id"].as_str()), (200, Some(new)));

    // "Bishops": every player takes the next seat; against engines the rematch comes at once.
    let c = create(
        &server,
        json!({"game": "bishops4p", "players": {"grey": "engine:movetime=50",
               "black": "engine:movetime=50", "pink": "engine:movetime=50"}}),
    );
    let id = str_of(&c, "id");
    let w = c["tokens"]["white"].as_str().unwrap();
    assert_eq!(act(id, "resign", w).0, 200);
    let (status, s) = act(id, "rematch", w);
    assert_eq!(status, 200, "{s}");
    assert_eq!(
        s["rematch"]["seats"],
        json!({"white": "grey", "grey": "black", "black": "pink", "pink": "white"})
    );
    let new = s["rematch"]["id"].as_str().unwrap();
    let again = state(&server, new);
    assert_eq!(again["players"]["grey"], "human");
    assert_eq!(again["players"]["white"], "engine:movetime=50");
    let (_, held) = server.get(&format!("/api/games/{new}/seat?token={w}"));
    assert_eq!(held["seats"], json!(["grey"]));
}

#[test]
fn resign_draw_and_take_back() {
    let dir = scratch("actions");
    let server = Server::start(&dir.join("games.db"));
    let act = |id: &str, what: &str, token: &str| {
        server.post(&format!("/api/games/{id}/{what}"), &json!({"token": token}))
    };
    // Resignation: in a two-player game the other side wins.
    let c = create(
        &server,
        json!({"game": "checkers3d", "config": "heights=1"}),
    );
    let id = str_of(&c, "id");
    let (status, s) = act(id, "resign", c["tokens"]["white"].as_str().unwrap());
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["status"]["result"], "win");
    assert_eq!(s["status"]["winner"], "black");
    assert_eq!(s["moves"], json!([]));
    assert_eq!(
        play(&server, id, "c3-d4", c["tokens"]["black"].as_str().unwrap()).0,
        403
    );
    assert_eq!(
        play(&server, id, "c3-d4", c["tokens"]["white"].as_str().unwrap()).0,
        409
    );

    // A finished game is not taken back: after a move and a resignation both seats ask, and
    // the result stands.
    let c = create(
        &server,
        json!({"game": "checkers3d", "config": "heights=1"}),
    );
    let id = str_of(&c, "id");
    let (w, b) = (
        c["tokens"]["white"].as_str().unwrap(),
        c["tokens"]["black"].as_str().unwrap(),
    );
    assert_eq!(play(&server, id, "c3-d4", w).0, 200);
    assert_eq!(act(id, "resign", b).0, 200);
    for token in [w, b] {
        let (status, body) = act(id, "undo", token);
        assert_eq!(status, 409, "{body}");
        assert!(
            body["error"].as_str().unwrap_or("").contains("over"),
            "{body}"
        );
    }
    let s = state(&server, id);
    assert_eq!(s["status"]["winner"], "white");
    // The move is kept (a two-player resignation ends the game without an entry of its own).
    assert_eq!(s["history"], json!(["c3-d4"]));

    // Abort: while a seat has not moved the game can be called off, without a result; once
    // every seat has moved it cannot (resign instead).
    let c = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&c, "id");
    let (w, b) = (
        c["tokens"]["white"].as_str().unwrap(),
        c["tokens"]["black"].as_str().unwrap(),
    );
    assert_eq!(play(&server, id, "e2e4", w).0, 200);
    assert_eq!(act(id, "abort", "no-such-token").0, 403);
    let (status, s) = act(id, "abort", b);
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["status"]["result"], "aborted");
    assert_eq!(s["status"]["winner"], Value::Null);
    assert_eq!(s["moves"], json!([]));
    assert_eq!(play(&server, id, "e7e5", b).0, 409);
    assert_eq!(act(id, "abort", w).0, 409, "already over");
    let (status, record) = server.get(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200);
    assert_eq!(record["ending"], json!("Aborted"), "{record}");
    let c = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&c, "id");
    let (w, b) = (
        c["tokens"]["white"].as_str().unwrap(),
        c["tokens"]["black"].as_str().unwrap(),
    );
    assert_eq!(play(&server, id, "e2e4", w).0, 200);
    assert_eq!(play(&server, id, "e7e5", b).0, 200);
    let (status, s) = act(id, "abort", w);
    assert_eq!(status, 409, "{s}");
    assert!(str_of(&s, "error").contains("resign"), "{s}");

    // A draw needs every human seat.
    let c = create(&server, json!({"game": "chess-t"}));
    let id = str_of(&c, "id");
    let (w, b) = (
        c["tokens"]["white"].as_str().unwrap(),
        c["tokens"]["black"].as_str().unwrap(),
    );
    let (_, s) = act(id, "draw", w);
    assert_eq!(s["status"]["result"], "ongoing");
    assert_eq!(s["draw_offers"], json!(["white"]));
    let (_, s) = act(id, "draw", b);
    assert_eq!(s["status"]["result"], "draw");
    // No claim in the start position.
    let c = create(&server, json!({"game": "chess-t"}));
    let id = str_of(&c, "id");
    assert_eq!(
        act(id, "claim", c["tokens"]["white"].as_str().unwrap()).0,
        409
    );

    // Take-back by agreement: one seat asking is not enough, both are.
    let c = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&c, "id");
    let (w, b) = (
        c["tokens"]["white"].as_str().unwrap(),
        c["tokens"]["black"].as_str().unwrap(),
    );
    assert_eq!(act(id, "undo", w).0, 409, "nothing to take back yet");
    play(&server, id, "e2e4", w);
    let (_, s) = act(id, "undo", w);
    assert_eq!(s["history"], json!(["e2e4"]));
    assert_eq!(s["undo_requests"], json!(["white"]));
    let (_, s) = act(id, "undo", b);
    assert_eq!(s["history"], json!([]));
    assert_eq!(s["to_move"], "white");

    // One token for every seat: take-backs need nobody else.
    let c = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1", "one_token": true}),
    );
    let id = str_of(&c, "id");
    let t = c["tokens"]["white"].as_str().unwrap();
    assert_eq!(c["tokens"]["black"].as_str(), Some(t));
    play(&server, id, "e2e4", t);
    play(&server, id, "e7e5", t);
    let (_, s) = act(id, "undo", t);
    assert_eq!(s["history"], json!(["e2e4"]));
}

#[test]
fn board_cells_are_addressable() {
    let dir = scratch("cells");
    let server = Server::start(&dir.join("games.db"));
    // (game, config, cells: 64 a height in the 8x8xH games (C3-1, D3-2), 144 for the 12x12
    // board of "Bishops" (B4-1), 64 for chess-T (CT-1)), a cell that must be there.
    let cases = [
        ("chess3d", "heights=1", 64, "e2"),
        ("chess3d", "heights=3", 192, "e2@3"),
        ("checkers3d", "heights=2", 128, "c3@2"),
        ("bishops4p", "", 144, "l12"),
        ("chess-t", "", 64, "h8"),
    ];
    for (game, config, cells, example) in cases {
        let c = create(&server, json!({"game": game, "config": config}));
        let (status, s) = server.get(&format!("/api/games/{}?board=svg", str_of(&c, "id")));
        assert_eq!(status, 200);
        let svg = str_of(&s, "svg");
        assert_eq!(
            svg.matches("data-cell=\"").count(),
            cells,
            "{game} {config}"
        );
        assert!(svg.contains(&format!("data-cell=\"{example}\"")), "{game}");
        // Pieces are drawn as pieces (glyphs or discs), not letters.
        assert!(svg.contains("class=\"piece\""));
    }
}

/// Every game of the registry, with its default configuration: its board has cells the page
/// can address (each named once) and draws its pieces as pieces.
#[test]
fn every_game_s_board_has_addressable_cells() {
    let dir = scratch("cells-every-game");
    let server = Server::start(&dir.join("games.db"));
    for game in variant_games::registry::names() {
        let c = create(&server, json!({"game": game}));
        let id = str_of(&c, "id");
        // After the first move: a game that starts from an empty board (Qubic) has a piece then.
        let start = state(&server, id);
        let (mover, first) = (str_of(&start, "to_move"), &start["moves"][0]);
        let token = str_of(&c["tokens"], mover);
        let (status, body) = play(&server, id, first.as_str().unwrap_or_default(), token);
        assert_eq!(status, 200, "{game}: {body}");
        let (status, s) = server.get(&format!("/api/games/{id}?board=svg"));
        assert_eq!(status, 200, "{game}");
        let svg = str_of(&s, "svg");
        let mut cells: Vec<&str> = svg
            .split("data-cell=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect();
        let count = cells.len();
        cells.sort_unstable();
        cells.dedup();
        assert!(
            count > 0 && cells.len() == count,
            "{game}: {count} cells, {} names",
            cells.len()
        );
        assert!(svg.contains("class=\"piece\""), "{game}");
    }
}

#[test]
fn events_push_every_new_state() {
    let dir = scratch("events");
    let server = Server::start(&dir.join("games.db"));
    let c = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&c, "id");
    let mut events = Events::open(&server, id);
    let mut next_state = || events.until(|_| true);
    let first = next_state();
    assert_eq!(first["ply"], 0);
    // The board as data (docs/web.md, "The board"): 64 cells on one height, no SVG.
    assert_eq!(first["board"]["cells"].as_array().map(Vec::len), Some(64));
    assert!(first.get("svg").is_none());
    assert_eq!(
        play(&server, id, "d2d4", c["tokens"]["white"].as_str().unwrap()).0,
        200
    );
    let second = next_state();
    assert_eq!(second["history"], json!(["d2d4"]));
}

#[test]
fn accepted_moves_survive_a_kill() {
    // Both `--sync` modes: a kill of the server loses nothing in either.
    for sync in ["normal", "full"] {
        survive_a_kill(sync);
    }
}

fn survive_a_kill(sync: &str) {
    let dir = scratch(&format!("restart-{sync}"));
    let db = dir.join("games.db");
    let server = Server::start_with(&db, &["--sync", sync]);
    let c = create(
        &server,
        json!({"game": "checkers3d", "config": "heights=2"}),
    );
    let id = str_of(&c, "id").to_string();
    let tokens = c["tokens"].clone();
    let mut accepted = Vec::new();
    for _ in 0..12 {
        let s = state(&server, &id);
        let mv = s["moves"][0].as_str().unwrap().to_string();
        let token = tokens[str_of(&s, "to_move")].as_str().unwrap();
        let (status, _) = play(&server, &id, &mv, token);
        assert_eq!(status, 200);
        accepted.push(mv);
    }
    // SIGKILL: no shutdown code runs, so only what was written before answering survives.
    server.kill();
    let server = Server::start_with(&db, &["--sync", sync]);
    let s = state(&server, &id);
    assert_eq!(s["history"], json!(accepted), "--sync {sync}");
    // The game goes on with the same tokens.
    let mv = s["moves"][0].as_str().unwrap().to_string();
    let token = tokens[str_of(&s, "to_move")].as_str().unwrap();
    assert_eq!(play(&server, &id, &mv, token).0, 200);
}

#[test]
fn kill_during_concurrent_play_loses_no_accepted_move() {
    let dir = scratch("kill-busy");
    let db = dir.join("games.db");
    let server = Server::start(&db);
    let games: Vec<(String, String)> = variant_games::registry::names()
        .iter()
        .map(|game| {
            let c = create(&server, json!({"game": game, "one_token": true}));
            let token = c["tokens"].as_object().unwrap().values().next().unwrap();
            (
                str_of(&c, "id").to_string(),
                token.as_str().unwrap().to_string(),
            )
        })
        .collect();
    // A client for each game of the registry plays as fast as it can; the server is killed
    // while they do. Each keeps the moves answered 200.
    let accepted: Vec<Vec<String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = games
            .iter()
            .map(|(id, token)| {
                let server = &server;
                scope.spawn(move || {
                    let mut accepted = Vec::new();
                    for _ in 0..400 {
                        let Some((200, s)) =
                            server.try_request("GET", &format!("/api/games/{id}"), &Value::Null)
                        else {
                            break;
                        };
                        let Some(mv) = s["moves"][0].as_str() else {
                            break;
                        };
                        match server.try_request(
                            "POST",
                            &format!("/api/games/{id}/moves"),
                            &json!({"move": mv, "token": token}),
                        ) {
                            Some((200, _)) => accepted.push(mv.to_string()),
                            _ => break,
                        }
                    }
                    accepted
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(700));
        let _ = std::process::Command::new("kill")
            .args(["-9", &server.child.id().to_string()])
            .status();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    drop(server);
    let server = Server::start(&db);
    for ((id, _), accepted) in games.iter().zip(&accepted) {
        let history: Vec<String> = state(&server, id)["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        // Every accepted move is there, in order; at most the one move in flight at the kill
        // (written, answer lost) follows.
        assert!(
            history.len() >= accepted.len(),
            "{id}: {history:?} lost moves of {accepted:?}"
        );
        assert_eq!(&history[..accepted.len()], &accepted[..]);
        assert!(history.len() <= accepted.len() + 1);
    }
    assert!(
        accepted.iter().all(|a| !a.is_empty()),
        "every client played before the kill"
    );
}

/// A "Bishops" position (B4-51) where White mates Grey after one round: Grey's king on a6 is
/// walled in by its own pawns on b5, b6, b7; White's queen d1-a4 checks along the a-file and
/// covers a5 and a7; Grey has no piece that can take on a4 or step between (B4-13: mate).
const BISHOPS_MATE: &str = "5,bK,6/9,bP,2/12/1,gP,10/12/1,gP,9,pK/gK,gP,10/1,gP,10/10,pP,1/12/\
                            4,wP,7/3,wQ,2,wK,5 w wgbp w:-,g:-,b:-,p:- - 0 0 short -";

#[test]
fn games_start_from_a_given_position() {
    let dir = scratch("position");
    let db = dir.join("games.db");
    let server = Server::start(&db);
    let c = create(
        &server,
        json!({"game": "bishops4p", "position": BISHOPS_MATE}),
    );
    let id = str_of(&c, "id").to_string();
    let s = state(&server, &id);
    assert_eq!(s["position"], json!(BISHOPS_MATE));
    assert_eq!(s["start"], json!(BISHOPS_MATE));
    // One round, then White's mate on the left neighbour ends the short game (B4-20).
    for (seat, mv) in [
        ("white", "e2e3"),
        ("grey", "b9c9"),
        ("black", "j11j10"),
        ("pink", "k4j4"),
    ] {
        let (status, s) = play(&server, &id, mv, str_of(&c["tokens"], seat));
        assert_eq!(status, 200, "{seat} {mv}: {s}");
    }
    // A restart rebuilds the game from its stored start position, not the game's own.
    server.kill();
    let server = Server::start(&db);
    let (status, s) = play(&server, &id, "d1a4", str_of(&c["tokens"], "white"));
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["status"]["result"], json!("win"), "{s}");
    assert_eq!(s["status"]["winner"], json!("white"));
    assert_eq!(s["status"]["reason"], json!("checkmate"));
    assert_eq!(s["start"], json!(BISHOPS_MATE));
    assert_eq!(s["moves"], json!([]));

    // A take-back returns to the given position (D3-51 text, two heights).
    let start = "W:Wc3@1:Bf6@2,g7@2:H2:1/2";
    let c = create(
        &server,
        json!({"game": "checkers3d", "position": start, "one_token": true}),
    );
    let id = str_of(&c, "id").to_string();
    let token = str_of(&c["tokens"], "white");
    assert_eq!(play(&server, &id, "c3@1-d4@2", token).0, 200);
    let (status, s) = server.post(&format!("/api/games/{id}/undo"), &json!({ "token": token }));
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["position"], json!(start));
    assert_eq!(
        s["config"].as_str().map(|c| c.contains("heights=2")),
        Some(true)
    );
    // A game from its own start position has no `start`.
    let c = create(&server, json!({"game": "chess-t"}));
    assert_eq!(state(&server, str_of(&c, "id"))["start"], Value::Null);

    // Refusals: unreadable, impossible, disagreeing with the configuration, too long, too
    // costly to generate.
    for (body, what) in [
        (
            json!({"game": "chess-t", "position": "garbage"}),
            "position",
        ),
        (
            json!({"game": "chess3d", "config": "heights=1",
                   "position": "8/8/8/8/8/8/8/8 w - - 0 1"}),
            "position",
        ),
        (
            // The text has 2 heights: a game started on 1 cannot reach it (a game started on 3
            // can, by height removal, D3-30).
            json!({"game": "checkers3d", "config": "heights=1", "position": start}),
            "heights",
        ),
        (
            json!({"game": "chess-t", "position": "x".repeat(5000)}),
            "position: longer than",
        ),
        (json!({"game": "chess-t", "position": 7}), "request body"),
        // A king among 52 men in the 3D box: finding its longest capture (D3-12) takes
        // minutes, so the server refuses the text rather than hold a worker
        // (docs/benchmarks.md, hostile positions; position #50 of seed 12).
        (
            json!({"game": "checkers3d",
                   "position": checkers3d::hostile::hostile_positions(12, 51)[50].to_text()}),
            "capture steps",
        ),
    ] {
        let (status, answer) = server.post("/api/games", &body);
        assert_eq!(status, 400, "{body}: {answer}");
        let error = str_of(&answer, "error");
        assert!(error.contains(what), "{body}: {error}");
    }
}

/// The `<g>` of cell `name` in a board SVG (up to the next cell).
fn cell_svg<'a>(svg: &'a str, name: &str) -> &'a str {
    let tag = format!("data-cell=\"{name}\"");
    let start = svg.find(&tag).unwrap_or_else(|| panic!("no cell {name}"));
    let rest = &svg[start + tag.len()..];
    &rest[..rest.find("data-cell=").unwrap_or(rest.len())]
}

#[test]
fn past_positions_by_ply() {
    let dir = scratch("past");
    let server = Server::start(&dir.join("games.db"));
    let created = create(
        &server,
        json!({"game": "chess3d", "config": {"heights": 1}}),
    );
    let id = str_of(&created, "id");
    let white = created["tokens"]["white"].as_str().unwrap();
    let black = created["tokens"]["black"].as_str().unwrap();
    // Fool's mate: 1. f3 e5 2. g4 Qh4#.
    for (mv, token) in [
        ("f2f3", white),
        ("e7e5", black),
        ("g2g4", white),
        ("d8h4", black),
    ] {
        assert_eq!(play(&server, id, mv, token).0, 200, "{mv}");
    }
    let at = |ply: &str| server.get(&format!("/api/games/{id}?ply={ply}&board=svg"));
    // After 1. f3 e5, by hand from the FIDE rules (heights=1 is FIDE chess, C3-1): the f-pawn
    // on f3, the e-pawn on e5 having passed e6 (the en-passant square), white to move at move
    // 2, the halfmove clock 0 after a pawn move, all castling rights kept.
    let (status, s) = at("2");
    assert_eq!(status, 200, "{s}");
    assert_eq!(
        s["position"],
        "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq e6 0 2"
    );
    assert_eq!(s["ply"], 2);
    assert_eq!(s["current_ply"], 4);
    assert_eq!(s["history"], json!(["f2f3", "e7e5"]));
    assert_eq!(s["to_move"], "white");
    assert_eq!(s["status"]["result"], "ongoing");
    let svg = s["svg"].as_str().unwrap();
    // The last move's marks: e7 and e5, not f3 (the move before).
    assert!(cell_svg(svg, "e7").contains("class=\"last\""), "{svg}");
    assert!(cell_svg(svg, "e5").contains("class=\"last\""), "{svg}");
    assert!(cell_svg(svg, "e5").contains("class=\"piece\""), "{svg}");
    assert!(!cell_svg(svg, "f3").contains("class=\"last\""), "{svg}");
    assert!(!svg.contains("class=\"check\""), "no check yet: {svg}");
    // The start: the FIDE start position, no marks.
    let (status, s) = at("0");
    assert_eq!(status, 200, "{s}");
    assert_eq!(
        s["position"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(s["history"], json!([]));
    assert!(!s["svg"].as_str().unwrap().contains("class=\"last\""));
    // After 2...Qh4# the white king on e1 is in check (and mated).
    let (status, s) = at("4");
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["status"]["result"], "win");
    assert!(cell_svg(s["svg"].as_str().unwrap(), "e1").contains("class=\"check\""));
    // The present game is not changed by looking back.
    assert_eq!(state(&server, id)["ply"], 4);
    // Out of range and garbage: JSON errors.
    for (ply, want, needle) in [
        ("5", 404, "no ply 5"),
        ("99999999999999999999", 400, "not a number"),
        ("-1", 400, "not a number"),
        ("x", 400, "not a number"),
    ] {
        let (status, text) = server.raw("GET", &format!("/api/games/{id}?ply={ply}"), None);
        assert_eq!(status, want, "{ply}: {text}");
        let v: Value = serde_json::from_str(&text).expect("errors are JSON");
        assert!(str_of(&v, "error").contains(needle), "{ply}: {text}");
    }
}
