//! Engine seats' turns: when an engine holds the seat to move, a background task searches
//! (one search per core at a time) and records its move, unless the game changed meanwhile.

use super::Shared;
use super::actions::record;
use super::clocks::settle_clock_logged;
use super::events::publish;
use super::slots::slot;
use std::sync::Arc;
use variant_games::Game;

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
            room.engine_reply = entry.move_text().map(|text| (seat, text.to_string()));
            if let Err(e) = record(&app, &slot, &mut room, entry).await {
                eprintln!("variants serve: engine move not stored: {}", e.1);
                return;
            }
        }
    });
}
