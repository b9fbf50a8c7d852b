//! The web server of `variants serve`: the games in a browser. An axum server on tokio; the
//! page and its assets are compiled into the library (`assets`), games live in memory (`room`)
//! and in SQLite (`store`), the engine seats move by themselves (`engine`). The `variants`
//! command parses its flags and calls [`run`]; [`web_testing`] drives the same router
//! in-process (tests, the `web_api` fuzz target). The API is documented in docs/web.md.

mod analysis;
mod api;
mod assets;
mod board;
mod engine;
mod error;
mod room;
mod store;
pub mod web_testing;

pub use error::Error;
use std::io::Write;
use std::sync::OnceLock;

/// This server process's id, drawn at start: every state carries it, so a page that
/// reconnects to a restarted server sees that it must read the game again.
pub(crate) fn instance() -> &'static str {
    static INSTANCE: OnceLock<String> = OnceLock::new();
    INSTANCE.get_or_init(|| {
        let mut bytes = [0u8; 8];
        if getrandom::fill(&mut bytes).is_err() {
            // No random numbers: the start time tells processes apart just as well.
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            bytes = nanos.to_le_bytes();
        }
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    })
}
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Options of `variants serve`.
///
/// # Example
///
/// ```
/// let opts = variant_web::Options {
///     host: "127.0.0.1".into(),
///     port: 0,
///     data: std::path::PathBuf::from("games.db"),
///     flush: true,
///     first_move: std::time::Duration::from_secs(30),
///     open_game_expiry: variant_web::OPEN_GAME_EXPIRY,
/// };
/// assert_eq!(opts.port, 0);
/// ```
#[derive(Clone, Debug)]
pub struct Options {
    /// The address to listen on.
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// The SQLite file.
    pub data: PathBuf,
    /// Whether every commit is flushed to the disk (`--sync full`), not only written.
    pub flush: bool,
    /// How long the seat to move has for its first move in a game with a clock, once a page
    /// holds every seat, before the game is aborted (`--first-move-seconds`, default 30).
    pub first_move: Duration,
    /// How long a listed game with an open seat waits for its players before it is called off
    /// (`--open-game-expiry`, default [`OPEN_GAME_EXPIRY`]: an hour).
    pub open_game_expiry: Duration,
}

/// The default of [`Options::open_game_expiry`]: an hour.
pub const OPEN_GAME_EXPIRY: Duration = api::OPEN_GAME_EXPIRY;

/// Reads a duration as `--open-game-expiry` takes it: a number with a unit, `s`, `m`, `h` or
/// `d` (`90s`, `30m`, `1h`, `2d`), or a number of seconds; from 1 second to 30 days.
///
/// # Errors
/// A text that is no such duration, or one out of those bounds, said in words.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// assert_eq!(variant_web::parse_duration("1h"), Ok(Duration::from_secs(3600)));
/// assert_eq!(variant_web::parse_duration("90"), Ok(Duration::from_secs(90)));
/// assert!(variant_web::parse_duration("soon").is_err());
/// assert!(variant_web::parse_duration("0s").is_err());
/// ```
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, unit) = match t.find(|c: char| !c.is_ascii_digit()) {
        Some(at) => t.split_at(at),
        None => (t, "s"),
    };
    let seconds_per = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => 0,
    };
    let seconds = number
        .parse::<u64>()
        .ok()
        .filter(|_| seconds_per > 0)
        .and_then(|n| n.checked_mul(seconds_per));
    match seconds {
        Some(s) if (1..=30 * 86_400).contains(&s) => Ok(Duration::from_secs(s)),
        _ => Err(format!(
            "{text:?}: expected a duration from 1s to 30d, like 90s, 30m, 1h or 2d"
        )),
    }
}

/// Runs the server until Ctrl-C (or SIGTERM). The first line on stdout says how many games
/// were restored and the address it listens on (`… listening on http://127.0.0.1:8080/`).
///
/// # Errors
/// The database cannot be opened, or the address cannot be bound.
///
/// # Example
///
/// ```no_run
/// let opts = variant_web::Options {
///     host: "127.0.0.1".into(),
///     port: 8080,
///     data: "variants.db".into(),
///     flush: true,
///     first_move: std::time::Duration::from_secs(30),
///     open_game_expiry: variant_web::parse_duration("1h").unwrap(),
/// };
/// variant_web::run(opts).unwrap(); // until Ctrl-C
/// ```
pub fn run(opts: Options) -> Result<(), Error> {
    let (store, stored) = store::open(&opts.data, opts.flush).map_err(Error::Server)?;
    let mut app = api::App::new(
        store,
        std::thread::available_parallelism().map_or(2, |n| n.get()),
    );
    app.first_move = opts.first_move;
    app.open_game_expiry = opts.open_game_expiry;
    let app = Arc::new(app);
    let mut restored = 0usize;
    // Finished games of a file from before the archive: indexed once the runtime runs.
    let mut unindexed = Vec::new();
    for (id, game) in stored {
        let room = game
            .and_then(|(setup, log)| room::Room::restore(&setup, &log).map_err(|e| e.to_string()));
        match room {
            // A finished game stays in the file, read back when it is asked for.
            Ok(room) if room.status.is_over() => {
                restored += 1;
                unindexed.push(room);
            }
            Ok(room) => {
                api::insert_slot(&app, room);
                restored += 1;
            }
            Err(e) => eprintln!("variants serve: game {id} not restored: {e}"),
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::Server(format!("cannot start the server: {e}")))?;
    let stopping_app = Arc::clone(&app);
    let outcome = runtime.block_on(async move {
        api::index_old_games(&app, unindexed).await;
        let addr = format!("{}:{}", opts.host, opts.port);
        let listener = tokio::net::TcpListener::bind(&addr)
            .await
            .map_err(|e| Error::Server(format!("cannot listen on {addr}: {e}")))?;
        let local: SocketAddr = listener
            .local_addr()
            .map_err(|e| Error::Server(format!("cannot listen on {addr}: {e}")))?;
        // Engines whose turn it was when the server stopped think again; clocks run again.
        let ids: Vec<String> = app
            .games
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .keys()
            .cloned()
            .collect();
        for id in ids {
            api::start_timer(&app, &id);
            api::kick_engine(&app, &id);
        }
        // The tests read this line for the address; a closed stdout is no reason to stop.
        let mut out = std::io::stdout();
        let _ = writeln!(
            out,
            "variants serve: {restored} games from {}; listening on http://{local}/",
            opts.data.display()
        );
        let _ = out.flush();
        let evicting = Arc::clone(&app);
        tokio::spawn(async move {
            let every = std::time::Duration::from_secs(api::EVICT_EVERY_SECS);
            let mut rounds = tokio::time::interval(every);
            loop {
                rounds.tick().await;
                api::evict_finished(&evicting);
            }
        });
        let expiring = Arc::clone(&app);
        tokio::spawn(async move {
            // A game expires at most a quarter of its expiry late (and 30 s at most).
            let every = (expiring.open_game_expiry / 4).clamp(
                Duration::from_millis(100),
                Duration::from_secs(api::EVICT_EVERY_SECS),
            );
            let mut rounds = tokio::time::interval(every);
            loop {
                rounds.tick().await;
                api::expire_open(&expiring, store::now_ms()).await;
            }
        });
        let stop = app.stop.clone();
        tokio::spawn(async move {
            shutdown().await;
            // Ends every event stream (api::events) and the accepting loop.
            let _ = stop.send(true);
        });
        let mut stopping = app.stop.subscribe();
        let routes =
            api::router(Arc::clone(&app)).into_make_service_with_connect_info::<SocketAddr>();
        let serve = axum::serve(listener, routes).with_graceful_shutdown(async move {
            let _ = stopping.wait_for(|stop| *stop).await;
        });
        let mut stopping = app.stop.subscribe();
        // After the signal, requests in flight get this long; then the process goes anyway.
        let limit = async move {
            let _ = stopping.wait_for(|stop| *stop).await;
            tokio::time::sleep(DRAIN).await;
        };
        tokio::select! {
            served = serve => served.map_err(|e| Error::Server(format!("server: {e}"))),
            () = limit => Ok(()),
        }
    });
    // Engine searches on blocking threads are abandoned, not awaited (one may think for a
    // minute); nothing they would write is lost, as they write nothing until they are done.
    stopping_app.analyses.stop_all();
    runtime.shutdown_timeout(Duration::from_millis(100));
    outcome
}

/// How long requests in flight may take after SIGTERM or Ctrl-C (the process is gone within
/// 2 s of the signal, docs/web.md).
const DRAIN: Duration = Duration::from_millis(1200);

/// The server's routes over a fresh in-memory database, for in-process requests
/// ([`web_testing`]): the same handlers as [`run`] serves, except that engine seats never
/// think (no search permits), so that a request never starts a search.
///
/// # Errors
/// The in-memory database cannot be made.
pub(crate) fn in_memory_router() -> Result<axum::Router, String> {
    // No flush: an in-memory database has no disk to wait for.
    let (store, _) = store::open(std::path::Path::new(":memory:"), false)?;
    let app = Arc::new(api::App::new(store, 0));
    Ok(api::router(app))
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// The examples of the crate's README (its crates.io page), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
