//! A server process (`variant-web-server`, the flags of `variants serve`) on an ephemeral
//! loopback port, and a small HTTP/1.1 client
//! (std only: one connection per request), shared by the server test files.
#![allow(dead_code)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running server.
pub struct Server {
    pub child: Child,
    pub addr: String,
}

impl Server {
    /// Starts the server with `--port 0 --data <db>` and waits for its address.
    pub fn start(db: &Path) -> Server {
        Server::start_with(db, &[])
    }

    /// Starts the server with `--port 0 --data <db> <extra…>` and waits for its address.
    pub fn start_with(db: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_variant-web-server"))
            .args(["--port", "0", "--data"])
            .arg(db)
            .args(extra)
            .env("RUST_BACKTRACE", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the server prints its address");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.trim().strip_suffix('/'))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// Kills the process at once (SIGKILL: no shutdown code runs).
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// One request; returns the status and the body (parsed as JSON, `Null` if it is not).
    pub fn request(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        let (status, text) = self.raw(method, path, body.map(str::as_bytes));
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// One request with a raw body; returns the status and the body text.
    pub fn raw(&self, method: &str, path: &str, body: Option<&[u8]>) -> (u16, String) {
        self.try_raw(method, path, body)
            .unwrap_or_else(|| panic!("{method} {path}: no answer"))
    }

    /// One request; `None` when the server does not answer (it was killed).
    pub fn try_request(&self, method: &str, path: &str, body: &Value) -> Option<(u16, Value)> {
        let (status, text) = self.try_raw(method, path, Some(body.to_string().as_bytes()))?;
        Some((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    /// One request with a raw body; `None` when there is no answer.
    pub fn try_raw(&self, method: &str, path: &str, body: Option<&[u8]>) -> Option<(u16, String)> {
        self.try_typed(
            method,
            path,
            Some("application/json"),
            body.unwrap_or_default(),
        )
        .map(|(status, _, body)| (status, body))
    }

    /// One request whose body has the given `Content-Type` (none with `None`); the status,
    /// the head of the answer (status line and headers) and its body.
    pub fn typed(
        &self,
        method: &str,
        path: &str,
        content_type: Option<&str>,
        body: &[u8],
    ) -> (u16, String, String) {
        self.try_typed(method, path, content_type, body)
            .unwrap_or_else(|| panic!("{method} {path}: no answer"))
    }

    fn try_typed(
        &self,
        method: &str,
        path: &str,
        content_type: Option<&str>,
        body: &[u8],
    ) -> Option<(u16, String, String)> {
        let mut stream = TcpStream::connect(&self.addr).ok()?;
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .ok()?;
        let kind = content_type.map_or_else(String::new, |k| format!("Content-Type: {k}\r\n"));
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\n{kind}\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            self.addr,
            body.len()
        );
        // A server killed mid-test (serve_api's kill test) may reset the connection here: that
        // is "no answer", like a refused connect, not a failure of the helper.
        stream.write_all(head.as_bytes()).ok()?;
        let _ = stream.write_all(body);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer).to_string();
        let status = answer.split_whitespace().nth(1)?.parse().ok()?;
        let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
        Some((status, head.to_string(), body.to_string()))
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        self.request("GET", path, None)
    }

    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        self.request("POST", path, Some(&body.to_string()))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh directory for one test's database. Its name holds the calling module's as well as
/// `name`: the modules of this test binary share one process id, and two of them may pick the
/// same `name`.
#[track_caller]
pub fn scratch(name: &str) -> PathBuf {
    let caller = std::panic::Location::caller().file();
    let module = Path::new(caller)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("web");
    let dir = std::env::temp_dir().join(format!(
        "variants-serve-{}-{module}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

// -- the calls of the API that the server test files share --

/// Creates a game; asserts the 201.
pub fn create(server: &Server, body: Value) -> Value {
    let (status, created) = server.post("/api/games", &body);
    assert_eq!(status, 201, "{created}");
    created
}

/// The state of game `id`; asserts the 200.
pub fn state(server: &Server, id: &str) -> Value {
    let (status, state) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{state}");
    state
}

/// Plays `mv` with `token`: the status and the answer.
pub fn play(server: &Server, id: &str, mv: &str, token: &str) -> (u16, Value) {
    server.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": mv, "token": token}),
    )
}

/// The string at `key` of `v`; panics (naming both) when there is none.
pub fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("no {key} in {v}"))
}

/// Polls the state until `done` holds, for at most `limit` (a generous bound: behaviour, not
/// timing, is tested).
pub fn wait_for(
    server: &Server,
    id: &str,
    limit: Duration,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let start = Instant::now();
    loop {
        let s = state(server, id);
        if done(&s) {
            return s;
        }
        assert!(start.elapsed() < limit, "not reached in {limit:?}: {s}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// An open `events` stream of a game.
pub struct Events {
    reader: BufReader<std::net::TcpStream>,
}

impl Events {
    pub fn open(server: &Server, id: &str) -> Events {
        Events::open_path(server, &format!("/api/games/{id}/events"))
    }

    /// The stream a seat's page opens: with its token, the page holds the seat.
    pub fn open_as(server: &Server, id: &str, token: &str) -> Events {
        Events::open_path(server, &format!("/api/games/{id}/events?token={token}"))
    }

    fn open_path(server: &Server, path: &str) -> Events {
        let mut stream = std::net::TcpStream::connect(&server.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        Events {
            reader: BufReader::new(stream),
        }
    }

    /// The next event's name and data; `None` when the stream ended.
    pub fn next(&mut self) -> Option<(String, Value)> {
        let mut name = String::from("message");
        let mut line = String::new();
        loop {
            line.clear();
            match self.reader.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            if let Some(event) = line.strip_prefix("event: ") {
                name = event.trim().to_string();
            } else if let Some(data) = line.strip_prefix("data: ") {
                return Some((name, serde_json::from_str(data.trim()).expect("event JSON")));
            }
        }
    }

    /// The next `state` event for which `done` holds.
    pub fn until(&mut self, done: impl Fn(&Value) -> bool) -> Value {
        loop {
            let (name, data) = self.next().expect("the stream ended");
            if name == "state" && done(&data) {
                return data;
            }
        }
    }
}
