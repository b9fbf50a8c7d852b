//! The registry of games: names, descriptions, configuration keys and benchmark positions,
//! and constructors of [`AnyGame`]s and their records from a game name and configuration
//! pairs.

use std::sync::OnceLock;

use crate::{AnyConfig, AnyGame};
use variant_core::config::{json_to_pairs, split_pairs};
use variant_core::test_positions::TestPositions;
use variant_core::{ConfigError, ConfigKey, Error, Game, GameConfig, GameCrate, History};

/// What the registry tells about a game.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The name used everywhere (`chess3d`, `checkers3d`, `bishops4p`, `chess-t`).
    pub name: &'static str,
    /// One line saying what the game is.
    pub description: &'static str,
    /// The configuration keys with defaults and allowed values.
    pub keys: &'static [ConfigKey],
}

/// A standard position for benchmarks, with its known node count.
#[derive(Clone, Copy, Debug)]
pub struct BenchPosition {
    /// What it is.
    pub label: &'static str,
    /// The configuration, as `k=v;k=v`.
    pub config: &'static str,
    /// The position text (`None`: the start position).
    pub position: Option<&'static str>,
    /// The perft depth.
    pub depth: u32,
    /// The node count at that depth, from the game's perft data file (published tables or the
    /// rules page's reference counts).
    pub nodes: u64,
}

/// One registered game: its description and benchmark positions.
struct Entry {
    info: GameInfo,
}

impl Entry {
    fn of<G: GameCrate>() -> Entry {
        Entry {
            info: GameInfo {
                name: G::NAME,
                description: G::DESCRIPTION,
                keys: G::Config::keys(),
            },
        }
    }
}

/// The registry's entry of each game of the list that this build serves.
macro_rules! registry_entries {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        vec![$(
            #[cfg(feature = $feature)]
            Entry::of::<$krate::$game>(),
        )*]
    };
}

fn entries() -> Vec<Entry> {
    crate::with_games!(registry_entries, ())
}

/// The standard benchmark positions of a game: the entries of its perft data file
/// (`crates/<game>/data/<game>.perft`, see [`crate::perft_data`]) that carry a `bench` line.
///
/// # Errors
///
/// [`Error::UnknownGame`] for a name the build does not serve.
///
/// ```
/// let bench = variant_games::registry::bench_positions("chess3d").unwrap();
/// assert_eq!((bench[0].depth, bench[0].nodes), (5, 4_865_609));
/// assert!(variant_games::registry::bench_positions("go").is_err());
/// ```
pub fn bench_positions(name: &str) -> Result<&'static [BenchPosition], Error> {
    let info = entry(name)?.info;
    static BENCH: OnceLock<Vec<(&'static str, Vec<BenchPosition>)>> = OnceLock::new();
    let all = BENCH.get_or_init(|| {
        let files = crate::perft_data::files().unwrap_or_default();
        files
            .iter()
            .map(|file| {
                let positions = file
                    .bench()
                    .map(|(entry, depth, label, nodes)| BenchPosition {
                        label,
                        config: entry.config,
                        position: entry.position,
                        depth,
                        nodes,
                    })
                    .collect();
                (file.game, positions)
            })
            .collect()
    });
    Ok(all
        .iter()
        .find(|(game, _)| *game == info.name)
        .map_or(&[][..], |(_, positions)| positions.as_slice()))
}

fn entry(name: &str) -> Result<Entry, Error> {
    let all = entries();
    let known: Vec<String> = all.iter().map(|e| e.info.name.to_string()).collect();
    all.into_iter()
        .find(|e| e.info.name == name)
        .ok_or_else(|| Error::UnknownGame {
            name: variant_core::error::shorten(name),
            known,
        })
}

/// The test position file of each game of the list that this build serves, with the game's
/// name.
macro_rules! test_position_texts {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        &[$(
            #[cfg(feature = $feature)]
            (<$krate::$game as Game>::NAME, <$krate::$game as GameCrate>::TEST_POSITIONS),
        )*]
    };
}

/// The test position files of the games this build serves (`crates/<game>/data/<game>.positions`,
/// each game crate's `TEST_POSITIONS`; format in [`variant_core::test_positions`]):
/// `(game name, file text)`, in registry order.
///
/// ```
/// let texts = variant_games::registry::test_position_texts();
/// assert_eq!(texts.len(), variant_games::registry::games().len());
/// ```
pub fn test_position_texts() -> &'static [(&'static str, &'static str)] {
    const TEXTS: &[(&str, &str)] = crate::with_games!(test_position_texts, ());
    TEXTS
}

/// The test positions of a game: the configurations the tests run it under (one tagged
/// `quick`, a few tagged `family`) and positions such as wins in one, each with the rule ids
/// that make it what it is. Tests of every frontend take them from here, so a game brings its
/// own and no test lists the games. `None` for a game this build does not serve (or, which the
/// tests rule out, a malformed file).
///
/// ```
/// let file = variant_games::registry::test_positions("chess3d").unwrap();
/// assert_eq!(file.quick().map(|e| e.config), Some("heights=1"));
/// let mate = file.entry("fide-back-rank").unwrap();
/// assert_eq!(mate.wins, ["a1a8"]);
/// assert!(variant_games::registry::test_positions("go").is_none());
/// ```
pub fn test_positions(name: &str) -> Option<&'static TestPositions<'static>> {
    static FILES: OnceLock<Vec<Option<TestPositions<'static>>>> = OnceLock::new();
    let files = FILES.get_or_init(|| {
        test_position_texts()
            .iter()
            .map(|&(_, text)| TestPositions::parse(text).ok())
            .collect()
    });
    let index = test_position_texts()
        .iter()
        .position(|&(game, _)| game == name)?;
    files.get(index)?.as_ref()
}

/// The games this build serves.
pub fn games() -> Vec<GameInfo> {
    entries().into_iter().map(|e| e.info).collect()
}

/// The description of one game.
pub fn game_info(name: &str) -> Result<GameInfo, Error> {
    entry(name).map(|e| e.info)
}

/// Reads a configuration given as JSON (an object, `{"heights": 2}`) or as `key=value` pairs
/// separated by `;` or newlines (`heights=2;removal=off`). Keys are not checked here: that
/// happens when a game is built.
pub fn parse_config(text: &str) -> Result<Vec<(String, String)>, ConfigError> {
    if text.trim_start().starts_with('{') {
        json_to_pairs(text)
    } else {
        Ok(split_pairs(text)?
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect())
    }
}

/// The configuration of `name` from `key=value` pairs on top of the game's defaults, validated.
///
/// # Errors
///
/// [`Error::UnknownGame`] for a name this build does not serve, [`Error::Config`] for an
/// unknown key, a bad value or values that do not go together.
///
/// # Example
///
/// ```
/// use variant_games::registry;
/// let pairs = registry::parse_config("heights=2").unwrap();
/// let config = registry::config("chess3d", &pairs).unwrap();
/// assert_eq!(config.to_string(), "heights=2");
/// assert!(registry::config("chess3d", &registry::parse_config("heights=0").unwrap()).is_err());
/// ```
pub fn config(name: &str, pairs: &[(String, String)]) -> Result<AnyConfig, Error> {
    let mut config = AnyConfig::default_of(name)?;
    for (key, value) in pairs {
        config.set(key.trim(), value.trim())?;
    }
    config.validate()?;
    Ok(config)
}

/// The start position of `name` under the configuration `pairs` (see [`parse_config`]).
///
/// # Errors
///
/// As [`config`].
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// let pairs = variant_games::registry::parse_config("heights=1").unwrap();
/// let game = variant_games::registry::new_game("chess3d", &pairs).unwrap();
/// assert_eq!(game.legal_moves().len(), 20);
/// ```
pub fn new_game(name: &str, pairs: &[(String, String)]) -> Result<AnyGame, Error> {
    Ok(AnyGame::new(&config(name, pairs)?)?)
}

/// A position of `name` read from `text`. What the text fixes (for the 3D games: heights and
/// base heights) overrides the defaults; keys given in `pairs` for the same things must agree
/// with the text, or be what the game was started with when play changed them: a game of 8
/// heights may be at 6 after height removal (C3-30, D3-30; see
/// [`GameConfig::admits_in_play`]).
///
/// # Errors
///
/// As [`config`], and [`Error::Config`] for a key that disagrees with the text,
/// [`Error::Position`] for a text that cannot be read or describes an impossible position.
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// use variant_games::registry;
/// let start = registry::new_game("chess3d", &[]).unwrap().to_string();
/// assert!(registry::from_text("chess3d", &[], &start).is_ok());
/// let one = registry::parse_config("heights=1").unwrap();
/// assert!(registry::from_text("chess3d", &one, &start).is_err()); // the text has 8 heights
/// ```
pub fn from_text(name: &str, pairs: &[(String, String)], text: &str) -> Result<AnyGame, Error> {
    let given_config = config(name, pairs)?;
    let game = AnyGame::from_text(&given_config, text)?;
    for (key, given) in pairs {
        // The given value as the configuration reads it, against the text's: the same, or
        // one that play can reach from it (heights removed, C3-30 and D3-30, unless the
        // given configuration switches removal off).
        let text_value = game.config().get(key.trim()).unwrap_or_default();
        if !given_config.admits_in_play(key.trim(), &text_value) {
            return Err(ConfigError::DisagreesWithPosition {
                key: key.clone(),
                given: given.clone(),
                text: text_value,
            }
            .into());
        }
    }
    Ok(game)
}

/// A game record read from JSON (any game: the record names it); the same as
/// [`crate::history_from_json`].
///
/// # Errors
///
/// As [`crate::history_from_json`].
///
/// # Example
///
/// ```
/// let game = variant_games::registry::new_game("chess-t", &[]).unwrap();
/// let json = variant_games::History::new(game).to_json();
/// assert!(variant_games::registry::history_from_json(&json).is_ok());
/// ```
pub fn history_from_json(json: &str) -> Result<History<AnyGame>, Error> {
    crate::history_from_json(json)
}

/// A game record read from the compact binary format (any game: the record names it); the
/// same as [`crate::history_from_binary`].
///
/// # Errors
///
/// As [`crate::history_from_binary`].
///
/// # Example
///
/// ```
/// assert!(variant_games::registry::history_from_binary(b"not a record").is_err());
/// ```
pub fn history_from_binary(bytes: &[u8]) -> Result<History<AnyGame>, Error> {
    crate::history_from_binary(bytes)
}

/// The names of the games this build serves, in registry order (the order of [`games`]).
///
/// # Example
///
/// ```
/// let names = variant_games::registry::names();
/// assert_eq!(names.len(), variant_games::registry::games().len());
/// assert!(names.contains(&"chess3d"));
/// ```
pub fn names() -> &'static [&'static str] {
    crate::any::GAME_NAMES
}

/// The game whose move codes carry the number in the top four bits of `code`
/// ([`variant_core::codec::code_tag`]), if a game of this build has it.
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// use variant_games::variant_core::codec::MoveCode;
/// let game = variant_games::new_game("checkers3d", "heights=1").unwrap();
/// let code = game.encode_move(game.legal_moves()[0]).unwrap();
/// assert_eq!(variant_games::registry::game_of_code(code), Some("checkers3d"));
/// assert_eq!(variant_games::registry::game_of_code(0), None);
/// ```
pub fn game_of_code(code: u64) -> Option<&'static str> {
    let tag = variant_core::codec::code_tag(code);
    code_tags()
        .iter()
        .find(|&&(_, t)| t == tag)
        .map(|&(name, _)| name)
}

/// Each game's number in its move codes, read once from its start position.
fn code_tags() -> &'static [(&'static str, u64)] {
    use variant_core::codec::MoveCode;
    static TAGS: OnceLock<Vec<(&'static str, u64)>> = OnceLock::new();
    TAGS.get_or_init(|| {
        names()
            .iter()
            .filter_map(|&name| Some((name, crate::new_game(name, "").ok()?.code_tag())))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The codes of two games never collide: every game has its own number, none is 0.
    #[test]
    fn code_tags_are_distinct_and_nonzero() {
        let tags = code_tags();
        assert_eq!(tags.len(), names().len());
        for (i, &(name, tag)) in tags.iter().enumerate() {
            assert!((1..16).contains(&tag), "{name}: tag {tag}");
            assert!(
                tags[..i].iter().all(|&(_, t)| t != tag),
                "{name}: tag {tag} twice"
            );
        }
    }
}
