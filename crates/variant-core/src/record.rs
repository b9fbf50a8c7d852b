//! Game records for storage: a serde form (JSON, with moves as canonical text) and a compact
//! binary form.

use crate::{Ending, Error, Game, GameConfig, History, RecordError};
use serde::{Deserialize, Serialize};

/// A game record as data: the game, its configuration, the start position when it is not the
/// configuration's start, every action as canonical text, and the game-level ending.
///
/// Serialized with serde (JSON for people, `crate::binary` for compact storage). Reading a
/// record replays every move, so a record that loads is a legal game.
///
/// # Example
///
/// ```
/// use variant_core::{Ending, History, Seat};
/// use variant_core::doc_game::Nim;
///
/// let mut history = History::new(Nim::default());
/// history.play(2).unwrap();
/// history.resign(Seat(1)).unwrap();
/// let record = history.to_record();
/// assert_eq!(record.game, "nim");
/// assert_eq!(record.start, None); // the configuration's own start
/// assert_eq!(record.moves, ["2"]);
/// assert_eq!(record.ending, Some(Ending::Resignation(Seat(1))));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(deserialize = "C: GameConfig"))]
pub struct Record<C> {
    /// The game's registry name.
    pub game: String,
    /// The configuration.
    pub config: C,
    /// The start position's text, when it is not the configuration's start position.
    #[serde(default)]
    pub start: Option<String>,
    /// Each action's canonical text (a move, or `resign:<seat>` when the game went on).
    pub moves: Vec<String>,
    /// How the game ended, if not by the position itself.
    #[serde(default)]
    pub ending: Option<Ending>,
}

impl<G: Game> History<G> {
    /// The record of this game.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, History};
    /// use variant_core::doc_game::Nim;
    ///
    /// // A start that is not the configuration's own is kept as text.
    /// let start = Nim::from_text(&Default::default(), "7 0").unwrap();
    /// let mut history = History::new(start);
    /// history.play(1).unwrap();
    /// let record = history.to_record();
    /// assert_eq!(record.start.as_deref(), Some("7 0"));
    /// assert_eq!(History::<Nim>::from_record(&record).unwrap().position().to_text(), "6 1");
    /// ```
    pub fn to_record(&self) -> Record<G::Config> {
        let start = self.start();
        let standard = G::new(start.config()).ok();
        let start_text = start.to_text();
        let is_standard = standard.is_some_and(|s| s.to_text() == start_text);
        Record {
            game: start.name().to_string(),
            config: start.config().clone(),
            start: if is_standard { None } else { Some(start_text) },
            moves: self.action_texts(),
            ending: self.ending(),
        }
    }

    /// Replays a record.
    ///
    /// # Errors
    ///
    /// [`RecordError`] for a record of another game, a bad configuration or start position, a move
    /// that cannot be played (with its index) or an ending that does not hold.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{History, RecordError};
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.play(3).unwrap();
    /// let mut record = history.to_record();
    /// assert_eq!(History::<Nim>::from_record(&record).unwrap().action_texts(), ["3"]);
    /// record.game = "chess".to_string();
    /// assert!(matches!(History::<Nim>::from_record(&record), Err(RecordError::WrongGame { .. })));
    /// ```
    pub fn from_record(record: &Record<G::Config>) -> Result<Self, RecordError> {
        record.config.validate()?;
        // The name is checked against the game the configuration builds: a typed game always
        // builds itself, a game chosen at run time builds the game its configuration names.
        let expected = G::new(&record.config)?.name();
        if record.game != expected {
            return Err(RecordError::WrongGame {
                expected: expected.to_string(),
                found: crate::error::shorten(&record.game),
            });
        }
        let start = match &record.start {
            Some(text) => G::from_text(&record.config, text)?,
            None => G::new(&record.config)?,
        };
        let mut history = History::new(start);
        for (index, text) in record.moves.iter().enumerate() {
            history
                .play_action_text(text)
                .map_err(|e| RecordError::Move {
                    index,
                    error: match e {
                        Error::Move(m) => m,
                        other => crate::MoveError::illegal(text, other.to_string()),
                    },
                })?;
        }
        if let Some(ending) = record.ending {
            history
                .apply_ending(ending)
                .map_err(|e| RecordError::Ending(e.to_string()))?;
        }
        Ok(history)
    }

    /// The record as JSON.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::History;
    /// use variant_core::doc_game::Nim;
    ///
    /// let mut history = History::new(Nim::default());
    /// history.play(1).unwrap();
    /// let json = history.to_json();
    /// assert!(json.contains("\"game\": \"nim\""));
    /// assert_eq!(History::<Nim>::from_json(&json).unwrap().action_texts(), ["1"]);
    /// ```
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.to_record())
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// Replays a JSON record.
    ///
    /// # Errors
    ///
    /// [`RecordError::Format`] for text that is not a JSON record, else as
    /// [`History::from_record`].
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, History};
    /// use variant_core::doc_game::Nim;
    ///
    /// let json = r#"{"game": "nim", "config": {"counters": 5}, "moves": ["2", "3"]}"#;
    /// let history = History::<Nim>::from_json(json).unwrap();
    /// assert!(history.position().status().is_over()); // 2 + 3 took all 5 counters
    /// assert!(History::<Nim>::from_json("not json").is_err());
    /// ```
    pub fn from_json(json: &str) -> Result<Self, RecordError> {
        let record: Record<G::Config> = serde_json::from_str(json)
            .map_err(|e| RecordError::Format(crate::error::bound(format!("JSON: {e}"))))?;
        Self::from_record(&record)
    }
}

/// The game name of a JSON record, read without knowing the game (to pick the game to replay it).
///
/// # Errors
///
/// [`RecordError::Format`] for text that is not JSON with a `game` string.
///
/// # Example
///
/// ```
/// use variant_core::{History, json_record_game};
/// use variant_core::doc_game::Nim;
///
/// let json = History::new(Nim::default()).to_json();
/// assert_eq!(json_record_game(&json).unwrap(), "nim");
/// assert!(json_record_game("{}").is_err());
/// ```
pub fn json_record_game(json: &str) -> Result<String, RecordError> {
    #[derive(Deserialize)]
    struct Head {
        game: String,
    }
    let head: Head = serde_json::from_str(json)
        .map_err(|e| RecordError::Format(crate::error::bound(format!("JSON: {e}"))))?;
    Ok(head.game)
}
