//! The integration tests of `variant-benches` in one test binary, so that the crate and its
//! dependencies are linked once: one module per topic (`cargo test -p variant-benches --test
//! benches <module>` runs one).

mod docs_perft_data;
mod docs_test_positions;
mod workspace_layout;
