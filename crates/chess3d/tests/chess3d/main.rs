//! The integration tests of `chess3d` in one test binary, so that the crate and its dependencies
//! are linked once: one module per topic (`cargo test -p chess3d --test chess3d <module>` runs
//! one), and the helpers they share (`reference`) as modules beside them.

mod reference;

mod fide;
mod history;
mod position_text;
mod reference_generator;
mod roundtrip;
mod rules;
mod symmetry;
mod tactical;
