//! The hand-written evaluations' weights as data: one parameter table per game, a text file
//! (docs/formats.md, "Evaluation parameters") embedded in the engine as the game's default and
//! replaceable at run time (`--eval-params FILE`, the protocol's `EvalParams` option).
//!
//! A table is read in two steps: [`parse`] checks the syntax and, for a game whose evaluation
//! reads a table, that the file has exactly that evaluation's weights (every name once, each
//! with its number of values); [`install`] makes it the table every search of the game reads
//! from then on, in the whole process (docs/engine.md, "Where the weights live", says why).
//!
//! # Example
//!
//! ```
//! use variant_engine::eval::params;
//!
//! // The embedded default of chess-T, read back: the same table.
//! let text = params::default_text("chess-t").expect("chess-T reads a table");
//! let table = params::parse(text).unwrap();
//! assert_eq!(table.game(), "chess-t");
//! // A value that is not a number is refused with its line.
//! let bad = text.replacen("control 2", "control two", 1);
//! let err = params::parse(&bad).unwrap_err();
//! assert!(err.to_string().contains("control"), "{err}");
//! ```

mod active;

pub(crate) use active::Active;
pub use active::{EvalTerms, games, install, reset, weights};

use std::fmt;
use std::path::Path;

/// The first word of a parameter file's header line.
pub const MAGIC: &str = "eval-params";
/// The format version this engine reads (the header's second word).
pub const VERSION: u32 = 1;
/// The largest magnitude of a weight: far beyond any sensible one, small enough that no
/// evaluation's sum of terms can overflow an `i32`.
pub const MAX_VALUE: i32 = 100_000;

/// A parameter table: the game it is for and its weights, each a name with one value or a
/// row of them, in the file's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    game: String,
    entries: Vec<(String, Vec<i32>)>,
}

impl Table {
    /// The game the table is for (the header's third word).
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The values of the weight `name`, `None` for a name the table does not have.
    ///
    /// ```
    /// let text = variant_engine::eval::params::default_text("chess-t").unwrap();
    /// let table = variant_engine::eval::params::parse(text).unwrap();
    /// assert_eq!(table.get("control"), Some(&[2][..]));
    /// ```
    pub fn get(&self, name: &str) -> Option<&[i32]> {
        self.entries
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_slice())
    }

    /// Every weight in the game's order ([`names`]): the vector [`EvalTerms::features`] is
    /// multiplied with. Empty for a game whose evaluation reads no table.
    pub fn flat(&self) -> Vec<i32> {
        let Some(schema) = active::schema(&self.game) else {
            return Vec::new();
        };
        schema
            .iter()
            .flat_map(|&(name, _)| self.get(name).unwrap_or_default().iter().copied())
            .collect()
    }
}

/// A parameter file that cannot be used, with the line at fault (1-based; 0 for the file as a
/// whole).
#[derive(Debug)]
pub enum ParamsError {
    /// The file could not be read.
    Io(String, std::io::Error),
    /// A line that breaks the format, or a weight missing at the end of the file.
    Line {
        /// The line (1-based), 0 for the file as a whole.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl ParamsError {
    fn at(line: usize, message: impl Into<String>) -> ParamsError {
        ParamsError::Line {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParamsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamsError::Io(path, e) => write!(f, "cannot read the parameter file {path}: {e}"),
            ParamsError::Line { line: 0, message } => write!(f, "parameter file: {message}"),
            ParamsError::Line { line, message } => {
                write!(f, "parameter file, line {line}: {message}")
            }
        }
    }
}

impl std::error::Error for ParamsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParamsError::Io(_, e) => Some(e),
            ParamsError::Line { .. } => None,
        }
    }
}

/// Reads a parameter table from its text (docs/formats.md, "Evaluation parameters").
///
/// # Errors
///
/// A [`ParamsError::Line`] naming the first line at fault: a missing or foreign header, an
/// unknown format version, a game whose evaluation reads no table, a name the game's
/// evaluation does not have or given twice, a value that is not an integer or is larger than
/// [`MAX_VALUE`], a row of the wrong length; or (line 0) a weight the file lacks.
pub fn parse(text: &str) -> Result<Table, ParamsError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty());
    let Some((n, header)) = lines.next() else {
        return Err(ParamsError::at(
            0,
            "empty: expected the header `eval-params 1 GAME`",
        ));
    };
    let words: Vec<&str> = header.split_whitespace().collect();
    if words.first() != Some(&MAGIC) || words.len() != 3 {
        return Err(ParamsError::at(
            n,
            format!("expected the header `{MAGIC} {VERSION} GAME`, found `{header}`"),
        ));
    }
    if words[1] != VERSION.to_string() {
        return Err(ParamsError::at(
            n,
            format!(
                "format version `{}`: this engine reads version {VERSION}",
                words[1]
            ),
        ));
    }
    let game = words[2];
    let Some(schema) = active::schema(game) else {
        return Err(ParamsError::at(
            n,
            format!(
                "`{game}`: no evaluation of this engine reads a parameter table for it (those \
                 that do: {})",
                active::games().join(", ")
            ),
        ));
    };
    let mut entries: Vec<(String, Vec<i32>)> = Vec::with_capacity(schema.len());
    for (n, line) in lines {
        let mut words = line.split_whitespace();
        let name = words.next().unwrap_or_default();
        let Some(&(_, len)) = schema.iter().find(|(s, _)| *s == name) else {
            return Err(ParamsError::at(
                n,
                format!("`{name}` is no weight of {game}'s evaluation"),
            ));
        };
        if entries.iter().any(|(e, _)| e == name) {
            return Err(ParamsError::at(n, format!("`{name}` is given twice")));
        }
        let values = words
            .map(|w| match w.parse::<i32>() {
                Ok(v) if v.abs() <= MAX_VALUE => Ok(v),
                Ok(_) => Err(ParamsError::at(
                    n,
                    format!("`{name}`: {w} is outside ±{MAX_VALUE}"),
                )),
                Err(_) => Err(ParamsError::at(
                    n,
                    format!("`{name}`: `{w}` is not an integer"),
                )),
            })
            .collect::<Result<Vec<i32>, ParamsError>>()?;
        if values.len() != len {
            return Err(ParamsError::at(
                n,
                format!("`{name}` has {} values, expected {len}", values.len()),
            ));
        }
        entries.push((name.to_string(), values));
    }
    if let Some((missing, _)) = schema
        .iter()
        .find(|(s, _)| !entries.iter().any(|(e, _)| e == s))
    {
        return Err(ParamsError::at(
            0,
            format!("the weight `{missing}` of {game}'s evaluation is missing"),
        ));
    }
    Ok(Table {
        game: game.to_string(),
        entries,
    })
}

/// Reads a parameter file ([`parse`]).
///
/// # Errors
///
/// [`ParamsError::Io`] for a file that cannot be read (or is not UTF-8), else [`parse`]'s.
pub fn read(path: &Path) -> Result<Table, ParamsError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ParamsError::Io(path.display().to_string(), e))?;
    parse(&text)
}

/// The embedded default table of `game` as text, `None` for a game whose evaluation reads no
/// table.
pub fn default_text(game: &str) -> Option<&'static str> {
    active::slot(game).map(|s| s.default_text)
}

/// The name of every weight of `game`'s table in order, a row's values as `name[i]`: the
/// columns of [`EvalTerms::features`]. Empty for a game whose evaluation reads no table.
///
/// ```
/// let names = variant_engine::eval::params::names("chess-t");
/// assert!(names.contains(&"role[1]".to_string()));
/// ```
pub fn names(game: &str) -> Vec<String> {
    active::schema(game)
        .unwrap_or_default()
        .iter()
        .flat_map(|&(name, len)| {
            (0..len).map(move |i| {
                if len == 1 {
                    name.to_string()
                } else {
                    format!("{name}[{i}]")
                }
            })
        })
        .collect()
}

/// Declares a game's weights: one constant per name, its offset in the flat vector, and the
/// `SCHEMA` of names and lengths in the file's order.
macro_rules! weight_table {
    (@at $off:expr;) => {};
    (@at $off:expr; $(#[$doc:meta])* $id:ident $name:literal $len:literal, $($rest:tt)*) => {
        $(#[$doc])*
        const $id: usize = $off;
        weight_table!(@at $off + $len; $($rest)*);
    };
    ($($(#[$doc:meta])* $id:ident $name:literal $len:literal,)*) => {
        /// The weights of the table, in the file's order: (name, number of values).
        pub(crate) const SCHEMA: &[(&str, usize)] = &[$(($name, $len)),*];
        weight_table!(@at 0; $($(#[$doc])* $id $name $len,)*);
    };
}
pub(crate) use weight_table;

/// Where an evaluation's terms go: each term is `count` times one weight, for one of a few
/// parts of the score (a side, a player, a middlegame or endgame half) that the game then
/// combines. [`Score`] applies the weights, [`Features`] counts the coefficients: one code
/// computes both, so the evaluation and its features cannot drift apart.
pub(crate) trait Sink {
    /// Adds `count` times weight `index` to part `part`.
    fn add(&mut self, part: usize, index: usize, count: i32);
}

/// The weighted sums of `N` parts.
pub(crate) struct Score<'w, const N: usize> {
    weights: &'w [i32],
    pub(crate) sums: [i32; N],
}

impl<'w, const N: usize> Score<'w, N> {
    pub(crate) fn new(weights: &'w [i32]) -> Self {
        Score {
            weights,
            sums: [0; N],
        }
    }
}

impl<const N: usize> Sink for Score<'_, N> {
    #[inline]
    fn add(&mut self, part: usize, index: usize, count: i32) {
        self.sums[part] += self.weights[index] * count;
    }
}

/// The coefficients of every weight in each of `N` parts.
pub(crate) struct Features<const N: usize> {
    pub(crate) parts: [Vec<f32>; N],
}

impl<const N: usize> Features<N> {
    pub(crate) fn new(len: usize) -> Self {
        Features {
            parts: std::array::from_fn(|_| vec![0.0; len]),
        }
    }

    /// `Σ coefficient[p] · parts[p]`: the feature vector of a score combined linearly from
    /// the parts.
    pub(crate) fn combine(&self, coefficients: [f32; N]) -> Vec<f32> {
        let len = self.parts.first().map_or(0, Vec::len);
        (0..len)
            .map(|i| {
                self.parts
                    .iter()
                    .zip(coefficients)
                    .map(|(p, c)| c * p[i])
                    .sum()
            })
            .collect()
    }
}

impl<const N: usize> Sink for Features<N> {
    fn add(&mut self, part: usize, index: usize, count: i32) {
        self.parts[part][index] += count as f32;
    }
}

#[cfg(test)]
mod tests;
