//! `GET /api/games?finished=true&…`: the archive of finished games (docs/web.md, "The
//! archive"). The request's filters and page are read into an [`ArchiveQuery`], the store
//! answers it, and every row is written with its seats, players, names, result and UTC date.

use super::{
    ApiError, ApiResult, ListQuery, MAX_GAME_NAME, MAX_LISTED, Shared, bad, bounded, player_name,
    shorten,
};
use crate::store::{ArchiveQuery, ArchiveRow};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use serde_json::{Value, json};
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
    let (rows, total) = app
        .store
        .archive(query)
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    let games: Vec<Value> = rows.iter().map(archived_game).collect();
    Ok(axum::Json(json!({
        "games": games,
        "page": page,
        "per_page": per_page,
        "total": total,
        "pages": total.div_ceil(per_page),
    }))
    .into_response())
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
fn archived_game(row: &ArchiveRow) -> Value {
    let seats: Vec<&str> = variant_games::new_game(&row.game, "")
        .map(|g| g.seat_names())
        .unwrap_or_default();
    let by_seat = |values: Vec<Value>| -> serde_json::Map<String, Value> {
        seats
            .iter()
            .zip(values)
            .map(|(s, v)| (s.to_string(), v))
            .collect()
    };
    json!({
        "id": row.id,
        "game": row.game,
        "config": row.config,
        "seats": seats,
        "players": by_seat(row.players.iter().map(|p| json!(p)).collect()),
        "names": by_seat(row.names.iter().map(|n| json!(n)).collect()),
        "status": {
            "result": row.finished.result,
            "winner": (!row.finished.winner.is_empty()).then_some(&row.finished.winner),
            "text": row.finished.text,
        },
        "ply": row.finished.plies,
        "finished_ms": row.finished.at,
        "finished": utc_text(row.finished.at),
        "watch": format!("/play/{}", row.id),
    })
}

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date and time (UTC) of `ms` since 1970, as `YYYY-MM-DDTHH:MM:SSZ`.
fn utc_text(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// A `from` or `to` bound: a day `YYYY-MM-DD` (UTC; `to` takes the whole day) or a time in
/// milliseconds since 1970.
fn date_bound(what: &str, text: &str, end_of_day: bool) -> Result<i64, ApiError> {
    if let Ok(ms) = text.parse::<i64>() {
        return Ok(ms);
    }
    let parts: Vec<&str> = text.split('-').collect();
    let fields: Option<Vec<i64>> =
        (parts.len() == 3).then(|| parts.iter().filter_map(|p| p.parse::<i64>().ok()).collect());
    match fields.as_deref() {
        Some(&[y, m, d])
            if (1970..=9999).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d) =>
        {
            let start = days_from_civil(y, m, d) * 86_400_000;
            Ok(if end_of_day {
                start + 86_399_999
            } else {
                start
            })
        }
        _ => Err(bad(format!(
            "{what}: {:?} is no date (YYYY-MM-DD) nor milliseconds since 1970",
            shorten(text)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
