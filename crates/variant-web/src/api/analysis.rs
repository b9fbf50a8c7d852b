//! `GET /api/analysis`: the analysis board's route (docs/web.md, "`GET /api/analysis` — the
//! analysis board"). The request's query is read (the position, the search time, the client,
//! `replace`), a place is taken within the limits of [`crate::analysis::Analyses`], the search
//! runs on a thread of its own, and its lines are streamed to the client as NDJSON. The search
//! itself is [`crate::analysis::run`].

use super::create::{checked_game, full_config};
use super::error::{ApiError, ApiResult, Params, bad, bounded, internal, shorten};
use super::events::WithBoard;
use super::games::past_ply;
use super::slots::find;
use super::{MAX_GAME_NAME, MAX_MOVE, Shared};
use crate::analysis::{Busy, DEFAULT_ANALYSIS_MS, Line, MAX_ANALYSIS_MS, Ticket};
use crate::room::{Player, Room, Setup};
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{Extensions, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot, watch};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::ReceiverStream;
use variant_games::{AnyGame, Game};

/// The query of `GET /api/analysis`: the position (see [`Asked`]), the search time, the
/// client, `replace`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AnalysisQuery {
    id: Option<String>,
    ply: Option<String>,
    game: Option<String>,
    config: Option<String>,
    position: Option<String>,
    ms: Option<String>,
    client: Option<String>,
    replace: Option<String>,
}

/// The query of `GET /api/position`: the position (see [`Asked`]) and the moves after it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PositionQuery {
    id: Option<String>,
    ply: Option<String>,
    game: Option<String>,
    config: Option<String>,
    position: Option<String>,
    moves: Option<String>,
}

/// The position a request names: `id` with `ply` (default: the game's current ply) for a game
/// of the server, or `game` with `config` and `position` (default: the game's start) for any
/// position.
struct Asked<'a> {
    id: Option<&'a str>,
    ply: Option<&'a str>,
    game: Option<&'a str>,
    config: Option<&'a str>,
    position: Option<&'a str>,
}
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
pub(super) async fn analysis(
    State(app): State<Shared>,
    extensions: Extensions,
    Params(q): Params<AnalysisQuery>,
) -> ApiResult {
    let ms = search_ms(q.ms.as_deref())?;
    let asked = Asked {
        id: q.id.as_deref(),
        ply: q.ply.as_deref(),
        game: q.game.as_deref(),
        config: q.config.as_deref(),
        position: q.position.as_deref(),
    };
    let room = asked_room(&app, &asked).await?;
    if room.status.is_over() {
        return Ok(ended(&room, ms));
    }
    let client = client(q.client.as_deref(), &extensions)?;
    let replace = replace(q.replace.as_deref())?;
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

/// The analysis of a position where the game is over: its `start` line and a `done` line
/// that says how it ended (`over`, as the state's `status`), without a search.
fn ended(room: &Room, ms: u64) -> Response {
    let root = room.position();
    let lines = [
        crate::analysis::start_line(&room.game, &room.config, root, ms),
        Line::Done {
            stopped: false,
            depth: 0,
            best: None,
            nodes: 0,
            elapsed_ms: 0,
            over: Some(room.status_view()),
        },
    ];
    let (tx, rx) = mpsc::channel::<Bytes>(lines.len());
    for line in &lines {
        let mut text = serde_json::to_string(line).unwrap_or_default();
        text.push('\n');
        // The channel has room for every line.
        let _ = tx.try_send(Bytes::from(text));
    }
    ndjson(rx)
}

/// The search time `ms=` asks for, in milliseconds.
fn search_ms(ms: Option<&str>) -> Result<u64, ApiError> {
    let Some(t) = ms else {
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
fn client(client: Option<&str>, extensions: &Extensions) -> Result<String, ApiError> {
    match client {
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
        None => Ok(client_of(extensions)),
    }
}

/// The client an analysis counts for when the request names none: its IP address.
fn client_of(extensions: &Extensions) -> String {
    extensions
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map_or_else(|| "local".to_string(), |c| c.0.ip().to_string())
}

/// Whether `replace=true` asks to stop the client's running analysis to make room.
fn replace(replace: Option<&str>) -> Result<bool, ApiError> {
    match replace {
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
    lines: mpsc::Receiver<Line>,
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
        let (lines_tx, lines) = mpsc::channel::<Line>(64);
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
        start: Line,
        tx: mpsc::Sender<Bytes>,
        mut server_stop: watch::Receiver<bool>,
    ) {
        let Search {
            mut lines,
            ended,
            stop,
            ticket,
        } = self;
        let line = |v: &Line| {
            let mut text = serde_json::to_string(v).unwrap_or_default();
            text.push('\n');
            Bytes::from(text)
        };
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
                        let _ = tx.send(line(&Line::Shutdown)).await;
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

/// The position a request names, as a room (never the live one): `id` with `ply` (default:
/// the game's current ply) for a game of the server, or `game` with `config` and `position`
/// (default: the game's start) for any position.
async fn asked_room(app: &Shared, q: &Asked<'_>) -> Result<Room, ApiError> {
    if let Some(id) = q.id {
        if q.game.is_some() || q.config.is_some() || q.position.is_some() {
            return Err(bad(
                "id: give either id (and ply) or game (with config and position), not both",
            ));
        }
        let slot = find(app, id).await?;
        let room = slot.room.lock().await;
        let ply = match q.ply {
            None => room.log.len(),
            Some(p) => past_ply(p, room.log.len(), &room.id)?,
        };
        return room.at_ply(ply).map_err(internal);
    }
    if q.ply.is_some() {
        return Err(bad("ply: only with id (a game of this server)"));
    }
    let name = q.game.ok_or_else(|| {
        bad("game: missing; give id (and ply) or game (with config and position)")
    })?;
    bounded("game", name, MAX_GAME_NAME)?;
    let config_text = q.config.unwrap_or("");
    let position = q.position.unwrap_or("");
    let (game, start) = checked_game(name, config_text, position, "analyse")?;
    let seats = game.seat_count();
    let setup = Setup {
        id: String::new(),
        game: name.to_string(),
        config: full_config(&game),
        players: vec![Player::Human; seats],
        tokens: vec![None; seats],
        start,
        listed: false,
        open: vec![false; seats],
        clock: None,
        names: vec![None; seats],
        rematch_requests: Vec::new(),
        rematch: None,
        created: 0,
    };
    Room::new(&setup).map_err(|e| bad(e.to_string()))
}

/// `GET /api/position`: the state (with the board as SVG) of a position (see [`asked_room`])
/// after `moves` (canonical texts, separated by commas or spaces), for the analysis board's
/// steps through a line; `last_mover` names the seat of the last of `moves`.
pub(super) async fn position(
    State(app): State<Shared>,
    Params(q): Params<PositionQuery>,
) -> ApiResult<Json<WithBoard>> {
    let asked = Asked {
        id: q.id.as_deref(),
        ply: q.ply.as_deref(),
        game: q.game.as_deref(),
        config: q.config.as_deref(),
        position: q.position.as_deref(),
    };
    let mut room = asked_room(&app, &asked).await?;
    let moves: Vec<&str> = q
        .moves
        .as_deref()
        .map(|m| m.split([',', ' ']).filter(|m| !m.is_empty()).collect())
        .unwrap_or_default();
    if moves.len() > 200 {
        return Err(bad("moves: more than 200"));
    }
    let mut last_mover = None;
    for (i, text) in moves.iter().enumerate() {
        bounded("move", text, MAX_MOVE)?;
        let mover = room.position().side_to_move();
        let entry = room.check_engine_move(text).map_err(|r| {
            let ApiError(status, message) = ApiError::from(r);
            ApiError(status, format!("moves: move {} ({text}): {message}", i + 1))
        })?;
        room.commit(entry).map_err(internal)?;
        last_mover = Some(room.seat_name(mover));
    }
    let mut answer = WithBoard::of(&room, false);
    answer.last_mover = Some(last_mover);
    Ok(Json(answer))
}
