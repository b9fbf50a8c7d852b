//! `GET /api/games?finished=true&…`: the archive of finished games (docs/web.md, "The
//! archive"). The request's filters and page are read into an [`ArchiveQuery`], the store
//! answers it, and every row is written with its seats, players, names, result and UTC date.

use super::create::player_name;
use super::error::{ApiError, ApiResult, bad, bounded, internal, shorten};
use super::games::ListQuery;
use super::{MAX_GAME_NAME, MAX_LISTED, Shared};
use crate::room::{BySeat, Room};
use crate::store::{ArchiveQuery, ArchiveRow};
use axum::Json;
use axum::response::IntoResponse;
use serde::Serialize;
use time::macros::format_description;
use time::{Date, OffsetDateTime, Time};
use variant_games::registry;

/// Games an archive page lists when the request names no number.
const ARCHIVE_PAGE: u64 = 20;
/// The highest page number a request may ask for.
const MAX_PAGE: u64 = 1_000_000;
/// The results `result=` filters on, besides a winning seat.
const RESULTS: [&str; 3] = ["win", "draw", "aborted"];

/// `GET /api/games?finished=true&…`: the archive (docs/web.md, "The archive").
pub(super) async fn archive(app: &Shared, q: &ListQuery) -> ApiResult {
    let (query, page) = archive_query(q)?;
    let per_page = query.limit;
    let (rows, total) = app.store.archive(query).await.map_err(internal)?;
    Ok(Json(ArchivePage {
        games: rows.iter().map(archived_game).collect(),
        page,
        per_page,
        total,
        pages: total.div_ceil(per_page),
    })
    .into_response())
}

/// A page of the archive.
#[derive(Serialize)]
struct ArchivePage {
    games: Vec<Archived>,
    page: u64,
    per_page: u64,
    total: u64,
    pages: u64,
}

/// One finished game of the archive.
#[derive(Serialize)]
struct Archived {
    id: String,
    game: String,
    config: String,
    seats: Vec<&'static str>,
    players: BySeat<String>,
    names: BySeat<Option<String>>,
    status: ArchivedStatus,
    ply: u64,
    finished_ms: i64,
    finished: String,
    watch: String,
}

/// How an archived game ended.
#[derive(Serialize)]
struct ArchivedStatus {
    result: String,
    winner: Option<String>,
    text: String,
}

/// The store's query for the request's filters (`game`, `player`, `result`, `from`, `to`)
/// and page (`page`, `per_page`), with the page's number.
fn archive_query(q: &ListQuery) -> Result<(ArchiveQuery, u64), ApiError> {
    let mut query = ArchiveQuery::default();
    if let Some(g) = q.game.as_deref().filter(|g| !g.is_empty()) {
        query.game = Some(known_game(g)?);
    }
    if let Some(p) = q.player.as_deref() {
        query.player = player_name(p)?;
    }
    if let Some(r) = q.result.as_deref().filter(|r| !r.is_empty()) {
        (query.result, query.winner) = result_filter(r)?;
    }
    query.from = q
        .from
        .as_deref()
        .filter(|t| !t.is_empty())
        .map(|t| date_bound("from", t, false))
        .transpose()?;
    query.to =
        q.to.as_deref()
            .filter(|t| !t.is_empty())
            .map(|t| date_bound("to", t, true))
            .transpose()?;
    let page = page_number("page", q.page.as_deref(), 1, MAX_PAGE)?;
    let per_page = page_number(
        "per_page",
        q.per_page.as_deref(),
        ARCHIVE_PAGE,
        MAX_LISTED as u64,
    )?;
    query.limit = per_page;
    query.offset = (page - 1) * per_page;
    Ok((query, page))
}

/// The game `game=` names, one of the registry's.
fn known_game(name: &str) -> Result<String, ApiError> {
    bounded("game", name, MAX_GAME_NAME)?;
    if !registry::games().iter().any(|x| x.name == name) {
        return Err(bad(format!(
            "game: unknown game {:?}; games: {}",
            shorten(name),
            registry::games()
                .iter()
                .map(|x| x.name)
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Ok(name.to_string())
}

/// What `result=` filters on: a result (`win`, `draw`, `aborted`), or the wins of a seat
/// (a seat name of any game), as the query's `result` and `winner`.
fn result_filter(text: &str) -> Result<(Option<String>, Option<String>), ApiError> {
    if RESULTS.contains(&text) {
        return Ok((Some(text.to_string()), None));
    }
    let mut seats: Vec<&str> = registry::games()
        .iter()
        .filter_map(|g| variant_games::new_game(g.name, "").ok())
        .flat_map(|g| g.seat_names())
        .collect();
    if seats.contains(&text) {
        return Ok((None, Some(text.to_string())));
    }
    seats.dedup();
    Err(bad(format!(
        "result: {:?} is not win, draw, aborted or a seat ({})",
        shorten(text),
        seats.join(", ")
    )))
}

/// A page number or size: `default` when not given, else a number from 1 to `max`.
fn page_number(what: &str, text: Option<&str>, default: u64, max: u64) -> Result<u64, ApiError> {
    match text {
        None | Some("") => Ok(default),
        Some(t) => t
            .parse::<u64>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| {
                bad(format!(
                    "{what}: {:?} is not a number from 1 to {max}",
                    shorten(t)
                ))
            }),
    }
}

/// One finished game as the archive lists it: its seats, and the players and names by seat.
fn archived_game(row: &ArchiveRow) -> Archived {
    let seats: Vec<&'static str> = variant_games::new_game(&row.game, "")
        .map(|g| g.seat_names())
        .unwrap_or_default();
    Archived {
        id: row.id.clone(),
        game: row.game.clone(),
        config: row.config.clone(),
        players: seats.iter().copied().zip(row.players.clone()).collect(),
        names: seats.iter().copied().zip(row.names.clone()).collect(),
        seats,
        status: ArchivedStatus {
            result: row.finished.result.clone(),
            winner: (!row.finished.winner.is_empty()).then(|| row.finished.winner.clone()),
            text: row.finished.text.clone(),
        },
        ply: row.finished.plies,
        finished_ms: row.finished.at,
        finished: utc_text(row.finished.at),
        watch: format!("/play/{}", row.id),
    }
}

/// The date and time (UTC) of `ms` since 1970, as `YYYY-MM-DDTHH:MM:SSZ`.
fn utc_text(ms: i64) -> String {
    OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000))
        .ok()
        .and_then(|t| {
            t.format(format_description!(
                "[year]-[month]-[day]T[hour]:[minute]:[second]Z"
            ))
            .ok()
        })
        .unwrap_or_default()
}

/// A `from` or `to` bound: a day `YYYY-MM-DD` (UTC; `to` takes the whole day) or a time in
/// milliseconds since 1970.
fn date_bound(what: &str, text: &str, end_of_day: bool) -> Result<i64, ApiError> {
    if let Ok(ms) = text.parse::<i64>() {
        return Ok(ms);
    }
    let day = Date::parse(text, format_description!("[year]-[month]-[day]"))
        .ok()
        .filter(|d| (1970..=9999).contains(&d.year()))
        .ok_or_else(|| {
            bad(format!(
                "{what}: {:?} is no date (YYYY-MM-DD) nor milliseconds since 1970",
                shorten(text)
            ))
        })?;
    let time = if end_of_day {
        Time::from_hms_milli(23, 59, 59, 999).unwrap_or(Time::MIDNIGHT)
    } else {
        Time::MIDNIGHT
    };
    let at = day.with_time(time).assume_utc();
    Ok((at.unix_timestamp_nanos() / 1_000_000) as i64)
}

/// Indexes for the archive the finished games of a file written before the archive existed:
/// `over` (read at start, found finished) and those the file marks over but has not indexed.
/// Returns how many were indexed.
pub async fn index_old_games(app: &Shared, over: Vec<Room>) -> usize {
    let mut rooms = over;
    match app.store.unindexed().await {
        Ok(ids) => {
            for id in ids {
                match app.store.load(&id).await {
                    Ok(Some(stored)) => match stored.and_then(|(setup, log)| {
                        Room::restore(&setup, &log).map_err(|e| e.to_string())
                    }) {
                        Ok(room) => rooms.push(room),
                        Err(e) => eprintln!("variants serve: game {id} not indexed: {e}"),
                    },
                    Ok(None) => {}
                    Err(e) => eprintln!("variants serve: game {id} not indexed: {e}"),
                }
            }
        }
        Err(e) => eprintln!("variants serve: the archive's index: {e}"),
    }
    let now = crate::store::now_ms();
    let mut done = 0;
    for room in rooms {
        match app.store.set_over(&room.id, room.finished(now)).await {
            Ok(()) => done += 1,
            Err(e) => eprintln!("variants serve: game {} not indexed: {e}", room.id),
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::App;
    use crate::store::ArchiveQuery;
    use std::sync::Arc;

    #[test]
    fn dates_read_and_print_in_utc() {
        assert_eq!(utc_text(0), "1970-01-01T00:00:00Z");
        assert_eq!(
            utc_text(1_764_979_200_000 + 3_723_000),
            "2025-12-06T01:02:03Z"
        );
        assert_eq!(
            date_bound("from", "2025-12-06", false).unwrap(),
            1_764_979_200_000
        );
        assert_eq!(
            date_bound("to", "2025-12-06", true).unwrap(),
            1_764_979_200_000 + 86_399_999
        );
        assert_eq!(date_bound("from", "1234", false).unwrap(), 1234);
        assert!(date_bound("from", "2025-02", false).is_err());
        // A day the calendar does not have, and one before 1970.
        assert!(date_bound("from", "2025-02-30", false).is_err());
        assert!(date_bound("from", "1969-12-31", false).is_err());
        // 2024 is a leap year: 29 February exists, one day after the 28th.
        let feb28 = date_bound("from", "2024-02-28", false).unwrap();
        assert_eq!(
            date_bound("from", "2024-02-29", false).unwrap() - feb28,
            86_400_000
        );
    }

    #[tokio::test]
    async fn a_file_from_before_the_archive_is_upgraded_and_indexed() {
        let dir = std::env::temp_dir().join(format!("variants-upgrade-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.db");
        {
            // The oldest layout: no start, lobby, clock, over, names or archive columns.
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.execute_batch(
                "CREATE TABLE games(id TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL,
                     players TEXT NOT NULL, tokens TEXT NOT NULL);
                 CREATE TABLE log(game TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL,
                     arg TEXT NOT NULL, PRIMARY KEY (game, seq));
                 INSERT INTO games VALUES ('mated', 'chess3d', 'heights=1',
                     '[\"human\",\"human\"]', '[\"w\",\"b\"]');
                 INSERT INTO games VALUES ('going', 'chess3d', 'heights=1',
                     '[\"human\",\"human\"]', '[\"w\",\"b\"]');
                 INSERT INTO log VALUES ('mated', 0, 'move', 'f2f3'), ('mated', 1, 'move', 'e7e5'),
                     ('mated', 2, 'move', 'g2g4'), ('mated', 3, 'move', 'd8h4'),
                     ('going', 0, 'move', 'e2e4');",
            )
            .unwrap();
        }
        let before = crate::store::now_ms();
        let (store, stored) = crate::store::open(&path, false).unwrap();
        let app: Shared = Arc::new(App::new(store, 0));
        let mut over = Vec::new();
        for (id, game) in stored {
            let (setup, log) = game.unwrap();
            let room = Room::restore(&setup, &log).unwrap();
            if room.status.is_over() {
                over.push(room);
            } else {
                assert_eq!(id, "going");
                assert_eq!(setup.names, vec![None, None]);
            }
        }
        assert_eq!(index_old_games(&app, over).await, 1);
        let (rows, total) = app
            .store
            .archive(ArchiveQuery {
                limit: 10,
                ..ArchiveQuery::default()
            })
            .await
            .unwrap();
        assert_eq!(total, 1);
        assert_eq!(rows[0].id, "mated");
        assert_eq!(rows[0].finished.result, "win");
        assert_eq!(rows[0].finished.winner, "black");
        assert_eq!(rows[0].finished.text, "black wins (checkmate)");
        assert_eq!(rows[0].finished.plies, 4);
        assert!(rows[0].finished.at >= before);
        drop(app);
        // Opened again: the finished game is no longer read at start, and stays indexed.
        let (store, stored) = crate::store::open(&path, false).unwrap();
        let ids: Vec<&str> = stored.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["going"]);
        assert!(store.unindexed().await.unwrap().is_empty());
        let (rows, _) = store
            .archive(ArchiveQuery {
                limit: 10,
                result: Some("win".into()),
                ..ArchiveQuery::default()
            })
            .await
            .unwrap();
        assert_eq!(rows.len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
