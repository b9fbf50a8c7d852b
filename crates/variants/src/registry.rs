//! The registry of games: names, configuration keys, and constructors of [`DynGame`]s and
//! [`DynHistory`]s.

use std::sync::OnceLock;

use variant_core::config::{json_to_pairs, split_pairs};
use variant_core::{
    ConfigError, ConfigKey, DynGame, DynHistory, Error, Game, GameConfig, History, RecordError,
    binary,
};

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

/// Builds a game from configuration pairs and an optional position text.
type NewGameFn = fn(&[(String, String)], Option<&str>) -> Result<Box<dyn DynGame>, Error>;
/// Decodes a game record (JSON text or binary bytes) of one game.
type HistoryFromFn<T> = fn(&T) -> Result<Box<dyn DynHistory>, RecordError>;

/// One registered game: its description and the constructors, monomorphised for its type.
struct Entry {
    info: GameInfo,
    new_game: NewGameFn,
    history_from_json: HistoryFromFn<str>,
    history_from_binary: HistoryFromFn<[u8]>,
}

impl Entry {
    fn of<G: Game>(description: &'static str) -> Entry {
        Entry {
            info: GameInfo {
                name: G::NAME,
                description,
                keys: G::Config::keys(),
            },
            new_game: build::<G>,
            history_from_json: |json| Ok(Box::new(History::<G>::from_json(json)?)),
            history_from_binary: |bytes| Ok(Box::new(binary::decode::<G>(bytes)?)),
        }
    }
}

/// Builds a game from configuration pairs and, optionally, a position text; keys given
/// explicitly must agree with what the text fixes.
fn build<G: Game>(
    pairs: &[(String, String)],
    position: Option<&str>,
) -> Result<Box<dyn DynGame>, Error> {
    let config = G::Config::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))?;
    let Some(text) = position else {
        return Ok(Box::new(G::new(&config)?));
    };
    let game = G::from_text(&config, text)?;
    for (key, given) in pairs {
        // Normalise the given value the way the configuration writes it back.
        let mut alone = G::Config::default();
        alone.set(key, given)?;
        let given_norm = alone.get(key).unwrap_or_else(|| given.clone());
        let text_value = game.config().get(key).unwrap_or_default();
        if given_norm != text_value {
            return Err(ConfigError::DisagreesWithPosition {
                key: key.clone(),
                given: given.clone(),
                text: text_value,
            }
            .into());
        }
    }
    Ok(Box::new(game))
}

#[allow(clippy::vec_init_then_push)]
fn entries() -> Vec<Entry> {
    // Each game plugs in with one line; the features decide which are compiled in, so the list
    // is built by pushes rather than a `vec!` literal.
    #[allow(unused_mut)]
    let mut entries = Vec::new();
    #[cfg(feature = "chess3d")]
    entries.push(Entry::of::<chess3d::Chess3d>(
        "chess in the 8x8xH parallelepiped of cubes (FIDE chess with one height)",
    ));
    #[cfg(feature = "checkers3d")]
    entries.push(Entry::of::<checkers3d::Checkers3d>(
        "Russian draughts in the 8x8xH parallelepiped (Russian draughts with one height)",
    ));
    #[cfg(feature = "bishops4p")]
    entries.push(Entry::of::<bishops4p::Bishops>(
        "\"Bishops\": chess for four (or three) players on a 12x12 board with corner blocks",
    ));
    #[cfg(feature = "chess-t")]
    entries.push(Entry::of::<chess_t::ChessT>(
        "Khasanov's chess-T: castles, strength and superiority instead of plain captures",
    ));
    entries
}

/// The standard benchmark positions of a game: the entries of its perft data file
/// (`data/perft/<game>.perft`, see [`crate::perft_data`]) that carry a `bench` line.
///
/// # Errors
///
/// [`Error::UnknownGame`] for a name the build does not serve.
///
/// ```
/// let bench = variants::registry::bench_positions("chess3d").unwrap();
/// assert_eq!((bench[0].depth, bench[0].nodes), (5, 4_865_609));
/// assert!(variants::registry::bench_positions("go").is_err());
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

/// The start position of `name` under the configuration `pairs`.
pub fn new_game(name: &str, pairs: &[(String, String)]) -> Result<Box<dyn DynGame>, Error> {
    (entry(name)?.new_game)(pairs, None)
}

/// A position of `name` read from `text`. What the text fixes (for the 3D games: heights and
/// base heights) overrides the defaults; keys given in `pairs` for the same things must agree
/// with the text.
pub fn from_text(
    name: &str,
    pairs: &[(String, String)],
    text: &str,
) -> Result<Box<dyn DynGame>, Error> {
    (entry(name)?.new_game)(pairs, Some(text))
}

/// A game record read from JSON (any game: the record names it).
pub fn history_from_json(json: &str) -> Result<Box<dyn DynHistory>, Error> {
    let name = variant_core::json_record_game(json)?;
    Ok((entry(&name)?.history_from_json)(json)?)
}

/// A game record read from the compact binary format (any game: the record names it).
pub fn history_from_binary(bytes: &[u8]) -> Result<Box<dyn DynHistory>, Error> {
    for e in entries() {
        match (e.history_from_binary)(bytes) {
            Err(RecordError::WrongGame { .. }) => continue,
            other => return Ok(other?),
        }
    }
    Err(
        RecordError::Format("binary: the record is of no game this build serves".to_string())
            .into(),
    )
}
