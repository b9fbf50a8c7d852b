//! Openings: where the games of a match start. Either random plies from the seed or lines of
//! an openings file, each a position text or a list of moves from the start.

use crate::error::MatchError;
use crate::rng::Rng;
use variant_games::{AnyGame, Game, History};

/// One line of an openings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    /// A position text: games start there.
    Position(String),
    /// Moves played from the start position (their positions count for repetitions).
    Moves(Vec<String>),
}

/// Reads an openings file: one position text or space-separated move list a line; empty lines
/// and lines starting with `#` are skipped. Each line is checked against the game.
///
/// # Errors
///
/// A line that is neither a position text nor legal moves from the start (the error names the
/// line and both reasons), or a text without any opening.
///
/// # Example
///
/// ```
/// use variant_match::opening::{Opening, parse_openings};
/// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
/// let text = "# two openings\ne2e4 e7e5\n4k3/8/8/8/8/8/8/4K2R w K - 0 1\n";
/// let openings = parse_openings(&game, text).unwrap();
/// assert_eq!(openings[0], Opening::Moves(vec!["e2e4".into(), "e7e5".into()]));
/// assert!(matches!(openings[1], Opening::Position(_)));
/// assert!(parse_openings(&game, "e2e5").unwrap_err().to_string().contains("line 1"));
/// ```
pub fn parse_openings(start: &AnyGame, text: &str) -> Result<Vec<Opening>, MatchError> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let as_position = AnyGame::from_text(start.config(), line);
        if as_position.is_ok() {
            openings.push(Opening::Position(line.to_string()));
            continue;
        }
        let moves: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let opening = Opening::Moves(moves);
        match opening.history(start) {
            Ok(_) => openings.push(opening),
            Err(as_moves) => {
                let as_position = as_position.err().map(|e| e.to_string()).unwrap_or_default();
                return Err(MatchError::Options(format!(
                    "openings line {}: {line:?} is neither a position ({as_position}) nor \
                     moves from the start ({as_moves})",
                    number + 1
                )));
            }
        }
    }
    if openings.is_empty() {
        return Err(MatchError::Options(
            "the openings file has no opening".to_string(),
        ));
    }
    Ok(openings)
}

impl Opening {
    /// The game record after this opening, from the game's start `start`.
    ///
    /// # Errors
    ///
    /// A position text that does not parse or a move that is not legal.
    pub fn history(&self, start: &AnyGame) -> Result<History<AnyGame>, MatchError> {
        match self {
            Opening::Position(text) => Ok(History::new(AnyGame::from_text(start.config(), text)?)),
            Opening::Moves(moves) => {
                let mut history = History::new(start.clone());
                for m in moves {
                    history.play_text(m)?;
                }
                Ok(history)
            }
        }
    }
}

/// Plays `plies` random moves (from `rng`) on `history`, fewer if the game ends first.
///
/// # Errors
///
/// None in practice (the moves come from the legal moves).
pub fn random_plies(
    history: &mut History<AnyGame>,
    plies: usize,
    rng: &mut Rng,
) -> Result<(), MatchError> {
    for _ in 0..plies {
        let moves = history.position().legal_move_texts();
        if moves.is_empty() || history.status().is_over() {
            break;
        }
        history.play_text(&moves[rng.below(moves.len())])?;
    }
    Ok(())
}
