//! Search scores: centipawn-like units, with won and lost games as mate scores that count
//! plies, so that a nearer win scores higher than a farther one.

use std::fmt;

/// The score of a won game found at the root itself (no ply to play).
pub(crate) const MATE: i32 = 1_000_000;
/// Scores beyond this are mate scores (a search never goes 10 000 plies deep).
pub(crate) const MATE_BOUND: i32 = MATE - 10_000;
/// Larger than every score: the initial window.
pub(crate) const INFINITY: i32 = MATE + 1;

/// A search score from the point of view of the player to move at the root: positive is good
/// for that player (for three or four players: good for it against all the others).
///
/// ```
/// use variant_engine::Score;
///
/// assert_eq!(Score::from_centipawns(35).to_string(), "cp 35");
/// assert_eq!(Score::mate_after_plies(1).to_string(), "mate 1");
/// assert_eq!(Score::mated_after_plies(2).mate_in(), Some(-1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Score(pub(crate) i32);

impl Score {
    /// A plain evaluation in centipawns (hundredths of a pawn, or the game's smallest unit).
    pub fn from_centipawns(cp: i32) -> Score {
        Score(cp.clamp(-MATE_BOUND + 1, MATE_BOUND - 1))
    }

    /// A win for the player to move after `plies` plies (1: its next move wins).
    pub fn mate_after_plies(plies: u32) -> Score {
        Score(MATE - plies.min(9_999) as i32)
    }

    /// A loss for the player to move after `plies` plies.
    pub fn mated_after_plies(plies: u32) -> Score {
        Score(-(MATE - plies.min(9_999) as i32))
    }

    /// The raw value (mate scores are near ±1 000 000).
    pub fn value(self) -> i32 {
        self.0
    }

    /// Whether the score announces a won or lost game.
    pub fn is_mate(self) -> bool {
        self.0.abs() > MATE_BOUND
    }

    /// Plies to the end of the game with best play: positive when the player to move wins,
    /// negative when it loses, `None` for a plain evaluation.
    pub fn mate_plies(self) -> Option<i32> {
        if !self.is_mate() {
            None
        } else if self.0 > 0 {
            Some(MATE - self.0)
        } else {
            Some(-(MATE + self.0))
        }
    }

    /// Moves of the player to move to the end of the game (UCI's `mate N`): a win after 1 or
    /// 2 plies is "mate 1", a loss after 2 plies is "mate -1".
    pub fn mate_in(self) -> Option<i32> {
        self.mate_plies().map(|p| {
            if p > 0 {
                (p + 1) / 2
            } else {
                // A loss after 0 plies (mated now) is reported as mate 0.
                p / 2
            }
        })
    }

    /// The centipawn value, `None` for a mate score.
    pub fn centipawns(self) -> Option<i32> {
        (!self.is_mate()).then_some(self.0)
    }
}

impl fmt::Display for Score {
    /// UCI's form: `cp 35` or `mate 2` / `mate -1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_in() {
            Some(m) => write!(f, "mate {m}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_plies_and_moves() {
        // Hand count: a win after 3 plies is the mover's 2nd move.
        assert_eq!(Score::mate_after_plies(3).mate_in(), Some(2));
        assert_eq!(Score::mate_after_plies(3).mate_plies(), Some(3));
        assert_eq!(Score::mated_after_plies(4).mate_in(), Some(-2));
        assert!(Score::mate_after_plies(1) > Score::mate_after_plies(3));
        assert!(Score::mated_after_plies(2) < Score::from_centipawns(-5000));
        assert_eq!(Score::from_centipawns(12).mate_in(), None);
    }
}
