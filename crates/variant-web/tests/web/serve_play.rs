//! The API against a real server process on an ephemeral loopback port: clocks (a flag
//! fall ends a game by time, removes a player of the long "Bishops" game, survives a kill),
//! the lobby (open seats, taking one, 409 when taken, kept across a restart), records (JSON
//! read back by `variants`, PGN for FIDE chess, 422 for the others), the game's `view` facts,
//! the instance id, the engine's "thinking" mark, the token check, and a graceful shutdown with
//! an event stream open.

use crate::server;

use serde_json::{Value, json};
use server::{Events, Server, create, play, scratch, state, str_of, wait_for};
use std::time::{Duration, Instant};

/// The first moves of a game with a clock: the wait starts only when a page holds every seat
/// (a game whose links are opened late loses nothing), and a seat that then lets its first
/// move's time pass ends the game as aborted, not lost — also after a first move of the other
/// side. Once both have moved, no limit but the clocks.
#[test]
fn an_unplayed_game_is_aborted_once_its_pages_are_open() {
    let dir = scratch("first-move");
    let server = Server::start_with(&dir.join("games.db"), &["--first-move-seconds", "1"]);
    let clocked = json!({"game": "chess3d", "config": "heights=1",
                         "clock": {"initial_ms": 10000, "increment_ms": 0}});
    let tokens = |c: &Value| {
        (
            c["tokens"]["white"].as_str().unwrap().to_string(),
            c["tokens"]["black"].as_str().unwrap().to_string(),
        )
    };

    // A new game with both seats' pages open, once White's first move is awaited: its id, the
    // two tokens and the two open streams (kept open by the caller).
    let opened = |body: Value| {
        let c = create(&server, body);
        let id = str_of(&c, "id").to_string();
        let (w, b) = tokens(&c);
        let pages = (
            Events::open_as(&server, &id, &w),
            Events::open_as(&server, &id, &b),
        );
        wait_for(&server, &id, Duration::from_secs(5), |s| {
            s["first_move_ms"].is_u64()
        });
        (id, w, b, pages)
    };

    // Nobody opened the links: after longer than the limit the game waits, clocks full.
    let late = create(&server, clocked.clone());
    let late_id = str_of(&late, "id").to_string();
    std::thread::sleep(Duration::from_millis(1300));
    let s = state(&server, &late_id);
    assert_eq!(s["status"]["result"], "ongoing", "{s}");
    assert_eq!(s["clocks"]["white"], 10000, "{s}");
    assert_eq!(
        s["first_move_ms"],
        Value::Null,
        "no wait before the pages: {s}"
    );
    // Only White's page: still no wait (Black is not there yet).
    let (w, b) = tokens(&late);
    let _white_page = Events::open_as(&server, &late_id, &w);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(state(&server, &late_id)["first_move_ms"], Value::Null);
    // Black's page too: White's first move is now awaited, then the game is aborted.
    let _black_page = Events::open_as(&server, &late_id, &b);
    let s = wait_for(&server, &late_id, Duration::from_secs(5), |s| {
        s["first_move_ms"].is_u64()
    });
    assert!(s["first_move_ms"].as_u64().unwrap() <= 1000, "{s}");
    let s = wait_for(&server, &late_id, Duration::from_secs(5), |s| {
        s["status"]["result"] != "ongoing"
    });
    assert_eq!(s["status"]["result"], "aborted", "{s}");
    assert_eq!(s["clocks"]["white"], 10000, "no time spent: {s}");
    let (status, record) = server.get(&format!("/api/games/{late_id}/record"));
    assert_eq!(status, 200);
    assert_eq!(record["ending"], json!("Aborted"), "{record}");

    // White moves at once, Black never: aborted after Black's limit, not lost.
    let (id, w, _, _pages) = opened(clocked.clone());
    assert_eq!(play(&server, &id, "e2e4", &w).0, 200);
    let s = wait_for(&server, &id, Duration::from_secs(5), |s| {
        s["status"]["result"] != "ongoing"
    });
    assert_eq!(s["status"]["result"], "aborted", "{s}");
    assert_eq!(s["ply"], 2, "the move and the abort: {s}");

    // Both move in time: the game goes on past the limit (only the clocks count then).
    let (id, w, b, _pages) = opened(clocked);
    assert_eq!(play(&server, &id, "e2e4", &w).0, 200);
    assert_eq!(play(&server, &id, "e7e5", &b).0, 200);
    std::thread::sleep(Duration::from_millis(1500));
    let s = state(&server, &id);
    assert_eq!(s["status"]["result"], "ongoing", "{s}");
    assert_eq!(s["first_move_ms"], Value::Null, "{s}");
    assert_eq!(s["clock"]["running"], "white", "{s}");
}

#[test]
fn a_flag_fall_ends_the_game_by_time() {
    let dir = scratch("flag");
    let server = Server::start(&dir.join("games.db"));
    let c = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1",
               "clock": {"initial_ms": 300, "increment_ms": 0}}),
    );
    let id = str_of(&c, "id");
    let (white, black) = (
        c["tokens"]["white"].as_str().unwrap(),
        c["tokens"]["black"].as_str().unwrap(),
    );
    // The clocks wait for each player's first move: none runs, nothing is spent, and the
    // game may still be aborted.
    std::thread::sleep(Duration::from_millis(400));
    let s = state(&server, id);
    assert_eq!(s["clock"]["running"], Value::Null, "{s}");
    assert_eq!(s["clocks"]["white"], 300);
    assert_eq!(s["abortable"], true);
    assert_eq!(play(&server, id, "e2e4", white).0, 200);
    let (status, s) = play(&server, id, "e7e5", black);
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["abortable"], false);
    let mut events = Events::open(&server, id);
    let first = events.until(|_| true);
    assert_eq!(first["clock"]["running"], "white", "{first}");
    assert_eq!(first["clock"]["initial_ms"], 300);
    assert!(first["clocks"]["white"].as_u64().unwrap() <= 300);
    assert_eq!(
        first["clocks"]["black"], 300,
        "the free first move took no time"
    );
    // White does not move again: White's flag falls, and the stream says so without being
    // asked.
    let ended = events.until(|s| s["status"]["result"] != "ongoing");
    assert_eq!(ended["status"]["result"], "win", "{ended}");
    assert_eq!(ended["status"]["winner"], "black");
    assert_eq!(ended["status"]["reason"], "time");
    assert_eq!(ended["clocks"]["white"], 0);
    assert_eq!(ended["clock"]["running"], Value::Null);
    // The game is over: a move is refused.
    let (status, refused) = play(&server, id, "d2d4", white);
    assert_eq!(status, 409);
    assert!(str_of(&refused, "error").contains("on time"), "{refused}");
    // The JSON record keeps the flag fall as White's resignation.
    let (status, record) = server.get(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200);
    assert_eq!(record["ending"], json!({"Resignation": 0}), "{record}");
}

#[test]
fn clocks_count_down_take_the_increment_and_survive_a_kill() {
    let dir = scratch("clock-restart");
    let db = dir.join("games.db");
    let server = Server::start(&db);
    let c = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1",
               "clock": {"initial_ms": 600000, "increment_ms": 5000}}),
    );
    let id = str_of(&c, "id").to_string();
    let white = c["tokens"]["white"].as_str().unwrap().to_string();
    let black = c["tokens"]["black"].as_str().unwrap().to_string();
    // The first moves are free: no clock runs and no increment is added.
    let (_, after) = play(&server, &id, "e2e4", &white);
    assert_eq!(after["clocks"]["white"], 600_000, "{after}");
    assert_eq!(after["clock"]["running"], Value::Null);
    let (_, after) = play(&server, &id, "e7e5", &black);
    assert_eq!(after["clocks"]["black"], 600_000, "{after}");
    assert_eq!(after["clock"]["running"], "white");
    let (status, after) = play(&server, &id, "d2d4", &white);
    assert_eq!(status, 200, "{after}");
    // White's clock stands after its move with the increment added: more than it started
    // with unless the move took over 5 s.
    let white_left = after["clocks"]["white"].as_u64().unwrap();
    assert!(white_left <= 605_000, "{after}");
    assert!(white_left > 600_000, "the increment was added: {after}");
    assert_eq!(after["clock"]["running"], "black");
    let s = state(&server, &id);
    assert_eq!(
        s["clocks"]["white"], white_left,
        "a standing clock does not move"
    );
    assert!(s["clocks"]["black"].as_u64().unwrap() <= 600_000);
    server.kill();
    let server = Server::start(&db);
    let s = state(&server, &id);
    assert_eq!(s["clocks"]["white"], white_left, "stored: {s}");
    assert_eq!(s["clock"]["running"], "black");
    // The turn in progress starts again with Black's time at its start (600000).
    assert!(s["clocks"]["black"].as_u64().unwrap() <= 600_000);
    assert!(s["clocks"]["black"].as_u64().unwrap() > 500_000, "{s}");
}

#[test]
fn a_flag_fall_removes_a_player_of_the_long_bishops_game() {
    let dir = scratch("flag-long");
    let server = Server::start(&dir.join("games.db"));
    let c = create(
        &server,
        json!({"game": "bishops4p", "config": "mode=long",
               "clock": {"initial_ms": 300, "increment_ms": 0}}),
    );
    let id = str_of(&c, "id");
    // The clocks wait for every seat's first move: each plays its first legal move.
    for seat in ["white", "grey", "black", "pink"] {
        let s = state(&server, id);
        let first = s["moves"][0].as_str().unwrap().to_string();
        let token = c["tokens"][seat].as_str().unwrap();
        assert_eq!(play(&server, id, &first, token).0, 200, "{seat} {first}");
    }
    // White's flag falls first: White leaves (B4-21) and Grey's clock runs.
    let s = wait_for(&server, id, Duration::from_secs(20), |s| {
        s["history"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a == "resign:0")
    });
    assert_ne!(s["to_move"], "white", "{s}");
    // Then Grey's, Black's: Pink is the last player standing.
    let end = wait_for(&server, id, Duration::from_secs(30), |s| {
        s["status"]["result"] != "ongoing"
    });
    assert_eq!(end["status"]["winner"], "pink", "{end}");
}

#[test]
fn clock_and_listing_bodies_are_checked() {
    let dir = scratch("bad-bodies");
    let server = Server::start(&dir.join("games.db"));
    for (body, says) in [
        (
            json!({"game": "chess3d", "clock": {"initial_ms": 5}}),
            "initial_ms",
        ),
        (
            json!({"game": "chess3d", "clock": {"initial_ms": 1000, "increment_ms": 99999999}}),
            "increment_ms",
        ),
        (
            json!({"game": "chess3d", "clock": {"initial": 1000}}),
            "unknown field",
        ),
        (json!({"game": "chess3d", "listed": ["green"]}), "no seat"),
        (json!({"game": "chess3d", "listed": "yes"}), "listed"),
        (
            json!({"game": "chess3d", "listed": true, "one_token": true}),
            "exclude",
        ),
        (
            json!({"game": "chess3d", "listed": ["black"], "players": {"black": "engine"}}),
            "cannot be open",
        ),
    ] {
        let (status, answer) = server.post("/api/games", &body);
        assert_eq!(status, 400, "{body} -> {answer}");
        assert!(
            str_of(&answer, "error").contains(says),
            "{body} -> {answer}"
        );
    }
}

#[test]
fn the_lobby_lists_open_seats_and_a_seat_can_be_taken() {
    let dir = scratch("lobby");
    let db = dir.join("games.db");
    let server = Server::start(&db);
    let open = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1", "listed": ["black"],
               "clock": {"initial_ms": 600000, "increment_ms": 0}}),
    );
    let id = str_of(&open, "id").to_string();
    assert_eq!(open["open"], json!(["black"]));
    assert!(open["tokens"].get("black").is_none(), "{open}");
    let white = open["tokens"]["white"].as_str().unwrap().to_string();
    let private = create(&server, json!({"game": "checkers3d"}));
    let all_open = create(&server, json!({"game": "bishops4p", "listed": true}));
    assert_eq!(all_open["tokens"], json!({}), "{all_open}");
    assert_eq!(all_open["open"], json!(["white", "grey", "black", "pink"]));

    let (status, lobby) = server.get("/api/games?open=true");
    assert_eq!(status, 200);
    let ids: Vec<&str> = lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| str_of(g, "id"))
        .collect();
    // Newest first; the private game is not listed.
    assert_eq!(ids, [str_of(&all_open, "id"), &id], "{lobby}");
    let entry = &lobby["games"][1];
    assert_eq!(entry["free_seats"], json!(["black"]));
    assert_eq!(entry["game"], "chess3d");
    assert_eq!(entry["watch"], format!("/play/{id}"));
    assert!(!lobby.to_string().contains(str_of(&private, "id")));

    // While a seat is open, no clock runs.
    let s = state(&server, &id);
    assert_eq!(s["clock"]["running"], Value::Null, "{s}");
    assert_eq!(s["free_seats"], json!(["black"]));

    let (status, taken) = server.post(&format!("/api/games/{id}/seats/black"), &json!({}));
    assert_eq!(status, 200, "{taken}");
    assert_eq!(taken["seat"], "black");
    let black = str_of(&taken, "token").to_string();
    assert_eq!(
        str_of(&taken, "link"),
        format!("/play/{id}#seat=black&token={black}")
    );
    let (status, again) = server.post(&format!("/api/games/{id}/seats/black"), &json!({}));
    assert_eq!(status, 409, "{again}");
    assert_eq!(
        server
            .post(&format!("/api/games/{id}/seats/white"), &json!({}))
            .0,
        409
    );
    let (status, answer) = server.post(&format!("/api/games/{id}/seats/green"), &json!({}));
    assert_eq!(status, 400, "{answer}");
    assert_eq!(
        server
            .post("/api/games/ffffffffffffffff/seats/black", &json!({}))
            .0,
        404
    );
    // Every seat held: the game is now one to watch (its clocks wait for the first moves).
    let (_, watch) = server.get("/api/games?open=false");
    assert_eq!(watch["games"][0]["id"], id.as_str(), "{watch}");
    assert_eq!(watch["games"][0]["free_seats"], json!([]));
    let (_, lobby) = server.get("/api/games?open=true");
    assert!(!lobby.to_string().contains(&id), "{lobby}");
    // The taken token plays Black.
    assert_eq!(play(&server, &id, "e2e4", &white).0, 200);
    assert_eq!(play(&server, &id, "e7e5", &black).0, 200);
    // Every seat held and every seat has moved: White's clock runs.
    assert_eq!(state(&server, &id)["clock"]["running"], "white");

    // A restart keeps taken and open seats.
    server.kill();
    let server = Server::start(&db);
    assert_eq!(
        server
            .post(&format!("/api/games/{id}/seats/black"), &json!({}))
            .0,
        409
    );
    assert_eq!(play(&server, &id, "g1f3", &white).0, 200);
    let (status, grey) = server.post(
        &format!("/api/games/{}/seats/grey", str_of(&all_open, "id")),
        &json!({}),
    );
    assert_eq!(status, 200, "{grey}");
}

#[test]
fn records_in_json_and_pgn() {
    let dir = scratch("records");
    let server = Server::start(&dir.join("games.db"));
    let c = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&c, "id");
    let tokens = &c["tokens"];
    // Fool's mate (hand-known: 1. f3 e5 2. g4 Qh4#).
    for (mv, seat) in [
        ("f2f3", "white"),
        ("e7e5", "black"),
        ("g2g4", "white"),
        ("d8h4", "black"),
    ] {
        assert_eq!(play(&server, id, mv, tokens[seat].as_str().unwrap()).0, 200);
    }
    let (status, text) = server.raw("GET", &format!("/api/games/{id}/record"), None);
    assert_eq!(status, 200);
    let history = variant_games::history_from_json(&text).expect("variants reads the record back");
    assert_eq!(history.action_texts(), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(history.status().is_over());
    let (status, pgn) = server.raw("GET", &format!("/api/games/{id}/record?format=pgn"), None);
    assert_eq!(status, 200);
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    let (status, answer) = server.get(&format!("/api/games/{id}/record?format=xml"));
    assert_eq!(status, 400, "{answer}");
    // PGN is FIDE chess's (chess3d with one height): no game of the registry has it in its
    // default configuration (3D chess has eight heights); every one has its JSON record.
    for game in variant_games::registry::names() {
        let c = create(&server, json!({"game": game}));
        let id = str_of(&c, "id");
        let (status, answer) = server.get(&format!("/api/games/{id}/record?format=pgn"));
        assert_eq!(status, 422, "{game}: {answer}");
        assert!(str_of(&answer, "error").contains("PGN"), "{answer}");
        let (status, text) = server.raw("GET", &format!("/api/games/{id}/record"), None);
        assert_eq!(status, 200);
        assert_eq!(
            variant_games::history_from_json(&text)
                .unwrap()
                .action_texts()
                .len(),
            0
        );
    }
    assert_eq!(server.get("/api/games/ffffffffffffffff/record").0, 404);
}

#[test]
fn the_view_describes_what_to_draw() {
    let dir = scratch("view");
    let server = Server::start(&dir.join("games.db"));
    let c = create(&server, json!({"game": "chess3d", "config": "heights=3"}));
    let s = state(&server, str_of(&c, "id"));
    let boards = s["view"]["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 3, "{s}");
    assert_eq!(boards[2]["height"], 3);
    assert_eq!(s["view"]["notes"], Value::Null);
    assert_eq!(s["view"]["seats"][1]["turn"], 180);
    let (_, info) = server.get("/api/info");
    for game in info["games"].as_array().unwrap() {
        let view = &game["view"];
        assert!(!view["boards"].as_array().unwrap().is_empty(), "{game}");
        assert!(!view["pieces"].as_array().unwrap().is_empty(), "{game}");
        assert_eq!(
            view["seats"].as_array().unwrap().len(),
            game["seats"].as_array().unwrap().len()
        );
        // CT-10: only chess-T has notes (its strength sums).
        assert_eq!(view["notes"].is_null(), game["name"] != "chess-t", "{game}");
    }
}

#[test]
fn tokens_ids_and_instances_answer_plainly() {
    let dir = scratch("tokens");
    let db = dir.join("games.db");
    let server = Server::start(&db);
    let c = create(&server, json!({"game": "chess3d"}));
    let id = str_of(&c, "id").to_string();
    let (status, answer) = server.get("/api/games/0123456789abcdef");
    assert_eq!(status, 404);
    assert!(str_of(&answer, "error").contains("no game"), "{answer}");
    let (status, answer) = server.get(&format!("/api/games/{id}/seat?token=wrong"));
    assert_eq!(status, 403);
    assert!(str_of(&answer, "error").contains("token"), "{answer}");
    let token = c["tokens"]["black"].as_str().unwrap();
    let (status, answer) = server.get(&format!("/api/games/{id}/seat?token={token}"));
    assert_eq!(status, 200);
    assert_eq!(answer["seats"], json!(["black"]));
    let (status, answer) = server.get(&format!("/api/games/{id}/seat"));
    assert_eq!(status, 400);
    assert!(str_of(&answer, "error").contains("token"), "{answer}");
    let (status, answer) = server.get("/api/games?open=maybe");
    assert_eq!(status, 400);
    assert!(str_of(&answer, "error").contains("open"), "{answer}");
    let before = state(&server, &id)["instance"].clone();
    assert!(before.as_str().is_some_and(|i| !i.is_empty()));
    server.kill();
    let server = Server::start(&db);
    assert_ne!(
        state(&server, &id)["instance"],
        before,
        "a new process, a new instance"
    );
}

#[test]
fn the_engine_is_seen_thinking() {
    let dir = scratch("thinking");
    let server = Server::start(&dir.join("games.db"));
    let c = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1",
               "players": {"black": "engine:movetime=300"}}),
    );
    let id = str_of(&c, "id");
    let mut events = Events::open(&server, id);
    assert_eq!(events.until(|_| true)["thinking"], Value::Null);
    assert_eq!(
        play(&server, id, "e2e4", c["tokens"]["white"].as_str().unwrap()).0,
        200
    );
    let thinking = events.until(|s| s["thinking"] == "black");
    assert_eq!(thinking["history"], json!(["e2e4"]));
    let replied = events.until(|s| s["history"].as_array().unwrap().len() == 2);
    assert_eq!(replied["thinking"], Value::Null);
}

#[test]
fn sigterm_ends_event_streams_and_the_process_within_2_s() {
    let dir = scratch("sigterm");
    let mut server = Server::start(&dir.join("games.db"));
    let c = create(&server, json!({"game": "chess3d"}));
    let mut events = Events::open(&server, str_of(&c, "id"));
    let first = events.until(|_| true);
    let pid = server.child.id().to_string();
    let signalled = Instant::now();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    // The stream gets its last event and ends.
    let (name, data) = events.next().expect("a last event");
    assert_eq!(name, "shutdown");
    assert_eq!(data["instance"], first["instance"]);
    assert!(events.next().is_none(), "the stream ends");
    loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(2),
            "still running 2 s after SIGTERM with a page open"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!("exit {:?} after SIGTERM", signalled.elapsed());
}
