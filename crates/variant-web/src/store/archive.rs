//! The archive's query: the finished games the filters match, a page of them, newest first.

use crate::room::Finished;
use rusqlite::Connection;

/// The archive's filters and page (`GET /api/games?finished=true`).
#[derive(Clone, Debug, Default)]
pub struct ArchiveQuery {
    /// Only this game (registry name).
    pub game: Option<String>,
    /// Only games where a seat has this name (any case).
    pub player: Option<String>,
    /// Only this `result` (`win`, `draw`, `aborted`).
    pub result: Option<String>,
    /// Only wins of this seat.
    pub winner: Option<String>,
    /// Only games finished at or after this time (ms since 1970).
    pub from: Option<i64>,
    /// Only games finished at or before this time (ms since 1970).
    pub to: Option<i64>,
    /// Rows to skip.
    pub offset: u64,
    /// Rows to give at most.
    pub limit: u64,
}

/// One finished game as the archive lists it.
#[derive(Clone, Debug)]
pub struct ArchiveRow {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The configuration.
    pub config: String,
    /// Each seat's player spec.
    pub players: Vec<String>,
    /// Each seat's name.
    pub names: Vec<Option<String>>,
    /// How it ended.
    pub finished: Finished,
}

/// The archive's page of finished games for `q`, newest first, and how many match in all.
pub(super) fn archive(
    conn: &Connection,
    q: &ArchiveQuery,
) -> rusqlite::Result<(Vec<ArchiveRow>, u64)> {
    let mut clauses = vec!["finished IS NOT NULL".to_string()];
    let mut args: Vec<rusqlite::types::Value> = Vec::new();
    let mut arg = |clause: &str, v: rusqlite::types::Value, args: &mut Vec<_>| {
        args.push(v);
        clauses.push(clause.replace('?', &format!("?{}", args.len())));
    };
    use rusqlite::types::Value as V;
    if let Some(g) = &q.game {
        arg("game = ?", V::Text(g.clone()), &mut args);
    }
    if let Some(p) = &q.player {
        arg(
            "id IN (SELECT game FROM seat_names WHERE name = ?)",
            V::Text(p.clone()),
            &mut args,
        );
    }
    if let Some(r) = &q.result {
        arg("result = ?", V::Text(r.clone()), &mut args);
    }
    if let Some(w) = &q.winner {
        arg(
            "result = 'win' AND winner = ?",
            V::Text(w.clone()),
            &mut args,
        );
    }
    if let Some(f) = q.from {
        arg("finished >= ?", V::Integer(f), &mut args);
    }
    if let Some(t) = q.to {
        arg("finished <= ?", V::Integer(t), &mut args);
    }
    let filter = clauses.join(" AND ");
    let total: i64 = conn.query_row(
        &format!("SELECT COUNT(*) FROM games WHERE {filter}"),
        rusqlite::params_from_iter(args.iter()),
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare(&format!(
        "SELECT id, game, config, players, names, result, winner, result_text, plies, finished \
         FROM games WHERE {filter} ORDER BY finished DESC, rowid DESC LIMIT {} OFFSET {}",
        q.limit, q.offset
    ))?;
    let rows = stmt
        .query_map(rusqlite::params_from_iter(args.iter()), |r| {
            let players: Vec<String> =
                serde_json::from_str(&r.get::<_, String>(3)?).unwrap_or_default();
            let mut names: Vec<Option<String>> =
                serde_json::from_str(&r.get::<_, String>(4)?).unwrap_or_default();
            names.resize(players.len(), None);
            Ok(ArchiveRow {
                id: r.get(0)?,
                game: r.get(1)?,
                config: r.get(2)?,
                players,
                names,
                finished: Finished {
                    result: r.get(5)?,
                    winner: r.get(6)?,
                    text: r.get(7)?,
                    plies: r.get::<_, i64>(8)?.max(0) as u64,
                    at: r.get(9)?,
                },
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok((rows, total.max(0) as u64))
}
