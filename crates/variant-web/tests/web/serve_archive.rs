//! The analysis board's API (`GET /api/analysis`, `GET /api/position`), the archive
//! (`GET /api/games?finished=true` with its filters and pages, player names) and the rule
//! that nobody moves while a seat is open, against a real server on a loopback port.

use crate::server;

use serde_json::{Value, json};
use server::{Server, create, play, scratch, state, str_of};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use variant_games::Game;

/// An open analysis stream: its status and its NDJSON lines.
struct Analysis {
    status: u16,
    reader: BufReader<TcpStream>,
    /// The body of a refusal (not streamed).
    refusal: Value,
}

impl Analysis {
    /// Opens `GET path` from the loopback address `from` (127.0.0.x: another client).
    fn open_from(server: &Server, path: &str, from: &str) -> Analysis {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let stream = runtime.block_on(async {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
            socket.connect(server.addr.parse().unwrap()).await.unwrap()
        });
        let stream = stream.into_std().unwrap();
        stream.set_nonblocking(false).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        let mut writer = stream.try_clone().unwrap();
        write!(writer, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let mut reader = BufReader::new(stream);
        let mut head = String::new();
        let mut length = None;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if let Some(n) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = n.trim().parse::<usize>().ok();
            }
            if line == "\r\n" || line.is_empty() {
                break;
            }
            head.push_str(&line);
        }
        let status: u16 = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        let mut refusal = Value::Null;
        if let Some(n) = length {
            let mut body = vec![0u8; n];
            std::io::Read::read_exact(&mut reader, &mut body).unwrap();
            refusal = serde_json::from_slice(&body).unwrap_or(Value::Null);
        }
        Analysis {
            status,
            reader,
            refusal,
        }
    }

    fn open(server: &Server, path: &str) -> Analysis {
        Analysis::open_from(server, path, "127.0.0.1")
    }

    /// The next JSON line (chunk sizes and keep-alive lines skipped); `None` at the end.
    fn next(&mut self) -> Option<Value> {
        loop {
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            if line.starts_with('{') {
                return Some(serde_json::from_str(line.trim()).expect("a JSON line"));
            }
            if line.trim() == "0" {
                return None;
            }
        }
    }
}

/// Opens an analysis; while the client's last one is still winding down (the server notices
/// a closed connection within a quarter of a second) a 429 is tried again, for up to 3 s.
fn analyse(server: &Server, query: &str) -> Analysis {
    let began = Instant::now();
    loop {
        let a = Analysis::open(server, &format!("/api/analysis?{query}"));
        if a.status != 429 || began.elapsed() > Duration::from_secs(3) {
            return a;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[test]
fn analysis_streams_depths_of_every_game() {
    let dir = scratch("analysis");
    let server = Server::start_with(&dir.join("games.db"), &["--sync", "normal"]);
    for (game, config) in [
        ("chess3d", "heights=1"),
        ("chess3d", ""),
        ("checkers3d", ""),
        ("bishops4p", ""),
        ("chess-t", ""),
    ] {
        let started = Instant::now();
        let mut a = analyse(
            &server,
            &format!("game={game}&config={}&ms=1200", encode(config)),
        );
        assert_eq!(a.status, 200, "{game}: {}", a.refusal);
        let start = a.next().expect("a start line");
        assert_eq!(start["type"], "start");
        assert_eq!(start["game"], game);
        let root = variant_games::new_game(game, config).unwrap();
        assert_eq!(start["position"], root.to_text());
        let first = a.next().expect("a depth line");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{game}: first depth after {:?}",
            started.elapsed()
        );
        assert_eq!(first["type"], "depth", "{first}");
        assert_eq!(first["depth"], 1);
        let mut last = first;
        let done = loop {
            let line = a.next().expect("the stream goes on to its done line");
            if line["type"] == "done" {
                break line;
            }
            assert_eq!(line["type"], "depth");
            assert!(line["depth"].as_u64() > last["depth"].as_u64(), "{line}");
            last = line;
        };
        assert!(a.next().is_none(), "the stream ends after done");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{game}: 1.2 s asked"
        );
        // The PV is a line of legal moves from the root.
        let mut position = root.clone();
        let pv = last["pv"].as_array().unwrap();
        assert!(!pv.is_empty(), "{last}");
        for mv in pv {
            position
                .play_text(mv.as_str().unwrap())
                .unwrap_or_else(|e| panic!("{game}: {mv} in the PV: {e}"));
        }
        // The best move may come from a deeper iteration cut short by the time: legal anyway.
        assert!(
            root.parse_move(done["best"].as_str().unwrap()).is_ok(),
            "{done}"
        );
        assert!(done["depth"].as_u64() >= last["depth"].as_u64(), "{done}");
        assert!(last["score"]["text"].is_string(), "{last}");
        // SAN only for FIDE chess.
        assert_eq!(
            last["pv_san"].is_array(),
            config == "heights=1",
            "{game} {config}: {last}"
        );
    }
}

#[test]
fn analysis_of_a_game_s_ply_and_positions_along_a_line() {
    let dir = scratch("analysis-ply");
    let server = Server::start_with(&dir.join("games.db"), &["--sync", "normal"]);
    let created = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1", "one_token": true}),
    );
    let id = str_of(&created, "id");
    let token = created["tokens"]["white"].as_str().unwrap();
    for mv in ["f2f3", "e7e5", "g2g4"] {
        assert_eq!(play(&server, id, mv, token).0, 200);
    }
    let past = server.get(&format!("/api/games/{id}?ply=2")).1;
    let mut a = analyse(&server, &format!("id={id}&ply=2&ms=3000"));
    assert_eq!(a.status, 200, "{}", a.refusal);
    let start = a.next().unwrap();
    assert_eq!(start["position"], past["position"]);
    assert_eq!(start["to_move"], "white");
    drop(a);
    // After 1.f3 e5 2.g4 Black mates at once: the analysis finds Qh4#.
    let mut a = analyse(&server, &format!("id={id}&ms=3000"));
    assert_eq!(a.status, 200, "{}", a.refusal);
    let mut mate = None;
    while let Some(line) = a.next() {
        if line["type"] == "depth" && line["score"]["mate"] == 1 {
            mate = Some(line);
            break;
        }
    }
    let mate = mate.expect("a mate in one");
    assert_eq!(mate["pv"][0], "d8h4");
    assert_eq!(mate["pv_san"][0], "Qh4#");
    drop(a);
    // The position along a line: the state after the moves, board included.
    let (status, after) = server.get(&format!("/api/position?id={id}&ply=3&moves=d8h4"));
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["status"]["result"], "win");
    assert_eq!(after["last_mover"], "black");
    // Black's queen on h4 (C3-1 cell names), White in check: the data the page draws.
    assert_eq!(after["board"]["in_check"], json!(["white"]));
    let h4 = after["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "h4");
    assert_eq!(
        h4.unwrap()["piece"],
        json!({"seat": "black", "symbol": "Q", "royal": false})
    );
    let (status, line) =
        server.get("/api/position?game=chess3d&config=heights%3D1&moves=e2e4,e7e5");
    assert_eq!(status, 200, "{line}");
    assert_eq!(line["history"], json!(["e2e4", "e7e5"]));
    assert_eq!(line["to_move"], "white");
    let (status, refused) = server.get("/api/position?game=chess3d&config=heights%3D1&moves=e2e5");
    assert_eq!(status, 422, "{refused}");
    assert!(
        str_of(&refused, "error").contains("move 1 (e2e5)"),
        "{refused}"
    );
}

#[test]
fn analysis_refuses_bad_input_and_over_the_limits() {
    let dir = scratch("analysis-limits");
    let server = Server::start_with(&dir.join("games.db"), &["--sync", "normal"]);
    let over = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1", "one_token": true}),
    );
    let over_id = str_of(&over, "id").to_string();
    let token = over["tokens"]["white"].as_str().unwrap();
    for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        assert_eq!(play(&server, &over_id, mv, token).0, 200);
    }
    for (query, status, says) in [
        ("game=chess9", 400, "unknown game"),
        ("game=chess3d&position=rnbqkbnr%2Fzz", 400, "position"),
        ("game=chess3d&config=heights%3D12", 400, "heights"),
        ("game=chess3d&ms=0", 400, "ms"),
        ("game=chess3d&ms=10001", 400, "ms"),
        ("game=chess3d&ms=soon", 400, "ms"),
        ("game=chess3d&depth=3", 400, "unknown parameter"),
        ("ms=100", 400, "game: missing"),
        ("game=chess3d&ply=2", 400, "only with id"),
        ("id=ffffffffffffffff", 404, "no game"),
        (&format!("id={over_id}&game=chess3d"), 400, "not both"),
        (&format!("id={over_id}&ply=9"), 404, "no ply 9"),
        (&format!("id={over_id}&ply=x"), 400, "ply"),
    ] {
        let a = analyse(&server, query);
        assert_eq!(a.status, status, "{query}: {}", a.refusal);
        let error = a.refusal["error"].as_str().unwrap_or_default();
        assert!(error.contains(says), "{query}: {}", a.refusal);
    }
    // The game's last position, where Black has mated (Fool's mate, C3-21): it analyses to
    // its result, named by seat, without a search (and so without taking a place).
    let mut mated = analyse(&server, &format!("id={over_id}"));
    assert_eq!(mated.status, 200, "{}", mated.refusal);
    assert_eq!(mated.next().unwrap()["type"], "start");
    let done = mated.next().expect("a done line");
    assert_eq!(done["type"], "done", "{done}");
    assert_eq!(done["best"], Value::Null, "{done}");
    assert_eq!(done["over"]["result"], "win", "{done}");
    assert_eq!(done["over"]["winner"], "black", "{done}");
    assert_eq!(done["over"]["text"], "black wins (checkmate)", "{done}");
    assert!(mated.next().is_none());
    // One analysis a client, two on the server; a closed one gives its place back.
    let mut first =
        Analysis::open_from(&server, "/api/analysis?game=chess-t&ms=10000", "127.0.0.1");
    assert_eq!(first.status, 200, "{}", first.refusal);
    assert_eq!(first.next().unwrap()["type"], "start");
    let again = Analysis::open_from(&server, "/api/analysis?game=chess-t&ms=500", "127.0.0.1");
    assert_eq!(again.status, 429, "{}", again.refusal);
    assert!(
        again.refusal["error"]
            .as_str()
            .unwrap()
            .contains("per client")
    );
    // With replace=true the client's new analysis ends its earlier one and takes its place.
    let mut replacing = Analysis::open_from(
        &server,
        "/api/analysis?game=chess-t&ms=10000&replace=true",
        "127.0.0.1",
    );
    assert_eq!(replacing.status, 200, "{}", replacing.refusal);
    let mut last = Value::Null;
    while let Some(line) = first.next() {
        last = line;
    }
    assert_eq!(last["type"], "done", "{last}");
    assert_eq!(last["stopped"], true, "{last}");
    assert_eq!(replacing.next().unwrap()["type"], "start");
    drop(replacing);
    let wait_free = || {
        let began = Instant::now();
        loop {
            let mut probe =
                Analysis::open_from(&server, "/api/analysis?game=chess3d&ms=100", "127.0.0.9");
            if probe.status == 200 {
                // Read to its end: its place is given back.
                while probe.next().is_some() {}
                return;
            }
            assert!(
                began.elapsed() < Duration::from_secs(3),
                "no place within 3 s after a client left: {}",
                probe.refusal
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    // A client gone (its connection closed): its search stops and its place comes free.
    wait_free();
    // A browser's id counts as its own client (the page sends one).
    let (a, b) = (
        "/api/analysis?game=chess3d&ms=10000&client=page-0001",
        "/api/analysis?game=chess3d&ms=10000&client=page-0001&replace=false",
    );
    let mut by_id = Analysis::open_from(&server, a, "127.0.0.1");
    assert_eq!(by_id.status, 200, "{}", by_id.refusal);
    assert_eq!(by_id.next().unwrap()["type"], "start");
    let twice = Analysis::open_from(&server, b, "127.0.0.1");
    assert_eq!(twice.status, 429, "{}", twice.refusal);
    assert!(str_of(&twice.refusal, "error").contains("per client"));
    drop(by_id);
    let bad_id = Analysis::open_from(&server, "/api/analysis?game=chess3d&client=x", "127.0.0.1");
    assert_eq!(bad_id.status, 400, "{}", bad_id.refusal);
    wait_free();
    // The server's limit (one core is left to the games: 1 on two cores, 2 from three on):
    // that many clients run one each, one more is refused.
    let (_, info) = server.get("/api/info");
    let at_once = info["analysis"]["at_once"].as_u64().unwrap() as usize;
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    assert_eq!(at_once, (cores - 1).clamp(1, 2), "{info}");
    assert_eq!(info["analysis"]["max_ms"], 10000);
    let mut running = Vec::new();
    for i in 0..at_once {
        let mut one = Analysis::open_from(
            &server,
            "/api/analysis?game=checkers3d&ms=10000",
            &format!("127.0.0.{}", i + 1),
        );
        assert_eq!(one.status, 200, "{}", one.refusal);
        assert_eq!(one.next().unwrap()["type"], "start");
        running.push(one);
    }
    let over = Analysis::open_from(
        &server,
        "/api/analysis?game=checkers3d&ms=500",
        "127.0.0.99",
    );
    assert_eq!(over.status, 429, "{}", over.refusal);
    assert!(
        str_of(&over.refusal, "error").contains("most analyses"),
        "{}",
        over.refusal
    );
    // The clients go: their places come free at once (the searches asked for 10 s).
    drop(running);
    wait_free();
}

#[test]
fn sigterm_ends_an_analysis_and_the_process_within_2_s() {
    let dir = scratch("analysis-sigterm");
    let mut server = Server::start_with(&dir.join("games.db"), &["--sync", "normal"]);
    let mut a = analyse(&server, "game=chess3d&ms=10000");
    assert_eq!(a.status, 200);
    assert_eq!(a.next().unwrap()["type"], "start");
    let signalled = Instant::now();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut last = Value::Null;
    while let Some(line) = a.next() {
        last = line;
    }
    assert_eq!(last["type"], "shutdown", "the stream's last line");
    loop {
        if server.child.try_wait().unwrap().is_some() {
            break;
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(2),
            "still running 2 s after SIGTERM with an analysis open"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn no_move_while_a_seat_is_open_and_names_are_kept() {
    let dir = scratch("seat-open");
    let server = Server::start_with(&dir.join("games.db"), &["--sync", "normal"]);
    let created = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1", "listed": ["black"],
               "players": {}, "names": {"white": "  Ann "},
               "clock": {"initial_ms": 60000, "increment_ms": 0}}),
    );
    let id = str_of(&created, "id").to_string();
    let white = created["tokens"]["white"].as_str().unwrap().to_string();
    let (status, refused) = play(&server, &id, "e2e4", &white);
    assert_eq!(status, 409, "{refused}");
    assert!(
        str_of(&refused, "error").contains("waiting for an opponent"),
        "{refused}"
    );
    let before = state(&server, &id);
    assert_eq!(before["ply"], 0);
    assert_eq!(before["clock"]["running"], Value::Null);
    assert_eq!(before["names"], json!({"white": "Ann", "black": null}));
    // An engine seat waits too: White is the engine, Black open.
    let engine = create(
        &server,
        json!({"game": "chess3d", "config": "heights=1", "listed": ["black"],
               "players": {"white": "engine:depth=1"}}),
    );
    let engine_id = str_of(&engine, "id").to_string();
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(state(&server, &engine_id)["ply"], 0, "the engine waited");
    let (status, taken) = server.post(
        &format!("/api/games/{engine_id}/seats/black"),
        &json!({"name": "Bo"}),
    );
    assert_eq!(status, 200, "{taken}");
    server::wait_for(&server, &engine_id, Duration::from_secs(10), |s| {
        s["ply"] == 1
    });
    assert_eq!(state(&server, &engine_id)["names"]["black"], "Bo");
    // Taken: the game begins.
    let (status, taken) = server.post(&format!("/api/games/{id}/seats/black"), &json!({}));
    assert_eq!(status, 200, "{taken}");
    assert_eq!(play(&server, &id, "e2e4", &white).0, 200);
    let (status, too_long) = server.post(
        "/api/games",
        &json!({"game": "chess3d", "names": {"white": "x".repeat(41)}}),
    );
    assert_eq!(status, 400, "{too_long}");
    let (status, no_seat) = server.post(
        "/api/games",
        &json!({"game": "chess3d", "names": {"green": "Al"}}),
    );
    assert_eq!(status, 400, "{no_seat}");
}

/// How game `i` of the archive test is made and ended.
struct Made {
    id: String,
    game: &'static str,
    white: String,
    black: String,
    /// `win` with `winner`, `draw` or `aborted`.
    result: &'static str,
    winner: Option<&'static str>,
}

const GAMES: [&str; 4] = ["chess3d", "checkers3d", "chess-t", "bishops4p"];

fn make(server: &Server, i: usize) -> Made {
    let game = GAMES[i % 4];
    let white = format!("p{}", i % 7);
    let black = format!("Q{}", i % 5);
    let mut names = json!({"white": white, "black": black});
    if game == "bishops4p" {
        names["grey"] = json!("grey player");
    }
    let created = create(
        server,
        json!({"game": game, "names": names, "one_token": game == "bishops4p"}),
    );
    let id = str_of(&created, "id").to_string();
    let token = |seat: &str| created["tokens"][seat].as_str().unwrap().to_string();
    let post = |what: &str, token: &str| {
        let (status, answer) =
            server.post(&format!("/api/games/{id}/{what}"), &json!({"token": token}));
        assert_eq!(status, 200, "{what} {answer}");
    };
    let (result, winner) = if game == "bishops4p" {
        post("abort", &token("white"));
        ("aborted", None)
    } else {
        match i % 3 {
            0 => {
                post("resign", &token("white"));
                ("win", Some("black"))
            }
            1 => {
                post("resign", &token("black"));
                ("win", Some("white"))
            }
            _ => {
                post("draw", &token("white"));
                post("draw", &token("black"));
                ("draw", None)
            }
        }
    };
    Made {
        id,
        game,
        white,
        black,
        result,
        winner,
    }
}

/// Every page of the archive for `query` (20 a page): the ids, newest first.
fn archive_ids(server: &Server, query: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut page = 1;
    loop {
        let (status, answer) = server.get(&format!("/api/games?finished=true&page={page}&{query}"));
        assert_eq!(status, 200, "{query}: {answer}");
        let games = answer["games"].as_array().unwrap();
        let total = answer["total"].as_u64().unwrap() as usize;
        if games.is_empty() {
            assert_eq!(ids.len(), total, "{query}");
            assert_eq!(
                answer["pages"].as_u64().unwrap() as usize,
                total.div_ceil(20)
            );
            return ids;
        }
        assert!(games.len() <= 20);
        ids.extend(games.iter().map(|g| str_of(g, "id").to_string()));
        page += 1;
    }
}

#[test]
fn the_archive_filters_and_pages_finished_games() {
    let dir = scratch("archive");
    let server = Server::start_with(&dir.join("games.db"), &["--sync", "normal"]);
    // A game in progress is no part of the archive.
    let going = create(&server, json!({"game": "chess3d"}));
    let mut made = Vec::new();
    let mut middle = 0i64;
    for i in 0..200 {
        if i == 100 {
            std::thread::sleep(Duration::from_millis(20));
            middle = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis() as i64;
            std::thread::sleep(Duration::from_millis(20));
        }
        made.push(make(&server, i));
    }
    // Newest first: the reverse of the order they were made (each ended before the next).
    let newest: Vec<&Made> = made.iter().rev().collect();
    let expect = |keep: &dyn Fn(&Made) -> bool| -> Vec<String> {
        newest
            .iter()
            .filter(|m| keep(m))
            .map(|m| m.id.clone())
            .collect()
    };
    let all = archive_ids(&server, "");
    assert_eq!(all, expect(&|_| true));
    assert!(!all.contains(&str_of(&going, "id").to_string()));
    // A page's entry.
    let (_, first) = server.get("/api/games?finished=true&per_page=7&page=29");
    assert_eq!(first["total"], 200);
    assert_eq!(first["pages"], 29);
    assert_eq!(first["games"].as_array().unwrap().len(), 4); // 200 = 28 × 7 + 4
    let oldest = &first["games"][3];
    assert_eq!(str_of(oldest, "id"), made[0].id);
    assert_eq!(oldest["seats"], json!(["white", "black"]));
    assert_eq!(oldest["names"]["white"], "p0");
    assert_eq!(oldest["names"]["black"], "Q0");
    assert_eq!(oldest["status"]["result"], "win");
    assert_eq!(oldest["status"]["winner"], "black");
    assert_eq!(oldest["status"]["text"], "black wins (resignation)");
    assert_eq!(oldest["ply"], 1);
    assert!(str_of(oldest, "finished").ends_with('Z'));

    for game in GAMES {
        assert_eq!(
            archive_ids(&server, &format!("game={game}")),
            expect(&|m| m.game == game),
            "{game}"
        );
    }
    for player in ["p3", "P3", "q4", "grey player"] {
        assert_eq!(
            archive_ids(&server, &format!("player={}", encode(player))),
            expect(&|m| {
                m.white.eq_ignore_ascii_case(player)
                    || m.black.eq_ignore_ascii_case(player)
                    || (player == "grey player" && m.game == "bishops4p")
            }),
            "{player}"
        );
    }
    for result in ["win", "draw", "aborted"] {
        assert_eq!(
            archive_ids(&server, &format!("result={result}")),
            expect(&|m| m.result == result),
            "{result}"
        );
    }
    for seat in ["white", "black"] {
        assert_eq!(
            archive_ids(&server, &format!("result={seat}")),
            expect(&|m| m.winner == Some(seat)),
            "{seat}"
        );
    }
    let (before, after): (Vec<&Made>, Vec<&Made>) =
        (made[..100].iter().collect(), made[100..].iter().collect());
    assert_eq!(
        archive_ids(&server, &format!("from={middle}")),
        after.iter().rev().map(|m| m.id.clone()).collect::<Vec<_>>()
    );
    assert_eq!(
        archive_ids(&server, &format!("to={middle}")),
        before
            .iter()
            .rev()
            .map(|m| m.id.clone())
            .collect::<Vec<_>>()
    );
    // Days: today's games are all of them; a day long past has none.
    let today = &str_of(&first["games"][0], "finished")[..10];
    assert_eq!(
        archive_ids(&server, &format!("from={today}&to={today}")).len(),
        200
    );
    assert!(archive_ids(&server, "to=2001-01-01").is_empty());
    // Filters together.
    assert_eq!(
        archive_ids(&server, "game=chess-t&result=draw&player=p2"),
        expect(&|m| m.game == "chess-t"
            && m.result == "draw"
            && (m.white == "p2" || m.black == "p2"))
    );
    for (query, says) in [
        ("game=go", "unknown game"),
        ("result=lost", "result"),
        ("from=yesterday", "from"),
        ("to=2026-13-01", "to"),
        ("page=0", "page"),
        ("per_page=101", "per_page"),
        ("finished=maybe", "finished"),
    ] {
        let path = if query.starts_with("finished") {
            format!("/api/games?{query}")
        } else {
            format!("/api/games?finished=true&{query}")
        };
        let (status, answer) = server.get(&path);
        assert_eq!(status, 400, "{query}: {answer}");
        assert!(str_of(&answer, "error").contains(says), "{query}: {answer}");
    }
    // An archived game opens read-only: its state, its past plies, its analysis.
    let archived = state(&server, &made[0].id);
    assert_eq!(archived["status"]["result"], "win");
    assert_eq!(archived["names"]["white"], "p0");
}

#[test]
fn rematch_requests_and_the_rematch_survive_a_restart() {
    let dir = scratch("rematch-restart");
    let db = dir.join("games.db");
    let server = Server::start_with(&db, &["--sync", "normal"]);
    let created = create(&server, json!({"game": "chess3d", "config": "heights=1"}));
    let id = str_of(&created, "id").to_string();
    let white = created["tokens"]["white"].as_str().unwrap().to_string();
    let black = created["tokens"]["black"].as_str().unwrap().to_string();
    let resign = server.post(&format!("/api/games/{id}/resign"), &json!({"token": white}));
    assert_eq!(resign.0, 200, "{}", resign.1);
    let asked = server.post(
        &format!("/api/games/{id}/rematch"),
        &json!({"token": white}),
    );
    assert_eq!(asked.0, 200, "{}", asked.1);
    assert_eq!(asked.1["rematch_requests"], json!(["white"]));
    server.kill();
    // Started again (after a kill): White's request is still there; Black accepts.
    let server = Server::start_with(&db, &["--sync", "normal"]);
    assert_eq!(state(&server, &id)["rematch_requests"], json!(["white"]));
    let (status, made) = server.post(
        &format!("/api/games/{id}/rematch"),
        &json!({"token": black}),
    );
    assert_eq!(status, 200, "{made}");
    let rematch = str_of(&made["rematch"], "id").to_string();
    server.kill();
    let server = Server::start_with(&db, &["--sync", "normal"]);
    let after = state(&server, &id);
    assert_eq!(after["rematch"]["id"], rematch.as_str(), "{after}");
    assert_eq!(
        after["rematch"]["seats"],
        json!({"white": "black", "black": "white"})
    );
    // The rematch itself: White's player now plays Black, with the same token.
    assert_eq!(play(&server, &rematch, "e2e4", &black).0, 200);
}
