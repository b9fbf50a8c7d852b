//! `variants serve`: the games in a browser. An axum server on tokio; the page and its assets
//! are compiled into the binary (`assets`), games live in memory (`room`) and in SQLite
//! (`store`), the engine seats move by themselves (`engine`). See docs/web.md.

mod api;
mod assets;
mod board;
mod engine;
mod room;
mod store;

use crate::error::Error;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, RwLock};

/// Options of `variants serve`.
pub struct Options {
    /// The address to listen on.
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// The SQLite file.
    pub data: PathBuf,
    /// Whether every commit is flushed to the disk (`--sync full`), not only written.
    pub flush: bool,
}

/// Runs the server until Ctrl-C (or SIGTERM).
///
/// # Errors
/// The database cannot be opened, or the address cannot be bound.
pub fn run(opts: Options) -> Result<(), Error> {
    let (store, stored) = store::open(&opts.data, opts.flush).map_err(Error::Action)?;
    let app = Arc::new(api::App {
        games: RwLock::new(Default::default()),
        store,
        thinking: tokio::sync::Semaphore::new(
            std::thread::available_parallelism().map_or(2, |n| n.get()),
        ),
    });
    let mut restored = 0usize;
    for (row, log) in stored {
        let room = room::Room::new(&row).and_then(|mut r| r.replay(&log).map(|()| r));
        match room {
            Ok(room) => {
                api::insert_slot(&app, room);
                restored += 1;
            }
            Err(e) => eprintln!("variants serve: game {} not restored: {e}", row.id),
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::Action(format!("cannot start the server: {e}")))?;
    runtime.block_on(async move {
        let addr = format!("{}:{}", opts.host, opts.port);
        let listener = tokio::net::TcpListener::bind(&addr)
            .await
            .map_err(|e| Error::Action(format!("cannot listen on {addr}: {e}")))?;
        let local: SocketAddr = listener
            .local_addr()
            .map_err(|e| Error::Action(format!("cannot listen on {addr}: {e}")))?;
        // Engines whose turn it was when the server stopped think again.
        let ids: Vec<String> = app
            .games
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .keys()
            .cloned()
            .collect();
        for id in ids {
            api::kick_engine(&app, &id);
        }
        crate::output::outln!(
            "variants serve: {restored} games from {}; listening on http://{local}/",
            opts.data.display()
        );
        axum::serve(listener, api::router(app))
            .with_graceful_shutdown(shutdown())
            .await
            .map_err(|e| Error::Action(format!("server: {e}")))
    })
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
