//! What the seats do to a game: moves (`POST /api/games/{id}/moves`), the five actions of a
//! seat's token (resign, abort, draw, claim, take back: one helper, [`seat_action`]) and the
//! rematch; and [`record`], which stores a checked log entry and tells the watchers.

use super::clocks::settle_clock;
use super::error::{ApiResult, JsonBody, bad, bounded, internal};
use super::events::publish;
use super::slots::{find, host, random_hex};
use super::{App, MAX_MOVE, MAX_TOKEN, Shared, Slot};
use crate::room::{LogEntry, Refusal, Room, State as GameState};
use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;

/// The body of a move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoveBody {
    /// The move's text (the game's notation; SAN too for FIDE chess).
    #[serde(rename = "move")]
    mv: String,
    /// The token of the seat to move.
    #[serde(default)]
    token: Option<String>,
}

/// `POST /api/games/{id}/moves`.
pub(super) async fn play(
    State(app): State<Shared>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<MoveBody>,
) -> ApiResult<Json<GameState>> {
    bounded("move", &req.mv, MAX_MOVE)?;
    if let Some(t) = &req.token {
        bounded("token", t, MAX_TOKEN)?;
    }
    let slot = find(&app, &id).await?;
    let mut room = slot.room.lock().await;
    settle_clock(&app, &slot, &mut room).await?;
    let entry = room.check_move(req.token.as_deref(), &req.mv)?;
    room.engine_reply = None;
    record(&app, &slot, &mut room, entry).await?;
    let answer = room.state();
    drop(room);
    super::engine::kick_engine(&app, &id);
    Ok(Json(answer))
}

/// The body of a seat's action: its token, and which of the token's seats acts.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ActionBody {
    /// The seat's token.
    token: String,
    /// The seat that acts (resign), when the token holds several.
    #[serde(default)]
    seat: Option<String>,
}

/// What an action does to the game once the room has agreed to it.
enum Outcome {
    /// Store and apply this entry.
    Record(LogEntry),
    /// Go back to the first this many log entries (a take-back).
    Truncate(u64),
    /// Nothing stored: tell the watchers (an offer, a request waiting for the others).
    Publish,
}

/// One seat's action: the body checked, the game found, its clock settled, `act` asked what
/// to do, that done; the answer is the state. `kick`: an engine may move afterwards (a
/// resignation in the long game of "Bishops" hands the move on).
async fn seat_action(
    app: &Shared,
    id: &str,
    req: ActionBody,
    kick: bool,
    act: impl FnOnce(&mut Room, &ActionBody) -> Result<Outcome, Refusal>,
) -> ApiResult<Json<GameState>> {
    bounded("token", &req.token, MAX_TOKEN)?;
    if let Some(s) = &req.seat {
        bounded("seat", s, 32)?;
    }
    let slot = find(app, id).await?;
    let mut room = slot.room.lock().await;
    settle_clock(app, &slot, &mut room).await?;
    match act(&mut room, &req)? {
        Outcome::Record(entry) => record(app, &slot, &mut room, entry).await?,
        Outcome::Truncate(keep) => {
            app.store.truncate(&room.id, keep).await.map_err(internal)?;
            room.truncate(keep).map_err(internal)?;
            publish(&slot, &room);
        }
        Outcome::Publish => publish(&slot, &room),
    }
    let answer = room.state();
    drop(room);
    if kick {
        super::engine::kick_engine(app, id);
    }
    Ok(Json(answer))
}

/// `POST /api/games/{id}/resign`: `{"token", "seat"?}`.
pub(super) async fn resign(
    State(app): State<Shared>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<ActionBody>,
) -> ApiResult<Json<GameState>> {
    seat_action(&app, &id, req, true, |room, req| {
        room.check_resign(&req.token, req.seat.as_deref())
            .map(Outcome::Record)
    })
    .await
}

/// `POST /api/games/{id}/abort`: calls the game off before every seat has moved.
pub(super) async fn abort(
    State(app): State<Shared>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<ActionBody>,
) -> ApiResult<Json<GameState>> {
    seat_action(&app, &id, req, false, |room, req| {
        room.check_abort(&req.token).map(Outcome::Record)
    })
    .await
}

/// `POST /api/games/{id}/draw`: offers a draw, or agrees to the others' offer.
pub(super) async fn draw(
    State(app): State<Shared>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<ActionBody>,
) -> ApiResult<Json<GameState>> {
    seat_action(&app, &id, req, false, |room, req| {
        Ok(room
            .offer_draw(&req.token)?
            .map_or(Outcome::Publish, Outcome::Record))
    })
    .await
}

/// `POST /api/games/{id}/claim`: the seat to move claims a draw.
pub(super) async fn claim(
    State(app): State<Shared>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<ActionBody>,
) -> ApiResult<Json<GameState>> {
    seat_action(&app, &id, req, false, |room, req| {
        room.check_claim(&req.token).map(Outcome::Record)
    })
    .await
}

/// `POST /api/games/{id}/undo`: asks to take back; done when every human seat asked. A
/// finished game is refused by `request_undo`, so a take-back never reopens one: the game's
/// timer and engine go on as they were.
pub(super) async fn undo(
    State(app): State<Shared>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<ActionBody>,
) -> ApiResult<Json<GameState>> {
    seat_action(&app, &id, req, false, |room, req| {
        Ok(room
            .request_undo(&req.token)?
            .map_or(Outcome::Publish, Outcome::Truncate))
    })
    .await
}

/// `POST /api/games/{id}/rematch`: asks for a rematch of a finished game; once every human
/// seat has asked, the rematch is created (same game, configuration, start and clock, the
/// players' seats rotated, each keeping their token) and the state names it.
pub(super) async fn rematch(
    State(app): State<Shared>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<ActionBody>,
) -> ApiResult<Json<GameState>> {
    bounded("token", &req.token, MAX_TOKEN)?;
    let slot = find(&app, &id).await?;
    let mut room = slot.room.lock().await;
    // A flag that has fallen ends the game first.
    settle_clock(&app, &slot, &mut room).await?;
    let asked_before = room.rematch_requests.clone();
    if room.rematch.is_none() && room.request_rematch(&req.token)? {
        let setup = room.rematch_setup(random_hex(8)?, crate::store::now_ms());
        let new_room = Room::new(&setup).map_err(|e| bad(e.to_string()))?;
        host(&app, &setup, new_room).await?;
        // Stored, so that a restart (or the game read back) still links to it.
        if let Err(e) = app
            .store
            .set_rematch(&id, room.rematch_requests.clone(), Some(setup.id.clone()))
            .await
        {
            eprintln!("variants serve: the rematch of game {id} not stored: {e}");
        }
        room.rematch = Some(setup.id);
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
            return Err(internal(e));
        }
    }
    publish(&slot, &room);
    Ok(Json(room.state()))
}

/// Stores a checked entry, applies it, tells the watchers; the caller holds the room.
pub(super) async fn record(
    app: &App,
    slot: &Slot,
    room: &mut Room,
    entry: LogEntry,
) -> ApiResult<()> {
    let seq = room.log.len() as u64;
    app.store
        .append(&room.id, seq, entry.clone())
        .await
        .map_err(internal)?;
    room.commit(entry).map_err(|e| internal(room.named(e)))?;
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
