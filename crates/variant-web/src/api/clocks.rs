//! The games' clocks: a timer a game that waits for the running clock's deadline (or the
//! first move's) and records the flag fall (or the abort) when it comes.

use super::actions::record;
use super::error::ApiError;
use super::slots::slot;
use super::{App, Shared, Slot};
use crate::room::Room;
use std::sync::Arc;
use std::time::Instant;

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
                            super::engine::kick_engine(&app, &id);
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
pub(super) async fn settle_clock(app: &App, slot: &Slot, room: &mut Room) -> Result<(), ApiError> {
    if let Some(entry) = room.fallen_flag(Instant::now()) {
        record(app, slot, room, entry).await?;
    }
    Ok(())
}

/// [`settle_clock`] for the background tasks, which have no one to answer.
pub(super) async fn settle_clock_logged(app: &App, slot: &Slot, room: &mut Room) {
    if let Err(e) = settle_clock(app, slot, room).await {
        eprintln!("variants serve: flag fall not stored: {}", e.1);
    }
}
