//! Perft reference data files (`crates/<game>/data/<game>.perft`, embedded by each game crate
//! as `PERFT_DATA`): one file per game holds every perft count the workspace checks, with the
//! source of each count, so that the tests, the benches, the registry's benchmark positions
//! and the documentation's tables read one copy instead of repeating literals. Modelled on
//! shakmaty's `tests/*.perft`.
//!
//! # Format
//!
//! Line-based UTF-8 text. Blank lines and lines starting with `#` are ignored; every other line
//! is a keyword, one space, and a value:
//!
//! - `game NAME` — once, first: the registry name of the game (`chess3d`, `chess-t`, …).
//! - `id NAME` — starts an entry; ids are unique within a file.
//! - `config TEXT` — the configuration as `k=v;k=v` (optional; empty means the default).
//! - `position TEXT` — the position text, or `startpos` (optional; the default) for the start
//!   position of the configuration.
//! - `bench DEPTH LABEL` — optional: this entry at `DEPTH` is one of the game's standard
//!   benchmark positions, shown as `LABEL` (`variants bench`, the criterion benches).
//! - `source TEXT` — where the following counts of the entry come from (a published table, the
//!   rules page and its rule id, or `computed here: <command>`). Required before the first count.
//! - `perft DEPTH NODES` — the perft count at `DEPTH` (digits, `_` allowed as a separator).
//!
//! A count whose source starts with `computed here` was counted by this program (checked by two
//! independent runs); every other count comes from outside it.
//!
//! ```
//! use variant_core::perft_data::PerftFile;
//!
//! let text = "game chess3d\n\
//!             id fide-start\n\
//!             config heights=1\n\
//!             position startpos\n\
//!             bench 2 FIDE start\n\
//!             source chessprogramming.org Perft Results\n\
//!             perft 1 20\n\
//!             perft 2 400\n";
//! let file = PerftFile::parse(text).unwrap();
//! assert_eq!(file.game, "chess3d");
//! let entry = file.entry("fide-start").unwrap();
//! assert_eq!(entry.position, None);
//! assert_eq!(entry.nodes(2), Some(400));
//! assert_eq!(entry.bench, Some((2, "FIDE start")));
//! assert!(!entry.counts[0].computed_here());
//! ```

use std::fmt;

use crate::Game;
use crate::data_file::{self, Field, LineError};

/// One perft count of an entry.
///
/// ```
/// use variant_core::perft_data::PerftFile;
///
/// let file = PerftFile::parse("game g\nid a\nsource computed here: x\nperft 3 9\n").unwrap();
/// let count = file.entries[0].counts[0];
/// assert_eq!((count.depth, count.nodes), (3, 9));
/// assert!(count.computed_here());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftCount<'a> {
    /// The depth.
    pub depth: u32,
    /// The number of leaves at that depth.
    pub nodes: u64,
    /// Where the count comes from (the entry's `source` line in force).
    pub source: &'a str,
    /// The line of the file (1-based), for messages.
    pub line: usize,
}

impl PerftCount<'_> {
    /// Whether this program computed the count itself (its source starts with
    /// `computed here`), rather than a published table or a rules page.
    ///
    /// ```
    /// use variant_core::perft_data::PerftFile;
    ///
    /// let file = PerftFile::parse("game g\nid a\nsource rules page, X-1\nperft 1 2\n").unwrap();
    /// assert!(!file.entries[0].counts[0].computed_here());
    /// ```
    pub fn computed_here(&self) -> bool {
        self.source.starts_with("computed here")
    }
}

/// One position of a data file with its counts.
///
/// ```
/// use variant_core::perft_data::PerftFile;
///
/// let file = PerftFile::parse("game g\nid a\nconfig x=1\nposition P w\nsource s\nperft 1 2\n")
///     .unwrap();
/// let entry = &file.entries[0];
/// assert_eq!((entry.id, entry.config, entry.position), ("a", "x=1", Some("P w")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftEntry<'a> {
    /// The entry's id, unique within its file.
    pub id: &'a str,
    /// The configuration text (`k=v;k=v`; empty: the default configuration).
    pub config: &'a str,
    /// The position text, `None` for the start position of the configuration.
    pub position: Option<&'a str>,
    /// `(depth, label)` when the entry is a standard benchmark position.
    pub bench: Option<(u32, &'a str)>,
    /// The counts, in the order of the file (depths strictly increasing).
    pub counts: Vec<PerftCount<'a>>,
    /// The line of the `id` keyword (1-based).
    pub line: usize,
}

impl PerftEntry<'_> {
    /// The entry's position as a typed game: its configuration, then its position text or the
    /// start position.
    ///
    /// # Errors
    ///
    /// The [`Error`](crate::Error) of a configuration or position text the game refuses.
    ///
    /// ```
    /// use variant_core::doc_game::Nim;
    /// use variant_core::perft_data::PerftFile;
    ///
    /// let file = PerftFile::parse("game nim\nid a\nconfig counters=3\nsource s\nperft 1 3\n").unwrap();
    /// let game: Nim = file.entries[0].game().unwrap();
    /// assert_eq!(variant_core::perft::perft(&game, 1), 3);
    /// ```
    pub fn game<G: Game>(&self) -> Result<G, crate::Error> {
        data_file::typed_game(self.config, self.position)
    }

    /// The count at `depth`, if the file has it.
    ///
    /// ```
    /// use variant_core::perft_data::PerftFile;
    ///
    /// let file = PerftFile::parse("game g\nid a\nsource s\nperft 1 2\n").unwrap();
    /// assert_eq!(file.entries[0].nodes(1), Some(2));
    /// assert_eq!(file.entries[0].nodes(2), None);
    /// ```
    pub fn nodes(&self, depth: u32) -> Option<u64> {
        self.counts
            .iter()
            .find(|c| c.depth == depth)
            .map(|c| c.nodes)
    }
}

/// A parsed data file: the game's name and its entries in file order.
///
/// # Example
///
/// ```
/// use variant_core::perft_data::PerftFile;
///
/// // A file names its game, then entries: an id, where the counts come from, the counts.
/// let text = "game nim\nid start\nsource counted by hand\nperft 1 3\nperft 2 9\n";
/// let file = PerftFile::parse(text).unwrap();
/// assert_eq!(file.game, "nim");
/// assert_eq!(file.entries.len(), 1);
/// assert_eq!(file.entries[0].nodes(2), Some(9));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftFile<'a> {
    /// The registry name of the game.
    pub game: &'a str,
    /// The entries.
    pub entries: Vec<PerftEntry<'a>>,
}

/// A malformed data file: the line (1-based) and what is wrong there.
///
/// ```
/// use variant_core::perft_data::PerftFile;
///
/// let err = PerftFile::parse("game g\nid a\nperft 1 20\n").unwrap_err();
/// assert_eq!(err.line, 3);
/// assert_eq!(err.to_string(), "perft data line 3: a count needs a `source` line before it");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("perft data line {line}: {message}")]
#[non_exhaustive]
pub struct PerftDataError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl<'a> PerftFile<'a> {
    /// Reads a data file (format in the module documentation).
    ///
    /// # Errors
    ///
    /// [`PerftDataError`] with the line number for: a missing or repeated `game` line, an
    /// unknown keyword, a keyword without a value, a field outside an entry, a repeated field
    /// or id, a count before any `source`, a depth or count that is not a number, depths not
    /// strictly increasing, a bench depth the entry has no count for, an entry without counts.
    ///
    /// ```
    /// use variant_core::perft_data::PerftFile;
    ///
    /// assert!(PerftFile::parse("game g\nid a\nsource s\nperft 2 1\nperft 1 1\n").is_err());
    /// assert!(PerftFile::parse("id a\n").is_err());
    /// ```
    pub fn parse(text: &'a str) -> Result<PerftFile<'a>, PerftDataError> {
        let (game, entries) = data_file::read(text)?;
        Ok(PerftFile { game, entries })
    }

    /// The entry with this id.
    ///
    /// ```
    /// use variant_core::perft_data::PerftFile;
    ///
    /// let file = PerftFile::parse("game g\nid a\nsource s\nperft 1 2\n").unwrap();
    /// assert!(file.entry("a").is_some());
    /// assert!(file.entry("b").is_none());
    /// ```
    pub fn entry(&self, id: &str) -> Option<&PerftEntry<'a>> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// Counts every count of the file up to `max_nodes` leaves with perft of the typed game
    /// `G` (one thread) and returns how many it checked.
    ///
    /// # Errors
    ///
    /// A message naming the line, the entry, the depth, the expected and the counted number
    /// (or the entry's construction error) for the first count that differs; a file of
    /// another game than `G`.
    ///
    /// ```
    /// use variant_core::doc_game::Nim;
    /// use variant_core::perft_data::PerftFile;
    ///
    /// // Nim with 3 counters: 3 moves (take 1, 2 or 3), then 2 + 1 + 0 replies.
    /// let good = "game nim\nid a\nconfig counters=3\nsource hand count\nperft 1 3\nperft 2 3\n";
    /// assert_eq!(PerftFile::parse(good).unwrap().verify::<Nim>(u64::MAX), Ok(2));
    /// let bad = good.replace("perft 2 3", "perft 2 4");
    /// assert!(PerftFile::parse(&bad).unwrap().verify::<Nim>(u64::MAX).is_err());
    /// // Above the budget nothing is counted.
    /// assert_eq!(PerftFile::parse(&bad).unwrap().verify::<Nim>(3), Ok(1));
    /// ```
    pub fn verify<G: Game>(&self, max_nodes: u64) -> Result<usize, String> {
        if G::NAME != self.game {
            return Err(format!("a file of {} checked as {}", self.game, G::NAME));
        }
        let mut checked = 0;
        for entry in &self.entries {
            let game: G = entry
                .game()
                .map_err(|e| format!("{} line {}: `{}`: {e}", self.game, entry.line, entry.id))?;
            for count in entry.counts.iter().filter(|c| c.nodes <= max_nodes) {
                let got = crate::perft::perft(&game, count.depth);
                if got != count.nodes {
                    return Err(format!(
                        "{} line {}: `{}` perft {} is {got}, the file says {} ({})",
                        self.game, count.line, entry.id, count.depth, count.nodes, count.source
                    ));
                }
                checked += 1;
            }
        }
        Ok(checked)
    }

    /// The benchmark positions, in file order: `(entry, depth, label, nodes)`.
    ///
    /// ```
    /// use variant_core::perft_data::PerftFile;
    ///
    /// let file = PerftFile::parse("game g\nid a\nbench 1 start\nsource s\nperft 1 2\n").unwrap();
    /// let bench: Vec<_> = file.bench().map(|(e, d, l, n)| (e.id, d, l, n)).collect();
    /// assert_eq!(bench, [("a", 1, "start", 2)]);
    /// ```
    pub fn bench(&self) -> impl Iterator<Item = (&PerftEntry<'a>, u32, &'a str, u64)> + '_ {
        self.entries.iter().filter_map(|e| {
            let (depth, label) = e.bench?;
            Some((e, depth, label, e.nodes(depth)?))
        })
    }
}

impl<'a> data_file::Entry<'a> for PerftEntry<'a> {
    /// The `source` in force for the entry's next counts.
    type State = Option<&'a str>;

    fn start(id: &'a str, line: usize) -> Self {
        PerftEntry {
            id,
            config: "",
            position: None,
            bench: None,
            counts: Vec::new(),
            line,
        }
    }

    fn id(&self) -> &'a str {
        self.id
    }

    fn line(&self) -> usize {
        self.line
    }

    fn field(
        &mut self,
        source: &mut Option<&'a str>,
        field: Field<'a>,
        _earlier: &[Self],
    ) -> Result<(), String> {
        let Field {
            line,
            keyword,
            value,
        } = field;
        match keyword {
            "config" | "position" | "bench" if !self.counts.is_empty() => {
                return Err(format!("`{keyword}` after the entry's counts"));
            }
            "config" if !self.config.is_empty() => {
                return Err("a second `config` line".to_string());
            }
            "config" => self.config = value,
            "position" if self.position.is_some() => {
                return Err("a second `position` line".to_string());
            }
            "position" => self.position = (value != "startpos").then_some(value),
            "bench" if self.bench.is_some() => {
                return Err("a second `bench` line".to_string());
            }
            "bench" => {
                let (depth, label) = value
                    .split_once(char::is_whitespace)
                    .ok_or("`bench` needs a depth and a label")?;
                self.bench = Some((number(depth)?, label.trim()));
            }
            "source" => *source = Some(value),
            "perft" => {
                let source = source.ok_or("a count needs a `source` line before it")?;
                let (depth, nodes) = value
                    .split_once(char::is_whitespace)
                    .ok_or("`perft` needs a depth and a count")?;
                let depth = number(depth)?;
                if self.counts.last().is_some_and(|c| c.depth >= depth) {
                    return Err(format!("depth {depth} after a deeper or equal one"));
                }
                self.counts.push(PerftCount {
                    depth,
                    nodes: number(nodes.trim())?,
                    source,
                    line,
                });
            }
            _ => return Err(format!("unknown keyword `{keyword}`")),
        }
        Ok(())
    }

    fn finish(&self) -> Result<(), String> {
        if self.counts.is_empty() {
            return Err(format!("entry `{}` has no `perft` count", self.id));
        }
        if let Some((depth, _)) = self.bench
            && self.nodes(depth).is_none()
        {
            return Err(format!(
                "entry `{}`: bench depth {depth} has no count",
                self.id
            ));
        }
        Ok(())
    }
}

impl From<LineError> for PerftDataError {
    fn from(e: LineError) -> Self {
        PerftDataError {
            line: e.line,
            message: e.message,
        }
    }
}

/// Reads a decimal number, allowing `_` between digits.
fn number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{text}` is not a number"));
    }
    digits.parse().map_err(|_| format!("`{text}` is too large"))
}

impl fmt::Display for PerftCount<'_> {
    /// `perft DEPTH NODES`, the line of the data file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "perft {} {}", self.depth, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_malformed_line_says_where_and_what() {
        for (text, line, what) in [
            ("", 0, "no `game NAME` line"),
            ("id a\n", 1, "must start with `game NAME`"),
            ("game g\ngame h\n", 2, "second `game`"),
            ("game g\nconfig x\n", 2, "before the first `id`"),
            ("game g\nid a\n", 2, "has no `perft` count"),
            ("game g\nid a\nsource s\nperft 1 2\nid a\n", 5, "used twice"),
            ("game g\nid a\nfrob 1\n", 3, "unknown keyword `frob`"),
            (
                "game g\nid a\nsource s\nperft x 2\n",
                4,
                "`x` is not a number",
            ),
            (
                "game g\nid a\nsource s\nperft 1 -2\n",
                4,
                "`-2` is not a number",
            ),
            ("game g\nid a\nsource s\nperft 1\n", 4, "depth and a count"),
            (
                "game g\nid a\nsource s\nperft 1 99999999999999999999\n",
                4,
                "too large",
            ),
            (
                "game g\nid a\nsource s\nperft 2 1\nperft 2 1\n",
                5,
                "deeper or equal",
            ),
            (
                "game g\nid a\nbench 3 x\nsource s\nperft 1 1\n",
                2,
                "bench depth 3",
            ),
            ("game g\nid a\nbench 3\n", 3, "depth and a label"),
            (
                "game g\nid a\nsource s\nperft 1 1\nconfig x\n",
                5,
                "after the entry's",
            ),
            ("game g\nid a\nconfig x\nconfig y\n", 4, "second `config`"),
            ("game g\nid a\nsource\n", 3, "needs a value"),
        ] {
            let err = PerftFile::parse(text).unwrap_err();
            assert_eq!(err.line, line, "{text:?}: {err}");
            assert!(err.to_string().contains(what), "{text:?}: {err}");
        }
    }

    #[test]
    fn sources_apply_to_the_counts_after_them() {
        let file = PerftFile::parse(
            "game g\n# comment\nid a\nposition startpos\nsource one\nperft 1 1_000\n\
             source computed here: cmd\nperft 2 5\nid b\nposition X\nsource two\nperft 4 7\n",
        )
        .unwrap();
        let a = file.entry("a").unwrap();
        assert_eq!(
            a.counts
                .iter()
                .map(|c| (c.depth, c.nodes, c.source))
                .collect::<Vec<_>>(),
            [(1, 1000, "one"), (2, 5, "computed here: cmd")]
        );
        assert_eq!(a.position, None);
        // The source does not leak into the next entry.
        assert_eq!(file.entry("b").unwrap().counts[0].source, "two");
        assert_eq!(file.entry("b").unwrap().position, Some("X"));
    }
}
