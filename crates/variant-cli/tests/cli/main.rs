//! The integration tests of `variant-cli` in one test binary, so that the crate and its
//! dependencies are linked once: one module per topic (`cargo test -p variant-cli --test cli
//! <module>` runs one), and the helpers they share (`common`) as modules beside them.

mod common;

mod cli;
mod engine_cli;
mod hostile_cli;
mod protocol;
mod protocol_pages;
mod qubic_cli;
mod snapshots;
