//! The integration tests of `variant-ffi` in one test binary, so that the crate and its
//! dependencies are linked once: one module per topic (`cargo test -p variant-ffi --test ffi
//! <module>` runs one).

mod c_programs;
mod doc_programs;
mod exports;
mod header;
mod move_values;
mod records;
mod robustness;
mod search;
