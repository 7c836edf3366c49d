//! Match statistics: Elo difference, its confidence interval, LOS and the
//! SPRT log-likelihood ratio, all from win/draw/loss counts.
//!
//! The formulas are the ones cutechess-cli and fishtest print, so numbers can
//! be compared directly with theirs.

/// Win/draw/loss counts of one side of a pairing (or of one engine against
/// the whole field).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn new(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win is 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Mean score per game, `(W + D/2) / N`; 0.5 before any game.
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / n as f64,
        }
    }

    /// The same games seen from the opponent.
    pub fn reversed(&self) -> Tally {
        Tally::new(self.losses, self.draws, self.wins)
    }

    /// Per-game variance of the score under the trinomial model:
    /// `var = (W (1-s)^2 + D (1/2-s)^2 + L (0-s)^2) / N`.
    pub fn variance(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n as f64
    }
}

/// Elo difference that makes `score` the expected score (logistic model):
/// `elo = -400 log10(1/s - 1)`. Infinite for a score of 0 or 1.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Expected score of a side that is `elo` stronger: `s = 1 / (1 + 10^(-elo/400))`.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The two-sided 95% quantile of the standard normal distribution.
const Z_95: f64 = 1.959_963_984_540_054;

/// An Elo estimate with its 95% confidence interval and the likelihood of
/// superiority.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    /// Lower and upper end of the 95% interval, in Elo.
    pub low: f64,
    pub high: f64,
    /// Likelihood of superiority, in `0..=1`.
    pub los: f64,
}

impl EloEstimate {
    /// Elo from the mean score `s`; the interval maps the score interval
    /// `s ± 1.96 sqrt(var / N)` (trinomial `var`, see [`Tally::variance`])
    /// through [`elo_from_score`]. LOS (draws carry no information):
    /// `LOS = 1/2 (1 + erf((W - L) / sqrt(2 (W + L))))`.
    pub fn from_tally(t: &Tally) -> EloEstimate {
        let n = t.games().max(1) as f64;
        let s = t.score();
        let margin = Z_95 * (t.variance() / n).sqrt();
        let decisive = (t.wins + t.losses) as f64;
        let los = if decisive == 0.0 {
            0.5
        } else {
            0.5 * (1.0 + erf((t.wins as f64 - t.losses as f64) / (2.0 * decisive).sqrt()))
        };
        EloEstimate {
            elo: elo_from_score(s),
            low: elo_from_score(s - margin),
            high: elo_from_score(s + margin),
            los,
        }
    }

    /// Half the width of the interval, as cutechess prints `elo +/- margin`.
    /// Infinite while either end is (a score of 0 or 1 is within reach).
    pub fn margin(&self) -> f64 {
        if self.low.is_finite() && self.high.is_finite() {
            (self.high - self.low) / 2.0
        } else {
            f64::INFINITY
        }
    }
}

/// Sequential probability ratio test between H0: `elo = elo0` and
/// H1: `elo = elo1` (logistic Elo), with error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What an SPRT says after the games so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    Continue,
    /// LLR fell below the lower bound: the change is not `elo1` better.
    AcceptH0,
    /// LLR rose above the upper bound: the change is `elo1` better.
    AcceptH1,
}

impl Sprt {
    /// Wald's bounds: `lower = ln(beta / (1 - alpha))`,
    /// `upper = ln((1 - beta) / alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Log-likelihood ratio by the generalised SPRT's normal approximation
    /// (Michel Van den Bergh, used by fishtest and fastchess):
    /// with `s0 = score_from_elo(elo0)`, `s1 = score_from_elo(elo1)`, the
    /// mean score `s` and the trinomial per-game variance `var`,
    /// `LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var)`.
    /// Zero while the variance is zero (no information yet).
    pub fn llr(&self, t: &Tally) -> f64 {
        let var = t.variance();
        if t.games() == 0 || var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        t.games() as f64 * (s1 - s0) * (2.0 * t.score() - s0 - s1) / (2.0 * var)
    }

    pub fn decision(&self, t: &Tally) -> SprtDecision {
        let llr = self.llr(t);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

/// The error function, from the Numerical Recipes `erfc` Chebyshev fit
/// (relative error below 1.2e-7): plenty for a percentage printed with one
/// decimal, and no dependency.
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc
    } else {
        erfc - 1.0
    }
}
