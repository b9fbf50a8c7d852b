//! The integration tests of `variant-web` in one test binary, so that the crate and its
//! dependencies are linked once: one module per topic (`cargo test -p variant-web --test web
//! <module>` runs one), and the helpers they share (`server`) as modules beside them.

mod server;

mod serve_api;
mod serve_archive;
mod serve_board;
mod serve_load;
mod serve_play;
mod serve_players;
mod serve_qubic;
mod serve_soak;
