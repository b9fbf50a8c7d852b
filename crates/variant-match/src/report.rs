//! Adding up games: W/D/L and score per player, the Elo difference with its 95 % interval,
//! and the SPRT's counts (trinomial per game, pentanomial per pair of games).

use crate::game::Outcome;
use crate::sprt::{Sprt, SprtReport};
use serde::{Deserialize, Serialize};

/// The result of one game of a match, enough to add it up with the others (serde, so a
/// distributed runner can ship it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The game's number in the match (it fixes the opening, the seats and the random choices).
    pub index: usize,
    /// Each player's outcome, in the order of the match's players.
    pub outcomes: Vec<Outcome>,
    /// How it ended, in words (`white wins (checkmate)`, `draw (repetition)`, `draw (ply
    /// limit)`).
    pub status: String,
    /// The start position of the record (the opening's position, or the game's start).
    pub start: String,
    /// Every move from `start`, the opening's included, in canonical notation.
    pub moves: Vec<String>,
    /// Plies the players made (the opening not counted).
    pub plies: usize,
}

/// W/D/L of one player over a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerReport {
    /// The player's spec, as given.
    pub spec: String,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// The share of the points, 0 to 1 (a win is 1 point, a draw 1/n to each of n players).
    pub score: f64,
}

/// A match's result; its JSON is `variants match --json`'s.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchReport {
    /// Games played.
    pub games: usize,
    /// One entry per player, in the order given.
    pub players: Vec<PlayerReport>,
    /// For two players: the first one's Elo difference to the second, to a tenth.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub elo: Option<f64>,
    /// Half the width of its 95 % interval, to a tenth.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub elo_error: Option<f64>,
    /// The SPRT, when one was asked for.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub sprt: Option<SprtReport>,
}

/// The points of one outcome among `n` players.
fn points(outcome: Outcome, n: usize) -> f64 {
    match outcome {
        Outcome::Win => 1.0,
        Outcome::Loss => 0.0,
        Outcome::Draw => 1.0 / n.max(1) as f64,
    }
}

/// Adds up `results` (in any order) for the players `specs`; `sprt` gets the pentanomial
/// counts of the complete pairs (games `2k` and `2k + 1`).
///
/// # Example
///
/// ```
/// use variant_match::{GameResult, Outcome, report::add_up};
/// let game = |index, first| GameResult {
///     index, outcomes: vec![first, if first == Outcome::Win { Outcome::Loss } else { Outcome::Win }],
///     status: String::new(), start: String::new(), moves: vec![], plies: 0,
/// };
/// let specs = ["engine".to_string(), "random".to_string()];
/// let report = add_up(&specs, &[game(0, Outcome::Win), game(1, Outcome::Loss)], None);
/// assert_eq!(report.players[0].wins, 1);
/// assert_eq!(report.players[0].score, 0.5);
/// assert_eq!(report.elo, Some(0.0));
/// ```
pub fn add_up(specs: &[String], results: &[GameResult], sprt: Option<&Sprt>) -> MatchReport {
    let n = specs.len();
    let mut sorted: Vec<&GameResult> = results.iter().collect();
    sorted.sort_by_key(|r| r.index);
    let mut players: Vec<PlayerReport> = specs
        .iter()
        .map(|s| PlayerReport {
            spec: s.clone(),
            wins: 0,
            draws: 0,
            losses: 0,
            score: 0.0,
        })
        .collect();
    let mut totals = vec![0.0; n];
    for r in &sorted {
        for (p, &o) in r.outcomes.iter().enumerate().take(n) {
            match o {
                Outcome::Win => players[p].wins += 1,
                Outcome::Draw => players[p].draws += 1,
                Outcome::Loss => players[p].losses += 1,
            }
            totals[p] += points(o, r.outcomes.len());
        }
    }
    let games = sorted.len();
    for (p, t) in players.iter_mut().zip(&totals) {
        p.score = t / games.max(1) as f64;
    }
    let first: Vec<f64> = sorted
        .iter()
        .filter_map(|r| r.outcomes.first().map(|&o| points(o, r.outcomes.len())))
        .collect();
    let (elo, elo_error) = if n == 2 {
        let (e, err) = elo(&first);
        (Some(tenth(e)), Some(tenth(err)))
    } else {
        (None, None)
    };
    MatchReport {
        games,
        players,
        elo,
        elo_error,
        sprt: sprt.map(|s| s.report(&pentanomial(&sorted))),
    }
}

fn tenth(x: f64) -> f64 {
    // `+ 0.0` turns −0.0 (an even match) into 0.0.
    (x * 10.0).round() / 10.0 + 0.0
}

/// The first player's points in each complete pair of games `2k`, `2k + 1`, counted by the
/// pair's total in halves: `[0, ½, 1, 1½, 2]`.
fn pentanomial(sorted: &[&GameResult]) -> [u64; 5] {
    let mut counts = [0; 5];
    for pair in sorted.windows(2) {
        if pair[0].index % 2 == 0 && pair[1].index == pair[0].index + 1 {
            let total: f64 = pair
                .iter()
                .filter_map(|r| r.outcomes.first().map(|&o| points(o, r.outcomes.len())))
                .sum();
            counts[((total * 2.0).round() as usize).min(4)] += 1;
        }
    }
    counts
}

/// The Elo difference for the first player's per-game points, with the half-width of the
/// 95 % interval (normal approximation; a share of 0 or 1 is moved half a game inwards).
///
/// ```
/// let (elo, error) = variant_match::report::elo(&[1.0, 0.0, 0.5, 0.5]);
/// assert_eq!(elo, 0.0);
/// assert!(error > 0.0);
/// ```
pub fn elo(scores: &[f64]) -> (f64, f64) {
    let n = scores.len().max(1) as f64;
    let p = scores.iter().sum::<f64>() / n;
    let clamp = |x: f64| x.clamp(0.5 / n, 1.0 - 0.5 / n);
    // With every game alike (all won) the sample variance is 0: use that of the moved share.
    let var = scores.iter().map(|s| (s - p).powi(2)).sum::<f64>() / n;
    let var = if var > 0.0 {
        var
    } else {
        clamp(p) * (1.0 - clamp(p))
    };
    let se = (var / n).sqrt();
    let to_elo = |x: f64| -400.0 * (1.0 / clamp(x) - 1.0).log10();
    let e = to_elo(p);
    let half = (to_elo(p + 1.96 * se) - to_elo(p - 1.96 * se)) / 2.0;
    (e, half)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked by hand: 3 wins and a loss, p = 0.75, Elo = −400 log10(1/0.75 − 1) = 190.85;
    /// the variance of the scores is 0.1875, the standard error sqrt(0.1875 / 4) = 0.2165, so
    /// the interval is p ± 0.4243, its top moved in to 1 − 0.5/4 = 0.875 (338.04 Elo), its
    /// bottom 0.3257 (−126.45 Elo): half-width 232.25.
    #[test]
    fn elo_worked_by_hand() {
        let (e, half) = elo(&[1.0, 1.0, 1.0, 0.0]);
        assert!((e - 190.85).abs() < 0.01, "{e}");
        assert!((half - 232.25).abs() < 0.01, "{half}");
        // Two losses: the share 0 is moved to 0.25 (−190.85); with the variance of that share,
        // 0.1875, the interval's top is 0 + 1.96 sqrt(0.1875 / 2) = 0.600 (70.5 Elo).
        let (e, half) = elo(&[0.0, 0.0]);
        assert!((e + 190.85).abs() < 0.01, "{e}");
        assert!((half - 130.69).abs() < 0.01, "{half}");
    }

    fn result(index: usize, outcomes: Vec<Outcome>) -> GameResult {
        GameResult {
            index,
            outcomes,
            status: String::new(),
            start: String::new(),
            moves: Vec::new(),
            plies: 0,
        }
    }

    #[test]
    fn pairs_are_counted_by_their_points() {
        use Outcome::*;
        let results = [
            result(1, vec![Draw, Draw]),
            result(0, vec![Win, Loss]),
            result(2, vec![Loss, Win]),
            result(3, vec![Loss, Win]),
            result(4, vec![Win, Loss]), // its pair is not complete
        ];
        let sorted: Vec<&GameResult> = {
            let mut v: Vec<&GameResult> = results.iter().collect();
            v.sort_by_key(|r| r.index);
            v
        };
        // Pair 0: 1 + ½ = 1½ points; pair 1: 0 points.
        assert_eq!(pentanomial(&sorted), [1, 0, 0, 1, 0]);
        let specs = ["a".to_string(), "b".to_string()];
        let report = add_up(&specs, &results, None);
        assert_eq!(report.games, 5);
        assert_eq!((report.players[0].wins, report.players[0].draws), (2, 1));
        assert!((report.players[0].score - 2.5 / 5.0).abs() < 1e-12);
        assert!((report.players[1].score - 2.5 / 5.0).abs() < 1e-12);
    }

    #[test]
    fn three_players_share_a_draw_and_have_no_elo() {
        use Outcome::*;
        let specs = ["a".to_string(), "b".to_string(), "c".to_string()];
        let report = add_up(&specs, &[result(0, vec![Draw, Draw, Draw])], None);
        assert!((report.players[2].score - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(report.elo, None);
        let json = serde_json::to_value(&report).unwrap();
        assert!(json.get("elo").is_none() && json.get("sprt").is_none());
    }
}
