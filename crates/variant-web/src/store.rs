//! The games on disk: one SQLite file, written by one thread that commits every queued write
//! in one transaction (group commit) and only then answers, so a move answered "accepted" is
//! in the file. With `synchronous=NORMAL` (the default) a commit is in the WAL file, which the
//! operating system holds: it survives a crash or kill of the server; with `synchronous=FULL`
//! (`--sync full`) it is also flushed to the disk and survives a crash of the machine, but
//! every answer then waits for a disk flush, whose tail on a shared disk is tens of
//! milliseconds (docs/web.md, "Measured load").

mod archive;

pub use archive::{ArchiveQuery, ArchiveRow};

use crate::room::{Finished, LogEntry, Player, Setup};
use rusqlite::{Connection, params};
use std::path::Path;
use std::sync::{Arc, Weak, mpsc};
use tokio::sync::oneshot;
use variant_games::Seat;

/// A game as its row stores it (players as their texts).
#[derive(Clone, Debug)]
struct GameRow {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The configuration as `k=v;k=v`.
    pub config: String,
    /// The player of every seat (`human`, `engine:movetime=500`).
    pub players: Vec<String>,
    /// The token of every human seat.
    pub tokens: Vec<Option<String>>,
    /// The start position's text when the game was created from a position, else empty
    /// (the game's start position).
    pub start: String,
    /// Whether the game is shown in the lobby.
    pub listed: bool,
    /// For each seat, whether it is open (listed and not taken yet).
    pub open: Vec<bool>,
    /// The time control: initial and increment, in milliseconds.
    pub clock: Option<(u64, u64)>,
    /// The players' names, one a seat (`None`: no name given).
    pub names: Vec<Option<String>>,
    /// The seats that asked for a rematch of the finished game.
    pub rematch_requests: Vec<bool>,
    /// The rematch's id, once made.
    pub rematch: Option<String>,
    /// When it was created, in milliseconds since 1970.
    pub created: i64,
}

impl GameRow {
    /// The row of a game's setup.
    fn of(setup: &Setup) -> GameRow {
        GameRow {
            id: setup.id.clone(),
            game: setup.game.clone(),
            config: setup.config.clone(),
            players: setup.players.iter().map(Player::text).collect(),
            tokens: setup.tokens.clone(),
            start: setup.start.clone(),
            listed: setup.listed,
            open: setup.open.clone(),
            clock: setup.clock,
            names: setup.names.clone(),
            rematch_requests: setup.rematch_requests.clone(),
            rematch: setup.rematch.clone(),
            created: setup.created,
        }
    }

    /// The setup a row stores; a player text that does not read is an error naming it.
    fn setup(self) -> Result<Setup, String> {
        let players = self
            .players
            .iter()
            .map(|p| Player::parse(p))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Setup {
            id: self.id,
            game: self.game,
            config: self.config,
            players,
            tokens: self.tokens,
            start: self.start,
            listed: self.listed,
            open: self.open,
            clock: self.clock,
            names: self.names,
            rematch_requests: self.rematch_requests,
            rematch: self.rematch,
            created: self.created,
        })
    }
}

/// A log entry as its row stores it: the kind (`move`, `resign`, `time`, `agree`, `claim`,
/// `abort`), the argument (the move's text, the seat's number) and a move's clock.
fn entry_row(entry: &LogEntry) -> (&'static str, String, Option<i64>) {
    match entry {
        LogEntry::Move { text, clock } => ("move", text.clone(), clock.map(|ms| ms as i64)),
        LogEntry::Resign(seat) => ("resign", seat.0.to_string(), None),
        LogEntry::Time(seat) => ("time", seat.0.to_string(), None),
        LogEntry::Agree => ("agree", String::new(), None),
        LogEntry::Claim => ("claim", String::new(), None),
        LogEntry::Abort { idle } => (
            "abort",
            idle.map(|s| s.0.to_string()).unwrap_or_default(),
            None,
        ),
    }
}

/// The log entry of a row; a kind or seat the server never writes is an error naming it.
fn entry_of(kind: &str, arg: String, clock: Option<i64>) -> Result<LogEntry, String> {
    let seat = |arg: &str| {
        arg.parse::<u8>()
            .map(Seat)
            .map_err(|_| format!("no seat number {arg:?}"))
    };
    Ok(match kind {
        "move" => LogEntry::Move {
            text: arg,
            clock: clock.map(|ms| ms.max(0) as u64),
        },
        "resign" => LogEntry::Resign(seat(&arg)?),
        "time" => LogEntry::Time(seat(&arg)?),
        "agree" => LogEntry::Agree,
        "claim" => LogEntry::Claim,
        // Logs written before the idle seat was recorded have none.
        "abort" if arg.is_empty() => LogEntry::Abort { idle: None },
        "abort" => LogEntry::Abort {
            idle: Some(seat(&arg)?),
        },
        other => return Err(format!("unknown log entry kind {other:?}")),
    })
}

/// A stored game with its log, or why it cannot be read (a row edited by hand).
pub type Stored = Result<(Setup, Vec<LogEntry>), String>;

/// A stored game read at start: its id and the game.
pub type StoredGame = (String, Stored);

/// A read run on the writer's connection (it sends its answer on a channel of its own).
type Reader = Box<dyn FnOnce(&Connection) -> rusqlite::Result<()> + Send>;

/// A write.
enum Op {
    /// A new game.
    Insert(GameRow),
    /// Appends the log entry with sequence number `seq` (0-based).
    Append {
        id: String,
        seq: u64,
        entry: LogEntry,
    },
    /// Keeps the first `keep` log entries (undo).
    Truncate { id: String, keep: u64 },
    /// A seat was taken: the open seats now, and the name its player gave (seat, name).
    Seats {
        id: String,
        open: Vec<bool>,
        name: Option<(usize, String)>,
    },
    /// Rematch requests of a finished game, and the rematch once made.
    Rematch {
        id: String,
        requests: Vec<bool>,
        made: Option<String>,
    },
    /// The game is over: how, for the archive.
    Over { id: String, finished: Finished },
    /// Reads the file (the archive, the games finished before it was indexed): the closure
    /// sends what it finds on a channel of its own.
    Read(Reader),
    /// Reads one game with its log (a finished game that is no longer held in memory); the
    /// game, if there is one, is sent on `out`.
    Load {
        id: String,
        out: mpsc::SyncSender<Stored>,
    },
}

struct Job {
    op: Op,
    done: oneshot::Sender<Result<(), String>>,
}

/// The handle the server writes through.
#[derive(Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    /// Held by every handle: the checkpoint thread ends once the last handle is gone (the
    /// writer thread ends with the last sender of `jobs`).
    _alive: Arc<()>,
}

/// Opens (or creates) the database at `path` and reads every stored game with its log;
/// `flush`: every commit is flushed to the disk (`synchronous=FULL`), not only written.
///
/// # Errors
/// The file cannot be opened or is not a games database.
pub fn open(path: &Path, flush: bool) -> Result<(Store, Vec<StoredGame>), String> {
    let what = |e: rusqlite::Error| format!("database {}: {e}", path.display());
    let conn = Connection::open(path).map_err(what)?;
    conn.execute_batch(
        "PRAGMA journal_mode=WAL;
         CREATE TABLE IF NOT EXISTS games(
             id TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL,
             players TEXT NOT NULL, tokens TEXT NOT NULL,
             start TEXT NOT NULL DEFAULT '');
         CREATE TABLE IF NOT EXISTS log(
             game TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, arg TEXT NOT NULL,
             PRIMARY KEY (game, seq));",
    )
    .map_err(what)?;
    // Files written before a column existed get it, with the value old games had.
    for (table, column, declaration) in [
        ("games", "start", "TEXT NOT NULL DEFAULT ''"),
        ("games", "listed", "INTEGER NOT NULL DEFAULT 0"),
        ("games", "open", "TEXT NOT NULL DEFAULT '[]'"),
        ("games", "clock", "TEXT NOT NULL DEFAULT ''"),
        ("log", "clock", "INTEGER"),
        // 1 once the game is over: not read at start (a file from before the column has
        // every game at 0, each read and replayed at start as before).
        ("games", "over", "INTEGER NOT NULL DEFAULT 0"),
        // The players' names and the archive's columns: a file from before them has its
        // games dated by the upgrade, and its finished games indexed by the server at start
        // (`Store::unindexed`).
        ("games", "names", "TEXT NOT NULL DEFAULT '[]'"),
        ("games", "created", "INTEGER NOT NULL DEFAULT 0"),
        ("games", "finished", "INTEGER"),
        ("games", "result", "TEXT NOT NULL DEFAULT ''"),
        ("games", "winner", "TEXT NOT NULL DEFAULT ''"),
        ("games", "result_text", "TEXT NOT NULL DEFAULT ''"),
        ("games", "plies", "INTEGER NOT NULL DEFAULT 0"),
        // Rematch requests and the rematch made, so that a restart (or a finished game read
        // back) keeps them.
        ("games", "rematch_requests", "TEXT NOT NULL DEFAULT '[]'"),
        ("games", "rematch", "TEXT NOT NULL DEFAULT ''"),
    ] {
        add_column(&conn, table, column, declaration).map_err(what)?;
    }
    conn.execute(
        "UPDATE games SET created = ?1 WHERE created = 0",
        params![now_ms()],
    )
    .map_err(what)?;
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS seat_names(
             game TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL COLLATE NOCASE,
             PRIMARY KEY (game, seat));
         CREATE INDEX IF NOT EXISTS seat_names_name ON seat_names(name, game);
         CREATE INDEX IF NOT EXISTS games_finished ON games(finished) WHERE finished IS NOT NULL;
         CREATE INDEX IF NOT EXISTS games_game_finished ON games(game, finished)
             WHERE finished IS NOT NULL;
         CREATE INDEX IF NOT EXISTS games_result_finished ON games(result, winner, finished)
             WHERE finished IS NOT NULL;",
    )
    .map_err(what)?;
    conn.execute_batch(if flush {
        "PRAGMA synchronous=FULL"
    } else {
        "PRAGMA synchronous=NORMAL"
    })
    .map_err(what)?;
    // Checkpoints (copying the WAL into the database file, with a disk flush each) run on a
    // thread of their own, so no commit, and so no answer, ever waits for one.
    // A restarted WAL is cut back to this size rather than kept at its largest.
    conn.execute_batch("PRAGMA wal_autocheckpoint=0; PRAGMA journal_size_limit=67108864")
        .map_err(what)?;
    let games = load(&conn).map_err(what)?;
    let alive = Arc::new(());
    // An in-memory database (the in-process server of `web_testing`) has no WAL to copy.
    if path != Path::new(":memory:") {
        let checkpoints = Connection::open(path).map_err(what)?;
        let handles = Arc::downgrade(&alive);
        std::thread::Builder::new()
            .name("variants-checkpoint".into())
            .spawn(move || checkpointer(&checkpoints, &handles))
            .map_err(|e| format!("cannot start the checkpoint thread: {e}"))?;
    }
    let (jobs, rx) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("variants-store".into())
        .spawn(move || writer(conn, rx))
        .map_err(|e| format!("cannot start the database thread: {e}"))?;
    Ok((
        Store {
            jobs,
            _alive: alive,
        },
        games,
    ))
}

/// Adds `column` to `table` unless it is there (a file written by an older server).
fn add_column(
    conn: &Connection,
    table: &str,
    column: &str,
    declaration: &str,
) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))?;
    let has = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?
        .iter()
        .any(|c| c == column);
    if !has {
        conn.execute_batch(&format!(
            "ALTER TABLE {table} ADD COLUMN {column} {declaration}"
        ))?;
    }
    Ok(())
}

/// WAL frames (pages) past which the checkpoint thread restarts the WAL (64 MiB of 4 KiB pages).
const WAL_RESTART_FRAMES: i64 = 16_384;

/// Copies the WAL into the database file once a second. A passive checkpoint never blocks the
/// writer, but under steady writing it never catches up with the WAL's end either, and the WAL
/// only starts again from its beginning after a checkpoint that did: so once the WAL holds
/// `WAL_RESTART_FRAMES`, one restarting checkpoint waits for the writer's current commit, holds
/// the next one back while it copies what the passive rounds left (a pause of a few
/// milliseconds every few tens of seconds of heavy load) and lets the WAL start again. Ends
/// once no handle of the store is left (`handles`).
fn checkpointer(conn: &Connection, handles: &Weak<()>) {
    loop {
        std::thread::sleep(std::time::Duration::from_secs(1));
        if handles.strong_count() == 0 {
            // Every handle of the store is gone: nothing writes any more.
            return;
        }
        let frames = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get::<_, i64>(1));
        let result = match frames {
            Ok(n) if n >= WAL_RESTART_FRAMES => conn
                .query_row("PRAGMA wal_checkpoint(RESTART)", [], |_| Ok(()))
                .map(|()| n),
            other => other,
        };
        if let Err(e) = result {
            eprintln!("variants serve: checkpoint: {e}");
        }
    }
}

/// Now, in milliseconds since 1970 (UTC).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The columns of a game's row, in the order [`game_row`] reads them.
const GAME_COLUMNS: &str = "id, game, config, players, tokens, start, listed, open, clock, names, rematch_requests, rematch, created";

/// A game's row as stored.
fn game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    let (id, game, config): (String, String, String) = (r.get(0)?, r.get(1)?, r.get(2)?);
    let (players, tokens, start): (String, String, String) = (r.get(3)?, r.get(4)?, r.get(5)?);
    let (listed, open, clock): (i64, String, String) = (r.get(6)?, r.get(7)?, r.get(8)?);
    // A text that does not read gives an empty list, which `Room::new` refuses with a
    // message naming the game (so one damaged row does not stop the server).
    let players: Vec<String> = serde_json::from_str(&players).unwrap_or_default();
    let tokens: Vec<Option<String>> = serde_json::from_str(&tokens).unwrap_or_default();
    let mut open: Vec<bool> = serde_json::from_str(&open).unwrap_or_default();
    // Rows written before seats could be open: every seat is held.
    open.resize(tokens.len(), false);
    let clock: Option<(u64, u64)> = serde_json::from_str(&clock).ok();
    let mut names: Vec<Option<String>> =
        serde_json::from_str(&r.get::<_, String>(9)?).unwrap_or_default();
    names.resize(tokens.len(), None);
    let rematch_requests: Vec<bool> =
        serde_json::from_str(&r.get::<_, String>(10)?).unwrap_or_default();
    let rematch: String = r.get(11)?;
    let created: i64 = r.get(12)?;
    Ok(GameRow {
        id,
        game,
        config,
        players,
        tokens,
        start,
        listed: listed != 0,
        open,
        clock,
        names,
        rematch_requests,
        rematch: (!rematch.is_empty()).then_some(rematch),
        created,
    })
}

/// A game with its log, in order; an entry the server cannot read makes the game's error.
fn game_log(conn: &Connection, game: GameRow) -> rusqlite::Result<Stored> {
    let rows = conn
        .prepare_cached("SELECT kind, arg, clock FROM log WHERE game = ?1 ORDER BY seq")?
        .query_map([&game.id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<i64>>(2)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let log = rows
        .into_iter()
        .map(|(kind, arg, clock)| entry_of(&kind, arg, clock))
        .collect::<Result<Vec<_>, _>>();
    Ok(log.and_then(|log| Ok((game.setup()?, log))))
}

/// The games not marked over, with their logs (a finished game is read when it is asked for,
/// by [`load_one`]).
fn load(conn: &Connection) -> rusqlite::Result<Vec<StoredGame>> {
    // In creation order (the lobby lists the newest first).
    let games = conn
        .prepare(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE over = 0 ORDER BY rowid"
        ))?
        .query_map([], game_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    games
        .into_iter()
        .map(|game| Ok((game.id.clone(), game_log(conn, game)?)))
        .collect()
}

/// One game with its log, if the file has it.
fn load_one(conn: &Connection, id: &str) -> rusqlite::Result<Option<Stored>> {
    let mut stmt =
        conn.prepare_cached(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"))?;
    let mut rows = stmt.query_map([id], game_row)?;
    let Some(game) = rows.next().transpose()? else {
        return Ok(None);
    };
    game_log(conn, game).map(Some)
}

/// Names seat `seat` of game `id` `name` in the archive's index of names.
fn set_name(conn: &Connection, id: &str, seat: usize, name: &str) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT OR REPLACE INTO seat_names(game, seat, name) VALUES (?1, ?2, ?3)")?
        .execute(params![id, seat as i64, name])?;
    Ok(())
}

fn apply(conn: &Connection, op: &Op) -> rusqlite::Result<()> {
    match op {
        Op::Insert(g) => {
            let players = serde_json::to_string(&g.players).unwrap_or_default();
            let tokens = serde_json::to_string(&g.tokens).unwrap_or_default();
            let open = serde_json::to_string(&g.open).unwrap_or_default();
            let clock = g
                .clock
                .map(|c| serde_json::to_string(&c).unwrap_or_default())
                .unwrap_or_default();
            let names = serde_json::to_string(&g.names).unwrap_or_default();
            conn.prepare_cached(
                "INSERT INTO games(id, game, config, players, tokens, start, listed, open, clock, \
                 names, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )?
            .execute(params![
                g.id, g.game, g.config, players, tokens, g.start, g.listed, open, clock, names,
                g.created
            ])?;
            for (seat, name) in g.names.iter().enumerate() {
                if let Some(name) = name {
                    set_name(conn, &g.id, seat, name)?;
                }
            }
        }
        Op::Append { id, seq, entry } => {
            let (kind, arg, clock) = entry_row(entry);
            conn.prepare_cached(
                "INSERT INTO log(game, seq, kind, arg, clock) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![id, *seq as i64, kind, arg, clock])?;
        }
        Op::Seats { id, open, name } => {
            let open = serde_json::to_string(open).unwrap_or_default();
            conn.prepare_cached("UPDATE games SET open = ?2 WHERE id = ?1")?
                .execute(params![id, open])?;
            if let Some((seat, name)) = name {
                let names: String = conn
                    .prepare_cached("SELECT names FROM games WHERE id = ?1")?
                    .query_row([id], |r| r.get(0))?;
                let mut names: Vec<Option<String>> =
                    serde_json::from_str(&names).unwrap_or_default();
                if names.len() <= *seat {
                    names.resize(seat + 1, None);
                }
                names[*seat] = Some(name.clone());
                let names = serde_json::to_string(&names).unwrap_or_default();
                conn.prepare_cached("UPDATE games SET names = ?2 WHERE id = ?1")?
                    .execute(params![id, names])?;
                set_name(conn, id, *seat, name)?;
            }
        }
        Op::Truncate { id, keep } => {
            conn.prepare_cached("DELETE FROM log WHERE game = ?1 AND seq >= ?2")?
                .execute(params![id, *keep as i64])?;
            // A take-back reopens a finished game.
            conn.prepare_cached(
                "UPDATE games SET over = 0, finished = NULL, result = '', winner = '', \
                 result_text = '', plies = 0 WHERE id = ?1",
            )?
            .execute(params![id])?;
        }
        Op::Over { id, finished: f } => {
            conn.prepare_cached(
                "UPDATE games SET over = 1, finished = ?2, result = ?3, winner = ?4, \
                 result_text = ?5, plies = ?6 WHERE id = ?1",
            )?
            .execute(params![
                id,
                f.at,
                f.result,
                f.winner,
                f.text,
                f.plies as i64
            ])?;
        }
        Op::Read(_) => {}
        Op::Rematch { id, requests, made } => {
            let requests = serde_json::to_string(requests).unwrap_or_default();
            conn.prepare_cached(
                "UPDATE games SET rematch_requests = ?2, rematch = ?3 WHERE id = ?1",
            )?
            .execute(params![id, requests, made.as_deref().unwrap_or("")])?;
        }
        Op::Load { id, out } => {
            if let Some(game) = load_one(conn, id)? {
                // The channel has room for the one game; a reader that gave up is no error.
                let _ = out.try_send(game);
            }
        }
    }
    Ok(())
}

/// The writer thread: takes every queued job, runs them in one transaction, commits, then
/// answers each (each job in its own savepoint, so one failing write fails alone).
fn writer(conn: Connection, rx: mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < 512
            && let Ok(job) = rx.try_recv()
        {
            batch.push(job);
        }
        let mut results: Vec<Result<(), String>> = Vec::with_capacity(batch.len());
        let began = conn.execute_batch("BEGIN IMMEDIATE");
        for job in &mut batch {
            if let Op::Read(read) = &mut job.op {
                // A read changes nothing: no savepoint needed.
                let read = std::mem::replace(read, Box::new(|_| Ok(())));
                results.push(read(&conn).map_err(|e| e.to_string()));
                continue;
            }
            let result = began.as_ref().map_err(|e| e.to_string()).and_then(|()| {
                conn.execute_batch("SAVEPOINT job")
                    .map_err(|e| e.to_string())?;
                match apply(&conn, &job.op) {
                    Ok(()) => conn.execute_batch("RELEASE job").map_err(|e| e.to_string()),
                    Err(e) => {
                        let _ = conn.execute_batch("ROLLBACK TO job; RELEASE job");
                        Err(e.to_string())
                    }
                }
            });
            results.push(result);
        }
        if began.is_ok()
            && let Err(e) = conn.execute_batch("COMMIT")
        {
            let _ = conn.execute_batch("ROLLBACK");
            for r in &mut results {
                *r = Err(format!("commit failed: {e}"));
            }
        }
        for (job, result) in batch.into_iter().zip(results) {
            let _ = job.done.send(result.map_err(|e| format!("database: {e}")));
        }
    }
}

impl Store {
    async fn run(&self, op: Op) -> Result<(), String> {
        let (done, wait) = oneshot::channel();
        self.jobs
            .send(Job { op, done })
            .map_err(|_| "database: the writer has stopped".to_string())?;
        wait.await
            .map_err(|_| "database: the writer has stopped".to_string())?
    }

    /// Stores a new game.
    pub async fn insert(&self, game: Setup) -> Result<(), String> {
        self.run(Op::Insert(GameRow::of(&game))).await
    }

    /// Appends entry number `seq` of a game's log.
    pub async fn append(&self, id: &str, seq: u64, entry: LogEntry) -> Result<(), String> {
        self.run(Op::Append {
            id: id.to_string(),
            seq,
            entry,
        })
        .await
    }

    /// Records which seats of a game are open (after one was taken), and the name the new
    /// player gave (seat, name).
    pub async fn set_open(
        &self,
        id: &str,
        open: Vec<bool>,
        name: Option<(usize, String)>,
    ) -> Result<(), String> {
        self.run(Op::Seats {
            id: id.to_string(),
            open,
            name,
        })
        .await
    }

    /// Records a finished game's rematch requests and, once made, its rematch.
    pub async fn set_rematch(
        &self,
        id: &str,
        requests: Vec<bool>,
        made: Option<String>,
    ) -> Result<(), String> {
        self.run(Op::Rematch {
            id: id.to_string(),
            requests,
            made,
        })
        .await
    }

    /// The archive's page for `q` and how many games match in all.
    pub async fn archive(&self, q: ArchiveQuery) -> Result<(Vec<ArchiveRow>, u64), String> {
        let (out, answer) = mpsc::sync_channel(1);
        self.run(Op::Read(Box::new(move |conn| {
            let _ = out.try_send(archive::archive(conn, &q)?);
            Ok(())
        })))
        .await?;
        answer
            .try_recv()
            .map_err(|_| "database: no answer".to_string())
    }

    /// The ids of the finished games the archive does not list yet (a file written before
    /// the archive existed), to be indexed with [`Store::set_over`].
    pub async fn unindexed(&self) -> Result<Vec<String>, String> {
        let (out, answer) = mpsc::sync_channel(1);
        self.run(Op::Read(Box::new(move |conn| {
            let ids = conn
                .prepare("SELECT id FROM games WHERE over = 1 AND finished IS NULL")?
                .query_map([], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            let _ = out.try_send(ids);
            Ok(())
        })))
        .await?;
        answer
            .try_recv()
            .map_err(|_| "database: no answer".to_string())
    }

    /// Reads game `id` with its log from the file: `None` when there is no such game. (Reads
    /// go through the writer thread too, so a read sees every write answered before it.)
    pub async fn load(&self, id: &str) -> Result<Option<Stored>, String> {
        let (out, game) = mpsc::sync_channel(1);
        self.run(Op::Load {
            id: id.to_string(),
            out,
        })
        .await?;
        Ok(game.try_recv().ok())
    }

    /// Marks a game over, so that the next start does not read it (it is read back when asked
    /// for), with how it ended for the archive.
    pub async fn set_over(&self, id: &str, finished: Finished) -> Result<(), String> {
        self.run(Op::Over {
            id: id.to_string(),
            finished,
        })
        .await
    }

    /// Keeps the first `keep` entries of a game's log (and marks the game not over).
    pub async fn truncate(&self, id: &str, keep: u64) -> Result<(), String> {
        self.run(Op::Truncate {
            id: id.to_string(),
            keep,
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str) -> Setup {
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
            names: vec![Some("Ann".to_string()), None],
            rematch_requests: Vec::new(),
            rematch: None,
            created: 1,
        }
    }

    fn ended(at: i64) -> Finished {
        Finished {
            result: "win".to_string(),
            winner: "black".to_string(),
            text: "black wins (resignation)".to_string(),
            plies: 1,
            at,
        }
    }

    #[tokio::test]
    async fn a_start_reads_the_games_in_progress_only() {
        let dir = std::env::temp_dir().join(format!("variants-store-over-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.db");
        let resign = LogEntry::Resign(Seat(0));
        {
            let (store, games) = open(&path, false).unwrap();
            assert!(games.is_empty());
            for id in ["over", "going", "reopened"] {
                store.insert(row(id)).await.unwrap();
            }
            for id in ["over", "reopened"] {
                store.append(id, 0, resign.clone()).await.unwrap();
                store.set_over(id, ended(1000)).await.unwrap();
            }
            // A take-back of the resignation: going on again.
            store.truncate("reopened", 0).await.unwrap();
        }
        let (store, games) = open(&path, false).unwrap();
        let ids: Vec<&str> = games.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["going", "reopened"]);
        // The finished game is still in the file, with its log and its setup as stored.
        let (game, log) = store.load("over").await.unwrap().expect("stored").unwrap();
        assert_eq!((game.id.as_str(), log), ("over", vec![resign]));
        assert_eq!(game, row("over"));
        assert!(store.load("nothing").await.unwrap().is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
