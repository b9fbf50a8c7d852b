//! The JSON API and the page's routes (see docs/web.md). The routes with the most to read and
//! check have modules of their own: [`create`] (`POST /api/games`), [`archive`] (`GET
//! /api/games?finished=true`) and [`analysis`] (`GET /api/analysis`).

mod analysis;
mod archive;
mod create;

use crate::assets;
use crate::room::{Player, Refusal, Room};
use crate::store::{GameRow, LogEntry, Store};
use axum::Router;
use axum::body::Bytes;
use axum::extract::Request;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, RwLock};
use std::time::Instant;
use tokio::sync::{Mutex, broadcast, mpsc, watch};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::ReceiverStream;
use variant_games::{AnyGame, Game, GameConfig, Seat, registry};

/// Largest request body, in bytes.
pub const MAX_BODY: usize = 16 * 1024;
/// Longest game name, in bytes.
const MAX_GAME_NAME: usize = 32;
/// Longest configuration text, in bytes.
const MAX_CONFIG: usize = 1024;
/// Longest start position text, in bytes (chess3d with eight full heights needs about 600).
const MAX_POSITION: usize = 4096;
/// Longest move text, in bytes.
const MAX_MOVE: usize = 64;
/// Most capture steps a checkers3d start position may take to generate its moves (see
/// `AnyGame::move_search_exceeds`): about 50 ms of one core. A hostile text (a few
/// kings among dozens of men in the 3D box) can otherwise hold a worker for minutes.
const MAX_CAPTURE_STEPS: u64 = 1_000_000;
/// Longest token or id, in bytes.
const MAX_TOKEN: usize = 64;
/// Most games the server keeps.
pub const MAX_GAMES: usize = 200_000;
/// Most games `GET /api/games` lists.
const MAX_LISTED: usize = 100;

/// One game with its event channel.
pub struct Slot {
    /// The game.
    pub room: Mutex<Room>,
    /// Every new state, as the `events` stream sends it.
    pub events: broadcast::Sender<Arc<str>>,
    /// When the running clock reaches zero (the game's timer waits for it).
    pub deadline: watch::Sender<Option<Instant>>,
}

/// What every handler shares.
pub struct App {
    /// The games by id.
    pub games: RwLock<HashMap<String, Arc<Slot>>>,
    /// The database.
    pub store: Store,
    /// One permit per core for engine searches.
    pub thinking: tokio::sync::Semaphore,
    /// The ids of the listed games, oldest first (the lobby).
    pub listed: RwLock<Vec<String>>,
    /// Becomes `true` at SIGTERM or Ctrl-C: every event stream ends.
    pub stop: watch::Sender<bool>,
    /// The analyses running now (`GET /api/analysis`), by client.
    pub analyses: crate::analysis::Analyses,
    /// How long a seat has for its first move in a game with a clock, once every seat is held,
    /// before the game is aborted (`--first-move-seconds`).
    pub first_move: std::time::Duration,
}

impl App {
    /// No game yet; `searches` engine searches may run at once (0: engines never move and
    /// no analysis runs).
    pub fn new(store: Store, searches: usize) -> App {
        App {
            games: RwLock::new(HashMap::new()),
            store,
            thinking: tokio::sync::Semaphore::new(searches),
            listed: RwLock::new(Vec::new()),
            stop: watch::Sender::new(false),
            first_move: crate::room::FIRST_MOVE_LIMIT,
            // No engine searches (the in-process server of tests and fuzzing): no analyses
            // either, so that no request starts a search.
            analyses: if searches == 0 {
                crate::analysis::Analyses::with_limit(0)
            } else {
                crate::analysis::Analyses::for_cores(
                    std::thread::available_parallelism().map_or(2, |n| n.get()),
                )
            },
        }
    }
}

type Shared = Arc<App>;

/// An error answer: a status and `{"error": text}`.
#[derive(Debug)]
pub struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, axum::Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::BadRequest(m) => ApiError(StatusCode::BAD_REQUEST, m),
            Refusal::Forbidden(m) => ApiError(StatusCode::FORBIDDEN, m),
            Refusal::Conflict(m) => ApiError(StatusCode::CONFLICT, m),
            Refusal::Unprocessable(m) => ApiError(StatusCode::UNPROCESSABLE_ENTITY, m),
        }
    }
}

fn bad(message: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, message.into())
}

type ApiResult = Result<Response, ApiError>;

/// The routes.
pub fn router(app: Shared) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/play/{id}", get(assets::index))
        .route("/archive", get(assets::index))
        .route("/assets/{file}", get(assets::file))
        .route("/api/info", get(info))
        .route("/api/games", post(create::create).get(list))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/seats/{seat}", post(take_seat))
        .route("/api/games/{id}/seat", get(seat_of_token))
        .route("/api/games/{id}/record", get(record_file))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/abort", post(abort))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/events", get(events))
        .route("/api/analysis", get(analysis::analysis))
        .route("/api/position", get(position))
        .method_not_allowed_fallback(|method: Method| async move {
            ApiError(
                StatusCode::METHOD_NOT_ALLOWED,
                format!("this path does not take {method} (see the Allow header)"),
            )
        })
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such page".into()) })
        .layer(axum::middleware::from_fn(json_bodies_only))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            |_: Box<dyn std::any::Any + Send>| {
                ApiError(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal error (the server survived it)".into(),
                )
                .into_response()
            },
        ))
        .with_state(app)
}

/// Refuses a request body that does not say it is JSON (`Content-Type: application/json`, or
/// a `+json` type, with any parameters), with 415 and the type it said: a client that sends
/// `text/plain` or a form by mistake learns it instead of having its body read as JSON. A
/// request without a body needs no type.
async fn json_bodies_only(request: Request, next: Next) -> Response {
    let has_body = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|n| n.trim() != "0")
        || request.headers().contains_key(header::TRANSFER_ENCODING);
    if !has_body {
        return next.run(request).await;
    }
    let kind = request
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let essence = kind
        .as_deref()
        .and_then(|k| k.split(';').next())
        .map(|k| k.trim().to_ascii_lowercase());
    match essence.as_deref() {
        Some(e)
            if e == "application/json"
                || (e.starts_with("application/") && e.ends_with("+json")) =>
        {
            next.run(request).await
        }
        _ => {
            let said = kind.map_or_else(
                || "no Content-Type".to_string(),
                |k| format!("Content-Type {k:?}"),
            );
            ApiError(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!("request body: {said}; send JSON with Content-Type: application/json"),
            )
            .into_response()
        }
    }
}

/// Reads a JSON object body, with errors that say what is wrong.
fn body<T: for<'de> Deserialize<'de>>(bytes: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| bad(format!("request body: {e}")))
}

fn bounded<'a>(what: &str, text: &'a str, max: usize) -> Result<&'a str, ApiError> {
    if text.len() > max {
        Err(bad(format!("{what}: longer than {max} bytes")))
    } else {
        Ok(text)
    }
}

fn random_hex(bytes: usize) -> Result<String, ApiError> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| {
        ApiError(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("no random numbers: {e}"),
        )
    })?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// The game `id` among those held in memory (games in progress, and finished ones used
/// lately).
fn slot(app: &App, id: &str) -> Result<Arc<Slot>, ApiError> {
    let games = app.games.read().unwrap_or_else(|p| p.into_inner());
    games
        .get(id)
        .cloned()
        .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no game {:?}", shorten(id))))
}

/// The game `id`, read back from the database when it is not held in memory (a finished
/// game [`evict_finished`] let go): what every request about one game uses.
async fn find(app: &Shared, id: &str) -> Result<Arc<Slot>, ApiError> {
    if let Ok(slot) = slot(app, id) {
        return Ok(slot);
    }
    let missing = || ApiError(StatusCode::NOT_FOUND, format!("no game {:?}", shorten(id)));
    if id.len() > MAX_TOKEN {
        return Err(missing());
    }
    let (row, log) = app
        .store
        .load(id)
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e))?
        .ok_or_else(missing)?;
    let room = Room::new(&row)
        .and_then(|mut r| r.replay(&log).map(|()| r))
        .map_err(|e| {
            ApiError(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("game {id} cannot be read back: {e}"),
            )
        })?;
    // Another request may have read it back meanwhile: theirs is the one.
    let slot = {
        let mut games = app.games.write().unwrap_or_else(|p| p.into_inner());
        Arc::clone(
            games
                .entry(id.to_string())
                .or_insert_with(|| new_slot(app, room)),
        )
    };
    Ok(slot)
}

/// Seconds between two rounds of [`evict_finished`].
pub const EVICT_EVERY_SECS: u64 = 30;

/// Lets go of the finished games nobody uses (no request, no page, no engine or timer holds
/// them): they stay in the database and [`find`] reads one back when it is asked for. Without
/// this the server's memory grew with every game it had ever stored (the soak, `cargo xtask
/// soak`). Returns how many were let go.
pub fn evict_finished(app: &App) -> usize {
    let candidates: Vec<String> = {
        let games = app.games.read().unwrap_or_else(|p| p.into_inner());
        games
            .iter()
            .filter(|(_, slot)| idle_and_over(slot))
            .map(|(id, _)| id.clone())
            .collect()
    };
    if candidates.is_empty() {
        return 0;
    }
    let mut evicted = Vec::new();
    {
        let mut games = app.games.write().unwrap_or_else(|p| p.into_inner());
        for id in candidates {
            // Checked again under the write lock: nobody can take a new handle now, so a
            // count of one (the map's) means nobody holds it.
            if games.get(&id).is_some_and(idle_and_over) {
                games.remove(&id);
                evicted.push(id);
            }
        }
    }
    let mut listed = app.listed.write().unwrap_or_else(|p| p.into_inner());
    listed.retain(|id| !evicted.contains(id));
    evicted.len()
}

/// A finished game held by the map alone, with no page listening and its room free.
fn idle_and_over(slot: &Arc<Slot>) -> bool {
    Arc::strong_count(slot) == 1
        && slot.events.receiver_count() == 0
        && slot
            .room
            .try_lock()
            .is_ok_and(|room| room.status.is_over() && room.thinking.is_none())
}

fn shorten(text: &str) -> String {
    variant_games::variant_core::error::shorten(text)
}

/// `GET /api/info`: the games with their keys and seats, for the page's form, and the
/// analysis board's limits.
async fn info(State(app): State<Shared>) -> Response {
    let games: Vec<Value> = registry::games()
        .iter()
        .map(|g| {
            let seats: Vec<&str> = variant_games::new_game(g.name, "")
                .map(|game| {
                    (0..game.seat_count())
                        .map(|i| game.seat_name(Seat(i as u8)))
                        .collect()
                })
                .unwrap_or_default();
            let view = variant_games::new_game(g.name, "")
                .ok()
                .and_then(|game| serde_json::to_value(variant_games::page::describe(&game)).ok());
            json!({
                "name": g.name,
                "description": g.description,
                "seats": seats,
                "view": view,
                "keys": g.keys.iter().map(|k| json!({
                    "name": k.name, "description": k.description,
                    "default": k.default, "allowed": k.allowed,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    axum::Json(json!({
        "games": games,
        "analysis": {
            "max_ms": crate::analysis::MAX_ANALYSIS_MS,
            "at_once": app.analyses.limit(),
            "per_client": crate::analysis::MAX_ANALYSES_PER_CLIENT,
        },
    }))
    .into_response()
}

/// Longest player name, in characters.
const MAX_NAME: usize = 40;

/// A player's name as given: trimmed, at most [`MAX_NAME`] characters, no control
/// characters; `None` for an empty one.
fn player_name(text: &str) -> Result<Option<String>, ApiError> {
    let name = text.trim();
    if name.chars().count() > MAX_NAME {
        return Err(bad(format!("name: longer than {MAX_NAME} characters")));
    }
    if name.chars().any(char::is_control) {
        return Err(bad("name: control characters are not allowed"));
    }
    Ok((!name.is_empty()).then(|| name.to_string()))
}

/// The game `name` with the configuration `config_text` at `position` (trimmed; the game's
/// start when empty), with the start text to store: the position as the game writes it, so
/// that a restart reads back exactly this position (empty for the game's own start). A
/// position whose moves take more than [`MAX_CAPTURE_STEPS`] capture steps to find is
/// refused: the server does not `serve` ("host", "analyse") such positions.
fn checked_game(
    name: &str,
    config_text: &str,
    position: &str,
    serve: &str,
) -> Result<(AnyGame, String), ApiError> {
    bounded("config", config_text, MAX_CONFIG)?;
    let position = position.trim();
    bounded("position", position, MAX_POSITION)?;
    let game = if position.is_empty() {
        variant_games::new_game(name, config_text).map_err(|e| bad(e.to_string()))?
    } else {
        variant_games::from_text(name, config_text, position)
            .map_err(|e| bad(format!("position: {e}")))?
    };
    if game.move_search_exceeds(MAX_CAPTURE_STEPS) {
        return Err(bad(format!(
            "position: its longest capture (D3-12) takes more than {MAX_CAPTURE_STEPS} \
             capture steps to find; this server does not {serve} such positions"
        )));
    }
    let start = if position.is_empty() {
        String::new()
    } else {
        game.to_text()
    };
    Ok((game, start))
}

/// The game's configuration as stored: every key with its value, defaults included
/// (`k=v;k=v`).
fn full_config(game: &AnyGame) -> String {
    game.config()
        .to_pairs()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(";")
}

/// Hosts a new game (created, or a rematch): refused with 503 when the server holds
/// [`MAX_GAMES`] games; else stored, added to the table, its timer and its engine seats
/// started.
async fn host(app: &Shared, row: &GameRow, room: Room) -> Result<(), ApiError> {
    if app.games.read().unwrap_or_else(|p| p.into_inner()).len() >= MAX_GAMES {
        return Err(ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the server holds its maximum of {MAX_GAMES} games"),
        ));
    }
    app.store
        .insert(row.clone())
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    insert_slot(app, room);
    start_timer(app, &row.id);
    kick_engine(app, &row.id);
    Ok(())
}

/// Adds a game to the table (and to the lobby's list when it is listed).
pub fn insert_slot(app: &App, room: Room) {
    let id = room.id.clone();
    if room.listed {
        app.listed
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .push(id.clone());
    }
    app.games
        .write()
        .unwrap_or_else(|p| p.into_inner())
        .insert(id, new_slot(app, room));
}

fn new_slot(app: &App, mut room: Room) -> Arc<Slot> {
    if let Some(clocks) = &mut room.clocks {
        clocks.first_move_limit = app.first_move;
    }
    let (events, _) = broadcast::channel(16);
    let deadline = watch::Sender::new(room.deadline());
    Arc::new(Slot {
        room: Mutex::new(room),
        events,
        deadline,
    })
}

/// Starts the game's timer if it has a clock: a task that waits for the running clock's
/// deadline (set again after every change) and records the flag fall when it comes.
pub fn start_timer(app: &Shared, id: &str) {
    let Ok(slot) = slot(app, id) else {
        return;
    };
    let app = Arc::clone(app);
    tokio::spawn(async move {
        {
            let room = slot.room.lock().await;
            if room.clocks.is_none() {
                return;
            }
        }
        let mut deadline = slot.deadline.subscribe();
        loop {
            let at = *deadline.borrow_and_update();
            match at {
                Some(at) => {
                    tokio::select! {
                        () = tokio::time::sleep_until(tokio::time::Instant::from_std(at)) => {
                            let mut room = slot.room.lock().await;
                            if let Err(e) = settle_clock(&app, &slot, &mut room).await {
                                eprintln!("variants serve: flag fall not stored: {}", e.1);
                            }
                            let id = room.id.clone();
                            drop(room);
                            // A flag fall in the long game of "Bishops" can hand the move to
                            // an engine.
                            kick_engine(&app, &id);
                            if *deadline.borrow() == Some(at) {
                                // Not recorded (the database failed): try again shortly.
                                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                            }
                        }
                        changed = deadline.changed() => if changed.is_err() { return },
                    }
                }
                None => {
                    // A finished game needs no timer (and holding it would keep the game in
                    // memory); a take-back that reopens it starts one again.
                    if slot.room.lock().await.status.is_over() {
                        return;
                    }
                    if deadline.changed().await.is_err() {
                        return;
                    }
                }
            }
        }
    });
}

/// Records the flag fall of the running clock if it is at zero; the caller holds the room.
/// Every handler that acts on a game calls it first, so a request never acts on a game whose
/// time is up but whose timer has not run yet.
async fn settle_clock(app: &App, slot: &Slot, room: &mut Room) -> Result<(), ApiError> {
    if let Some(entry) = room.fallen_flag(Instant::now()) {
        record(app, slot, room, entry).await?;
    }
    Ok(())
}

#[derive(Deserialize, Default)]
struct StateQuery {
    #[serde(default)]
    board: Option<String>,
    /// The state as it was after this many log entries (`?ply=N`, 0 = the start).
    #[serde(default)]
    ply: Option<String>,
}

/// The state with the board as data (`board`), and as SVG (`svg`) when asked
/// (`?board=svg`).
fn state_json(room: &Room, svg: bool) -> Value {
    let mut state = room.state();
    if let Value::Object(map) = &mut state {
        map.insert(
            "board".into(),
            serde_json::to_value(crate::board::json(room)).unwrap_or(Value::Null),
        );
        if svg {
            map.insert("svg".into(), json!(crate::board::svg(room)));
        }
    }
    state
}

/// `GET /api/games/{id}`.
async fn state(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<StateQuery>,
) -> ApiResult {
    let slot = find(&app, &id).await?;
    let room = slot.room.lock().await;
    let with_svg = q.board.as_deref() == Some("svg");
    let Some(ply) = &q.ply else {
        return Ok(axum::Json(state_json(&room, with_svg)).into_response());
    };
    let ply: usize = ply
        .parse()
        .map_err(|_| bad(format!("ply: {:?} is not a number", shorten(ply))))?;
    if ply > room.log.len() {
        return Err(ApiError(
            StatusCode::NOT_FOUND,
            format!(
                "no ply {ply} in game {}: it has {} so far",
                room.id,
                room.log.len()
            ),
        ));
    }
    let past = room
        .at_ply(ply)
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let mut state = state_json(&past, with_svg);
    if let Value::Object(map) = &mut state {
        map.insert("current_ply".into(), json!(room.log.len()));
    }
    Ok(axum::Json(state).into_response())
}

/// Stores a checked entry, applies it, tells the watchers; the caller holds the room.
async fn record(app: &App, slot: &Slot, room: &mut Room, entry: LogEntry) -> Result<(), ApiError> {
    let seq = room.log.len() as u64;
    app.store
        .append(&room.id, seq, entry.clone())
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    room.commit(entry)
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    if room.status.is_over()
        && let Err(e) = app
            .store
            .set_over(&room.id, room.finished(crate::store::now_ms()))
            .await
    {
        // Only the next start is slower: it reads and replays the game to find it over.
        eprintln!("variants serve: game {} not marked over: {e}", room.id);
    }
    publish(slot, room);
    Ok(())
}

/// Sends the state to every open `events` stream and sets the game's timer.
fn publish(slot: &Slot, room: &Room) {
    if slot.events.receiver_count() > 0 {
        let text: Arc<str> = state_json(room, false).to_string().into();
        let _ = slot.events.send(text);
    }
    slot.deadline.send_if_modified(|at| {
        let new = room.deadline();
        let changed = *at != new;
        *at = new;
        changed
    });
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    token: Option<String>,
}

/// `POST /api/games/{id}/moves`.
async fn play(State(app): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> ApiResult {
    let slot = find(&app, &id).await?;
    let req: MoveBody = body(&bytes)?;
    bounded("move", &req.mv, MAX_MOVE)?;
    if let Some(t) = &req.token {
        bounded("token", t, MAX_TOKEN)?;
    }
    let mut room = slot.room.lock().await;
    settle_clock(&app, &slot, &mut room).await?;
    let entry = room.check_move(req.token.as_deref(), &req.mv)?;
    room.engine_reply = None;
    record(&app, &slot, &mut room, entry).await?;
    let answer = room.state();
    drop(room);
    kick_engine(&app, &id);
    Ok(axum::Json(answer).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionBody {
    token: String,
    #[serde(default)]
    seat: Option<String>,
}

fn action_body(bytes: &Bytes) -> Result<ActionBody, ApiError> {
    let req: ActionBody = body(bytes)?;
    bounded("token", &req.token, MAX_TOKEN)?;
    if let Some(s) = &req.seat {
        bounded("seat", s, 32)?;
    }
    Ok(req)
}

/// `POST /api/games/{id}/resign`: `{"token", "seat"?}`.
async fn resign(State(app): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> ApiResult {
    let slot = find(&app, &id).await?;
    let req = action_body(&bytes)?;
    let mut room = slot.room.lock().await;
    settle_clock(&app, &slot, &mut room).await?;
    let entry = room.check_resign(&req.token, req.seat.as_deref())?;
    record(&app, &slot, &mut room, entry).await?;
    let answer = room.state();
    drop(room);
    // A resignation in the long game of "Bishops" can hand the move to an engine.
    kick_engine(&app, &id);
    Ok(axum::Json(answer).into_response())
}

/// `POST /api/games/{id}/abort`: calls the game off before every seat has moved.
async fn abort(State(app): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> ApiResult {
    let slot = find(&app, &id).await?;
    let req = action_body(&bytes)?;
    let mut room = slot.room.lock().await;
    settle_clock(&app, &slot, &mut room).await?;
    let entry = room.check_abort(&req.token)?;
    record(&app, &slot, &mut room, entry).await?;
    Ok(axum::Json(room.state()).into_response())
}

/// `POST /api/games/{id}/draw`: offers a draw, or agrees to the others' offer.
async fn draw(State(app): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> ApiResult {
    let slot = find(&app, &id).await?;
    let req = action_body(&bytes)?;
    let mut room = slot.room.lock().await;
    settle_clock(&app, &slot, &mut room).await?;
    match room.offer_draw(&req.token)? {
        Some(entry) => record(&app, &slot, &mut room, entry).await?,
        None => publish(&slot, &room),
    }
    Ok(axum::Json(room.state()).into_response())
}

/// `POST /api/games/{id}/claim`: the seat to move claims a draw.
async fn claim(State(app): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> ApiResult {
    let slot = find(&app, &id).await?;
    let req = action_body(&bytes)?;
    let mut room = slot.room.lock().await;
    settle_clock(&app, &slot, &mut room).await?;
    let entry = room.check_claim(&req.token)?;
    record(&app, &slot, &mut room, entry).await?;
    Ok(axum::Json(room.state()).into_response())
}

/// `POST /api/games/{id}/undo`: asks to take back; done when every human seat asked.
async fn undo(State(app): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> ApiResult {
    let slot = find(&app, &id).await?;
    let req = action_body(&bytes)?;
    let mut room = slot.room.lock().await;
    settle_clock(&app, &slot, &mut room).await?;
    // A finished game is refused by request_undo, so a take-back never reopens one: the game's
    // timer and engine go on as they were.
    if let Some(keep) = room.request_undo(&req.token)? {
        app.store
            .truncate(&room.id, keep)
            .await
            .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e))?;
        room.truncate(keep)
            .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    }
    publish(&slot, &room);
    Ok(axum::Json(room.state()).into_response())
}

/// `POST /api/games/{id}/rematch`: asks for a rematch of a finished game; once every human
/// seat has asked, the rematch is created (same game, configuration, start and clock, the
/// players' seats rotated, each keeping their token) and the state names it.
async fn rematch(State(app): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> ApiResult {
    let slot = find(&app, &id).await?;
    let req = action_body(&bytes)?;
    let mut room = slot.room.lock().await;
    // A flag that has fallen ends the game first.
    settle_clock(&app, &slot, &mut room).await?;
    let asked_before = room.rematch_requests.clone();
    if room.rematch.is_none() && room.request_rematch(&req.token)? {
        let row = room.rematch_row(random_hex(8)?);
        let new_room = Room::new(&row).map_err(|e| bad(e.to_string()))?;
        host(&app, &row, new_room).await?;
        // Stored, so that a restart (or the game read back) still links to it.
        if let Err(e) = app
            .store
            .set_rematch(&id, room.rematch_requests.clone(), Some(row.id.clone()))
            .await
        {
            eprintln!("variants serve: the rematch of game {id} not stored: {e}");
        }
        room.rematch = Some(row.id);
    } else if room.rematch.is_some() {
        // Asked again after it was made: the answer names it; only a seat holder may ask.
        room.acting_seat(&req.token, None)?;
    } else if room.rematch_requests != asked_before {
        // A request waiting for the others: stored, so that a restart keeps it.
        if let Err(e) = app
            .store
            .set_rematch(&id, room.rematch_requests.clone(), None)
            .await
        {
            room.rematch_requests = asked_before;
            return Err(ApiError(StatusCode::INTERNAL_SERVER_ERROR, e));
        }
    }
    publish(&slot, &room);
    Ok(axum::Json(room.state()).into_response())
}

/// `GET /api/games/{id}/events[?token=T]`: server-sent events, one `state` event (with the
/// board as SVG) now and after every change; at shutdown a last `shutdown` event, then the
/// stream ends. With a seat's token the page holds that seat (the wait for the first moves of
/// a game with a clock starts once every human seat is held).
async fn events(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Query(query): Query<TokenQuery>,
) -> ApiResult {
    let slot = find(&app, &id).await?;
    let mut room = slot.room.lock().await;
    if let Some(token) = query.token {
        let seats = room.seats_of(&token);
        if room.hold(&seats) {
            publish(&slot, &room);
        }
    }
    let mut updates = slot.events.subscribe();
    let first: Arc<str> = state_json(&room, false).to_string().into();
    drop(room);
    let mut stop = app.stop.subscribe();
    let (tx, rx) = mpsc::channel::<Event>(4);
    // One forwarding task a stream: it ends the stream at shutdown (so the server's graceful
    // shutdown does not wait for pages to close) and when the page goes.
    tokio::spawn(async move {
        if tx
            .send(Event::default().event("state").data(&*first))
            .await
            .is_err()
        {
            return;
        }
        loop {
            tokio::select! {
                update = updates.recv() => match update {
                    Ok(text) => {
                        if tx.send(Event::default().event("state").data(&*text)).await.is_err() {
                            return;
                        }
                    }
                    // Too slow a reader missed states: the next one is complete anyway.
                    Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                // `stop` only ever turns true, once.
                _ = stop.changed() => {
                    let data = json!({"instance": crate::instance()}).to_string();
                    let _ = tx.send(Event::default().event("shutdown").data(data)).await;
                    return;
                }
                () = tx.closed() => return,
            }
        }
    });
    let stream = ReceiverStream::new(rx).map(Ok::<_, Infallible>);
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Sse::new(stream).keep_alive(KeepAlive::default()),
    )
        .into_response())
}

#[derive(Deserialize, Default)]
struct ListQuery {
    #[serde(default)]
    open: Option<String>,
    #[serde(default)]
    finished: Option<String>,
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    to: Option<String>,
    #[serde(default)]
    page: Option<String>,
    #[serde(default)]
    per_page: Option<String>,
}

/// Indexes for the archive the finished games of a file written before the archive existed:
/// `over` (read at start, found finished) and those the file marks over but has not indexed.
/// Returns how many were indexed.
pub async fn index_old_games(app: &Shared, over: Vec<Room>) -> usize {
    let mut rooms = over;
    match app.store.unindexed().await {
        Ok(ids) => {
            for id in ids {
                match app.store.load(&id).await {
                    Ok(Some((row, log))) => {
                        match Room::new(&row).and_then(|mut r| r.replay(&log).map(|()| r)) {
                            Ok(room) => rooms.push(room),
                            Err(e) => eprintln!("variants serve: game {id} not indexed: {e}"),
                        }
                    }
                    Ok(None) => {}
                    Err(e) => eprintln!("variants serve: game {id} not indexed: {e}"),
                }
            }
        }
        Err(e) => eprintln!("variants serve: the archive's index: {e}"),
    }
    let now = crate::store::now_ms();
    let mut done = 0;
    for room in rooms {
        match app.store.set_over(&room.id, room.finished(now)).await {
            Ok(()) => done += 1,
            Err(e) => eprintln!("variants serve: game {} not indexed: {e}", room.id),
        }
    }
    done
}

/// `GET /api/games`: the ongoing listed games, newest first; `?open=true` only those with a
/// free seat, `?open=false` only those without; `?finished=true` the archive instead.
async fn list(State(app): State<Shared>, Query(q): Query<ListQuery>) -> ApiResult {
    match q.finished.as_deref() {
        Some("true") => return archive::archive(&app, &q).await,
        None | Some("false") => {}
        Some(other) => {
            return Err(bad(format!(
                "finished: {:?} is not true or false",
                shorten(other)
            )));
        }
    }
    let open = match q.open.as_deref() {
        None => None,
        Some("true") => Some(true),
        Some("false") => Some(false),
        Some(other) => {
            return Err(bad(format!(
                "open: {:?} is not true or false",
                shorten(other)
            )));
        }
    };
    let ids: Vec<String> = app
        .listed
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
        .rev()
        .cloned()
        .collect();
    let mut games = Vec::new();
    for id in ids {
        if games.len() >= MAX_LISTED {
            break;
        }
        let Ok(slot) = slot(&app, &id) else {
            continue;
        };
        let room = slot.room.lock().await;
        if room.status.is_over() {
            continue;
        }
        let free: Vec<&str> = (0..room.seat_count())
            .filter(|&i| room.open[i])
            .map(|i| room.seat_name(Seat(i as u8)))
            .collect();
        if open.is_some_and(|open| open == free.is_empty()) {
            continue;
        }
        let players: serde_json::Map<String, Value> = (0..room.seat_count())
            .map(|i| {
                (
                    room.seat_name(Seat(i as u8)).to_string(),
                    json!(room.players[i].text()),
                )
            })
            .collect();
        games.push(json!({
            "id": room.id,
            "game": room.game,
            "config": room.config,
            "free_seats": free,
            "players": players,
            "clock": room.clocks.as_ref().map(|c| json!({
                "initial_ms": c.initial, "increment_ms": c.increment
            })),
            "ply": room.log.len(),
            "watch": format!("/play/{}", room.id),
        }));
    }
    Ok(axum::Json(json!({ "games": games })).into_response())
}

/// `POST /api/games/{id}/seats/{seat}`: takes a free seat; answers its token and link.
async fn take_seat(
    State(app): State<Shared>,
    Path((id, seat)): Path<(String, String)>,
    bytes: Bytes,
) -> ApiResult {
    bounded("seat", &seat, 32)?;
    // An optional body: `{"name": "…"}`, the taker's name.
    let player = if bytes.is_empty() {
        None
    } else {
        let req: TakeBody = body(&bytes)?;
        req.name.as_deref().map(player_name).transpose()?.flatten()
    };
    let slot = find(&app, &id).await?;
    let mut room = slot.room.lock().await;
    settle_clock(&app, &slot, &mut room).await?;
    let before = (room.open.clone(), room.names.clone());
    let token = room.take_seat(&seat, player.clone())?;
    let index = room.seat_named(&seat).map(|s| s.index());
    let named = index.zip(player);
    if let Err(e) = app.store.set_open(&room.id, room.open.clone(), named).await {
        (room.open, room.names) = before;
        room.restart_clock();
        return Err(ApiError(StatusCode::INTERNAL_SERVER_ERROR, e));
    }
    publish(&slot, &room);
    // The last open seat taken: an engine to move begins.
    kick_engine(&app, &id);
    let name = room
        .seat_named(&seat)
        .map_or(seat.clone(), |s| room.seat_name(s).to_string());
    drop(room);
    Ok(axum::Json(json!({
        "id": id,
        "seat": name,
        "token": token,
        "link": format!("/play/{id}#seat={name}&token={token}"),
    }))
    .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TakeBody {
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize)]
struct TokenQuery {
    #[serde(default)]
    token: Option<String>,
}

/// `GET /api/games/{id}/seat?token=T`: the seats the token holds (403 for none), so a page
/// opened from a link can say at once that its token is wrong.
async fn seat_of_token(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
) -> ApiResult {
    let token = q.token.ok_or_else(|| bad("token: missing (?token=…)"))?;
    bounded("token", &token, MAX_TOKEN)?;
    let slot = find(&app, &id).await?;
    let room = slot.room.lock().await;
    let seats: Vec<&str> = room
        .seats_of(&token)
        .into_iter()
        .map(|s| room.seat_name(s))
        .collect();
    if seats.is_empty() {
        return Err(ApiError(
            StatusCode::FORBIDDEN,
            "the token holds no seat of this game".into(),
        ));
    }
    Ok(axum::Json(json!({ "seats": seats })).into_response())
}

#[derive(Deserialize, Default)]
struct RecordQuery {
    #[serde(default)]
    format: Option<String>,
}

/// `GET /api/games/{id}/record`: the JSON record, or `?format=pgn` the PGN (422 for a game
/// without a PGN form).
async fn record_file(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<RecordQuery>,
) -> ApiResult {
    let slot = find(&app, &id).await?;
    let room = slot.room.lock().await;
    let (body, kind, extension) = match q.format.as_deref() {
        None | Some("json") => (room.history.to_json(), "application/json", "json"),
        Some("pgn") => {
            let players: Vec<String> = room
                .players
                .iter()
                .map(|p| match p {
                    Player::Human => "?".to_string(),
                    Player::Engine(_) => "variants engine".to_string(),
                })
                .collect();
            let event = format!("variants serve game {}", room.id);
            let mut tags: Vec<(&str, &str)> = vec![("Event", &event)];
            let seats = ["White", "Black"];
            for (tag, name) in seats.iter().zip(&players) {
                tags.push((tag, name));
            }
            if room.log.last().is_some_and(|e| e.kind == "time") {
                tags.push(("Termination", "time forfeit"));
            }
            let pgn = variant_games::history_to_pgn(&room.history, &tags).ok_or_else(|| {
                ApiError(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!(
                        "{} in this configuration has no PGN form (only FIDE chess has one)",
                        room.game
                    ),
                )
            })?;
            (pgn, "application/x-chess-pgn", "pgn")
        }
        Some(other) => {
            return Err(bad(format!(
                "format: {:?} is not json or pgn",
                shorten(other)
            )));
        }
    };
    Ok((
        [
            (header::CONTENT_TYPE, kind.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}.{extension}\"", room.id),
            ),
        ],
        body,
    )
        .into_response())
}

/// Lets the engine move if it holds the seat to move (in the background).
pub fn kick_engine(app: &Shared, id: &str) {
    let Ok(slot) = slot(app, id) else {
        return;
    };
    let app = Arc::clone(app);
    tokio::spawn(async move {
        loop {
            let (position, earlier, ply) = {
                let room = slot.room.lock().await;
                if room.engine_to_move().is_none() {
                    return;
                }
                let position = room.position().clone();
                (position, room.hashes.clone(), room.log.len())
            };
            // At most one search per core at a time: many engine games queue, not thrash.
            let Ok(_permit) = app.thinking.acquire().await else {
                return;
            };
            let (engine, limits) = {
                let mut room = slot.room.lock().await;
                settle_clock_logged(&app, &slot, &mut room).await;
                let Some(spec) = room.engine_to_move() else {
                    return;
                };
                if room.log.len() != ply {
                    continue;
                }
                room.thinking = Some(room.position().side_to_move());
                publish(&slot, &room);
                (room.seat_engine(&spec), room.engine_limits(&spec))
            };
            let choice = tokio::task::spawn_blocking(move || {
                // A search that panicked poisons the lock; the engine's table is still fine.
                let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                crate::engine::engine_move(&mut engine, &position, &earlier, &limits)
            })
            .await;
            let Ok(Some(mv)) = choice else {
                let mut room = slot.room.lock().await;
                room.thinking = None;
                publish(&slot, &room);
                eprintln!(
                    "variants serve: the engine found no move in game {:?}",
                    room.id
                );
                return;
            };
            let mut room = slot.room.lock().await;
            room.thinking = None;
            settle_clock_logged(&app, &slot, &mut room).await;
            if room.log.len() != ply {
                // Someone took back meanwhile (or a flag fell): think again about the new
                // position.
                publish(&slot, &room);
                continue;
            }
            let Ok(entry) = room.check_engine_move(&mv) else {
                publish(&slot, &room);
                return;
            };
            let seat = room.position().side_to_move();
            room.engine_reply = Some((seat, entry.arg.clone()));
            if let Err(e) = record(&app, &slot, &mut room, entry).await {
                eprintln!("variants serve: engine move not stored: {}", e.1);
                return;
            }
        }
    });
}

/// [`settle_clock`] for the background tasks, which have no one to answer.
async fn settle_clock_logged(app: &App, slot: &Slot, room: &mut Room) {
    if let Err(e) = settle_clock(app, slot, room).await {
        eprintln!("variants serve: flag fall not stored: {}", e.1);
    }
}

/// A request's query as name → value; a query that cannot be read is a 400.
fn query_map(request: &Request) -> Result<HashMap<String, String>, ApiError> {
    Query::<HashMap<String, String>>::try_from_uri(request.uri())
        .map(|Query(q)| q)
        .map_err(|e| bad(format!("query: {e}")))
}

/// Refuses a query key outside `known`.
fn known_keys(q: &HashMap<String, String>, known: &[&str]) -> Result<(), ApiError> {
    match q.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => Err(bad(format!(
            "{}: unknown parameter; this path takes {}",
            shorten(k),
            known.join(", ")
        ))),
        None => Ok(()),
    }
}

/// The position a request names, as a room (never the live one): `id` with `ply` (default:
/// the game's current ply) for a game of the server, or `game` with `config` and `position`
/// (default: the game's start) for any position.
async fn asked_room(app: &Shared, q: &HashMap<String, String>) -> Result<Room, ApiError> {
    if let Some(id) = q.get("id") {
        if ["game", "config", "position"]
            .iter()
            .any(|k| q.contains_key(*k))
        {
            return Err(bad(
                "id: give either id (and ply) or game (with config and position), not both",
            ));
        }
        let slot = find(app, id).await?;
        let room = slot.room.lock().await;
        let ply = match q.get("ply") {
            None => room.log.len(),
            Some(p) => p
                .parse()
                .map_err(|_| bad(format!("ply: {:?} is not a number", shorten(p))))?,
        };
        if ply > room.log.len() {
            return Err(ApiError(
                StatusCode::NOT_FOUND,
                format!(
                    "no ply {ply} in game {}: it has {} so far",
                    room.id,
                    room.log.len()
                ),
            ));
        }
        return room
            .at_ply(ply)
            .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()));
    }
    if q.contains_key("ply") {
        return Err(bad("ply: only with id (a game of this server)"));
    }
    let name = q.get("game").ok_or_else(|| {
        bad("game: missing; give id (and ply) or game (with config and position)")
    })?;
    bounded("game", name, MAX_GAME_NAME)?;
    let config_text = q.get("config").map_or("", String::as_str);
    let position = q.get("position").map_or("", String::as_str);
    let (game, start) = checked_game(name, config_text, position, "analyse")?;
    let seats = game.seat_count();
    let row = GameRow {
        id: String::new(),
        game: name.clone(),
        config: full_config(&game),
        players: vec!["human".to_string(); seats],
        tokens: vec![None; seats],
        start,
        listed: false,
        open: vec![false; seats],
        clock: None,
        names: vec![None; seats],
        rematch_requests: Vec::new(),
        rematch: None,
    };
    Room::new(&row).map_err(|e| bad(e.to_string()))
}

/// `GET /api/position`: the state (with the board as SVG) of a position (see [`asked_room`])
/// after `moves` (canonical texts, separated by commas or spaces), for the analysis board's
/// steps through a line; `last_mover` names the seat of the last of `moves`.
async fn position(State(app): State<Shared>, request: Request) -> ApiResult {
    let q = query_map(&request)?;
    known_keys(&q, &["id", "ply", "game", "config", "position", "moves"])?;
    let mut room = asked_room(&app, &q).await?;
    let moves: Vec<&str> = q
        .get("moves")
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
        room.commit(entry)
            .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        last_mover = Some(room.seat_name(mover));
    }
    let mut state = state_json(&room, false);
    if let Value::Object(map) = &mut state {
        map.insert("last_mover".into(), json!(last_mover));
    }
    Ok(axum::Json(state).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{ArchiveQuery, LogEntry};

    /// A FIDE game White resigned at once: finished from its first log entry.
    fn finished_row(id: &str) -> GameRow {
        GameRow {
            id: id.to_string(),
            game: "chess3d".to_string(),
            config: "heights=1".to_string(),
            players: vec!["human".to_string(), "human".to_string()],
            tokens: vec![Some("w".to_string()), Some("b".to_string())],
            start: String::new(),
            listed: false,
            open: vec![false, false],
            clock: None,
            names: vec![None, None],
            rematch_requests: Vec::new(),
            rematch: None,
        }
    }

    #[tokio::test]
    async fn a_finished_game_nobody_holds_is_let_go_and_read_back() {
        let dir = std::env::temp_dir().join(format!("variants-evict-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (store, _) = crate::store::open(&dir.join("games.db"), false).unwrap();
        let app: Shared = Arc::new(App::new(store, 1));
        let resign = LogEntry {
            kind: "resign".to_string(),
            arg: "0".to_string(),
            clock: None,
        };
        for id in ["over", "going"] {
            let row = finished_row(id);
            app.store.insert(row.clone()).await.unwrap();
            let mut room = Room::new(&row).unwrap();
            if id == "over" {
                app.store.append(id, 0, resign.clone()).await.unwrap();
                room.commit(resign.clone()).unwrap();
            }
            insert_slot(&app, room);
        }
        // Held by a request: kept.
        let held = slot(&app, "over").expect("held in memory");
        assert_eq!(evict_finished(&app), 0);
        drop(held);
        // Only the finished game goes; the one in progress stays.
        assert_eq!(evict_finished(&app), 1);
        assert!(slot(&app, "over").is_err());
        assert!(slot(&app, "going").is_ok());
        // Asked for again, it is read back from the file as it was: Black won by resignation.
        let back = find(&app, "over").await.expect("read back");
        let room = back.room.lock().await;
        assert_eq!(room.log, vec![resign]);
        assert!(room.status.is_over());
        drop(room);
        assert!(find(&app, "no-such-game").await.is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
    #[tokio::test]
    async fn a_file_from_before_the_archive_is_upgraded_and_indexed() {
        let dir = std::env::temp_dir().join(format!("variants-upgrade-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.db");
        {
            // The oldest layout: no start, lobby, clock, over, names or archive columns.
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.execute_batch(
                "CREATE TABLE games(id TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL,
                     players TEXT NOT NULL, tokens TEXT NOT NULL);
                 CREATE TABLE log(game TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL,
                     arg TEXT NOT NULL, PRIMARY KEY (game, seq));
                 INSERT INTO games VALUES ('mated', 'chess3d', 'heights=1',
                     '[\"human\",\"human\"]', '[\"w\",\"b\"]');
                 INSERT INTO games VALUES ('going', 'chess3d', 'heights=1',
                     '[\"human\",\"human\"]', '[\"w\",\"b\"]');
                 INSERT INTO log VALUES ('mated', 0, 'move', 'f2f3'), ('mated', 1, 'move', 'e7e5'),
                     ('mated', 2, 'move', 'g2g4'), ('mated', 3, 'move', 'd8h4'),
                     ('going', 0, 'move', 'e2e4');",
            )
            .unwrap();
        }
        let before = crate::store::now_ms();
        let (store, stored) = crate::store::open(&path, false).unwrap();
        let app: Shared = Arc::new(App::new(store, 0));
        let mut over = Vec::new();
        for (row, log) in stored {
            let mut room = Room::new(&row).unwrap();
            room.replay(&log).unwrap();
            if room.status.is_over() {
                over.push(room);
            } else {
                assert_eq!(row.id, "going");
                assert_eq!(row.names, vec![None, None]);
            }
        }
        assert_eq!(index_old_games(&app, over).await, 1);
        let (rows, total) = app
            .store
            .archive(ArchiveQuery {
                limit: 10,
                ..ArchiveQuery::default()
            })
            .await
            .unwrap();
        assert_eq!(total, 1);
        assert_eq!(rows[0].id, "mated");
        assert_eq!(rows[0].finished.result, "win");
        assert_eq!(rows[0].finished.winner, "black");
        assert_eq!(rows[0].finished.text, "black wins (checkmate)");
        assert_eq!(rows[0].finished.plies, 4);
        assert!(rows[0].finished.at >= before);
        drop(app);
        // Opened again: the finished game is no longer read at start, and stays indexed.
        let (store, stored) = crate::store::open(&path, false).unwrap();
        let ids: Vec<&str> = stored.iter().map(|(g, _)| g.id.as_str()).collect();
        assert_eq!(ids, ["going"]);
        assert!(store.unindexed().await.unwrap().is_empty());
        let (rows, _) = store
            .archive(ArchiveQuery {
                limit: 10,
                result: Some("win".into()),
                ..ArchiveQuery::default()
            })
            .await
            .unwrap();
        assert_eq!(rows.len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
