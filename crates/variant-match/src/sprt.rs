//! The sequential probability ratio test of fishtest (Stockfish's testing framework): the
//! generalized SPRT (GSPRT) of Michel Van den Bergh, "support_MLE_multinomial", as in
//! fishtest's `LLRcalc.LLR_logistic`.
//!
//! Results are counted in bins with scores spread evenly over 0..1: a trinomial `[losses,
//! draws, wins]` of single games (scores 0, ½, 1), or a pentanomial of game pairs (the same
//! opening with the seats swapped) by the pair's points `[0, ½, 1, 1½, 2]` (scores 0, ¼, ½,
//! ¾, 1). The pentanomial model accounts for the correlation inside a pair, as fishtest does
//! for its paired games.
//!
//! `elo0` and `elo1` are **logistic** Elo (fishtest's classic SPRT, `elo_model = "logistic"`):
//! H0 says the expected score is `L(elo0)`, H1 says `L(elo1)`, `L(e) = 1 / (1 + 10^(−e/400))`.
//! The log-likelihood ratio is `N · Σ pᵢ (ln qᵢ(s₁) − ln qᵢ(s₀))` where `pᵢ` are the observed
//! frequencies (empty bins count 0.001 of a result, fishtest's regularization), `N` their sum
//! and `q(s)` the distribution of mean `s` closest to `p` (maximum likelihood):
//! `qᵢ = pᵢ / (1 + x (aᵢ − s))` with `x` the root of `Σ pᵢ (aᵢ − s) / (1 + x (aᵢ − s)) = 0`.
//! The test stops at H1 when the LLR reaches `ln((1 − β) / α)` and at H0 when it falls to
//! `ln(β / (1 − α))`.

use crate::error::MatchError;
use serde::{Deserialize, Serialize};

/// Which hypothesis a finished test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hypothesis {
    /// The first player is `elo0` better (or less), not `elo1`.
    H0,
    /// The first player is `elo1` better.
    H1,
}

/// The state of a test, as the match report gives it (`"sprt"` in `--json`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtReport {
    /// The log-likelihood ratio so far.
    pub llr: f64,
    /// The bound at or under which H0 is accepted.
    pub lower: f64,
    /// The bound at or over which H1 is accepted.
    pub upper: f64,
    /// The hypothesis accepted, or `None` while the test goes on.
    pub result: Option<Hypothesis>,
}

/// A sequential probability ratio test of "the first player is `elo1` stronger" against "it
/// is `elo0` stronger" (logistic Elo), with error rates `alpha` and `beta`.
///
/// # Example
///
/// ```
/// use variant_match::{Hypothesis, Sprt};
/// let sprt = Sprt::parse("0,10").unwrap();
/// assert_eq!((sprt.alpha, sprt.beta), (0.05, 0.05));
/// let (lower, upper) = sprt.bounds();
/// assert!((upper - 19f64.ln()).abs() < 1e-12 && (lower + 19f64.ln()).abs() < 1e-12);
/// // 200 pairs, each won twice by the first player: H1.
/// let llr = sprt.llr(&[0, 0, 0, 0, 200]);
/// assert_eq!(sprt.result(llr), Some(Hypothesis::H1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// The expected score of an Elo difference (logistic).
///
/// ```
/// assert_eq!(variant_match::sprt::logistic_score(0.0), 0.5);
/// ```
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// A test; `alpha` and `beta` in (0, 1), `elo0` < `elo1`.
    ///
    /// # Errors
    ///
    /// Bounds that make no test: `elo0 ≥ elo1`, an Elo beyond ±2000, an error rate outside (0, 1) or
    /// `alpha + beta ≥ 1`, a value that is not finite.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, MatchError> {
        let bad = |why: &str| Err(MatchError::Options(format!("SPRT: {why}")));
        if ![elo0, elo1, alpha, beta].iter().all(|x| x.is_finite()) {
            return bad("the values must be finite numbers");
        }
        if elo0.abs() > 2000.0 || elo1.abs() > 2000.0 {
            return bad("Elo bounds beyond ±2000 leave no room for a test");
        }
        if elo0 >= elo1 {
            return bad(&format!("elo0 ({elo0}) must be less than elo1 ({elo1})"));
        }
        if !(alpha > 0.0 && alpha < 1.0 && beta > 0.0 && beta < 1.0 && alpha + beta < 1.0) {
            return bad("alpha and beta must lie in (0, 1) and add up to less than 1");
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Reads `elo0,elo1[,alpha,beta]` (alpha and beta 0.05 when left out).
    ///
    /// # Errors
    ///
    /// Not two or four numbers, or bounds that make no test (see [`Sprt::new`]).
    pub fn parse(text: &str) -> Result<Sprt, MatchError> {
        let numbers: Result<Vec<f64>, _> = text.split(',').map(|s| s.trim().parse()).collect();
        match numbers.as_deref() {
            Ok([e0, e1]) => Sprt::new(*e0, *e1, 0.05, 0.05),
            Ok([e0, e1, a, b]) => Sprt::new(*e0, *e1, *a, *b),
            _ => Err(MatchError::Options(format!(
                "SPRT {text:?}: expected elo0,elo1[,alpha,beta] (numbers)"
            ))),
        }
    }

    /// `(lower, upper)`: H0 is accepted at or below the first, H1 at or above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for counts in bins of evenly spread scores:
    /// `[losses, draws, wins]` of single games or the pentanomial `[0, ½, 1, 1½, 2]` points of
    /// game pairs (any number of bins ≥ 2 works the same way). 0 without results.
    pub fn llr(&self, counts: &[u64]) -> f64 {
        if counts.len() < 2 || counts.iter().all(|&c| c == 0) {
            return 0.0;
        }
        // fishtest's `regularize`: an empty bin counts as 1/1000 of a result.
        let counts: Vec<f64> = counts.iter().map(|&c| (c as f64).max(1e-3)).collect();
        let n: f64 = counts.iter().sum();
        let last = (counts.len() - 1) as f64;
        let pdf: Vec<(f64, f64)> = counts
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as f64 / last, c / n))
            .collect();
        let q0 = mle(&pdf, logistic_score(self.elo0));
        let q1 = mle(&pdf, logistic_score(self.elo1));
        n * pdf
            .iter()
            .zip(q0.iter().zip(&q1))
            .map(|(&(_, p), (a, b))| p * (b.ln() - a.ln()))
            .sum::<f64>()
    }

    /// The hypothesis `llr` accepts, if it has crossed a bound.
    pub fn result(&self, llr: f64) -> Option<Hypothesis> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Hypothesis::H1)
        } else if llr <= lower {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }

    /// The report of the test for these counts (see [`Sprt::llr`]).
    pub fn report(&self, counts: &[u64]) -> SprtReport {
        let llr = self.llr(counts);
        let (lower, upper) = self.bounds();
        SprtReport {
            llr,
            lower,
            upper,
            result: self.result(llr),
        }
    }
}

/// The distribution of mean `s` with the greatest likelihood of the observed `pdf` (pairs of
/// score and frequency, every frequency > 0, scores spanning `s`): `pᵢ / (1 + x (aᵢ − s))`
/// with `x` found by bisection (the sum below falls strictly as `x` grows).
fn mle(pdf: &[(f64, f64)], s: f64) -> Vec<f64> {
    let f = |x: f64| {
        pdf.iter()
            .map(|&(a, p)| p * (a - s) / (1.0 + x * (a - s)))
            .sum::<f64>()
    };
    let lo_a = pdf
        .iter()
        .map(|&(a, _)| a - s)
        .fold(f64::INFINITY, f64::min);
    let hi_a = pdf
        .iter()
        .map(|&(a, _)| a - s)
        .fold(f64::NEG_INFINITY, f64::max);
    // 1 + x (a − s) > 0 for every bin: x in (−1/max, −1/min).
    let (mut lo, mut hi) = (-1.0 / hi_a, -1.0 / lo_a);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = 0.5 * (lo + hi);
    pdf.iter().map(|&(a, p)| p / (1.0 + x * (a - s))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference values from a second, independent computation of fishtest's GSPRT in Python
    /// (no scipy): the same regularized frequencies, but each maximum-likelihood distribution
    /// found in the primal — coordinate ascent over the simplex along moves of mass among
    /// three bins that keep the total and the mean, with golden-section line searches —
    /// instead of the dual root that `mle` finds. The values are checked to 1e-6.
    #[test]
    fn llr_matches_an_independent_computation() {
        let cases: [(&[u64], f64, f64, f64); 6] = [
            (&[20, 50, 30], 0.0, 10.0, 0.494_041_387_715_660),
            (&[30, 40, 30], -5.0, 5.0, 0.0),
            (&[2, 10, 20, 12, 6], 0.0, 5.0, 0.253_972_981_405_246),
            (&[0, 0, 0, 0, 8], 0.0, 200.0, 3.347_539_350_416_172),
            (&[5, 0, 0, 0, 0], 0.0, 200.0, -3.666_356_067_810_951),
            (&[1, 3, 7, 3, 1], 0.0, 20.0, -0.105_606_170_041_483),
        ];
        for (counts, elo0, elo1, expected) in cases {
            let llr = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap().llr(counts);
            assert!(
                (llr - expected).abs() < 1e-6,
                "{counts:?} {elo0},{elo1}: {llr} vs {expected}"
            );
        }
    }

    /// For many results the GSPRT approaches the normal approximation
    /// `N (s1 − s0) (2 ŝ − s0 − s1) / (2 σ̂²)` (fishtest's `LLR_alt2`), worked by hand for
    /// 100 games `[20, 50, 30]`: ŝ = 0.55, σ̂² = 0.425 − 0.3025 = 0.1225, s0 = 0.5,
    /// s1 = L(10) = 0.514 387 → 0.5028; the exact value is within 2 %.
    #[test]
    fn llr_is_close_to_the_normal_approximation() {
        let llr = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap().llr(&[20, 50, 30]);
        assert!((llr - 0.5028).abs() < 0.5028 * 0.02, "{llr}");
    }

    #[test]
    fn bounds_and_decisions() {
        // Wald's bounds for alpha = beta = 0.05: ±ln 19 = ±2.944 439.
        let sprt = Sprt::parse("0,200").unwrap();
        let (lower, upper) = sprt.bounds();
        assert!((upper - 2.944_439).abs() < 1e-6 && (lower + 2.944_439).abs() < 1e-6);
        // 8 pairs won twice: 3.35 > 2.94 (see above); 5 pairs lost twice: −3.67 < −2.94.
        assert_eq!(sprt.report(&[0, 0, 0, 0, 8]).result, Some(Hypothesis::H1));
        assert_eq!(sprt.report(&[5, 0, 0, 0, 0]).result, Some(Hypothesis::H0));
        let close = Sprt::parse("0,20").unwrap();
        assert_eq!(close.report(&[1, 3, 7, 3, 1]).result, None); // −0.106 (see above)
        assert_eq!(sprt.llr(&[0, 0, 0]), 0.0);
        // alpha = 0.1, beta = 0.2: upper ln(0.8 / 0.1) = ln 8, lower ln(0.2 / 0.9).
        let (lower, upper) = Sprt::parse("0, 5, 0.1, 0.2").unwrap().bounds();
        assert!((upper - 8f64.ln()).abs() < 1e-12);
        assert!((lower - (0.2f64 / 0.9).ln()).abs() < 1e-12);
    }

    #[test]
    fn bad_tests_are_refused() {
        for bad in [
            "5,0",
            "0",
            "0,5,0.5",
            "a,b",
            "0,5,0,0.05",
            "0,5,0.6,0.6",
            "0,9999",
            "0,inf",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }
}
