//! Criterion benchmarks of the workspace's move generators (see `benches/`). Every benchmark
//! asserts its node count, so a fast wrong change fails.
//!
//! Run them with `cargo bench -p variants-benches` (one game: `--bench chess3d`). Each bench
//! measures what this example computes, a bulk-counting perft:
//!
//! ```
//! use chess3d::{Chess3d, Chess3dConfig};
//! use variant_core::{Game, GameConfig, perft};
//!
//! let config = Chess3dConfig::from_pairs([("heights", "1")]).unwrap();
//! let start = Chess3d::new(&config).unwrap();
//! // FIDE chess (C3-40): 8 902 positions after three plies.
//! assert_eq!(perft::perft(&start, 3), 8_902);
//! ```
