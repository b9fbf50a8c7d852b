//! The JSON API and the page's routes (see docs/web.md).

use super::assets;
use super::room::{Player, Refusal, Room, active_seats};
use super::store::{GameRow, LogEntry, Store};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, RwLock};
use tokio::sync::{Mutex, broadcast};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::BroadcastStream;
use variants::{Game, GameConfig, Seat, registry};

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

/// One game with its event channel.
pub struct Slot {
    /// The game.
    pub room: Mutex<Room>,
    /// Every new state, as the `events` stream sends it.
    pub events: broadcast::Sender<Arc<str>>,
}

/// What every handler shares.
pub struct App {
    /// The games by id.
    pub games: RwLock<HashMap<String, Arc<Slot>>>,
    /// The database.
    pub store: Store,
    /// One permit per core for engine searches.
    pub thinking: tokio::sync::Semaphore,
}

type Shared = Arc<App>;

/// An error answer: a status and `{"error": text}`.
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
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/events", get(events))
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such page".into()) })
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

fn slot(app: &App, id: &str) -> Result<Arc<Slot>, ApiError> {
    let games = app.games.read().unwrap_or_else(|p| p.into_inner());
    games
        .get(id)
        .cloned()
        .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no game {:?}", shorten(id))))
}

fn shorten(text: &str) -> String {
    variants::variant_core::error::shorten(text)
}

/// `GET /api/info`: the games with their keys and seats, for the page's form.
async fn info() -> Response {
    let games: Vec<Value> = registry::games()
        .iter()
        .map(|g| {
            let seats: Vec<&str> = variants::new_game(g.name, "")
                .map(|game| {
                    (0..game.seat_count())
                        .map(|i| game.seat_name(Seat(i as u8)))
                        .collect()
                })
                .unwrap_or_default();
            json!({
                "name": g.name,
                "description": g.description,
                "seats": seats,
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
        variants::new_game(&req.game, &config_text).map_err(|e| bad(e.to_string()))?
    } else {
        variants::from_text(&req.game, &config_text, position)
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
    let active = active_seats(&req.game, &game);
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
    for (name, token) in names.iter().zip(&tokens) {
        if let Some(t) = token {
            token_map.insert(name.to_string(), json!(t));
            links.insert(
                name.to_string(),
                json!(format!("/play/{id}#seat={name}&token={t}")),
            );
        }
    }
    kick_engine(&app, &id);
    Ok((
        StatusCode::CREATED,
        axum::Json(json!({
            "id": id, "tokens": token_map, "links": links, "watch": format!("/play/{id}")
        })),
    )
        .into_response())
}

/// Adds a game to the table.
pub fn insert_slot(app: &App, room: Room) {
    let (events, _) = broadcast::channel(16);
    let id = room.id.clone();
    let slot = Arc::new(Slot {
        room: Mutex::new(room),
        events,
    });
    app.games
        .write()
        .unwrap_or_else(|p| p.into_inner())
        .insert(id, slot);
}

#[derive(Deserialize, Default)]
struct StateQuery {
    #[serde(default)]
    board: Option<String>,
}

/// The state, with the board as SVG when asked (`?board=svg`).
fn state_json(room: &Room, board: bool) -> Value {
    let mut state = room.state();
    if board && let Value::Object(map) = &mut state {
        map.insert("board".into(), json!(super::board::svg(room)));
    }
    state
}

/// `GET /api/games/{id}`.
async fn state(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<StateQuery>,
) -> ApiResult {
    let slot = slot(&app, &id)?;
    let room = slot.room.lock().await;
    let with_board = q.board.as_deref() == Some("svg");
    Ok(axum::Json(state_json(&room, with_board)).into_response())
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
    publish(slot, room);
    Ok(())
}

/// Sends the state to every open `events` stream.
fn publish(slot: &Slot, room: &Room) {
    if slot.events.receiver_count() > 0 {
        let text: Arc<str> = state_json(room, true).to_string().into();
        let _ = slot.events.send(text);
    }
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
    let slot = slot(&app, &id)?;
    let req: MoveBody = body(&bytes)?;
    bounded("move", &req.mv, MAX_MOVE)?;
    if let Some(t) = &req.token {
        bounded("token", t, MAX_TOKEN)?;
    }
    let mut room = slot.room.lock().await;
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
    let slot = slot(&app, &id)?;
    let req = action_body(&bytes)?;
    let mut room = slot.room.lock().await;
    let entry = room.check_resign(&req.token, req.seat.as_deref())?;
    record(&app, &slot, &mut room, entry).await?;
    let answer = room.state();
    drop(room);
    // A resignation in the long game of "Bishops" can hand the move to an engine.
    kick_engine(&app, &id);
    Ok(axum::Json(answer).into_response())
}

/// `POST /api/games/{id}/draw`: offers a draw, or agrees to the others' offer.
async fn draw(State(app): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> ApiResult {
    let slot = slot(&app, &id)?;
    let req = action_body(&bytes)?;
    let mut room = slot.room.lock().await;
    match room.offer_draw(&req.token)? {
        Some(entry) => record(&app, &slot, &mut room, entry).await?,
        None => publish(&slot, &room),
    }
    Ok(axum::Json(room.state()).into_response())
}

/// `POST /api/games/{id}/claim`: the seat to move claims a draw.
async fn claim(State(app): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> ApiResult {
    let slot = slot(&app, &id)?;
    let req = action_body(&bytes)?;
    let mut room = slot.room.lock().await;
    let entry = room.check_claim(&req.token)?;
    record(&app, &slot, &mut room, entry).await?;
    Ok(axum::Json(room.state()).into_response())
}

/// `POST /api/games/{id}/undo`: asks to take back; done when every human seat asked.
async fn undo(State(app): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> ApiResult {
    let slot = slot(&app, &id)?;
    let req = action_body(&bytes)?;
    let mut room = slot.room.lock().await;
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

/// `GET /api/games/{id}/events`: server-sent events, one `state` event (with the board as
/// SVG) now and after every change.
async fn events(State(app): State<Shared>, Path(id): Path<String>) -> ApiResult {
    let slot = slot(&app, &id)?;
    let room = slot.room.lock().await;
    let rx = slot.events.subscribe();
    let first: Arc<str> = state_json(&room, true).to_string().into();
    drop(room);
    let stream = tokio_stream::once(first)
        .chain(BroadcastStream::new(rx).filter_map(|r| r.ok()))
        .map(|text| Ok::<_, Infallible>(Event::default().event("state").data(&*text)));
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Sse::new(stream).keep_alive(KeepAlive::default()),
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
            let (position, earlier, ply, movetime) = {
                let room = slot.room.lock().await;
                let Some(movetime) = room.engine_to_move() else {
                    return;
                };
                let position = room.position().clone();
                (position, room.hashes.clone(), room.log.len(), movetime)
            };
            // At most one search per core at a time: many engine games queue, not thrash.
            let Ok(_permit) = app.thinking.acquire().await else {
                return;
            };
            let choice = tokio::task::spawn_blocking(move || {
                super::engine::engine_move(&position, &earlier, movetime)
            })
            .await;
            let Ok(Some(mv)) = choice else {
                eprintln!(
                    "variants serve: the engine found no move in game {:?}",
                    slot_id(&slot).await
                );
                return;
            };
            let mut room = slot.room.lock().await;
            if room.log.len() != ply {
                // Someone took back meanwhile: think again about the new position.
                continue;
            }
            let Ok(entry) = room.check_engine_move(&mv) else {
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

async fn slot_id(slot: &Slot) -> String {
    slot.room.lock().await.id.clone()
}
