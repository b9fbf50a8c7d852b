//! `POST /api/games`: a new game (docs/web.md, "`POST /api/games` — create a game"). The
//! request is read and checked in the order its fields' errors are reported (the game, its
//! configuration and start position, the seats' players and names, the lobby's open seats, the
//! clock), then the game is stored and hosted, and the answer gives each seat's token and link.

use super::error::{ApiError, ApiResult, JsonBody, bad, bounded, shorten};
use super::slots::{host, random_hex};
use super::{MAX_GAME_NAME, Shared};
use crate::room::{Player, Room, Setup, active_seats};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use variant_games::{AnyGame, Game, GameConfig};

/// Longest configuration text, in bytes.
const MAX_CONFIG: usize = 1024;
/// Longest start position text, in bytes (chess3d with eight full heights needs about 600).
const MAX_POSITION: usize = 4096;
/// Most capture steps a checkers3d start position may take to generate its moves (see
/// `AnyGame::move_search_exceeds`): about 50 ms of one core. A hostile text (a few
/// kings among dozens of men in the 3D box) can otherwise hold a worker for minutes.
const MAX_CAPTURE_STEPS: u64 = 1_000_000;

/// Longest player text (`human`, `engine:movetime=500`), in bytes.
const MAX_PLAYER: usize = 64;
/// Largest initial time of a clock, in milliseconds (a day).
const MAX_CLOCK_MS: u64 = 86_400_000;
/// Smallest initial time of a clock, in milliseconds.
const MIN_CLOCK_MS: u64 = 100;
/// Largest increment of a clock, in milliseconds (an hour).
const MAX_INCREMENT_MS: u64 = 3_600_000;

/// The request's body, as docs/web.md describes its fields.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CreateBody {
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
    #[serde(default)]
    names: HashMap<String, String>,
}

/// The request's `clock`: the initial time and the increment, in milliseconds.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockBody {
    initial_ms: u64,
    #[serde(default)]
    increment_ms: u64,
}

/// `POST /api/games`.
pub(super) async fn create(
    State(app): State<Shared>,
    JsonBody(req): JsonBody<CreateBody>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    bounded("game", &req.game, MAX_GAME_NAME)?;
    let config_text = config_text(req.config.as_ref())?;
    let position = req.position.as_deref().unwrap_or("");
    let (game, start) = checked_game(&req.game, &config_text, position, "host")?;
    let seating = Seating::read(&req, &game)?;
    let clock = req.clock.as_ref().map(ClockBody::checked).transpose()?;
    let tokens = seat_tokens(&seating, req.one_token)?;
    let setup = Setup {
        id: random_hex(8)?,
        game: req.game.clone(),
        config: full_config(&game),
        players: seating.players.clone(),
        tokens,
        start,
        listed: seating.listed,
        open: seating.open,
        clock,
        names: seating.names,
        rematch_requests: Vec::new(),
        rematch: None,
        created: crate::store::now_ms(),
    };
    let room = Room::new(&setup).map_err(|e| bad(e.to_string()))?;
    host(&app, &setup, room).await?;
    Ok((StatusCode::CREATED, Json(created(&setup, &seating.seats))))
}

/// The configuration as the request gives it: `k=v;k=v` text or a JSON object (as its JSON
/// text); none is the default configuration (the empty text).
fn config_text(config: Option<&Value>) -> Result<String, ApiError> {
    match config {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(v @ Value::Object(_)) => Ok(v.to_string()),
        Some(_) => Err(bad("config: expected \"k=v;k=v\" text or a JSON object")),
    }
}

/// Who sits where, as the request asks, checked against the game's seats.
struct Seating {
    /// The seats' names, in seat order.
    seats: Vec<&'static str>,
    /// The player of every seat (a person unless the request names another).
    players: Vec<Player>,
    /// The players' names, one a seat.
    names: Vec<Option<String>>,
    /// Whether each seat plays in this game (see [`active_seats`]).
    active: Vec<bool>,
    /// Whether the game is shown in the lobby.
    listed: bool,
    /// The seats the lobby offers to anyone.
    open: Vec<bool>,
}

impl Seating {
    /// Reads the request's `players`, `names` and `listed`; open seats exclude `one_token`
    /// (a seat taken from the lobby needs its own token).
    fn read(req: &CreateBody, game: &AnyGame) -> Result<Seating, ApiError> {
        let seats = game.seat_names();
        let mut players = vec![Player::Human; seats.len()];
        for (seat, kind) in &req.players {
            let index = seat_index("players", seat, &req.game, &seats)?;
            players[index] = Player::parse(bounded("player", kind, MAX_PLAYER)?).map_err(bad)?;
        }
        let mut names = vec![None; seats.len()];
        for (seat, name) in &req.names {
            names[seat_index("names", seat, &req.game, &seats)?] = player_name(name)?;
        }
        let active = active_seats(game);
        let (listed, open) = open_seats(req.listed.as_ref(), &seats, &players, &active)?;
        if open.contains(&true) && req.one_token {
            return Err(bad(
                "one_token and open seats exclude each other (a taken seat needs its own token)",
            ));
        }
        Ok(Seating {
            seats,
            players,
            names,
            active,
            listed,
            open,
        })
    }
}

/// The index of the seat named `seat` among `seats` (of the game `game`), for the request's
/// field `what`.
fn seat_index(what: &str, seat: &str, game: &str, seats: &[&str]) -> Result<usize, ApiError> {
    seats.iter().position(|n| *n == seat).ok_or_else(|| {
        bad(format!(
            "{what}: no seat {:?} in {game}; seats: {}",
            shorten(seat),
            seats.join(", ")
        ))
    })
}

/// The seats `listed` opens: `true` every human seat, an array the seats it names.
fn open_seats(
    listed: Option<&Value>,
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

impl ClockBody {
    /// The time control as stored (initial and increment, in milliseconds), within the
    /// server's bounds.
    fn checked(&self) -> Result<(u64, u64), ApiError> {
        if !(MIN_CLOCK_MS..=MAX_CLOCK_MS).contains(&self.initial_ms) {
            return Err(bad(format!(
                "clock.initial_ms: {} is not in {MIN_CLOCK_MS}..={MAX_CLOCK_MS}",
                self.initial_ms
            )));
        }
        if self.increment_ms > MAX_INCREMENT_MS {
            return Err(bad(format!(
                "clock.increment_ms: {} is more than {MAX_INCREMENT_MS}",
                self.increment_ms
            )));
        }
        Ok((self.initial_ms, self.increment_ms))
    }
}

/// A fresh token for every person's seat that plays (one for all of them with `one_token`);
/// none for an engine's seat or a seat out of the game.
fn seat_tokens(seating: &Seating, one_token: bool) -> Result<Vec<Option<String>>, ApiError> {
    let shared = if one_token {
        Some(random_hex(16)?)
    } else {
        None
    };
    let mut tokens = Vec::with_capacity(seating.seats.len());
    for (player, playing) in seating.players.iter().zip(&seating.active) {
        tokens.push(match (player, playing) {
            (Player::Human, true) => Some(match &shared {
                Some(t) => t.clone(),
                None => random_hex(16)?,
            }),
            _ => None,
        });
    }
    Ok(tokens)
}

/// The 201 answer.
#[derive(Serialize)]
pub(super) struct Created {
    /// The game's id.
    id: String,
    /// The token of every seat with one that is not open, by seat.
    tokens: BTreeMap<&'static str, String>,
    /// The link of each of those seats.
    links: BTreeMap<&'static str, String>,
    /// The link to watch.
    watch: String,
    /// The open seats.
    open: Vec<&'static str>,
}

/// The 201 answer: the game's id, the token and link of every seat with a token that is not
/// open (an open seat's token goes to whoever takes it), the link to watch, the open seats.
fn created(setup: &Setup, seats: &[&'static str]) -> Created {
    let id = &setup.id;
    let mut tokens = BTreeMap::new();
    let mut links = BTreeMap::new();
    for ((&name, token), is_open) in seats.iter().zip(&setup.tokens).zip(&setup.open) {
        if *is_open {
            continue;
        }
        if let Some(t) = token {
            tokens.insert(name, t.clone());
            links.insert(name, format!("/play/{id}#seat={name}&token={t}"));
        }
    }
    let open = seats
        .iter()
        .zip(&setup.open)
        .filter(|(_, o)| **o)
        .map(|(n, _)| *n)
        .collect();
    Created {
        id: id.clone(),
        tokens,
        links,
        watch: format!("/play/{id}"),
        open,
    }
}

/// Longest player name, in characters.
const MAX_NAME: usize = 40;

/// A player's name as given: trimmed, at most [`MAX_NAME`] characters, no control
/// characters; `None` for an empty one.
pub(super) fn player_name(text: &str) -> Result<Option<String>, ApiError> {
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
pub(super) fn checked_game(
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
pub(super) fn full_config(game: &AnyGame) -> String {
    game.config()
        .to_pairs()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(";")
}
