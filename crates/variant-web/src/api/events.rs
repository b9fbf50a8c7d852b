//! The event stream of a game (`GET /api/games/{id}/events`) and what it sends: the state
//! with the board ([`WithBoard`]) after every change.

use super::error::{ApiResult, Params};
use super::slots::find;
use super::{Shared, Slot};
use crate::board::JsonBoard;
use crate::room::{Room, State as GameState};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::sync::Arc;
use tokio::sync::{broadcast, mpsc};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::ReceiverStream;

/// A state with its board: what `GET /api/games/{id}`, the event stream and
/// `GET /api/position` answer.
#[derive(Serialize)]
pub(super) struct WithBoard {
    /// The state.
    #[serde(flatten)]
    pub state: GameState,
    /// The board as data.
    pub board: JsonBoard,
    /// The board as SVG, when asked (`?board=svg`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub svg: Option<String>,
    /// The game's ply now, when the state is of a past ply (`?ply=N`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_ply: Option<usize>,
    /// The seat that made the last of a line's moves (`GET /api/position`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_mover: Option<Option<&'static str>>,
}

impl WithBoard {
    /// The room's state with its board, and its SVG when `svg`.
    pub(super) fn of(room: &Room, svg: bool) -> WithBoard {
        WithBoard {
            state: room.state(),
            board: crate::board::json(room),
            svg: svg.then(|| crate::board::svg(room)),
            current_ply: None,
            last_mover: None,
        }
    }
}

/// The `shutdown` event's data.
#[derive(Serialize)]
struct Shutdown {
    /// This server process's id.
    instance: &'static str,
}

/// The query of the event stream: the token of the seats the page holds (other keys are
/// ignored, as on every path but the analysis board's).
#[derive(Deserialize)]
pub(super) struct TokenQuery {
    /// A seat's token.
    #[serde(default)]
    pub token: Option<String>,
}

/// The room's state with its board, as the event stream sends it.
fn state_text(room: &Room) -> Arc<str> {
    serde_json::to_string(&WithBoard::of(room, false))
        .unwrap_or_default()
        .into()
}

/// Sends the state to every open `events` stream and sets the game's timer.
pub(super) fn publish(slot: &Slot, room: &Room) {
    if slot.events.receiver_count() > 0 {
        let _ = slot.events.send(state_text(room));
    }
    slot.deadline.send_if_modified(|at| {
        let new = room.deadline();
        let changed = *at != new;
        *at = new;
        changed
    });
}

/// `GET /api/games/{id}/events[?token=T]`: server-sent events, one `state` event (with the
/// board as SVG) now and after every change; at shutdown a last `shutdown` event, then the
/// stream ends. With a seat's token the page holds that seat (the wait for the first moves of
/// a game with a clock starts once every human seat is held).
pub(super) async fn events(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Params(query): Params<TokenQuery>,
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
    let first: Arc<str> = state_text(&room);
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
                    let data = serde_json::to_string(&Shutdown { instance: crate::instance() })
                        .unwrap_or_default();
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
