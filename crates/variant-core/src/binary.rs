//! The compact binary record format. bincode 2 is confined to this module (it has been
//! unmaintained since 2025, RUSTSEC-2025-0141), so it can be swapped without touching anything
//! else. Behind the Cargo feature `binary` (on by default): a game crate builds without it.
//!
//! Layout: one format-version byte ([`FORMAT_VERSION`]), then the bincode (standard
//! configuration, serde) encoding of the game name, the configuration, the optional start
//! text, every action as the index of the move among the legal moves sorted by canonical text
//! (so a move costs one or two bytes), and the ending.

use crate::{Action, Ending, Game, History, RecordError, Seat};
use serde::{Deserialize, Serialize};

/// The format version this code writes and reads.
///
/// # Example
///
/// ```
/// use variant_core::{History, binary};
/// use variant_core::doc_game::Nim;
///
/// // The first byte of every record is the format version.
/// let bytes = binary::encode(&History::new(Nim::default()));
/// assert_eq!(bytes[0], binary::FORMAT_VERSION);
/// ```
pub const FORMAT_VERSION: u8 = 1;

/// Records larger than this are refused before decoding (a guard against hostile lengths).
///
/// # Example
///
/// ```
/// use variant_core::binary::{self, MAX_RECORD_BYTES};
/// use variant_core::doc_game::Nim;
///
/// // A record one byte over the limit is refused before anything is decoded.
/// let huge = vec![binary::FORMAT_VERSION; MAX_RECORD_BYTES + 1];
/// assert!(binary::decode::<Nim>(&huge).is_err());
/// ```
pub const MAX_RECORD_BYTES: usize = 16 << 20;

#[derive(Serialize, Deserialize)]
enum BinAction {
    Move(u32),
    Resignation(u8),
}

#[derive(Serialize, Deserialize)]
#[serde(bound(deserialize = "C: crate::GameConfig"))]
struct BinRecord<C> {
    game: String,
    config: C,
    start: Option<String>,
    actions: Vec<BinAction>,
    ending: Option<Ending>,
}

fn sorted_moves<G: Game>(position: &G) -> Vec<(String, G::Move)> {
    let mut list = G::MoveList::default();
    position.legal_moves_into(&mut list);
    let mut moves: Vec<(String, G::Move)> =
        list.iter().map(|&m| (position.format_move(m), m)).collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    moves
}

/// Encodes a game record.
///
/// # Example
///
/// ```
/// use variant_core::{History, binary};
/// use variant_core::doc_game::Nim;
///
/// let mut history = History::new(Nim::default());
/// history.play(2).unwrap();
/// let bytes = binary::encode(&history);
/// assert_eq!(binary::decode::<Nim>(&bytes).unwrap().action_texts(), ["2"]);
/// ```
pub fn encode<G: Game>(history: &History<G>) -> Vec<u8> {
    let record = history.to_record();
    let mut actions = Vec::with_capacity(history.actions().len());
    for (action, before) in history.actions().iter().zip(history.positions()) {
        actions.push(match action {
            Action::Move(mv) => {
                let index = sorted_moves(before)
                    .iter()
                    .position(|(_, m)| m == mv)
                    .unwrap_or(usize::MAX);
                BinAction::Move(index as u32)
            }
            Action::Resignation(seat) => BinAction::Resignation(seat.0),
        });
    }
    let bin = BinRecord {
        game: record.game,
        config: record.config,
        start: record.start,
        actions,
        ending: record.ending,
    };
    let mut out = vec![FORMAT_VERSION];
    // Encoding plain data into a Vec cannot fail; an empty body would be refused on decoding.
    if let Ok(body) = bincode::serde::encode_to_vec(&bin, bincode::config::standard()) {
        out.extend(body);
    }
    out
}

/// Decodes and replays a game record.
///
/// # Errors
///
/// [`RecordError::Format`] for bytes that are not a record of this format version (or too large),
/// else as [`History::from_record`].
///
/// # Example
///
/// ```
/// use variant_core::{History, binary};
/// use variant_core::doc_game::Nim;
///
/// let mut history = History::new(Nim::default());
/// history.play(3).unwrap();
/// history.play(3).unwrap();
/// let replayed = binary::decode::<Nim>(&binary::encode(&history)).unwrap();
/// assert_eq!(replayed.positions(), history.positions());
/// assert!(binary::decode::<Nim>(b"no record").is_err());
/// ```
pub fn decode<G: Game>(bytes: &[u8]) -> Result<History<G>, RecordError> {
    let (&version, body) = bytes
        .split_first()
        .ok_or_else(|| RecordError::Format("empty input".to_string()))?;
    if version != FORMAT_VERSION {
        return Err(RecordError::Format(format!(
            "format version {version}, this code reads version {FORMAT_VERSION}"
        )));
    }
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(RecordError::Format(format!(
            "{} bytes is more than the {MAX_RECORD_BYTES} a record may have",
            bytes.len()
        )));
    }
    let config = bincode::config::standard().with_limit::<MAX_RECORD_BYTES>();
    // The game name comes first (a struct's fields are encoded one after the other), and it is
    // checked before the configuration is decoded: another game's configuration would not
    // decode as this game's, and the caller must learn "wrong game", not "bad bytes".
    let (game, used_name): (String, usize) = bincode::serde::decode_from_slice(body, config)
        .map_err(|e| RecordError::Format(format!("binary: game name: {e}")))?;
    if game != G::NAME {
        return Err(RecordError::WrongGame {
            expected: G::NAME.to_string(),
            found: crate::error::shorten(&game),
        });
    }
    let (bin, used): (BinRecord<G::Config>, usize) =
        bincode::serde::decode_from_slice(body, config)
            .map_err(|e| RecordError::Format(format!("binary: {e}")))?;
    debug_assert!(used >= used_name);
    if used != body.len() {
        return Err(RecordError::Format(format!(
            "binary: {} bytes after the end of the record",
            body.len() - used
        )));
    }
    let record = crate::Record {
        game: bin.game,
        config: bin.config,
        start: bin.start,
        moves: Vec::new(),
        ending: None,
    };
    // The start (configuration and text) is checked by `from_record`; the moves are replayed
    // one by one, each index turned back into its move.
    let mut history = History::<G>::from_record(&record)?;
    for (index, action) in bin.actions.iter().enumerate() {
        let text = match action {
            BinAction::Move(i) => {
                let moves = sorted_moves(history.position());
                let (text, _) = moves.get(*i as usize).ok_or_else(|| RecordError::Move {
                    index,
                    error: crate::MoveError::illegal(
                        &format!("#{i}"),
                        format!("the position has {} legal moves", moves.len()),
                    ),
                })?;
                text.clone()
            }
            BinAction::Resignation(seat) => {
                format!("{}{}", crate::history::RESIGN_PREFIX, Seat(*seat).0)
            }
        };
        history
            .play_action_text(&text)
            .map_err(|e| RecordError::Move {
                index,
                error: crate::MoveError::illegal(&text, e.to_string()),
            })?;
    }
    if let Some(ending) = bin.ending {
        history
            .apply_ending(ending)
            .map_err(|e| RecordError::Ending(e.to_string()))?;
    }
    Ok(history)
}
