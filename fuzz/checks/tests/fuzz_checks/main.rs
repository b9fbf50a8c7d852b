//! The integration tests of `variant-fuzz-checks` in one test binary, so that the crate and its
//! dependencies are linked once: one module per topic (`cargo test -p variant-fuzz-checks --test
//! fuzz_checks <module>` runs one).

mod reachable_texts;
mod regressions;
mod targets;
