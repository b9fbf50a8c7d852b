//! The perft reference counts of the games compiled in: each game crate's data file
//! (`crates/<game>/data/<game>.perft`, embedded at build time as the crate's `PERFT_DATA`;
//! format in [`variant_core::perft_data`]). The tests, the benches, the registry's benchmark
//! positions ([`crate::registry::bench_positions`]) and the documentation's tables all read
//! these files, so each count is written down once, next to its source.
//!
//! ```
//! let file = variant_games::perft_data::file("chess3d").unwrap();
//! let start = file.entry("fide-start").unwrap();
//! assert_eq!(start.config, "heights=1");
//! assert_eq!(start.nodes(4), Some(197_281));
//! ```

use std::sync::OnceLock;

pub use variant_core::perft_data::{PerftCount, PerftDataError, PerftEntry, PerftFile};

/// The perft data of each game of the list that this build serves, with the game's name.
macro_rules! perft_texts {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        &[$(
            #[cfg(feature = $feature)]
            (
                <$krate::$game as variant_core::Game>::NAME,
                <$krate::$game as variant_core::GameCrate>::PERFT_DATA,
            ),
        )*]
    };
}

/// The embedded data files of the games compiled in: `(game name, file text)`.
///
/// ```
/// let names: Vec<&str> = variant_games::perft_data::texts().iter().map(|(name, _)| *name).collect();
/// assert!(names.contains(&"chess-t"));
/// ```
pub fn texts() -> &'static [(&'static str, &'static str)] {
    const TEXTS: &[(&str, &str)] = crate::with_games!(perft_texts, ());
    TEXTS
}

/// Every embedded data file, parsed, in the order of [`texts`].
///
/// # Errors
///
/// The first [`PerftDataError`] of a malformed file, with the game's name. The files are
/// checked by the workspace's tests, so a release build never returns this.
///
/// ```
/// let files = variant_games::perft_data::files().unwrap();
/// assert!(files.iter().all(|f| !f.entries.is_empty()));
/// ```
pub fn files() -> Result<&'static [PerftFile<'static>], (&'static str, PerftDataError)> {
    static FILES: OnceLock<Result<Vec<PerftFile<'static>>, (&'static str, PerftDataError)>> =
        OnceLock::new();
    FILES
        .get_or_init(|| {
            texts()
                .iter()
                .map(|&(name, text)| PerftFile::parse(text).map_err(|e| (name, e)))
                .collect()
        })
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

/// The parsed data file of one game, `None` if the game is not compiled in (or, which the
/// tests rule out, its file is malformed).
///
/// ```
/// assert!(variant_games::perft_data::file("chess3d").is_some());
/// assert!(variant_games::perft_data::file("go").is_none());
/// ```
pub fn file(game: &str) -> Option<&'static PerftFile<'static>> {
    files().ok()?.iter().find(|f| f.game == game)
}
