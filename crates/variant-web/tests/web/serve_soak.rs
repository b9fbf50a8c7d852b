//! The soak: the server process run for `VARIANTS_SOAK_MINUTES` (default 2) with
//! `VARIANTS_SOAK_CLIENTS` clients (default 50) playing whole games the way people do, through
//! a graceful restart every ten minutes (every half of the run when it is shorter) and one
//! `kill -9`. Run by `cargo xtask soak --minutes M` (release build; `#[ignore]`d here, and left
//! out of `cargo xtask release-tests`).
//!
//! What the clients do, in turn: FIDE chess against an engine seat (then its record as JSON and
//! PGN), 3D draughts between two humans with take-backs, "Bishops" with a seat listed in the
//! lobby and taken from it, chess-T to a draw by agreement, 3D chess with take-backs, and a
//! game on a short clock left to run out. Every game has a clock; a game still going after
//! `MAX_PLIES` is resigned. Moves are picked at random among the legal ones the server lists,
//! with a pause between them (a person needs seconds; `VARIANTS_SOAK_THINK_MS`, default 200).
//!
//! Checked: every answer is the one the request calls for (a 409 only for a seat another
//! client took, or a move after a flag fall); no accepted move is lost (each client keeps the
//! history of its last accepted action, and the server's history must begin with it: after a
//! restart, a kill, and at the end); the server answers again within 10 s of each restart;
//! the process ends cleanly on the last SIGTERM. Sampled every minute (every tenth of a short
//! run): the server's resident memory, open files and database size; with 20 minutes or more,
//! resident memory in the last ten minutes at most 10 % above minutes 10–20, and the database's
//! bytes per stored game at most 1.5 times what they were at minute 10. The samples go to
//! `target/soak/samples.csv` and a plot of memory over time to `target/soak/memory.svg`.

use crate::server;

use serde_json::{Value, json};
use server::{Server, scratch};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

/// A game still going after this many plies is resigned.
const MAX_PLIES: usize = 60;
/// How long a client waits for the server to answer again (a restart) before it reports it.
const UNAVAILABLE_LIMIT: Duration = Duration::from_secs(30);

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// What the clients and the supervisor share.
struct Soak {
    /// The server's current address (a restart binds a new ephemeral port).
    addr: RwLock<String>,
    /// The server's current process id (for the samples).
    pid: AtomicU32,
    /// No client starts a game after this.
    until: Instant,
    think: Duration,
    games: AtomicUsize,
    moves: AtomicUsize,
    errors: Mutex<Vec<String>>,
    /// Every game: its id and the history of its last accepted action.
    ledger: Mutex<Vec<(String, Vec<String>)>>,
}

impl Soak {
    fn error(&self, what: String) {
        eprintln!("soak: {what}");
        self.errors.lock().unwrap().push(what);
    }

    /// One request to the current server; `None` when no server answers (a restart), after
    /// retrying for `UNAVAILABLE_LIMIT` (`retry` false: one try).
    fn call(&self, method: &str, path: &str, body: &Value, retry: bool) -> Option<(u16, Value)> {
        let start = Instant::now();
        loop {
            let addr = self.addr.read().unwrap().clone();
            if let Some(answer) = request(&addr, method, path, body) {
                return Some(answer);
            }
            if !retry || start.elapsed() > UNAVAILABLE_LIMIT {
                return None;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// A request that must be answered `want`: else an error is recorded and `None` returned.
    fn expect(&self, method: &str, path: &str, body: &Value, want: u16) -> Option<Value> {
        match self.call(method, path, body, true) {
            Some((status, answer)) if status == want => Some(answer),
            Some((status, answer)) => {
                self.error(format!("{method} {path} {body}: {status} {answer}"));
                None
            }
            None => {
                self.error(format!(
                    "{method} {path}: no answer for {UNAVAILABLE_LIMIT:?}"
                ));
                None
            }
        }
    }
}

/// One HTTP/1.1 request on a new connection; `None` when there is no answer.
fn request(addr: &str, method: &str, path: &str, body: &Value) -> Option<(u16, Value)> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .ok()?;
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).ok()?;
    stream.write_all(body.as_bytes()).ok()?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).ok()?;
    let answer = String::from_utf8_lossy(&answer);
    let status = answer.split_whitespace().nth(1)?.parse().ok()?;
    let text = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    Some((status, serde_json::from_str(text).unwrap_or(Value::Null)))
}

fn history(state: &Value) -> Vec<String> {
    state["history"]
        .as_array()
        .map(|h| {
            h.iter()
                .filter_map(|m| m.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn ongoing(state: &Value) -> bool {
    state["status"]["result"] == "ongoing"
}

/// The kinds of game the clients play, in turn.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// FIDE chess against an engine seat; the record read as JSON and PGN.
    AgainstEngine,
    /// 3D draughts, two humans on one token, a take-back every seventh ply.
    DraughtsTakeBacks,
    /// "Bishops", one seat listed in the lobby and taken from it.
    LobbyJoin,
    /// Chess-T to a draw by agreement.
    AgreedDraw,
    /// 3D chess on two heights, a take-back every ninth ply.
    ChessTakeBacks,
    /// FIDE chess on a 3-second clock, left to run out.
    FlagFall,
}

const KINDS: [Kind; 6] = [
    Kind::AgainstEngine,
    Kind::DraughtsTakeBacks,
    Kind::LobbyJoin,
    Kind::AgreedDraw,
    Kind::ChessTakeBacks,
    Kind::FlagFall,
];

impl Kind {
    fn create_body(self) -> Value {
        let clock = json!({"initial_ms": 600_000, "increment_ms": 1000});
        match self {
            Kind::AgainstEngine => json!({"game": "chess3d", "config": "heights=1",
                "players": {"black": "engine:nodes=3000,movetime=200"}, "clock": clock}),
            Kind::DraughtsTakeBacks => json!({"game": "checkers3d", "config": "heights=2",
                "one_token": true, "clock": clock}),
            Kind::LobbyJoin => json!({"game": "bishops4p", "listed": ["pink"], "clock": clock}),
            Kind::AgreedDraw => json!({"game": "chess-t", "one_token": true, "clock": clock}),
            Kind::ChessTakeBacks => json!({"game": "chess3d", "config": "heights=2",
                "one_token": true, "clock": clock}),
            Kind::FlagFall => json!({"game": "chess3d", "config": "heights=1",
                "one_token": true, "clock": {"initial_ms": 3000, "increment_ms": 0}}),
        }
    }

    fn take_back_every(self) -> Option<usize> {
        match self {
            Kind::DraughtsTakeBacks => Some(7),
            Kind::ChessTakeBacks => Some(9),
            _ => None,
        }
    }
}

impl Game {
    /// The token of the seat named `seat` (a JSON string).
    fn token_for(&self, seat: &Value) -> &str {
        if let Some(token) = seat.as_str().and_then(|s| self.tokens[s].as_str()) {
            return token;
        }
        match &self.joined {
            Some((name, token)) if seat == name.as_str() => token,
            // One token for every seat.
            _ => self
                .tokens
                .as_object()
                .and_then(|t| t.values().next())
                .and_then(Value::as_str)
                .unwrap_or_default(),
        }
    }
}

/// A client's game in progress.
struct Game {
    id: String,
    /// The tokens this client plays with, by seat (one for every seat with `one_token`).
    tokens: Value,
    /// A seat taken from the lobby, and its token.
    joined: Option<(String, String)>,
    /// The history after this client's last accepted action.
    acked: Vec<String>,
    /// The ledger's index of this game.
    slot: usize,
}

struct Client<'a> {
    soak: &'a Soak,
    rng: u64,
}

impl Client<'_> {
    fn random(&mut self, below: usize) -> usize {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng % below.max(1) as u64) as usize
    }

    fn run(&mut self, index: usize) {
        let mut played = 0;
        while Instant::now() < self.soak.until {
            let kind = KINDS[(index + played) % KINDS.len()];
            played += 1;
            self.play_game(kind);
        }
    }

    /// Records what the server answered to an accepted action.
    fn accepted(&self, game: &mut Game, state: &Value) {
        game.acked = history(state);
        self.soak.ledger.lock().unwrap()[game.slot].1 = game.acked.clone();
    }

    /// The server's state, checked against what it accepted before (a restart in between
    /// must not have lost it).
    fn state(&self, game: &Game) -> Option<Value> {
        let state =
            self.soak
                .expect("GET", &format!("/api/games/{}", game.id), &Value::Null, 200)?;
        let now = history(&state);
        if !now.starts_with(&game.acked) {
            self.soak.error(format!(
                "game {}: accepted history {:?} is not the start of the stored {:?}",
                game.id, game.acked, now
            ));
            return None;
        }
        Some(state)
    }

    fn play_game(&mut self, kind: Kind) {
        let Some(created) = self
            .soak
            .expect("POST", "/api/games", &kind.create_body(), 201)
        else {
            return;
        };
        let id = created["id"].as_str().unwrap_or_default().to_string();
        let tokens = created["tokens"].clone();
        if tokens.as_object().is_none_or(|t| t.is_empty()) {
            self.soak
                .error(format!("create {kind:?}: no token in {created}"));
            return;
        }
        self.soak.games.fetch_add(1, Ordering::Relaxed);
        let slot = {
            let mut ledger = self.soak.ledger.lock().unwrap();
            ledger.push((id.clone(), Vec::new()));
            ledger.len() - 1
        };
        let mut game = Game {
            id,
            tokens,
            joined: None,
            acked: Vec::new(),
            slot,
        };
        if matches!(kind, Kind::LobbyJoin) {
            match self.join_from_lobby(&game) {
                Some(joined) => game.joined = Some(joined),
                None => return,
            }
        }
        let mut plies = 0;
        while let Some(state) = self.state(&game) {
            if !ongoing(&state) {
                break;
            }
            if plies >= MAX_PLIES || (Instant::now() >= self.soak.until && plies > 0) {
                self.finish(kind, &mut game);
                break;
            }
            if matches!(kind, Kind::FlagFall) && plies >= 4 {
                self.wait_for_flag(&mut game);
                break;
            }
            if matches!(kind, Kind::AgainstEngine) && state["to_move"] != "white" {
                // The engine's turn: it replies by itself.
                std::thread::sleep(Duration::from_millis(100));
                continue;
            }
            if kind
                .take_back_every()
                .is_some_and(|n| plies > 0 && plies % n == 0)
                && !game.acked.is_empty()
            {
                self.take_back(&mut game);
                plies += 1;
                continue;
            }
            let Some(moves) = state["moves"].as_array().filter(|m| !m.is_empty()) else {
                break;
            };
            let mv = moves[self.random(moves.len())].as_str().unwrap_or_default();
            self.play_move(&mut game, mv, &state);
            plies += 1;
            std::thread::sleep(self.soak.think);
        }
        self.read_records(kind, &game);
    }

    /// Plays `mv`; a move left without an answer by a restart is looked for in the history.
    fn play_move(&mut self, game: &mut Game, mv: &str, before: &Value) {
        let path = format!("/api/games/{}/moves", game.id);
        let token = game.token_for(&before["to_move"]);
        let body = json!({"move": mv, "token": token});
        match self.soak.call("POST", &path, &body, false) {
            Some((200, state)) => {
                self.accepted(game, &state);
                self.soak.moves.fetch_add(1, Ordering::Relaxed);
            }
            // The clock ran out while this client waited.
            Some((409, answer)) if answer.to_string().contains("time") => {}
            Some((status, answer)) => {
                self.soak
                    .error(format!("POST {path} {body}: {status} {answer}"));
            }
            None => {
                // No answer: the server went down with the request. Whether it took the move
                // shows in its history once it is back (either is correct; losing a move it
                // answered would not be).
                let Some(state) = self.state(game) else {
                    return;
                };
                let was = history(before).len();
                if history(&state).len() > was {
                    self.accepted(game, &state);
                }
            }
        }
    }

    fn take_back(&mut self, game: &mut Game) {
        let path = format!("/api/games/{}/undo", game.id);
        if let Some(state) = self.soak.expect(
            "POST",
            &path,
            &json!({"token": game.token_for(&Value::Null)}),
            200,
        ) {
            self.accepted(game, &state);
        }
    }

    /// Takes the seat listed at creation from the lobby's list: the seat and its token.
    fn join_from_lobby(&mut self, game: &Game) -> Option<(String, String)> {
        let lobby = self
            .soak
            .expect("GET", "/api/games?open=true", &Value::Null, 200)?;
        let listed = lobby["games"]
            .as_array()
            .is_some_and(|g| g.iter().any(|g| g["id"] == game.id.as_str()));
        if !listed {
            self.soak
                .error(format!("game {} not in the lobby: {lobby}", game.id));
            return None;
        }
        let path = format!("/api/games/{}/seats/pink", game.id);
        let taken = self.soak.expect("POST", &path, &json!({}), 200)?;
        // The seat is taken: a second try is refused.
        if let Some((status, answer)) = self.soak.call("POST", &path, &json!({}), true)
            && status != 409
        {
            self.soak
                .error(format!("POST {path} again: {status} {answer}"));
        }
        let token = taken["token"].as_str().map(str::to_string);
        if token.is_none() {
            self.soak.error(format!("POST {path}: no token in {taken}"));
        }
        Some(("pink".to_string(), token?))
    }

    /// Ends a game still going: a draw by agreement (one token holds every seat), or the
    /// seat to move resigns until the game is over (four-player games go on without the
    /// seats that resigned).
    fn finish(&mut self, kind: Kind, game: &mut Game) {
        let what = if matches!(kind, Kind::AgreedDraw) {
            "draw"
        } else {
            "resign"
        };
        let path = format!("/api/games/{}/{what}", game.id);
        for _ in 0..4 {
            let Some(state) = self.state(game) else {
                return;
            };
            if !ongoing(&state) {
                return;
            }
            let token = game.token_for(&state["to_move"]);
            let Some(state) = self
                .soak
                .expect("POST", &path, &json!({"token": token}), 200)
            else {
                return;
            };
            self.accepted(game, &state);
            if what == "draw" && ongoing(&state) {
                self.soak
                    .error(format!("game {}: agreed draw not ended: {state}", game.id));
                return;
            }
        }
    }

    /// Waits for the short clock to run out.
    fn wait_for_flag(&mut self, game: &mut Game) {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(30) {
            let Some(state) = self.state(game) else {
                return;
            };
            if !ongoing(&state) {
                if state["status"]["reason"] != "time" {
                    self.soak
                        .error(format!("game {}: ended but not by time: {state}", game.id));
                }
                return;
            }
            std::thread::sleep(Duration::from_millis(250));
        }
        self.soak.error(format!(
            "game {}: the 3-second clock never ran out",
            game.id
        ));
    }

    fn read_records(&mut self, kind: Kind, game: &Game) {
        let path = format!("/api/games/{}/record", game.id);
        if let Some(record) = self.soak.expect("GET", &path, &Value::Null, 200)
            && record["moves"].as_array().map(Vec::len).unwrap_or(0) < game.acked.len()
        {
            self.soak
                .error(format!("game {}: record shorter than the game", game.id));
        }
        if matches!(kind, Kind::AgainstEngine) {
            let pgn = format!("{path}?format=pgn");
            let _ = self.soak.expect("GET", &pgn, &Value::Null, 200);
        }
    }
}

/// One sample of the server process and its database.
#[derive(Clone, Copy, Debug)]
struct Sample {
    seconds: u64,
    rss_kib: u64,
    open_files: u64,
    db_bytes: u64,
    games: u64,
    moves: u64,
}

fn sample(soak: &Soak, db: &Path, start: Instant) -> Sample {
    let pid = soak.pid.load(Ordering::Relaxed);
    let rss_kib = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0);
    let open_files = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count() as u64);
    let db_bytes = ["", "-wal", "-shm"]
        .iter()
        .map(|suffix| {
            let mut path = db.as_os_str().to_owned();
            path.push(suffix);
            std::fs::metadata(PathBuf::from(path)).map_or(0, |m| m.len())
        })
        .sum();
    Sample {
        seconds: start.elapsed().as_secs(),
        rss_kib,
        open_files,
        db_bytes,
        games: soak.games.load(Ordering::Relaxed) as u64,
        moves: soak.moves.load(Ordering::Relaxed) as u64,
    }
}

/// Stops the server with SIGTERM (a graceful shutdown) and waits for a clean exit.
fn terminate(mut server: Server, soak: &Soak) {
    let pid = server.child.id().to_string();
    let signalled = Instant::now();
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status();
    if !sent.is_ok_and(|s| s.success()) {
        soak.error(format!("kill -TERM {pid} failed"));
    }
    loop {
        match server.child.try_wait() {
            Ok(Some(status)) => {
                if !status.success() {
                    soak.error(format!("the server ended with {status} after SIGTERM"));
                }
                eprintln!("soak: stopped by SIGTERM in {:?}", signalled.elapsed());
                return;
            }
            Ok(None) if signalled.elapsed() < Duration::from_secs(10) => {
                std::thread::sleep(Duration::from_millis(20));
            }
            _ => {
                soak.error("the server still ran 10 s after SIGTERM".to_string());
                return;
            }
        }
    }
}

fn start(db: &Path, soak: &Soak) -> Server {
    let server = Server::start(db);
    *soak.addr.write().unwrap() = server.addr.clone();
    soak.pid.store(server.child.id(), Ordering::Relaxed);
    server
}

/// A plot of resident memory over time, as SVG (restarts marked).
fn memory_svg(samples: &[Sample], restarts: &[(u64, &str)]) -> String {
    let (w, h, pad) = (640.0, 240.0, 40.0);
    let t_max = samples.last().map_or(1, |s| s.seconds.max(1)) as f64;
    let m_max = samples.iter().map(|s| s.rss_kib).max().unwrap_or(1).max(1) as f64 * 1.1;
    let x = |t: u64| pad + (t as f64 / t_max) * (w - 2.0 * pad);
    let y = |m: u64| h - pad - (m as f64 / m_max) * (h - 2.0 * pad);
    let points: Vec<String> = samples
        .iter()
        .map(|s| format!("{:.1},{:.1}", x(s.seconds), y(s.rss_kib)))
        .collect();
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         font-family=\"sans-serif\" font-size=\"11\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n\
         <line x1=\"{pad}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\" stroke=\"black\"/>\n\
         <line x1=\"{pad}\" y1=\"{pad}\" x2=\"{pad}\" y2=\"{b}\" stroke=\"black\"/>\n\
         <text x=\"{pad}\" y=\"{t}\">resident memory of the server (max {:.0} MiB)</text>\n\
         <text x=\"{r}\" y=\"{u}\" text-anchor=\"end\">{:.0} min</text>\n",
        m_max / 1.1 / 1024.0,
        t_max / 60.0,
        b = h - pad,
        r = w - pad,
        t = pad - 10.0,
        u = h - pad + 15.0,
    );
    for (t, what) in restarts {
        let color = if *what == "kill" { "red" } else { "gray" };
        svg += &format!(
            "<line x1=\"{0:.1}\" y1=\"{pad}\" x2=\"{0:.1}\" y2=\"{1}\" stroke=\"{color}\" \
             stroke-dasharray=\"3,3\"><title>{what}</title></line>\n",
            x(*t),
            h - pad
        );
    }
    svg += &format!(
        "<polyline fill=\"none\" stroke=\"steelblue\" stroke-width=\"2\" points=\"{}\"/>\n</svg>\n",
        points.join(" ")
    );
    svg
}

#[test]
#[ignore = "minutes long: run by `cargo xtask soak --minutes M`"]
fn soak() {
    let minutes = env_number("VARIANTS_SOAK_MINUTES", 2).max(1);
    let clients = env_number("VARIANTS_SOAK_CLIENTS", 50).max(1) as usize;
    let think = Duration::from_millis(env_number("VARIANTS_SOAK_THINK_MS", 200));
    let run = Duration::from_secs(minutes * 60);
    // A graceful restart every ten minutes (every half of a shorter run), and one kill -9
    // between two of them.
    let restart_every = Duration::from_secs((minutes * 60 / 2).clamp(30, 600));
    let kill_at = restart_every.mul_f64(1.5).min(run.mul_f64(0.75));
    let sample_every = Duration::from_secs((minutes * 60 / 10).clamp(5, 60));

    let dir = scratch("soak");
    let db = dir.join("games.db");
    let begun = Instant::now();
    let soak = Soak {
        addr: RwLock::new(String::new()),
        pid: AtomicU32::new(0),
        until: begun + run,
        think,
        games: AtomicUsize::new(0),
        moves: AtomicUsize::new(0),
        errors: Mutex::new(Vec::new()),
        ledger: Mutex::new(Vec::new()),
    };
    let mut server = Some(start(&db, &soak));
    let mut samples = vec![sample(&soak, &db, begun)];
    let mut restarts: Vec<(u64, &str)> = Vec::new();
    eprintln!(
        "soak: {clients} clients for {minutes} min; graceful restart every {restart_every:?}, \
         kill -9 at {kill_at:?}, a sample every {sample_every:?}"
    );
    std::thread::scope(|scope| {
        for index in 0..clients {
            let soak = &soak;
            scope.spawn(move || {
                Client {
                    soak,
                    rng: 0x9E37_79B9_7F4A_7C15 ^ (index as u64 + 1).wrapping_mul(0x2545_F491),
                }
                .run(index);
            });
        }
        // The supervisor: samples, restarts and the kill, until the clients stop starting
        // games.
        let mut next_sample = sample_every;
        let mut next_restart = restart_every;
        let mut killed = false;
        while begun.elapsed() < run {
            std::thread::sleep(Duration::from_millis(200));
            let now = begun.elapsed();
            if now >= next_sample {
                samples.push(sample(&soak, &db, begun));
                let s = samples.last().unwrap();
                eprintln!(
                    "soak: {:>5} s  rss {} KiB  files {}  db {} B  games {}  moves {}",
                    s.seconds, s.rss_kib, s.open_files, s.db_bytes, s.games, s.moves
                );
                next_sample += sample_every;
            }
            if !killed && now >= kill_at {
                killed = true;
                restarts.push((now.as_secs(), "kill"));
                eprintln!("soak: kill -9 at {now:?}");
                server.take().unwrap().kill();
                server = Some(start(&db, &soak));
            } else if now >= next_restart && now + Duration::from_secs(5) < run {
                restarts.push((now.as_secs(), "restart"));
                eprintln!("soak: graceful restart at {now:?}");
                terminate(server.take().unwrap(), &soak);
                server = Some(start(&db, &soak));
                next_restart += restart_every;
            } else if now >= next_restart {
                next_restart += restart_every;
            }
        }
    });
    samples.push(sample(&soak, &db, begun));

    // Every game as the server has it now: each client's accepted history must be there.
    let ledger = soak.ledger.lock().unwrap().clone();
    let mut lost = 0;
    for (id, acked) in &ledger {
        match soak.call("GET", &format!("/api/games/{id}"), &Value::Null, true) {
            Some((200, state)) if history(&state).starts_with(acked) => {}
            other => {
                lost += 1;
                soak.error(format!("game {id}: accepted {acked:?}, now {other:?}"));
            }
        }
    }
    terminate(server.take().unwrap(), &soak);

    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/soak");
    std::fs::create_dir_all(&out).expect("target/soak");
    let mut csv = String::from("seconds,rss_kib,open_files,db_bytes,games,moves\n");
    for s in &samples {
        csv += &format!(
            "{},{},{},{},{},{}\n",
            s.seconds, s.rss_kib, s.open_files, s.db_bytes, s.games, s.moves
        );
    }
    std::fs::write(out.join("samples.csv"), csv).expect("samples.csv");
    std::fs::write(out.join("memory.svg"), memory_svg(&samples, &restarts)).expect("memory.svg");

    let errors = soak.errors.lock().unwrap().clone();
    let games = soak.games.load(Ordering::Relaxed);
    let moves = soak.moves.load(Ordering::Relaxed);
    eprintln!(
        "soak: {minutes} min, {clients} clients: {games} games, {moves} accepted moves, \
         {} restarts and kills, {lost} games with a lost move, {} errors; samples in {}",
        restarts.len(),
        errors.len(),
        out.display()
    );
    assert!(
        errors.is_empty(),
        "{} errors, first: {:#?}",
        errors.len(),
        &errors[..errors.len().min(20)]
    );
    assert_eq!(lost, 0);
    assert!(
        games >= clients,
        "each client played at least one game: {games}"
    );

    if minutes >= 20 {
        let window = |from: u64, to: u64| {
            samples
                .iter()
                .filter(|s| (from..to).contains(&s.seconds))
                .copied()
                .collect::<Vec<_>>()
        };
        let end = samples.last().unwrap().seconds;
        let base = window(600, 1200);
        let last = window(end.saturating_sub(600), end + 1);
        let peak = |w: &[Sample]| w.iter().map(|s| s.rss_kib).max().unwrap_or(0);
        let (base_peak, last_peak) = (peak(&base), peak(&last));
        eprintln!(
            "soak: resident memory peak {base_peak} KiB in minutes 10-20, {last_peak} KiB in the last ten"
        );
        assert!(
            last_peak as f64 <= base_peak as f64 * 1.10,
            "resident memory grew from {base_peak} KiB to {last_peak} KiB"
        );
        let per_game = |s: &Sample| s.db_bytes as f64 / s.games.max(1) as f64;
        let (first, final_) = (per_game(&base[0]), per_game(samples.last().unwrap()));
        eprintln!("soak: database {first:.0} B a game at minute 10, {final_:.0} B at the end");
        assert!(
            final_ <= first * 1.5,
            "the database grew faster than the games: {first:.0} B a game, then {final_:.0}"
        );
    }
}
