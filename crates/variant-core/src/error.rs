//! Error types. Every message says what is wrong and where.

use thiserror::Error;

/// A position text that cannot be read, or that describes an impossible position.
///
/// Displayed as `position text: <where>: <what>`, e.g.
/// `position text: board 3 of 8, rank 5: 9 cells`.
///
/// # Example
///
/// ```
/// use variant_core::{Game, PositionError};
/// use variant_core::doc_game::Nim;
///
/// // The docs' Nim reads `<counters> <seat>`; a bad seat field is named by its place.
/// let err = Nim::from_text(&Default::default(), "5 2").unwrap_err();
/// assert_eq!(err.location, "field 2");
/// assert_eq!(err.to_string(), "position text: field 2: expected the seat to move, 0 or 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("position text: {}{message}", location_prefix(.location))]
pub struct PositionError {
    /// Where in the text (or in the position) the problem is, e.g. `board 3 of 8, rank 5`;
    /// empty when it concerns the whole text.
    pub location: String,
    /// What is wrong.
    pub message: String,
}

fn location_prefix(location: &str) -> String {
    if location.is_empty() {
        String::new()
    } else {
        format!("{location}: ")
    }
}

impl PositionError {
    /// An error at `location` (may be empty) saying `message`.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::PositionError;
    ///
    /// let err = PositionError::new("rank 5", "9 cells");
    /// assert_eq!(err.to_string(), "position text: rank 5: 9 cells");
    /// let whole = PositionError::new("", "empty text");
    /// assert_eq!(whole.to_string(), "position text: empty text");
    /// ```
    pub fn new(location: impl Into<String>, message: impl Into<String>) -> Self {
        PositionError {
            location: bound(location.into()),
            message: bound(message.into()),
        }
    }
}

/// A move text that cannot be read, or that names no legal move of the position.
///
/// # Example
///
/// ```
/// use variant_core::{Game, MoveError};
/// use variant_core::doc_game::Nim;
///
/// // Nim from 2 counters: "x" is no move at all, "3" a move that is not legal here.
/// let game = Nim::from_text(&Default::default(), "2 0").unwrap();
/// assert!(matches!(game.parse_move("x"), Err(MoveError::Malformed { .. })));
/// assert!(matches!(game.parse_move("3"), Err(MoveError::Illegal { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move in the game's notation.
    #[error("move text {text:?}: {reason}")]
    Malformed {
        /// The text as given (shortened when very long).
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The text is well formed but names no legal move here.
    #[error("move {text}: illegal: {reason}")]
    Illegal {
        /// The move as given.
        text: String,
        /// Why it is not legal (or which moves it could mean, when ambiguous).
        reason: String,
    },
}

impl MoveError {
    /// A malformed-move error; the text is shortened to keep the message readable.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::MoveError;
    ///
    /// let err = MoveError::malformed("e9e4", "\"e9\" is not a cell");
    /// assert_eq!(err.to_string(), "move text \"e9e4\": \"e9\" is not a cell");
    /// ```
    pub fn malformed(text: &str, reason: impl Into<String>) -> Self {
        MoveError::Malformed {
            text: shorten(text),
            reason: bound(reason.into()),
        }
    }

    /// An illegal-move error.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::MoveError;
    ///
    /// let err = MoveError::illegal("e2e5", "a pawn steps one or two cells");
    /// assert_eq!(err.to_string(), "move e2e5: illegal: a pawn steps one or two cells");
    /// ```
    pub fn illegal(text: &str, reason: impl Into<String>) -> Self {
        MoveError::Illegal {
            text: shorten(text),
            reason: bound(reason.into()),
        }
    }
}

/// Shortens user text quoted in an error message to at most 40 characters, and to at most
/// 80 bytes once quoted with `{:?}` (control characters and `\0` quote to several bytes each).
///
/// # Example
///
/// ```
/// use variant_core::error::shorten;
/// assert_eq!(shorten("d4,e4"), "d4,e4");
/// assert_eq!(shorten(&"x".repeat(100)), format!("{}… (100 bytes)", "x".repeat(40)));
/// assert!(format!("{:?}", shorten(&"\u{3}".repeat(100))).len() < 100);
/// ```
pub fn shorten(text: &str) -> String {
    const MAX_CHARS: usize = 40;
    const MAX_QUOTED: usize = 80;
    let mut quoted = 0;
    let mut end = text.len();
    for (count, (at, c)) in text.char_indices().enumerate() {
        quoted += c.escape_debug().map(char::len_utf8).sum::<usize>();
        if count == MAX_CHARS || quoted > MAX_QUOTED {
            end = at;
            break;
        }
    }
    if end == text.len() {
        text.to_string()
    } else {
        format!("{}… ({} bytes)", &text[..end], text.len())
    }
}

/// The longest part of an error message built from caller text, in bytes.
const MAX_PART: usize = 240;

/// Keeps one part of an error message (a location, a reason) to one line of at most
/// 240 bytes (cut at a character boundary).
///
/// Every part should already quote caller text through [`shorten`]; this is the net under a
/// part that forgot, so that garbage input never yields a message of unbounded size or one
/// that spans lines (the fuzz targets check both).
///
/// # Example
///
/// ```
/// use variant_core::error::bound;
/// assert_eq!(bound("short\nreason".to_string()), "short reason");
/// let long = bound("x".repeat(1000));
/// assert!(long.len() < 300 && long.ends_with("(1000 bytes)"));
/// ```
pub fn bound(part: String) -> String {
    let one_line = if part.contains(['\n', '\r']) {
        part.replace(['\n', '\r'], " ")
    } else {
        part
    };
    if one_line.len() <= MAX_PART {
        one_line
    } else {
        let mut end = MAX_PART;
        while !one_line.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}… ({} bytes)", &one_line[..end], one_line.len())
    }
}

/// A move value that is not legal in the position it was played in.
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_core::doc_game::Nim;
///
/// // Nim from 2 counters: taking 3 is refused by the checked play.
/// let mut game = Nim::from_text(&Default::default(), "2 0").unwrap();
/// let err = game.try_play(3).unwrap_err();
/// assert_eq!(err.mv, "3");
/// assert_eq!(game.to_text(), "2 0"); // the position is unchanged
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {mv}: {reason}")]
pub struct IllegalMove {
    /// The move, formatted.
    pub mv: String,
    /// Why it is not legal.
    pub reason: String,
}

/// A configuration that names an unknown key, gives a bad value, or is inconsistent.
///
/// # Example
///
/// ```
/// use variant_core::{ConfigError, GameConfig};
/// use variant_core::doc_game::NimConfig;
///
/// let err = NimConfig::from_text("counters=0").unwrap_err();
/// assert!(matches!(err, ConfigError::BadValue { ref key, .. } if key == "counters"));
/// assert!(matches!(NimConfig::from_text("colour=blue"), Err(ConfigError::UnknownKey { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// No such configuration key for this game.
    #[error("unknown configuration key {key:?} for {game}; allowed keys: {}", .allowed.join(", "))]
    UnknownKey {
        /// The game.
        game: String,
        /// The key as given.
        key: String,
        /// The keys the game has.
        allowed: Vec<String>,
    },
    /// The value is not allowed for the key.
    #[error("configuration {key}={value:?}: {reason}; allowed: {allowed}")]
    BadValue {
        /// The key.
        key: String,
        /// The value as given.
        value: String,
        /// What is wrong with it.
        reason: String,
        /// What the key accepts.
        allowed: String,
    },
    /// The values are each fine but do not fit together.
    #[error("configuration: {0}")]
    Inconsistent(String),
    /// A configuration key disagrees with what a position text fixes.
    #[error("configuration {key}={given} disagrees with the position text, which has {key}={text}")]
    DisagreesWithPosition {
        /// The key.
        key: String,
        /// The value given as configuration.
        given: String,
        /// The value the position text implies.
        text: String,
    },
    /// A JSON configuration that cannot be read.
    #[error("configuration JSON: {0}")]
    Json(String),
}

/// A game record (JSON or binary) that cannot be read or replayed.
///
/// # Example
///
/// ```
/// use variant_core::{History, RecordError};
/// use variant_core::doc_game::Nim;
///
/// let mut history = History::new(Nim::default());
/// history.play(3).unwrap();
/// // A record whose second move takes 4 counters fails at that move (index 1, ply 2).
/// let json = history.to_json().replace("\"3\"", "\"3\", \"4\"");
/// let err = History::<Nim>::from_json(&json).unwrap_err();
/// assert!(matches!(err, RecordError::Move { index: 1, .. }));
/// assert!(matches!(History::<Nim>::from_json("{}"), Err(RecordError::Format(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The bytes are not a record of a supported format version.
    #[error("record: {0}")]
    Format(String),
    /// The record is for another game.
    #[error("record: it is a record of {found}, expected {expected}")]
    WrongGame {
        /// The game this code reads.
        expected: String,
        /// The game named in the record.
        found: String,
    },
    /// The record's configuration is not valid.
    #[error("record: {0}")]
    Config(#[from] ConfigError),
    /// The record's start position is not valid.
    #[error("record: {0}")]
    Position(#[from] PositionError),
    /// A move of the record cannot be played.
    #[error("record: move {index} (ply {ply}): {error}", ply = .index + 1)]
    Move {
        /// 0-based index of the move in the record.
        index: usize,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// The record's ending cannot be applied.
    #[error("record: ending: {0}")]
    Ending(String),
}

/// A game-level action that is not possible now: a move or claim after the end, an undo at
/// the start, a claim that does not hold, a resignation the game does not allow.
///
/// # Example
///
/// ```
/// use variant_core::{ActionError, Error, History};
/// # use variant_core::doc_game::Nim as MyGame;
/// let mut history = History::new(MyGame::default());
/// assert_eq!(history.undo(), Err(Error::Action(ActionError::NothingToUndo)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The game has ended.
    #[error("the game is over: {status}")]
    GameOver {
        /// How it ended.
        status: crate::Status,
    },
    /// Undo at the start of the record.
    #[error("nothing to undo: the record is at its start")]
    NothingToUndo,
    /// A draw claim when no draw can be claimed.
    #[error("no draw can be claimed in this position")]
    NoDrawToClaim,
    /// A seat the game does not have.
    #[error("there is no seat {seat} in this game ({seats} seats)")]
    NoSuchSeat {
        /// The seat named.
        seat: u8,
        /// How many seats the game has.
        seats: usize,
    },
    /// A seat that is no longer playing (it has been mated or has resigned).
    #[error("{seat} is not playing any more")]
    SeatNotPlaying {
        /// The seat's name.
        seat: &'static str,
    },
    /// The game has no resignation rule for this situation.
    #[error("this game does not define resignation")]
    ResignationUndefined,
    /// A record's ending does not hold when replayed.
    #[error("the record's ending does not hold: {0}")]
    EndingMismatch(String),
    /// An abort after every seat has moved.
    #[error("every player has moved: the game can no longer be aborted")]
    TooLateToAbort,
}

/// A move or position that cannot be turned into numbers: a code that names no legal move,
/// a move the game's numbering has no room for.
///
/// # Example
///
/// ```
/// use variant_core::codec::MoveCode;
/// use variant_core::EncodeError;
/// # use variant_core::doc_game::Nim as MyGame;
/// let e = MyGame::default().decode_move(7).unwrap_err();
/// assert_eq!(e, EncodeError::NoSuchMove { code: 7 });
/// assert!(e.to_string().contains("0x0000000000000007"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// No legal move of the position has this code.
    #[error("move code {code:#018x}: no legal move of this position has it")]
    NoSuchMove {
        /// The code given.
        code: u64,
    },
    /// A move or position the numbering cannot hold.
    #[error("{what}")]
    Unencodable {
        /// What and why.
        what: String,
    },
}

/// The largest transposition table of a hashed perft (the crate `variant-perft`), in
/// megabytes (1 TiB): larger requests are refused with [`PerftError::HashTooLarge`] before
/// anything is allocated. Kept here, beside the error that names it, so that the error can
/// stay one of [`Error`](enum@Error)'s kinds.
///
/// # Example
///
/// ```
/// use variant_core::error::{MAX_HASH_MB, PerftError};
///
/// assert_eq!(MAX_HASH_MB, 1 << 20); // 1 TiB
/// let refused = PerftError::HashTooLarge { mb: MAX_HASH_MB + 1 };
/// assert!(refused.to_string().contains(&format!("at most {MAX_HASH_MB} MB")));
/// ```
pub const MAX_HASH_MB: usize = 1 << 20;

/// Why a perft with options (threads, a transposition table, a stop flag: the crate
/// `variant-perft`, which re-exports it) gave no count. The plain counts of
/// [`perft`](crate::perft) cannot fail. Defined here so that it converts into
/// [`Error`](enum@Error), and `?` works on it in a function returning
/// `Result<_, variant_core::Error>`.
///
/// # Example
///
/// ```
/// use variant_core::error::PerftError;
/// use variant_core::perft::MAX_DEPTH;
///
/// let deep = PerftError::DepthTooLarge { depth: MAX_DEPTH + 1 };
/// assert_eq!(deep.to_string(), "perft depth 65 is over the limit of 64 plies");
/// let any: variant_core::Error = PerftError::Stopped.into();
/// assert_eq!(any.to_string(), "perft stopped on request");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PerftError {
    /// The stop flag was raised before the count was complete.
    #[error("perft stopped on request")]
    Stopped,
    /// The transposition table could not be allocated.
    #[error(
        "a transposition table of {mb} MB cannot be allocated (at most {MAX_HASH_MB} MB, and no \
         more than the machine's memory)"
    )]
    HashTooLarge {
        /// The size asked for.
        mb: usize,
    },
    /// The depth is over [`MAX_DEPTH`](crate::perft::MAX_DEPTH).
    #[error(
        "perft depth {depth} is over the limit of {} plies",
        crate::perft::MAX_DEPTH
    )]
    DepthTooLarge {
        /// The depth asked for.
        depth: u32,
    },
    /// A shared table file could not be made or mapped.
    #[error("the shared transposition table {path} cannot be used: {reason}")]
    TableFile {
        /// The file.
        path: String,
        /// Why (the system's error, or the file's wrong size).
        reason: String,
    },
}

/// Any error of the workspace's games, for callers that do not care which kind.
///
/// # Example
///
/// ```
/// use variant_core::{Error, MoveError};
/// let e: Error = MoveError::malformed("zz9", "not a cell").into();
/// assert!(matches!(e, Error::Move(MoveError::Malformed { .. })));
/// assert_eq!(e.to_string(), "move text \"zz9\": not a cell");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// See [`PositionError`].
    #[error(transparent)]
    Position(#[from] PositionError),
    /// See [`MoveError`].
    #[error(transparent)]
    Move(#[from] MoveError),
    /// See [`IllegalMove`].
    #[error(transparent)]
    IllegalMove(#[from] IllegalMove),
    /// See [`ConfigError`].
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// See [`RecordError`].
    #[error(transparent)]
    Record(#[from] RecordError),
    /// See [`ActionError`].
    #[error(transparent)]
    Action(#[from] ActionError),
    /// See [`EncodeError`].
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// See [`PerftError`].
    #[error(transparent)]
    Perft(#[from] PerftError),
    /// A game name that the registry does not know.
    #[error("unknown game {name:?}; known games: {}", .known.join(", "))]
    UnknownGame {
        /// The name as given.
        name: String,
        /// The games the registry knows.
        known: Vec<String>,
    },
}
