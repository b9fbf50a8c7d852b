//! The integration tests of `chess-t` in one test binary, so that the crate and its dependencies
//! are linked once: one module per topic (`cargo test -p chess-t --test chess_t <module>` runs
//! one), and the helpers they share (`common`, `reference`) as modules beside them.

mod common;
mod reference;

mod mutation;
mod notation;
mod perft;
mod reference_compare;
mod rules;
mod strength_examples;
mod symmetry;
