//! The reader shared by the workspace's line-based data files ([`crate::perft_data`],
//! [`crate::test_positions`]): what they have in common is written once here, what each
//! entry holds is the file kind's [`Entry`].
//!
//! A file is UTF-8 text. Blank lines and lines starting with `#` are skipped; every other line
//! is a keyword, one space and a value (which must not be empty). `game NAME` comes once, before
//! anything else; `id NAME` starts an entry (ids are unique within a file), and the lines up to
//! the next `id` are the entry's fields. An entry is checked when the next one starts and at
//! the end of the file. Every error names its line (1-based).

use crate::{Game, GameConfig};

/// What is wrong at a line of a data file. Each file kind wraps it in its own public error.
#[derive(Debug)]
pub(crate) struct LineError {
    /// The line (1-based; the last line, or 0 in an empty file, when the `game` line is
    /// missing).
    pub(crate) line: usize,
    /// What is wrong.
    pub(crate) message: String,
}

/// One field line of an entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Field<'a> {
    /// The line (1-based).
    pub(crate) line: usize,
    /// The keyword.
    pub(crate) keyword: &'a str,
    /// The value, trimmed and never empty.
    pub(crate) value: &'a str,
}

/// The entries of one kind of data file.
pub(crate) trait Entry<'a>: Sized {
    /// What the reader keeps for the entry being read besides the entry itself, fresh for
    /// every entry (the perft files' `source` in force).
    type State: Default;

    /// An entry with only its id, started by the `id` line `line`.
    fn start(id: &'a str, line: usize) -> Self;

    /// The entry's id.
    fn id(&self) -> &'a str;

    /// The line of the entry's `id`, where [`Entry::finish`]'s complaints are reported.
    fn line(&self) -> usize;

    /// Reads one field line into the entry. `earlier` are the file's entries before this one.
    ///
    /// Errors: what is wrong with the line (an unknown keyword, a repeated field, a bad value).
    fn field(
        &mut self,
        state: &mut Self::State,
        field: Field<'a>,
        earlier: &[Self],
    ) -> Result<(), String>;

    /// Checks a complete entry.
    ///
    /// Errors: what the entry lacks.
    fn finish(&self) -> Result<(), String>;
}

/// Reads a data file: the name on its `game` line and its entries in file order.
///
/// Errors: the first malformed line (see the module documentation) or incomplete entry.
pub(crate) fn read<'a, E: Entry<'a>>(text: &'a str) -> Result<(&'a str, Vec<E>), LineError> {
    let mut game: Option<&'a str> = None;
    let mut entries: Vec<E> = Vec::new();
    let mut state = E::State::default();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let err = |message: String| LineError { line, message };
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (keyword, value) = match trimmed.split_once(char::is_whitespace) {
            Some((k, v)) => (k, v.trim()),
            None => (trimmed, ""),
        };
        if value.is_empty() {
            return Err(err(format!("`{keyword}` needs a value")));
        }
        if keyword == "game" {
            if game.is_some() {
                return Err(err("a second `game` line".to_string()));
            }
            game = Some(value);
            continue;
        }
        if game.is_none() {
            return Err(err("the file must start with `game NAME`".to_string()));
        }
        if keyword == "id" {
            if entries.iter().any(|e| e.id() == value) {
                return Err(err(format!("id `{value}` is used twice")));
            }
            finish(entries.last())?;
            state = E::State::default();
            entries.push(E::start(value, line));
            continue;
        }
        let Some((entry, earlier)) = entries.split_last_mut() else {
            return Err(err(format!("`{keyword}` before the first `id`")));
        };
        let field = Field {
            line,
            keyword,
            value,
        };
        entry.field(&mut state, field, earlier).map_err(err)?;
    }
    finish(entries.last())?;
    let game = game.ok_or(LineError {
        line: text.lines().count(),
        message: "no `game NAME` line".to_string(),
    })?;
    Ok((game, entries))
}

/// Checks the last entry read, if any.
fn finish<'a, E: Entry<'a>>(entry: Option<&E>) -> Result<(), LineError> {
    match entry {
        Some(entry) => entry.finish().map_err(|message| LineError {
            line: entry.line(),
            message,
        }),
        None => Ok(()),
    }
}

/// An entry's position as a typed game: the configuration text (`k=v;k=v`, empty for the
/// default), then the position text, or the configuration's start position without one.
///
/// Errors: the [`Error`](crate::Error) of a configuration or position text the game refuses.
pub(crate) fn typed_game<G: Game>(config: &str, position: Option<&str>) -> Result<G, crate::Error> {
    let config = G::Config::from_pairs(crate::config::split_pairs(config)?)?;
    Ok(match position {
        None => G::new(&config)?,
        Some(text) => G::from_text(&config, text)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An entry that records its fields with their lines, the state it saw and how many
    /// entries came before it; it is complete once it has a field.
    #[derive(Debug, Default)]
    struct Probe<'a> {
        id: &'a str,
        line: usize,
        fields: Vec<(usize, &'a str, &'a str, u32, usize)>,
    }

    impl<'a> Entry<'a> for Probe<'a> {
        /// Fields seen so far in this entry.
        type State = u32;

        fn start(id: &'a str, line: usize) -> Self {
            Probe {
                id,
                line,
                ..Probe::default()
            }
        }
        fn id(&self) -> &'a str {
            self.id
        }
        fn line(&self) -> usize {
            self.line
        }
        fn field(&mut self, seen: &mut u32, f: Field<'a>, earlier: &[Self]) -> Result<(), String> {
            if f.keyword == "bad" {
                return Err(format!("bad {}", f.value));
            }
            self.fields
                .push((f.line, f.keyword, f.value, *seen, earlier.len()));
            *seen += 1;
            Ok(())
        }
        fn finish(&self) -> Result<(), String> {
            if self.fields.is_empty() {
                return Err(format!("`{}` is empty", self.id));
            }
            Ok(())
        }
    }

    #[test]
    fn lines_are_counted_through_comments_and_blanks_and_state_is_per_entry() {
        let text = "# head\n\ngame g\nid a\n  k  one two  \n# note\nk 2\n\nid b\r\nk 3\r\n";
        let (game, entries) = read::<Probe>(text).unwrap();
        assert_eq!(game, "g");
        assert_eq!((entries[0].id, entries[0].line), ("a", 4));
        assert_eq!(
            entries[0].fields,
            [(5, "k", "one two", 0, 0), (7, "k", "2", 1, 0)]
        );
        // A CRLF file reads the same; the second entry's state starts afresh.
        assert_eq!((entries[1].id, entries[1].line), ("b", 9));
        assert_eq!(entries[1].fields, [(10, "k", "3", 0, 1)]);
    }

    #[test]
    fn errors_name_the_line_of_the_field_or_of_the_incomplete_entry() {
        let at = |text: &str| read::<Probe>(text).map(|_| ()).unwrap_err();
        let e = at("game g\nid a\nk 1\n\nbad x\n");
        assert_eq!((e.line, e.message.as_str()), (5, "bad x"));
        // The entry is reported at its `id` line, whether the next one starts or the file ends.
        let e = at("game g\nid a\n# nothing\nid b\nk 1\n");
        assert_eq!((e.line, e.message.as_str()), (2, "`a` is empty"));
        let e = at("game g\nid a\nk 1\nid b\n\n");
        assert_eq!((e.line, e.message.as_str()), (4, "`b` is empty"));
        let e = at("# only a comment\n\n");
        assert_eq!((e.line, e.message.as_str()), (2, "no `game NAME` line"));
    }
}
