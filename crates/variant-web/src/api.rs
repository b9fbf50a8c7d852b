//! The JSON API and the page's routes (see docs/web.md): the router and what every handler
//! shares ([`App`]). The routes live in modules by job: [`games`] (reading games, the lobby,
//! seats, records), [`create`] (`POST /api/games`), [`actions`] (moves and the seats'
//! actions), [`events`] (the event stream), [`clocks`] (timers and flag falls), [`engine`]
//! (engine seats' turns), [`archive`] (finished games) and [`analysis`] (the analysis board);
//! [`slots`] holds the games in memory and [`error`] the refusals and request extractors.

mod actions;
mod analysis;
mod archive;
mod clocks;
mod create;
mod engine;
mod error;
mod events;
mod games;
mod slots;

pub use archive::index_old_games;
pub use clocks::start_timer;
pub use engine::kick_engine;
pub use error::ApiError;
pub use slots::{EVICT_EVERY_SECS, evict_finished, expire_open, insert_slot};

use crate::assets;
use crate::room::Room;
use crate::store::Store;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{Method, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, broadcast, watch};

/// Largest request body, in bytes.
pub const MAX_BODY: usize = 16 * 1024;
/// Longest game name, in bytes.
const MAX_GAME_NAME: usize = 32;
/// Longest move text, in bytes.
const MAX_MOVE: usize = 64;
/// Longest token or id, in bytes.
const MAX_TOKEN: usize = 64;
/// Most games the server keeps.
pub const MAX_GAMES: usize = 200_000;
/// Most games `GET /api/games` lists.
const MAX_LISTED: usize = 100;
/// How long a listed game may wait for a player to take its open seats, by default
/// (`variants serve --open-game-expiry`).
pub const OPEN_GAME_EXPIRY: Duration = Duration::from_secs(3600);

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
    pub first_move: Duration,
    /// How long a listed game with an open seat waits for its players before it is called off
    /// (`--open-game-expiry`).
    pub open_game_expiry: Duration,
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
            open_game_expiry: OPEN_GAME_EXPIRY,
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

/// The routes.
pub fn router(app: Shared) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/play/{id}", get(assets::index))
        .route("/archive", get(assets::index))
        .route("/assets/{file}", get(assets::file))
        .route("/api/info", get(games::info))
        .route("/api/games", post(create::create).get(games::list))
        .route("/api/games/{id}", get(games::state))
        .route("/api/games/{id}/seats/{seat}", post(games::take_seat))
        .route("/api/games/{id}/seat", get(games::seat_of_token))
        .route("/api/games/{id}/record", get(games::record_file))
        .route("/api/games/{id}/moves", post(actions::play))
        .route("/api/games/{id}/resign", post(actions::resign))
        .route("/api/games/{id}/abort", post(actions::abort))
        .route("/api/games/{id}/draw", post(actions::draw))
        .route("/api/games/{id}/claim", post(actions::claim))
        .route("/api/games/{id}/undo", post(actions::undo))
        .route("/api/games/{id}/rematch", post(actions::rematch))
        .route("/api/games/{id}/events", get(events::events))
        .route("/api/analysis", get(analysis::analysis))
        .route("/api/position", get(analysis::position))
        .method_not_allowed_fallback(|method: Method| async move {
            ApiError(
                StatusCode::METHOD_NOT_ALLOWED,
                format!("this path does not take {method} (see the Allow header)"),
            )
        })
        .fallback(|| async { error::not_found("no such page") })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            |_: Box<dyn std::any::Any + Send>| {
                error::internal("internal error (the server survived it)").into_response()
            },
        ))
        .with_state(app)
}
