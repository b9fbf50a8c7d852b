//! The games held in memory: found by id (read back from the database when a finished game
//! was let go), hosted when created, let go when finished and idle, called off when listed
//! and never joined.

use super::error::{ApiError, ApiResult, internal, not_found, shorten};
use super::{App, MAX_GAMES, MAX_TOKEN, Shared, Slot};
use crate::room::{LogEntry, Room, Setup};
use axum::http::StatusCode;
use std::sync::Arc;
use tokio::sync::{Mutex, broadcast, watch};

/// Seconds between two rounds of [`evict_finished`] and [`expire_open`].
pub const EVICT_EVERY_SECS: u64 = 30;

/// The game `id` among those held in memory (games in progress, and finished ones used
/// lately).
pub(super) fn slot(app: &App, id: &str) -> ApiResult<Arc<Slot>> {
    let games = app.games.read().unwrap_or_else(|p| p.into_inner());
    games
        .get(id)
        .cloned()
        .ok_or_else(|| not_found(format!("no game {:?}", shorten(id))))
}

/// The game `id`, read back from the database when it is not held in memory (a finished
/// game [`evict_finished`] let go): what every request about one game uses.
pub(super) async fn find(app: &Shared, id: &str) -> ApiResult<Arc<Slot>> {
    if let Ok(slot) = slot(app, id) {
        return Ok(slot);
    }
    let missing = || not_found(format!("no game {:?}", shorten(id)));
    if id.len() > MAX_TOKEN {
        return Err(missing());
    }
    let stored = app
        .store
        .load(id)
        .await
        .map_err(internal)?
        .ok_or_else(missing)?;
    let room = stored
        .and_then(|(setup, log)| Room::restore(&setup, &log).map_err(|e| e.to_string()))
        .map_err(|e| internal(format!("game {id} cannot be read back: {e}")))?;
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

/// Calls off the listed games whose open seats nobody took within the server's
/// `open_game_expiry` of their creation (`now`: milliseconds since 1970): each is aborted,
/// the seat nobody took named as the one that did not move, and leaves the lobby. Returns how
/// many.
pub async fn expire_open(app: &Shared, now: i64) -> usize {
    let limit = app.open_game_expiry.as_millis() as i64;
    let ids: Vec<String> = app.listed.read().unwrap_or_else(|p| p.into_inner()).clone();
    let mut expired = 0;
    for id in ids {
        let Ok(slot) = slot(app, &id) else {
            continue;
        };
        let mut room = slot.room.lock().await;
        if room.status.is_over() || now.saturating_sub(room.created) < limit {
            continue;
        }
        let Some(idle) = room.open.iter().position(|&open| open) else {
            continue;
        };
        let entry = LogEntry::Abort {
            idle: Some(variant_games::Seat(idle as u8)),
        };
        match super::actions::record(app, &slot, &mut room, entry).await {
            Ok(()) => expired += 1,
            Err(e) => eprintln!("variants serve: open game {id} not expired: {}", e.1),
        }
    }
    expired
}

/// A fresh random id or token of `bytes` bytes, in hex.
pub(super) fn random_hex(bytes: usize) -> ApiResult<String> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| internal(format!("no random numbers: {e}")))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// Hosts a new game (created, or a rematch): refused with 503 when the server holds
/// [`MAX_GAMES`] games; else stored, added to the table, its timer and its engine seats
/// started.
pub(super) async fn host(app: &Shared, setup: &Setup, room: Room) -> Result<(), ApiError> {
    if app.games.read().unwrap_or_else(|p| p.into_inner()).len() >= MAX_GAMES {
        return Err(ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the server holds its maximum of {MAX_GAMES} games"),
        ));
    }
    app.store.insert(setup.clone()).await.map_err(internal)?;
    insert_slot(app, room);
    super::clocks::start_timer(app, &setup.id);
    super::engine::kick_engine(app, &setup.id);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::{LogEntry, Player, Room, Setup};
    use variant_games::Seat;

    /// A FIDE game between two people.
    fn setup(id: &str) -> Setup {
        Setup {
            id: id.to_string(),
            game: "chess3d".to_string(),
            config: "heights=1".to_string(),
            players: vec![Player::Human, Player::Human],
            tokens: vec![Some("w".to_string()), Some("b".to_string())],
            start: String::new(),
            listed: false,
            open: vec![false, false],
            clock: None,
            names: vec![None, None],
            rematch_requests: Vec::new(),
            rematch: None,
            created: 0,
        }
    }

    #[tokio::test]
    async fn a_finished_game_nobody_holds_is_let_go_and_read_back() {
        let dir = std::env::temp_dir().join(format!("variants-evict-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (store, _) = crate::store::open(&dir.join("games.db"), false).unwrap();
        let app: Shared = Arc::new(App::new(store, 1));
        let resign = LogEntry::Resign(Seat(0));
        for id in ["over", "going"] {
            let row = setup(id);
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
    async fn a_listed_game_nobody_joins_expires() {
        let (store, _) = crate::store::open(std::path::Path::new(":memory:"), false).unwrap();
        let mut app = App::new(store, 0);
        app.open_game_expiry = std::time::Duration::from_secs(60);
        let app: Shared = Arc::new(app);
        // Listed at 0 ms with Black's seat open; another listed game whose seats are taken.
        let mut open = setup("open");
        (open.listed, open.open) = (true, vec![false, true]);
        let mut full = setup("full");
        full.listed = true;
        for s in [&open, &full] {
            app.store.insert(s.clone()).await.unwrap();
            insert_slot(&app, Room::new(s).unwrap());
        }
        // Within the minute: nothing expires.
        assert_eq!(expire_open(&app, 59_999).await, 0);
        assert_eq!(expire_open(&app, 60_000).await, 1);
        let open = slot(&app, "open").unwrap();
        let room = open.room.lock().await;
        assert_eq!(
            room.log,
            vec![LogEntry::Abort {
                idle: Some(Seat(1))
            }]
        );
        assert_eq!(room.status_view().text, "aborted: Black did not move");
        drop(room);
        assert!(
            !slot(&app, "full")
                .unwrap()
                .room
                .lock()
                .await
                .status
                .is_over()
        );
        // Once over, it is not expired again.
        assert_eq!(expire_open(&app, 120_000).await, 0);
    }
}
