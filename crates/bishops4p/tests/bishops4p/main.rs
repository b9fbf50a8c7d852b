//! The integration tests of `bishops4p` in one test binary, so that the crate and its dependencies
//! are linked once: one module per topic (`cargo test -p bishops4p --test bishops4p <module>` runs
//! one), and the helpers they share (`common`, `reference`) as modules beside them.

mod common;
mod reference;

mod left_neighbour_checks;
mod notation;
mod perft;
mod reference_compare;
mod rules;
mod view;
