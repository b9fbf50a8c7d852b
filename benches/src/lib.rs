//! Criterion benchmarks of the workspace's move generators (see `benches/`). Every benchmark
//! asserts its node count, so a fast wrong change fails.
//!
//! ```
//! // Run them with: cargo bench -p variants-benches
//! ```
