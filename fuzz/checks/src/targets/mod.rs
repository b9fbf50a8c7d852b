//! The bodies of the fuzz targets, one module each, named like the binaries in
//! `fuzz/fuzz_targets/`. Each `run(data)` is one execution: it returns normally or panics with
//! a message naming what broke.

pub mod any_game;
pub mod c_api;
pub mod c_moves;
pub mod engine;
pub mod nets;
pub mod play_moves;
pub mod position_text;
pub mod records;
#[cfg(feature = "web")]
pub mod web_api;

/// A target body: one execution on fuzz input.
pub type Target = fn(&[u8]);

/// Every target by name, in the order of `fuzz/fuzz_targets/`.
pub const TARGETS: &[(&str, Target)] = &[
    ("any_game", any_game::run),
    ("c_api", c_api::run),
    ("c_moves", c_moves::run),
    ("engine", engine::run),
    ("nets", nets::run),
    ("play_moves", play_moves::run),
    ("position_text", position_text::run),
    ("records", records::run),
    #[cfg(feature = "web")]
    ("web_api", web_api::run),
];

/// Every target's `-max_len` (its module's `MAX_LEN`), in the order of [`TARGETS`]: the
/// largest input libFuzzer makes for it, which bounds the work of one execution.
/// `fuzz/fuzz_targets/<target>.options` gives the same to `cargo xtask fuzz-smoke` and
/// `cargo xtask fuzz` (a test checks that they agree).
pub const MAX_LENS: &[(&str, usize)] = &[
    ("any_game", any_game::MAX_LEN),
    ("c_api", c_api::MAX_LEN),
    ("c_moves", c_moves::MAX_LEN),
    ("engine", engine::MAX_LEN),
    ("nets", nets::MAX_LEN),
    ("play_moves", play_moves::MAX_LEN),
    ("position_text", position_text::MAX_LEN),
    ("records", records::MAX_LEN),
    #[cfg(feature = "web")]
    ("web_api", web_api::MAX_LEN),
];

/// The body of the target called `name`.
pub fn by_name(name: &str) -> Option<Target> {
    TARGETS.iter().find(|(n, _)| *n == name).map(|&(_, t)| t)
}
