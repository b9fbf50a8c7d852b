//! Test position files (`crates/<game>/data/<game>.positions`, embedded by each game crate as
//! `TEST_POSITIONS`): what the workspace's tests need to know about one game besides its perft
//! counts, kept with the game so that a new game brings its own and no test elsewhere lists the
//! games by hand. A file holds two kinds of entries:
//!
//! - **configurations** the tests run the game under (the game's 2D reductions, small boards,
//!   the rule switches that change move generation most), some of them tagged for the tests
//!   that take one or a few configurations of every game;
//! - **positions**, such as a win in one with every move that wins, each with the rule ids of
//!   the game's rules page (`docs/rules/<game>.md`) that make it what the entry says, so that
//!   it can be checked without this program.
//!
//! # Format
//!
//! Line-based UTF-8 text, read like the perft data files ([`crate::perft_data`]). Blank lines
//! and lines starting with `#` are ignored (the files explain their positions in such comments);
//! every other line is a keyword, one space, and a value:
//!
//! - `game NAME` — once, first: the registry name of the game.
//! - `id NAME` — starts an entry; ids are unique within a file.
//! - `config TEXT` — the configuration as `k=v;k=v` (optional; none means the default).
//! - `position TEXT` — the position text (optional; none means the start position of the
//!   configuration). An entry without a position is a *configuration*.
//! - `win MOVE …` — the position is a win in one for the side to move: the moves that win at
//!   once, in canonical text, separated by spaces (every one must win; a search must pick one
//!   of them). Needs a `position`.
//! - `tags TAG …` — for configurations only: `quick` (the small, fast configuration the tests
//!   take when they play one configuration of every game; at most one per file; without one
//!   they take the default) and `family` (the configurations, besides the default, that the
//!   tests running every game under a few configurations take: the ones that change the board,
//!   the seats or the rules most).
//! - `rule TEXT` — required: the rule ids of the game's rules page behind the entry (why the
//!   configuration is worth testing, why the position is a win), e.g. `C3-21 checkmate`.
//!
//! ```
//! use variant_core::test_positions::TestPositions;
//!
//! let text = "game nim\n\
//!             id small\n\
//!             config counters=3\n\
//!             tags quick family\n\
//!             rule three counters\n\
//!             id two-left\n\
//!             position 2 0\n\
//!             win 2\n\
//!             rule whoever takes the last counter wins\n";
//! let file = TestPositions::parse(text).unwrap();
//! assert_eq!(file.game, "nim");
//! assert_eq!(file.quick().map(|e| e.config), Some("counters=3"));
//! assert_eq!(file.configurations().count(), 1);
//! let win = file.wins().next().unwrap();
//! assert_eq!((win.id, win.position, win.wins.as_slice()), ("two-left", Some("2 0"), &["2"][..]));
//! ```

use crate::data_file::{self, Field, LineError};
use crate::{Game, Status};

/// The tags a configuration may carry (see the module documentation).
pub const TAGS: [&str; 2] = ["quick", "family"];

/// One entry of a test position file: a configuration, or a position.
///
/// ```
/// use variant_core::test_positions::TestPositions;
///
/// let file = TestPositions::parse("game g\nid a\nconfig x=1\nposition P w\nrule R-1\n").unwrap();
/// let entry = &file.entries[0];
/// assert_eq!((entry.id, entry.config, entry.position, entry.rule), ("a", "x=1", Some("P w"), "R-1"));
/// assert!(!entry.is_configuration());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestEntry<'a> {
    /// The entry's id, unique within its file.
    pub id: &'a str,
    /// The configuration text (`k=v;k=v`; empty: the default configuration).
    pub config: &'a str,
    /// The position text, `None` for the start position of the configuration.
    pub position: Option<&'a str>,
    /// The moves that win at once (empty: the entry is not a win in one).
    pub wins: Vec<&'a str>,
    /// The configuration's tags ([`TAGS`]).
    pub tags: Vec<&'a str>,
    /// The rule ids behind the entry.
    pub rule: &'a str,
    /// The line of the `id` keyword (1-based).
    pub line: usize,
}

impl TestEntry<'_> {
    /// Whether the entry is a configuration (it names no position).
    ///
    /// ```
    /// use variant_core::test_positions::TestPositions;
    ///
    /// let file = TestPositions::parse("game g\nid a\nconfig x=1\nrule R-1\n").unwrap();
    /// assert!(file.entries[0].is_configuration());
    /// ```
    pub fn is_configuration(&self) -> bool {
        self.position.is_none()
    }

    /// Whether the entry carries `tag`.
    ///
    /// ```
    /// use variant_core::test_positions::TestPositions;
    ///
    /// let file = TestPositions::parse("game g\nid a\ntags family\nrule R-1\n").unwrap();
    /// assert!(file.entries[0].has_tag("family") && !file.entries[0].has_tag("quick"));
    /// ```
    pub fn has_tag(&self, tag: &str) -> bool {
        self.tags.contains(&tag)
    }

    /// The entry's position as a typed game: its configuration, then its position text or the
    /// start position.
    ///
    /// # Errors
    ///
    /// The [`Error`](crate::Error) of a configuration or position text the game refuses.
    ///
    /// ```
    /// use variant_core::doc_game::Nim;
    /// use variant_core::test_positions::TestPositions;
    ///
    /// let file = TestPositions::parse("game nim\nid a\nconfig counters=3\nrule R-1\n").unwrap();
    /// let game: Nim = file.entries[0].game().unwrap();
    /// assert_eq!(variant_core::perft::perft(&game, 1), 3);
    /// ```
    pub fn game<G: Game>(&self) -> Result<G, crate::Error> {
        data_file::typed_game(self.config, self.position)
    }
}

/// A parsed test position file: the game's name and its entries in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestPositions<'a> {
    /// The registry name of the game.
    pub game: &'a str,
    /// The entries.
    pub entries: Vec<TestEntry<'a>>,
}

/// A malformed test position file: the line (1-based) and what is wrong there.
///
/// ```
/// use variant_core::test_positions::TestPositions;
///
/// let err = TestPositions::parse("game g\nid a\nwin e2e4\nrule R-1\n").unwrap_err();
/// assert_eq!(err.to_string(), "test positions line 3: `win` needs a `position` before it");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("test positions line {line}: {message}")]
#[non_exhaustive]
pub struct TestPositionsError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl<'a> TestPositions<'a> {
    /// Reads a test position file (format in the module documentation).
    ///
    /// # Errors
    ///
    /// [`TestPositionsError`] with the line number for: a missing or repeated `game` line, an
    /// unknown keyword, a keyword without a value, a field outside an entry, a repeated field
    /// or id, a `win` without a position, tags on a position, an unknown tag, a second `quick`
    /// configuration, an entry without `rule`.
    ///
    /// ```
    /// use variant_core::test_positions::TestPositions;
    ///
    /// assert!(TestPositions::parse("game g\nid a\nconfig x=1\n").is_err()); // no rule
    /// assert!(TestPositions::parse("game g\nid a\ntags fast\nrule R-1\n").is_err());
    /// assert!(TestPositions::parse("id a\n").is_err());
    /// ```
    pub fn parse(text: &'a str) -> Result<TestPositions<'a>, TestPositionsError> {
        let (game, entries) = data_file::read(text)?;
        Ok(TestPositions { game, entries })
    }

    /// The entry with this id.
    ///
    /// ```
    /// use variant_core::test_positions::TestPositions;
    ///
    /// let file = TestPositions::parse("game g\nid a\nrule R-1\n").unwrap();
    /// assert!(file.entry("a").is_some() && file.entry("b").is_none());
    /// ```
    pub fn entry(&self, id: &str) -> Option<&TestEntry<'a>> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The configurations, in file order.
    ///
    /// ```
    /// use variant_core::test_positions::TestPositions;
    ///
    /// let file = TestPositions::parse("game g\nid a\nrule R-1\nid b\nposition P\nrule R-2\n").unwrap();
    /// let ids: Vec<&str> = file.configurations().map(|e| e.id).collect();
    /// assert_eq!(ids, ["a"]);
    /// ```
    pub fn configurations(&self) -> impl Iterator<Item = &TestEntry<'a>> + '_ {
        self.entries.iter().filter(|e| e.is_configuration())
    }

    /// The configuration tagged `quick`, if the file has one.
    ///
    /// ```
    /// use variant_core::test_positions::TestPositions;
    ///
    /// let file = TestPositions::parse("game g\nid a\nconfig x=1\ntags quick\nrule R-1\n").unwrap();
    /// assert_eq!(file.quick().map(|e| e.config), Some("x=1"));
    /// ```
    pub fn quick(&self) -> Option<&TestEntry<'a>> {
        self.configurations().find(|e| e.has_tag("quick"))
    }

    /// The configurations tagged `family`, in file order.
    ///
    /// ```
    /// use variant_core::test_positions::TestPositions;
    ///
    /// let file = TestPositions::parse("game g\nid a\ntags family\nrule R-1\nid b\nrule R-2\n").unwrap();
    /// assert_eq!(file.family().map(|e| e.id).collect::<Vec<_>>(), ["a"]);
    /// ```
    pub fn family(&self) -> impl Iterator<Item = &TestEntry<'a>> + '_ {
        self.configurations().filter(|e| e.has_tag("family"))
    }

    /// The positions that are a win in one, in file order.
    ///
    /// ```
    /// use variant_core::test_positions::TestPositions;
    ///
    /// let file = TestPositions::parse("game g\nid a\nposition P\nwin m\nrule R-1\n").unwrap();
    /// assert_eq!(file.wins().count(), 1);
    /// ```
    pub fn wins(&self) -> impl Iterator<Item = &TestEntry<'a>> + '_ {
        self.entries.iter().filter(|e| !e.wins.is_empty())
    }

    /// Checks the file with the rules of the typed game `G`, not with any search: every entry
    /// builds, and in every win in one each listed move is legal, its canonical text is the
    /// one listed, after it the game is won by the side that moved, and no other legal move
    /// wins at once. Returns the number of winning moves checked.
    ///
    /// # Errors
    ///
    /// A message naming the line and the entry for the first entry that does not build, a
    /// listed move that is not legal or not canonical, one that does not win, or a legal move
    /// that wins and is not listed; a file of another game than `G`.
    ///
    /// ```
    /// use variant_core::doc_game::Nim;
    /// use variant_core::test_positions::TestPositions;
    ///
    /// // Nim: whoever takes the last counter wins.
    /// let good = "game nim\nid a\nposition 2 0\nwin 2\nrule last counter\n";
    /// assert_eq!(TestPositions::parse(good).unwrap().verify::<Nim>(), Ok(1));
    /// let bad = good.replace("win 2", "win 1"); // one counter is left for the other side
    /// assert!(TestPositions::parse(&bad).unwrap().verify::<Nim>().is_err());
    /// ```
    pub fn verify<G: Game>(&self) -> Result<usize, String> {
        if G::NAME != self.game {
            return Err(format!("a file of {} checked as {}", self.game, G::NAME));
        }
        let mut checked = 0;
        for entry in &self.entries {
            let at =
                |what: String| format!("{} line {}: `{}`: {what}", self.game, entry.line, entry.id);
            let game: G = entry.game().map_err(|e| at(e.to_string()))?;
            if entry.wins.is_empty() {
                continue;
            }
            let mover = game.side_to_move();
            let wins = |mv: G::Move| {
                let mut after = game.clone();
                after.play_unchecked(mv);
                matches!(after.status(), Status::Win { winner, .. } if winner == mover)
            };
            for &text in &entry.wins {
                let mv = game.parse_move(text).map_err(|e| at(e.to_string()))?;
                let canonical = game.format_move(mv);
                if canonical != text {
                    return Err(at(format!("{text} is written {canonical}")));
                }
                if !wins(mv) {
                    return Err(at(format!("{text} does not win at once")));
                }
                checked += 1;
            }
            // The list is complete, so a search that wins at once picks one of its moves.
            for &mv in game.legal_moves().iter() {
                let text = game.format_move(mv);
                if !entry.wins.contains(&text.as_str()) && wins(mv) {
                    return Err(at(format!("{text} wins too but is not listed")));
                }
            }
        }
        Ok(checked)
    }
}

impl<'a> data_file::Entry<'a> for TestEntry<'a> {
    type State = ();

    fn start(id: &'a str, line: usize) -> Self {
        TestEntry {
            id,
            config: "",
            position: None,
            wins: Vec::new(),
            tags: Vec::new(),
            rule: "",
            line,
        }
    }

    fn id(&self) -> &'a str {
        self.id
    }

    fn line(&self) -> usize {
        self.line
    }

    fn field(&mut self, _: &mut (), field: Field<'a>, earlier: &[Self]) -> Result<(), String> {
        let Field { keyword, value, .. } = field;
        let repeated = match keyword {
            "config" => !self.config.is_empty(),
            "position" => self.position.is_some(),
            "win" => !self.wins.is_empty(),
            "tags" => !self.tags.is_empty(),
            "rule" => !self.rule.is_empty(),
            _ => return Err(format!("unknown keyword `{keyword}`")),
        };
        if repeated {
            return Err(format!("a second `{keyword}` line"));
        }
        match keyword {
            "config" => self.config = value,
            "position" if !self.tags.is_empty() => {
                return Err("a position cannot carry tags".to_string());
            }
            "position" => self.position = Some(value),
            "win" if self.position.is_none() => {
                return Err("`win` needs a `position` before it".to_string());
            }
            "win" => self.wins = value.split_whitespace().collect(),
            "tags" if self.position.is_some() => {
                return Err("a position cannot carry tags".to_string());
            }
            "tags" => {
                let tags: Vec<&str> = value.split_whitespace().collect();
                if let Some(unknown) = tags.iter().find(|t| !TAGS.contains(t)) {
                    return Err(format!(
                        "unknown tag `{unknown}` (known: {})",
                        TAGS.join(", ")
                    ));
                }
                if tags.contains(&"quick") && earlier.iter().any(|e| e.has_tag("quick")) {
                    return Err("a second `quick` configuration".to_string());
                }
                self.tags = tags;
            }
            _ => self.rule = value,
        }
        Ok(())
    }

    fn finish(&self) -> Result<(), String> {
        if self.rule.is_empty() {
            return Err(format!("entry `{}` has no `rule` line", self.id));
        }
        Ok(())
    }
}

impl From<LineError> for TestPositionsError {
    fn from(e: LineError) -> Self {
        TestPositionsError {
            line: e.line,
            message: e.message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_files_name_their_line() {
        for (text, line, message) in [
            ("", 0, "no `game NAME` line"),
            ("game g\ngame h\n", 2, "a second `game` line"),
            ("id a\n", 1, "the file must start with `game NAME`"),
            ("game g\nconfig x=1\n", 2, "`config` before the first `id`"),
            ("game g\nid a\nrule R\nid a\n", 4, "id `a` is used twice"),
            (
                "game g\nid a\nrule R\nfoo bar\n",
                4,
                "unknown keyword `foo`",
            ),
            ("game g\nid a\nrule\n", 3, "`rule` needs a value"),
            (
                "game g\nid a\nconfig x=1\nconfig y=2\n",
                4,
                "a second `config` line",
            ),
            (
                "game g\nid a\nposition P\ntags quick\n",
                4,
                "a position cannot carry tags",
            ),
            (
                "game g\nid a\ntags quick\nposition P\n",
                4,
                "a position cannot carry tags",
            ),
            (
                "game g\nid a\ntags quick\nrule R\nid b\ntags quick\n",
                6,
                "a second `quick` configuration",
            ),
            (
                "game g\nid a\nrule R\nid b\n",
                4,
                "entry `b` has no `rule` line",
            ),
        ] {
            let e = TestPositions::parse(text).unwrap_err();
            assert_eq!((e.line, e.message.as_str()), (line, message), "{text:?}");
        }
    }

    #[test]
    fn tags_and_wins_are_lists() {
        let file = TestPositions::parse(
            "game g\nid a\ntags quick family\nrule R\nid b\nposition P\nwin m1 m2\nrule R\n",
        )
        .unwrap();
        assert_eq!(file.entries[0].tags, ["quick", "family"]);
        assert_eq!(file.entries[1].wins, ["m1", "m2"]);
        assert_eq!(file.family().count(), 1);
    }
}
