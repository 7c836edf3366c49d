//! Match statistics: Elo difference, its confidence interval, LOS and the
//! SPRT log-likelihood ratio, from win/draw/loss counts (trinomial, as
//! cutechess-cli prints them) and from the results of game pairs
//! (pentanomial, as fastchess and OpenBench compute them).
//!
//! The formulas are the ones those tools use, so numbers can be compared
//! directly with theirs (see docs/tournament.md, "Formulas").

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

/// Pentanomial counts: how many game pairs (one opening played twice, the
/// colours reversed) ended with each pair score, from the first engine's
/// view. WL (a win and a loss) and DD (two draws) both score 1 and share a
/// bucket in every formula; they are kept apart only for the record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pentanomial {
    /// Two losses (pair score 0).
    pub ll: u32,
    /// A loss and a draw (pair score 1/2).
    pub ld: u32,
    /// A win and a loss (pair score 1).
    pub wl: u32,
    /// Two draws (pair score 1).
    pub dd: u32,
    /// A win and a draw (pair score 3/2).
    pub wd: u32,
    /// Two wins (pair score 2).
    pub ww: u32,
}

/// The pair scores of the five pentanomial buckets, halved (so that they are
/// mean scores per game, comparable with a trinomial score):
/// LL, LD, DD+WL, WD, WW.
pub const PENTANOMIAL_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Pentanomial {
    /// Counts in fastchess's `Ptnml(0-2)` order: `[LL, LD, DD+WL, WD, WW]`.
    pub fn counts(&self) -> [u32; 5] {
        [self.ll, self.ld, self.wl + self.dd, self.wd, self.ww]
    }

    /// Adds one complete pair. `first` and `second` are the first engine's
    /// results in the two games, in half points (0 loss, 1 draw, 2 win).
    pub fn add_pair(&mut self, first: u8, second: u8) {
        match (first.min(second), first.max(second)) {
            (0, 0) => self.ll += 1,
            (0, 1) => self.ld += 1,
            (0, _) => self.wl += 1,
            (1, 1) => self.dd += 1,
            (1, _) => self.wd += 1,
            _ => self.ww += 1,
        }
    }

    pub fn pairs(&self) -> u32 {
        self.ll + self.ld + self.wl + self.dd + self.wd + self.ww
    }

    /// The same pairs seen from the other engine.
    pub fn reversed(&self) -> Pentanomial {
        Pentanomial {
            ll: self.ww,
            ld: self.wd,
            wl: self.wl,
            dd: self.dd,
            wd: self.ld,
            ww: self.ll,
        }
    }

    /// The games of the pairs as win/draw/loss counts.
    pub fn tally(&self) -> Tally {
        Tally::new(
            2 * self.ww + self.wd + self.wl,
            self.wd + 2 * self.dd + self.ld,
            self.wl + self.ld + 2 * self.ll,
        )
    }

    /// Mean pair score / 2 (the mean score per game of the paired games):
    /// `s = (LD/4 + (DD+WL)/2 + 3 WD/4 + WW) / pairs`; 0.5 before any pair.
    pub fn score(&self) -> f64 {
        let pairs = self.pairs();
        if pairs == 0 {
            return 0.5;
        }
        let counts = self.counts();
        PENTANOMIAL_SCORES
            .iter()
            .zip(counts)
            .map(|(a, c)| a * c as f64)
            .sum::<f64>()
            / pairs as f64
    }

    /// Per-pair variance of the pair score / 2 (fastchess's
    /// `EloPentanomial::calcVariance`): `var = sum_i p_i (a_i - s)^2` with
    /// `p_i = count_i / pairs` and `a_i` in [`PENTANOMIAL_SCORES`].
    pub fn variance(&self) -> f64 {
        let pairs = self.pairs();
        if pairs == 0 {
            return 0.0;
        }
        let s = self.score();
        PENTANOMIAL_SCORES
            .iter()
            .zip(self.counts())
            .map(|(a, c)| c as f64 * (a - s).powi(2))
            .sum::<f64>()
            / pairs as f64
    }
}

impl std::ops::AddAssign for Pentanomial {
    fn add_assign(&mut self, other: Pentanomial) {
        self.ll += other.ll;
        self.ld += other.ld;
        self.wl += other.wl;
        self.dd += other.dd;
        self.wd += other.wd;
        self.ww += other.ww;
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

    /// Elo from the pentanomial score `s` (mean pair score / 2), as
    /// fastchess's `EloPentanomial`: the interval maps
    /// `s ± 1.96 sqrt(var / pairs)` (per-pair `var`, see
    /// [`Pentanomial::variance`]) through [`elo_from_score`];
    /// `LOS = 1/2 (1 + erf((s - 1/2) / sqrt(2 var / pairs)))`.
    pub fn from_pentanomial(p: &Pentanomial) -> EloEstimate {
        let pairs = p.pairs().max(1) as f64;
        let s = p.score();
        let var_per_pair = p.variance() / pairs;
        let margin = Z_95 * var_per_pair.sqrt();
        let los = if var_per_pair > 0.0 {
            0.5 * (1.0 + erf((s - 0.5) / (2.0 * var_per_pair).sqrt()))
        } else if s > 0.5 {
            1.0
        } else if s < 0.5 {
            0.0
        } else {
            0.5
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

/// Normalized Elo of a pentanomial result with half the width of its 95%
/// interval, as fastchess's `EloPentanomial` prints `nElo: x +/- y`:
/// `nElo = (s - 1/2) / sqrt(2 var) · 800 / ln 10` (per-pair `var`), and the
/// interval maps `s ± 1.96 sqrt(var / pairs)` the same way, so the half
/// width is `1.96 / sqrt(2 pairs) · 800 / ln 10`. `None` without pairs or
/// while the variance is zero.
pub fn normalized_elo(p: &Pentanomial) -> Option<(f64, f64)> {
    let var = p.variance();
    if p.pairs() == 0 || var <= 0.0 {
        return None;
    }
    let scale = 800.0 / std::f64::consts::LN_10 / (2.0 * var).sqrt();
    let margin = Z_95 * (var / p.pairs() as f64).sqrt();
    Some(((p.score() - 0.5) * scale, margin * scale))
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
    /// Zero while the variance is zero (no information yet). `chimera match`
    /// prints it for comparison; it decides on [`Sprt::llr_pentanomial`].
    pub fn llr(&self, t: &Tally) -> f64 {
        let var = t.variance();
        if t.games() == 0 || var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        t.games() as f64 * (s1 - s0) * (2.0 * t.score() - s0 - s1) / (2.0 * var)
    }

    /// Log-likelihood ratio of the pentanomial model, exactly as fastchess
    /// computes it for the logistic model (`SPRT::getLLR` with `penta`,
    /// `SPRT::getLLR_logistic`, app/src/matchmaking/sprt/sprt.cpp in
    /// github.com/Disservin/fastchess, the generalised SPRT of Michel Van den
    /// Bergh, "Comparing the approximations for the generalized log
    /// likelihood ratio of a multinomial distribution", Proposition 1.1):
    ///
    /// - every empty bucket of `[LL, LD, DD+WL, WD, WW]` counts 0.001 (so
    ///   every probability is positive); `total` is their sum and `p̂_i` the
    ///   empirical frequencies;
    /// - for `s` in `{s0, s1}` (the scores of elo0 and elo1), the maximum
    ///   likelihood distribution with mean `s` is
    ///   `p_i = p̂_i / (1 + θ (a_i - s))`, `θ` the root of
    ///   `sum_i p̂_i (a_i - s) / (1 + θ (a_i - s)) = 0` in
    ///   `(-1/(1 - s), 1/s)`;
    /// - `LLR = total · sum_i p̂_i (ln p1_i - ln p0_i)`.
    ///
    /// For small Elo differences this is close to the normal approximation
    /// `pairs (s1 - s0) (2 s - s0 - s1) / (2 var)` (per-pair `var`).
    /// fastchess stops its root search (ITP) at `|Δθ| ≤ 0.001`; here the root
    /// is bisected to machine precision. The LLR error of that tolerance is
    /// second order in `Δθ`: on fastchess's own test of 83 528 pairs its
    /// value is -4.9796 against the exact -4.9787. Zero before the first
    /// complete pair (where fastchess's regularised value is about -1e-6),
    /// and for Elo bounds so large that their score rounds to 0 or 1.
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        let inside = |s: f64| s > 0.0 && s < 1.0;
        if p.pairs() == 0 || !inside(s0) || !inside(s1) {
            return 0.0;
        }
        let counts = p.counts().map(|c| if c == 0 { 1e-3 } else { c as f64 });
        llr_logistic(&counts, &PENTANOMIAL_SCORES, s0, s1)
    }

    /// The decision for a given LLR.
    pub fn verdict(&self, llr: f64) -> SprtDecision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    /// The decision of the trinomial LLR ([`Sprt::llr`]).
    pub fn decision(&self, t: &Tally) -> SprtDecision {
        self.verdict(self.llr(t))
    }

    /// The decision of the pentanomial LLR ([`Sprt::llr_pentanomial`]),
    /// which `chimera match` stops on.
    pub fn decision_pentanomial(&self, p: &Pentanomial) -> SprtDecision {
        self.verdict(self.llr_pentanomial(p))
    }
}

/// The generalised log-likelihood ratio of H1 (mean score `s1`) against H0
/// (mean `s0`) for outcomes scoring `scores[i]` that happened `counts[i]`
/// times (all positive), via the maximum likelihood distributions of
/// Proposition 1.1 (see [`Sprt::llr_pentanomial`]).
fn llr_logistic(counts: &[f64], scores: &[f64], s0: f64, s1: f64) -> f64 {
    let total: f64 = counts.iter().sum();
    let freq: Vec<f64> = counts.iter().map(|c| c / total).collect();
    // `ln p_i` of the maximum likelihood distribution with mean `s`, less
    // `ln p̂_i` (which cancels in the ratio).
    let log_mle = |s: f64| -> Vec<f64> {
        let theta = mle_theta(&freq, scores, s);
        scores
            .iter()
            .map(|a| -(1.0 + theta * (a - s)).ln())
            .collect()
    };
    let (l0, l1) = (log_mle(s0), log_mle(s1));
    total
        * freq
            .iter()
            .zip(l0.iter().zip(&l1))
            .map(|(p, (l0, l1))| p * (l1 - l0))
            .sum::<f64>()
}

/// The root `θ` of `f(θ) = sum_i p_i (a_i - s) / (1 + θ (a_i - s))`, which
/// falls strictly from +inf to -inf on `(-1/(max a - s), -1/(min a - s))`
/// when `min a < s < max a` and every `p_i > 0`: bisection to machine
/// precision, never evaluating the poles at the ends.
fn mle_theta(freq: &[f64], scores: &[f64], s: f64) -> f64 {
    let f = |theta: f64| -> f64 {
        freq.iter()
            .zip(scores)
            .map(|(p, a)| p * (a - s) / (1.0 + theta * (a - s)))
            .sum()
    };
    let max = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = scores.iter().copied().fold(f64::INFINITY, f64::min);
    let (mut lo, mut hi) = (-1.0 / (max - s), -1.0 / (min - s));
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
    0.5 * (lo + hi)
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
