//! Game records of any game, read into a [`History`] of [`AnyGame`]: the record names its game,
//! the typed record is replayed and converted.

use crate::AnyGame;
use variant_core::Game;
use variant_core::{Error, History, RecordError};

/// Runs `$typed!` with each game type of the list that this build serves, in list order.
macro_rules! each_game_type {
    (($typed:ident) $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        $(
            #[cfg(feature = $feature)]
            $typed!($krate::$game);
        )*
    };
}

/// Reads a JSON record as the game of the list named `$name`, returning from the function.
macro_rules! record_from_json {
    (($name:expr, $typed:ident) $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        $(
            #[cfg(feature = $feature)]
            if $name == <$krate::$game as Game>::NAME {
                return $typed!($krate::$game);
            }
        )*
    };
}

/// Reads a JSON game record of any game this build serves (the record names its game).
///
/// # Errors
///
/// [`Error::Record`] for a record that cannot be read or replayed, [`Error::UnknownGame`] for a
/// game this build does not serve.
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// let mut history = History::new(variant_games::new_game("chess3d", "heights=1").unwrap());
/// let e4 = history.position().parse_move("e2e4").unwrap();
/// history.play(e4).unwrap();
/// let again = variant_games::history_from_json(&history.to_json()).unwrap();
/// assert_eq!(again.action_texts(), ["e2e4"]);
/// assert!(variant_games::history_from_json("{}").is_err());
/// ```
pub fn history_from_json(json: &str) -> Result<History<AnyGame>, Error> {
    let name = variant_core::json_record_game(json)?;
    macro_rules! typed {
        ($ty:ty) => {
            Ok(History::<$ty>::from_json(json)?.map(AnyGame::from, crate::AnyMove::from))
        };
    }
    let name = name.as_str();
    crate::with_games!(record_from_json, (name, typed));
    Err(match crate::AnyConfig::default_of(name) {
        Err(unknown) => unknown,
        Ok(_) => RecordError::Format(format!(
            "unknown game {:?}",
            variant_core::error::shorten(name)
        ))
        .into(),
    })
}

/// Reads a game record in the compact binary format, of any game this build serves.
///
/// # Errors
///
/// [`Error::Record`] for bytes that are not a record of a game this build serves, or a record
/// that cannot be replayed.
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// let history = History::new(variant_games::new_game("checkers3d", "").unwrap());
/// let bytes = variant_games::variant_core::binary::encode(&history);
/// let again = variant_games::history_from_binary(&bytes).unwrap();
/// assert_eq!(again.position(), history.position());
/// assert!(variant_games::history_from_binary(b"garbage").is_err());
/// ```
pub fn history_from_binary(bytes: &[u8]) -> Result<History<AnyGame>, Error> {
    macro_rules! typed {
        ($ty:ty) => {
            match variant_core::binary::decode::<$ty>(bytes) {
                Err(RecordError::WrongGame { .. }) => {}
                other => return Ok(other?.map(AnyGame::from, crate::AnyMove::from)),
            }
        };
    }
    crate::with_games!(each_game_type, (typed));
    Err(
        RecordError::Format("binary: the record is of no game this build serves".to_string())
            .into(),
    )
}

/// The moves of `history` in SAN (`e4`, `Nxe5`, `O-O`, `Qh4#`), one for each of its actions,
/// for a game that has a PGN form (FIDE chess: chess3d at one height), an action that is no
/// move keeping its text; `None` for every other game (frontends show the canonical texts).
///
/// ```
/// use variant_games::variant_core::History;
/// let mut history = History::new(variant_games::new_game("chess3d", "heights=1").unwrap());
/// for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     history.play_text(mv).unwrap();
/// }
/// assert_eq!(variant_games::history_san(&history).unwrap(), ["f3", "e5", "g4", "Qh4#"]);
/// let three_d = History::new(variant_games::new_game("chess3d", "").unwrap());
/// assert!(variant_games::history_san(&three_d).is_none());
/// ```
pub fn history_san(history: &History<AnyGame>) -> Option<Vec<String>> {
    #[cfg(feature = "chess3d")]
    {
        use crate::{AnyMove, TypedGame};
        use variant_core::Action;
        let TypedGame::Chess3d(start) = history.start().typed() else {
            return None;
        };
        if !start.has_pgn_form() {
            return None;
        }
        let texts = history.action_texts();
        history
            .positions()
            .iter()
            .zip(history.actions())
            .zip(texts)
            .map(
                |((position, action), text)| match (position.typed(), action) {
                    (TypedGame::Chess3d(pos), Action::Move(AnyMove::Chess3d(mv))) => pos.san(*mv),
                    _ => Some(text),
                },
            )
            .collect()
    }
    #[cfg(not(feature = "chess3d"))]
    {
        let _ = history;
        None
    }
}

/// The game in PGN, for games that have a PGN form (chess3d at one height, which is FIDE
/// chess: `Chess3d::has_pgn_form`); `None` for every other game. `tags` are written after the
/// seven-tag roster's `Event`, `Site`, `Date`, `Round`, `White`, `Black` (each `?` unless a
/// tag of that name is given) and before `Result`, which comes from the game's status; a game
/// that started from another position carries `SetUp "1"` and its `FEN`. Moves are in SAN.
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// let mut history = History::new(variant_games::new_game("chess3d", "heights=1").unwrap());
/// for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     history.play_text(uci).unwrap();
/// }
/// let pgn = variant_games::history_to_pgn(&history, &[("White", "Ann")]).unwrap();
/// assert!(pgn.contains("[White \"Ann\"]"));
/// assert!(pgn.contains("[Result \"0-1\"]"));
/// assert!(pgn.ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"));
/// let three_d = History::new(variant_games::new_game("chess3d", "").unwrap());
/// assert!(variant_games::history_to_pgn(&three_d, &[]).is_none());
/// ```
pub fn history_to_pgn(history: &History<AnyGame>, tags: &[(&str, &str)]) -> Option<String> {
    #[cfg(feature = "chess3d")]
    {
        use crate::{AnyMove, TypedGame};
        use variant_core::{Action, Game, Seat, Status};
        let TypedGame::Chess3d(start) = history.start().typed() else {
            return None;
        };
        if !start.has_pgn_form() {
            return None;
        }
        let result = match history.status() {
            Status::Win { winner, .. } if winner.0 == 0 => "1-0",
            Status::Win { .. } => "0-1",
            Status::Draw { .. } => "1/2-1/2",
            _ => "*",
        };
        let escape = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
        let mut out = String::new();
        for name in ["Event", "Site", "Date", "Round", "White", "Black"] {
            let value = tags
                .iter()
                .find(|(k, _)| *k == name)
                .map_or("?", |(_, v)| v);
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
        out.push_str(&format!("[Result \"{result}\"]\n"));
        let fide = chess3d::Chess3d::new(&chess3d::Chess3dConfig::with_heights(1)).ok();
        let start_text = start.to_text();
        if fide.is_none_or(|f| f.to_text() != start_text) {
            out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{start_text}\"]\n"));
        }
        let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
        for (name, value) in tags.iter().filter(|(k, _)| !roster.contains(k)) {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
        out.push('\n');
        let mut words = Vec::new();
        for (position, action) in history.positions().iter().zip(history.actions()) {
            let (TypedGame::Chess3d(pos), Action::Move(AnyMove::Chess3d(mv))) =
                (position.typed(), action)
            else {
                // Two-player chess has no resignation the game goes on after.
                continue;
            };
            let white = pos.side_to_move() == Seat(0);
            if white || words.is_empty() {
                let number = pos.fullmove_number();
                words.push(if white {
                    format!("{number}.")
                } else {
                    format!("{number}...")
                });
            }
            words.push(pos.san(*mv)?);
        }
        words.push(result.to_string());
        // PGN export format: lines of at most 80 characters.
        let mut line = String::new();
        for word in words {
            if !line.is_empty() && line.len() + 1 + word.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        out.push_str(&line);
        out.push('\n');
        Some(out)
    }
    #[cfg(not(feature = "chess3d"))]
    {
        let _ = (history, tags);
        None
    }
}
