//! The integration tests of `variant-games` in one test binary, so that the crate and its
//! dependencies are linked once: one module per topic (`cargo test -p variant-games --test games
//! <module>` runs one).

mod api;
mod hostile;
mod move_sink;
mod perft_data;
mod perft_hash;
mod properties;
mod registry;
mod test_positions;
