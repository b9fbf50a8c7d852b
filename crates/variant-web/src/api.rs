//! The JSON API and the page's routes (see docs/web.md).

use crate::assets;
use crate::room::{Player, Refusal, Room, active_seats};
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
use variant_games::{Game, GameConfig, Seat, registry};

/// Largest request body, in bytes.
pub const MAX_BODY: usize = 16 * 1024;
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
/// Largest initial time of a clock, in milliseconds (a day).
const MAX_CLOCK_MS: u64 = 86_400_000;
/// Smallest initial time of a clock, in milliseconds.
const MIN_CLOCK_MS: u64 = 100;
/// Largest increment of a clock, in milliseconds (an hour).
const MAX_INCREMENT_MS: u64 = 3_600_000;
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
}

impl App {
    /// No game yet; `searches` engine searches may run at once (0: engines never move).
    pub fn new(store: Store, searches: usize) -> App {
        App {
            games: RwLock::new(HashMap::new()),
            store,
            thinking: tokio::sync::Semaphore::new(searches),
            listed: RwLock::new(Vec::new()),
            stop: watch::Sender::new(false),
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
        .route("/assets/{file}", get(assets::file))
        .route("/api/info", get(info))
        .route("/api/games", post(create).get(list))
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
                .or_insert_with(|| new_slot(room)),
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

/// `GET /api/info`: the games with their keys and seats, for the page's form.
async fn info() -> Response {
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
    axum::Json(json!({ "games": games })).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    game: String,
    #[serde(default)]
    config: Option<Value>,
    #[serde(default)]
    players: HashMap<String, String>,
    #[serde(default)]
    one_token: bool,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    clock: Option<ClockBody>,
    #[serde(default)]
    listed: Option<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockBody {
    initial_ms: u64,
    #[serde(default)]
    increment_ms: u64,
}

/// The seats `listed` opens: `true` every human seat, an array the seats it names.
fn open_seats(
    listed: &Option<Value>,
    names: &[&str],
    players: &[Player],
    active: &[bool],
) -> Result<(bool, Vec<bool>), ApiError> {
    let mut open = vec![false; names.len()];
    let listed = match listed {
        None | Some(Value::Null) | Some(Value::Bool(false)) => return Ok((false, open)),
        Some(Value::Bool(true)) => {
            for (i, slot) in open.iter_mut().enumerate() {
                *slot = players[i] == Player::Human && active[i];
            }
            true
        }
        Some(Value::Array(seats)) => {
            for seat in seats {
                let name = seat
                    .as_str()
                    .ok_or_else(|| bad("listed: expected true or an array of seat names"))?;
                let i = names.iter().position(|n| *n == name).ok_or_else(|| {
                    bad(format!(
                        "listed: no seat {:?}; seats: {}",
                        shorten(name),
                        names.join(", ")
                    ))
                })?;
                if players[i] != Player::Human || !active[i] {
                    return Err(bad(format!(
                        "listed: the seat {name} is not a person's seat, so it cannot be open"
                    )));
                }
                open[i] = true;
            }
            true
        }
        Some(_) => return Err(bad("listed: expected true or an array of seat names")),
    };
    Ok((listed, open))
}

/// `POST /api/games`.
async fn create(State(app): State<Shared>, bytes: Bytes) -> ApiResult {
    let req: CreateBody = body(&bytes)?;
    bounded("game", &req.game, 32)?;
    let config_text = match &req.config {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(v @ Value::Object(_)) => v.to_string(),
        Some(_) => return Err(bad("config: expected \"k=v;k=v\" text or a JSON object")),
    };
    bounded("config", &config_text, MAX_CONFIG)?;
    let position = req.position.as_deref().map(str::trim).unwrap_or("");
    bounded("position", position, MAX_POSITION)?;
    let game = if position.is_empty() {
        variant_games::new_game(&req.game, &config_text).map_err(|e| bad(e.to_string()))?
    } else {
        variant_games::from_text(&req.game, &config_text, position)
            .map_err(|e| bad(format!("position: {e}")))?
    };
    if game.move_search_exceeds(MAX_CAPTURE_STEPS) {
        return Err(bad(format!(
            "position: its longest capture (D3-12) takes more than {MAX_CAPTURE_STEPS} \
             capture steps to find; this server does not host such positions"
        )));
    }
    // Stored as the game writes it, so a restart reads back exactly this position.
    let start = if position.is_empty() {
        String::new()
    } else {
        game.to_text()
    };
    let seats = game.seat_count();
    let names: Vec<&str> = (0..seats).map(|i| game.seat_name(Seat(i as u8))).collect();
    let mut players = vec![Player::Human; seats];
    for (seat, kind) in &req.players {
        let index = names.iter().position(|n| n == seat).ok_or_else(|| {
            bad(format!(
                "players: no seat {:?} in {}; seats: {}",
                shorten(seat),
                req.game,
                names.join(", ")
            ))
        })?;
        players[index] = Player::parse(bounded("player", kind, 64)?).map_err(bad)?;
    }
    let active = active_seats(&game);
    let (listed, open) = open_seats(&req.listed, &names, &players, &active)?;
    if open.contains(&true) && req.one_token {
        return Err(bad(
            "one_token and open seats exclude each other (a taken seat needs its own token)",
        ));
    }
    let clock = match &req.clock {
        None => None,
        Some(c) => {
            if !(MIN_CLOCK_MS..=MAX_CLOCK_MS).contains(&c.initial_ms) {
                return Err(bad(format!(
                    "clock.initial_ms: {} is not in {MIN_CLOCK_MS}..={MAX_CLOCK_MS}",
                    c.initial_ms
                )));
            }
            if c.increment_ms > MAX_INCREMENT_MS {
                return Err(bad(format!(
                    "clock.increment_ms: {} is more than {MAX_INCREMENT_MS}",
                    c.increment_ms
                )));
            }
            Some((c.initial_ms, c.increment_ms))
        }
    };
    let shared = if req.one_token {
        Some(random_hex(16)?)
    } else {
        None
    };
    let mut tokens = Vec::with_capacity(seats);
    for (player, playing) in players.iter().zip(&active) {
        tokens.push(match (player, playing) {
            (Player::Human, true) => Some(match &shared {
                Some(t) => t.clone(),
                None => random_hex(16)?,
            }),
            _ => None,
        });
    }
    let config = game
        .config()
        .to_pairs()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(";");
    let row = GameRow {
        id: random_hex(8)?,
        game: req.game.clone(),
        config,
        players: players.iter().map(|p| p.text()).collect(),
        tokens: tokens.clone(),
        start,
        listed,
        open: open.clone(),
        clock,
    };
    let room = Room::new(&row).map_err(|e| bad(e.to_string()))?;
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
    let id = row.id.clone();
    insert_slot(&app, room);
    let mut token_map = serde_json::Map::new();
    let mut links = serde_json::Map::new();
    for ((name, token), is_open) in names.iter().zip(&tokens).zip(&open) {
        if *is_open {
            continue;
        }
        if let Some(t) = token {
            token_map.insert(name.to_string(), json!(t));
            links.insert(
                name.to_string(),
                json!(format!("/play/{id}#seat={name}&token={t}")),
            );
        }
    }
    start_timer(&app, &id);
    kick_engine(&app, &id);
    let open_names: Vec<&str> = names
        .iter()
        .zip(&open)
        .filter(|(_, o)| **o)
        .map(|(n, _)| *n)
        .collect();
    Ok((
        StatusCode::CREATED,
        axum::Json(json!({
            "id": id, "tokens": token_map, "links": links, "watch": format!("/play/{id}"),
            "open": open_names,
        })),
    )
        .into_response())
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
        .insert(id, new_slot(room));
}

fn new_slot(room: Room) -> Arc<Slot> {
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

/// The state, with the board as SVG when asked (`?board=svg`).
fn state_json(room: &Room, board: bool) -> Value {
    let mut state = room.state();
    if board && let Value::Object(map) = &mut state {
        map.insert("board".into(), json!(crate::board::svg(room)));
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
    let with_board = q.board.as_deref() == Some("svg");
    let Some(ply) = &q.ply else {
        return Ok(axum::Json(state_json(&room, with_board)).into_response());
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
    let mut state = state_json(&past, with_board);
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
        && let Err(e) = app.store.set_over(&room.id).await
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
        let text: Arc<str> = state_json(room, true).to_string().into();
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
    if room.rematch.is_none() && room.request_rematch(&req.token)? {
        let row = room.rematch_row(random_hex(8)?);
        let new_room = Room::new(&row).map_err(|e| bad(e.to_string()))?;
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
        insert_slot(&app, new_room);
        start_timer(&app, &row.id);
        kick_engine(&app, &row.id);
        room.rematch = Some(row.id);
    } else if room.rematch.is_some() {
        // Asked again after it was made: the answer names it; only a seat holder may ask.
        room.acting_seat(&req.token, None)?;
    }
    publish(&slot, &room);
    Ok(axum::Json(room.state()).into_response())
}

/// `GET /api/games/{id}/events`: server-sent events, one `state` event (with the board as
/// SVG) now and after every change; at shutdown a last `shutdown` event, then the stream ends.
async fn events(State(app): State<Shared>, Path(id): Path<String>) -> ApiResult {
    let slot = find(&app, &id).await?;
    let room = slot.room.lock().await;
    let mut updates = slot.events.subscribe();
    let first: Arc<str> = state_json(&room, true).to_string().into();
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
}

/// `GET /api/games`: the ongoing listed games, newest first; `?open=true` only those with a
/// free seat, `?open=false` only those without.
async fn list(State(app): State<Shared>, Query(q): Query<ListQuery>) -> ApiResult {
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
) -> ApiResult {
    bounded("seat", &seat, 32)?;
    let slot = find(&app, &id).await?;
    let mut room = slot.room.lock().await;
    settle_clock(&app, &slot, &mut room).await?;
    let before = room.open.clone();
    let token = room.take_seat(&seat)?;
    if let Err(e) = app.store.set_open(&room.id, room.open.clone()).await {
        room.open = before;
        room.restart_clock();
        return Err(ApiError(StatusCode::INTERNAL_SERVER_ERROR, e));
    }
    publish(&slot, &room);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::LogEntry;

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
}
