//! The integration tests of `variant-match` in one test binary, so that the crate and its
//! dependencies are linked once: one module per topic (`cargo test -p variant-match --test matches
//! <module>` runs one).

mod external;
mod matches;
