//! The integration tests of `checkers3d` in one test binary, so that the crate and its dependencies
//! are linked once: one module per topic (`cargo test -p checkers3d --test checkers3d <module>`
//! runs one), and the helpers they share (`reference`) as modules beside them.

mod reference;

mod codec;
mod hostile;
mod notation;
mod perft;
mod reference_compare;
mod rules;
mod symmetry;
mod view;
