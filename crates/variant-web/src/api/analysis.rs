//! `GET /api/analysis`: the analysis board's route (docs/web.md, "`GET /api/analysis` — the
//! analysis board"). The request's query is read (the position, the search time, the client,
//! `replace`), a place is taken within the limits of [`crate::analysis::Analyses`], the search
//! runs on a thread of its own, and its lines are streamed to the client as NDJSON. The search
//! itself is [`crate::analysis::run`].

use super::{ApiError, ApiResult, Shared, asked_room, bad, known_keys, query_map, shorten};
use crate::analysis::{Busy, DEFAULT_ANALYSIS_MS, MAX_ANALYSIS_MS, Ticket};
use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot, watch};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::ReceiverStream;
use variant_games::AnyGame;

/// The query keys `GET /api/analysis` takes.
const KEYS: [&str; 8] = [
    "id", "ply", "game", "config", "position", "ms", "client", "replace",
];
/// How long a request with `replace=true` waits for the client's earlier search to stop.
const REPLACE_WAIT: Duration = Duration::from_secs(2);
/// How often it looks whether the earlier search has stopped.
const REPLACE_POLL: Duration = Duration::from_millis(5);
/// How often an empty line keeps the connection alive.
const HEARTBEAT: Duration = Duration::from_millis(250);

/// `GET /api/analysis`: the engine on a position (see [`asked_room`]) for `ms` milliseconds
/// (default [`DEFAULT_ANALYSIS_MS`], at most [`MAX_ANALYSIS_MS`]), streamed as NDJSON: a
/// `start` line, a `depth` line for every completed depth (score, PV), a `done` line (or
/// `shutdown` when the server stops); empty lines keep the connection alive. 429 over the
/// limits.
pub(super) async fn analysis(State(app): State<Shared>, request: Request) -> ApiResult {
    let q = query_map(&request)?;
    known_keys(&q, &KEYS)?;
    let ms = search_ms(&q)?;
    let room = asked_room(&app, &q).await?;
    if room.status.is_over() {
        return Err(ApiError(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "nothing to analyse: the game is over in this position ({})",
                room.status
            ),
        ));
    }
    let client = client(&q, &request)?;
    let replace = replace(&q)?;
    let stop = Arc::new(AtomicBool::new(false));
    let ticket = take_place(&app, &client, &stop, replace).await?;
    let root = room.position().clone();
    let earlier = room.hashes.clone();
    let start = crate::analysis::start_line(&room.game, &room.config, &root, ms);
    drop(room);
    let search = Search::spawn(root, earlier, ms, stop, ticket)?;
    let (tx, rx) = mpsc::channel::<Bytes>(8);
    tokio::spawn(search.forward(start, tx, app.stop.subscribe()));
    Ok(ndjson(rx))
}

/// The search time `ms=` asks for, in milliseconds.
fn search_ms(q: &HashMap<String, String>) -> Result<u64, ApiError> {
    let Some(t) = q.get("ms") else {
        return Ok(DEFAULT_ANALYSIS_MS);
    };
    t.parse::<u64>()
        .ok()
        .filter(|ms| (1..=MAX_ANALYSIS_MS).contains(ms))
        .ok_or_else(|| {
            bad(format!(
                "ms: {:?} is not a number of milliseconds from 1 to {MAX_ANALYSIS_MS}",
                shorten(t)
            ))
        })
}

/// The client the analysis counts for: the one `client=` names (8 to 64 letters, digits or
/// dashes: the page sends a random id kept in the browser), else the request's address.
fn client(q: &HashMap<String, String>, request: &Request) -> Result<String, ApiError> {
    match q.get("client") {
        Some(c)
            if (8..=64).contains(&c.len())
                && c.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') =>
        {
            Ok(format!("client {c}"))
        }
        Some(c) => Err(bad(format!(
            "client: {:?} is not 8 to 64 letters, digits or dashes",
            shorten(c)
        ))),
        None => Ok(client_of(request)),
    }
}

/// The client an analysis counts for when the request names none: its IP address.
fn client_of(request: &Request) -> String {
    request
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map_or_else(|| "local".to_string(), |c| c.0.ip().to_string())
}

/// Whether `replace=true` asks to stop the client's running analysis to make room.
fn replace(q: &HashMap<String, String>) -> Result<bool, ApiError> {
    match q.get("replace").map(String::as_str) {
        None | Some("false") => Ok(false),
        Some("true") => Ok(true),
        Some(other) => Err(bad(format!(
            "replace: {:?} is not true or false",
            shorten(other)
        ))),
    }
}

/// A place for `client`'s search among the running analyses (429 over the limits); with
/// `replace`, waits up to [`REPLACE_WAIT`] for the client's earlier search to give its place
/// back.
async fn take_place(
    app: &Shared,
    client: &str,
    stop: &Arc<AtomicBool>,
    replace: bool,
) -> Result<Ticket, ApiError> {
    let asked = Instant::now();
    loop {
        match app.analyses.start(client, stop, replace) {
            Ok(ticket) => return Ok(ticket),
            Err(Busy::Full(text)) => {
                return Err(ApiError(StatusCode::TOO_MANY_REQUESTS, text));
            }
            // The earlier search stops within milliseconds of its flag.
            Err(Busy::Replacing) => {
                if asked.elapsed() > REPLACE_WAIT {
                    return Err(ApiError(
                        StatusCode::TOO_MANY_REQUESTS,
                        "your earlier analysis did not stop in time: try again".into(),
                    ));
                }
                tokio::time::sleep(REPLACE_POLL).await;
            }
        }
    }
}

/// A search running on a thread of its own.
struct Search {
    /// Its lines, as it sends them.
    lines: mpsc::Receiver<Value>,
    /// Closed when the thread has ended.
    ended: oneshot::Receiver<()>,
    /// Raised to stop it.
    stop: Arc<AtomicBool>,
    /// Its place among the running analyses, given back once it has ended.
    ticket: Ticket,
}

impl Search {
    /// Starts the search of `root` (with the repetition history `earlier`) for `ms`
    /// milliseconds; 503 when no thread can be made.
    fn spawn(
        root: AnyGame,
        earlier: Vec<u64>,
        ms: u64,
        stop: Arc<AtomicBool>,
        ticket: Ticket,
    ) -> Result<Search, ApiError> {
        let (lines_tx, lines) = mpsc::channel::<Value>(64);
        let (ended_tx, ended) = oneshot::channel::<()>();
        let searching = Arc::clone(&stop);
        // A thread of its own (not the runtime's blocking pool, whose threads run other work
        // afterwards) at the lowest priority: the games' answers come first.
        std::thread::Builder::new()
            .name("variants-analysis".into())
            .spawn(move || {
                crate::analysis::lower_priority();
                crate::analysis::run(&root, &earlier, ms, &searching, |line| {
                    // A forwarder that has gone (the page closed) is no error: the stop flag
                    // follows.
                    let _ = lines_tx.blocking_send(line);
                });
                let _ = ended_tx.send(());
            })
            .map_err(|e| {
                ApiError(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!("no thread for the analysis: {e}"),
                )
            })?;
        Ok(Search {
            lines,
            ended,
            stop,
            ticket,
        })
    }

    /// Sends `start`, then the search's lines, to `tx` with a heartbeat, until the search
    /// ends, the client goes or the server stops (`server_stop`: a last `shutdown` line);
    /// then stops the search and gives its place back only once it has ended.
    async fn forward(
        self,
        start: Value,
        tx: mpsc::Sender<Bytes>,
        mut server_stop: watch::Receiver<bool>,
    ) {
        let Search {
            mut lines,
            ended,
            stop,
            ticket,
        } = self;
        let line = |v: &Value| Bytes::from(format!("{v}\n"));
        let mut beat = tokio::time::interval(HEARTBEAT);
        let stopped = *server_stop.borrow();
        if !stopped && tx.send(line(&start)).await.is_ok() {
            loop {
                tokio::select! {
                    next = lines.recv() => match next {
                        Some(v) => if tx.send(line(&v)).await.is_err() { break },
                        None => break,
                    },
                    _ = beat.tick() => if tx.send(Bytes::from_static(b"\n")).await.is_err() {
                        break
                    },
                    // `server_stop` only ever turns true, once.
                    _ = server_stop.changed() => {
                        let _ = tx.send(line(&json!({"type": "shutdown"}))).await;
                        break;
                    }
                    () = tx.closed() => break,
                }
            }
        }
        stop.store(true, Ordering::Relaxed);
        // The search's sends fail from now on, so it cannot wait on a full channel.
        drop(lines);
        let _ = ended.await;
        drop(ticket);
    }
}

/// The streamed answer: every line `rx` gives, as NDJSON, never cached.
fn ndjson(rx: mpsc::Receiver<Bytes>) -> Response {
    let stream = ReceiverStream::new(rx).map(Ok::<_, Infallible>);
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        axum::body::Body::from_stream(stream),
    )
        .into_response()
}
