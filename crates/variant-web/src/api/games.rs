//! Reading games: the server's games and limits (`GET /api/info`), the lobby (`GET
//! /api/games`), one game's state (`GET /api/games/{id}`), its seats (taking one, the seats of
//! a token) and its record.

use super::clocks::settle_clock;
use super::error::{ApiError, ApiResult, MaybeJsonBody, Params, bad, bounded, internal, shorten};
use super::events::{TokenQuery, WithBoard, publish};
use super::slots::{find, slot};
use super::{MAX_LISTED, MAX_TOKEN, Shared};
use crate::room::{LogEntry, Player};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use variant_games::page::PageFacts;
use variant_games::{Seat, registry};

/// `GET /api/info`'s answer.
#[derive(Serialize)]
pub(super) struct Info {
    /// The games.
    games: Vec<GameInfo>,
    /// The analysis board's limits.
    analysis: AnalysisLimits,
}

/// A game of `GET /api/info`.
#[derive(Serialize)]
struct GameInfo {
    name: &'static str,
    description: &'static str,
    seats: Vec<&'static str>,
    view: Option<PageFacts>,
    keys: Vec<KeyInfo>,
}

/// A configuration key of a game.
#[derive(Serialize)]
struct KeyInfo {
    name: &'static str,
    description: &'static str,
    default: &'static str,
    allowed: &'static str,
}

/// The analysis board's limits.
#[derive(Serialize)]
struct AnalysisLimits {
    /// The longest search, in milliseconds.
    max_ms: u64,
    /// How many analyses the server runs at once.
    at_once: usize,
    /// How many one client runs at once.
    per_client: usize,
}

/// `GET /api/info`: the games with their keys and seats, for the page's form, and the
/// analysis board's limits.
pub(super) async fn info(State(app): State<Shared>) -> Json<Info> {
    let games = registry::games()
        .iter()
        .map(|g| {
            let game = variant_games::new_game(g.name, "").ok();
            GameInfo {
                name: g.name,
                description: g.description,
                seats: game.as_ref().map(|g| g.seat_names()).unwrap_or_default(),
                view: game.as_ref().map(variant_games::page::describe),
                keys: g
                    .keys
                    .iter()
                    .map(|k| KeyInfo {
                        name: k.name,
                        description: k.description,
                        default: k.default,
                        allowed: k.allowed,
                    })
                    .collect(),
            }
        })
        .collect();
    Json(Info {
        games,
        analysis: AnalysisLimits {
            max_ms: crate::analysis::MAX_ANALYSIS_MS,
            at_once: app.analyses.limit(),
            per_client: crate::analysis::MAX_ANALYSES_PER_CLIENT,
        },
    })
}

/// The query of `GET /api/games/{id}`.
#[derive(Deserialize, Default)]
pub(super) struct StateQuery {
    /// `svg`: the board as SVG too.
    #[serde(default)]
    board: Option<String>,
    /// The state as it was after this many log entries (`?ply=N`, 0 = the start).
    #[serde(default)]
    ply: Option<String>,
}

/// `GET /api/games/{id}`: the state with the board.
pub(super) async fn state(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Params(q): Params<StateQuery>,
) -> ApiResult<Json<WithBoard>> {
    let slot = find(&app, &id).await?;
    let room = slot.room.lock().await;
    let with_svg = q.board.as_deref() == Some("svg");
    let Some(ply) = &q.ply else {
        return Ok(Json(WithBoard::of(&room, with_svg)));
    };
    let ply = past_ply(ply, room.log.len(), &room.id)?;
    let past = room.at_ply(ply).map_err(internal)?;
    let mut answer = WithBoard::of(&past, with_svg);
    answer.current_ply = Some(room.log.len());
    Ok(Json(answer))
}

/// The ply `text` names in game `id` of `plies` log entries: 400 for no number, 404 beyond
/// the game.
pub(super) fn past_ply(text: &str, plies: usize, id: &str) -> ApiResult<usize> {
    let ply: usize = text
        .parse()
        .map_err(|_| bad(format!("ply: {:?} is not a number", shorten(text))))?;
    if ply > plies {
        return Err(ApiError(
            StatusCode::NOT_FOUND,
            format!("no ply {ply} in game {id}: it has {plies} so far"),
        ));
    }
    Ok(ply)
}

/// The query of `GET /api/games`.
#[derive(Deserialize, Default)]
pub(super) struct ListQuery {
    #[serde(default)]
    pub open: Option<String>,
    #[serde(default)]
    pub finished: Option<String>,
    #[serde(default)]
    pub game: Option<String>,
    #[serde(default)]
    pub player: Option<String>,
    #[serde(default)]
    pub result: Option<String>,
    #[serde(default)]
    pub from: Option<String>,
    #[serde(default)]
    pub to: Option<String>,
    #[serde(default)]
    pub page: Option<String>,
    #[serde(default)]
    pub per_page: Option<String>,
}

/// `GET /api/games`'s answer (the lobby).
#[derive(Serialize)]
pub(super) struct Lobby {
    games: Vec<Listed>,
}

/// A game of the lobby.
#[derive(Serialize)]
struct Listed {
    id: String,
    game: String,
    config: String,
    free_seats: Vec<&'static str>,
    players: crate::room::BySeat<String>,
    clock: Option<TimeControl>,
    ply: usize,
    watch: String,
}

/// A game's time control, in milliseconds.
#[derive(Serialize)]
struct TimeControl {
    initial_ms: u64,
    increment_ms: u64,
}

/// `GET /api/games`: the ongoing listed games, newest first; `?open=true` only those with a
/// free seat, `?open=false` only those without; `?finished=true` the archive instead.
pub(super) async fn list(State(app): State<Shared>, Params(q): Params<ListQuery>) -> ApiResult {
    match q.finished.as_deref() {
        Some("true") => return super::archive::archive(&app, &q).await,
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
        let free: Vec<&'static str> = (0..room.seat_count())
            .filter(|&i| room.open[i])
            .map(|i| room.seat_name(Seat(i as u8)))
            .collect();
        if open.is_some_and(|open| open == free.is_empty()) {
            continue;
        }
        games.push(Listed {
            id: room.id.clone(),
            game: room.game.clone(),
            config: room.config.clone(),
            free_seats: free,
            players: room
                .seat_names()
                .into_iter()
                .zip(room.players.iter().map(Player::text))
                .collect(),
            clock: room.clocks.as_ref().map(|c| TimeControl {
                initial_ms: c.initial,
                increment_ms: c.increment,
            }),
            ply: room.log.len(),
            watch: format!("/play/{}", room.id),
        });
    }
    Ok(Json(Lobby { games }).into_response())
}

/// The optional body of taking a seat: the taker's name.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TakeBody {
    #[serde(default)]
    name: Option<String>,
}

/// The answer of taking a seat.
#[derive(Serialize)]
pub(super) struct SeatTaken {
    id: String,
    seat: String,
    token: String,
    link: String,
}

/// `POST /api/games/{id}/seats/{seat}`: takes a free seat; answers its token and link.
pub(super) async fn take_seat(
    State(app): State<Shared>,
    Path((id, seat)): Path<(String, String)>,
    MaybeJsonBody(body): MaybeJsonBody<TakeBody>,
) -> ApiResult<Json<SeatTaken>> {
    bounded("seat", &seat, 32)?;
    let player = body
        .and_then(|b| b.name)
        .as_deref()
        .map(super::create::player_name)
        .transpose()?
        .flatten();
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
        return Err(internal(e));
    }
    publish(&slot, &room);
    // The last open seat taken: an engine to move begins.
    super::engine::kick_engine(&app, &id);
    let name = room
        .seat_named(&seat)
        .map_or(seat.clone(), |s| room.seat_name(s).to_string());
    drop(room);
    Ok(Json(SeatTaken {
        link: format!("/play/{id}#seat={name}&token={token}"),
        id,
        seat: name,
        token,
    }))
}

/// The seats a token holds.
#[derive(Serialize)]
pub(super) struct HeldSeats {
    seats: Vec<&'static str>,
}

/// `GET /api/games/{id}/seat?token=T`: the seats the token holds (403 for none), so a page
/// opened from a link can say at once that its token is wrong.
pub(super) async fn seat_of_token(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Params(q): Params<TokenQuery>,
) -> ApiResult<Json<HeldSeats>> {
    let token = q.token.ok_or_else(|| bad("token: missing (?token=…)"))?;
    bounded("token", &token, MAX_TOKEN)?;
    let slot = find(&app, &id).await?;
    let room = slot.room.lock().await;
    let seats: Vec<&'static str> = room
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
    Ok(Json(HeldSeats { seats }))
}

/// The query of the record.
#[derive(Deserialize, Default)]
pub(super) struct RecordQuery {
    #[serde(default)]
    format: Option<String>,
}

/// `GET /api/games/{id}/record`: the JSON record, or `?format=pgn` the PGN (422 for a game
/// without a PGN form).
pub(super) async fn record_file(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Params(q): Params<RecordQuery>,
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
            if matches!(room.log.last(), Some(LogEntry::Time(_))) {
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
