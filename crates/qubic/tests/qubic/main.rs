//! The integration tests of `qubic` in one test binary, so that the crate and its dependencies
//! are linked once: one module per topic (`cargo test -p qubic --test qubic <module>` runs one).

mod notation;
mod perft;
mod rules;
