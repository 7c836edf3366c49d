//! Elo, LOS and SPRT arithmetic of the match runner against worked
//! examples. The expected values were computed by hand from the formulas
//! (checked with a pocket calculator / Python's `math` module), not by the
//! code under test:
//!
//! - score `s = (W + D/2) / N`, Elo `= -400 log10(1/s - 1)`;
//! - trinomial variance `var = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / N`,
//!   95% interval `elo(s -/+ 1.959964 sqrt(var/N))`;
//! - `LOS = 1/2 (1 + erf((W-L) / sqrt(2 (W+L))))`;
//! - `LLR = N (s1-s0) (2s - s0 - s1) / (2 var)` with `s0, s1` the expected
//!   scores at elo0, elo1; bounds `ln(beta/(1-alpha))`, `ln((1-beta)/alpha)`;
//! - pentanomial (game pairs, fastchess / OpenBench): pair score / 2 in
//!   `{0, 1/4, 1/2, 3/4, 1}` for `[LL, LD, DD+WL, WD, WW]`, its mean `s` and
//!   per-pair variance, Elo interval `elo(s -/+ 1.959964 sqrt(var/pairs))`,
//!   and the LLR of fastchess's `SPRT::getLLR` (pentanomial, logistic).
//!
//! The pentanomial LLR values come from an independent script (mpmath at 30
//! digits) that finds the maximum likelihood distributions by solving the
//! Lagrange conditions `p̂_i / p_i = λ + μ a_i`, `sum p_i = 1`,
//! `sum a_i p_i = s` with Newton's method (or, for the extreme examples,
//! by bisecting the dual equation at 30 digits), not with the bisection
//! in double precision of the code under test:
//!
//! ```python
//! from mpmath import mp, mpf, findroot, log, log10
//! mp.dps = 30
//! A = [mpf(0), mpf('0.25'), mpf('0.5'), mpf('0.75'), mpf(1)]
//! lscore = lambda e: 1 / (1 + mpf(10) ** (-mpf(e) / 400))
//! def mle(ph, s):
//!     F = lambda *x: [ph[i] - x[i] * (x[5] + x[6] * A[i]) for i in range(5)] + [
//!         sum(x[:5]) - 1, sum(a * q for a, q in zip(A, x[:5])) - s]
//!     return findroot(F, list(ph) + [mpf(1), mpf(0)])[:5]
//! def llr(c, e0, e1):
//!     c = [mpf(x) if x else mpf('0.001') for x in c]
//!     ph = [x / sum(c) for x in c]
//!     p0, p1 = mle(ph, lscore(e0)), mle(ph, lscore(e1))
//!     return sum(c) * sum(q * log(b / a) for q, a, b in zip(ph, p0, p1))
//! print(llr([2, 10, 50, 12, 6], 0, 5))  # 0.388387074141
//! ```

use chimera::tournament::args::TournamentKind;
use chimera::tournament::record::{GameRecord, GameResult, Termination};
use chimera::tournament::scheduler::schedule;
use chimera::tournament::stats::{
    elo_from_score, erf, normalized_elo, score_from_elo, EloEstimate, Pentanomial, Sprt,
    SprtDecision, Tally,
};
use chimera::tournament::Standings;

fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} differs from {expected} by more than {tolerance}"
    );
}

#[test]
fn elo_of_simple_scores() {
    close(elo_from_score(0.5), 0.0, 1e-12);
    // 3:1 odds: 400 log10(3) = 190.848502.
    close(elo_from_score(0.75), 190.848_502, 1e-5);
    close(elo_from_score(0.25), -190.848_502, 1e-5);
    // 10:1 odds are exactly 400 Elo.
    close(elo_from_score(10.0 / 11.0), 400.0, 1e-9);
    assert_eq!(elo_from_score(1.0), f64::INFINITY);
    assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    close(score_from_elo(400.0), 10.0 / 11.0, 1e-12);
    close(score_from_elo(elo_from_score(0.6)), 0.6, 1e-12);
}

#[test]
fn erf_matches_tabulated_values() {
    // Abramowitz & Stegun table 7.1.
    close(erf(0.0), 0.0, 1e-7);
    close(erf(0.5), 0.520_499_878, 1e-7);
    close(erf(1.0), 0.842_700_793, 1e-7);
    close(erf(-2.0), -0.995_322_265, 1e-7);
    close(erf(3.0), 0.999_977_910, 1e-7);
}

#[test]
fn thirty_twenty_ten() {
    // W 30, D 20, L 10: s = 40/60 = 2/3, Elo = 400 log10(2) = 120.412.
    // var = (30/9 + 20/36 + 10*4/9) / 60 = 8.3333/60 = 0.138889,
    // sqrt(var/60) = 0.048113, s -/+ 1.96 * that = 0.572368 .. 0.760965,
    // i.e. 50.642 .. 201.162 Elo (margin 75.260).
    // LOS = 1/2 (1 + erf(20 / sqrt(80))) = 0.999217.
    let t = Tally::new(30, 20, 10);
    assert_eq!(t.games(), 60);
    assert_eq!(t.points(), 40.0);
    close(t.variance(), 0.138_888_889, 1e-9);
    let e = EloEstimate::from_tally(&t);
    close(e.elo, 120.411_998, 1e-5);
    close(e.low, 50.641_957, 1e-4);
    close(e.high, 201.161_731, 1e-4);
    close(e.margin(), 75.259_887, 1e-4);
    close(e.los, 0.999_217, 1e-6);
}

#[test]
fn a_typical_engine_test_result() {
    // W 86, D 264, L 50 of 400: s = 0.545, Elo +31.35 +/- 19.80,
    // the shape cutechess-cli prints for such a match.
    let t = Tally::new(86, 264, 50);
    close(t.score(), 0.545, 1e-12);
    close(t.variance(), 0.082_975, 1e-9);
    let e = EloEstimate::from_tally(&t);
    close(e.elo, 31.354_042, 1e-5);
    close(e.margin(), 19.797_450, 1e-4);
    close(e.low, 11.658_228, 1e-4);
    close(e.high, 51.253_127, 1e-4);
    // LOS = 1/2 (1 + erf(36 / sqrt(272))) = 0.998989.
    close(e.los, 0.998_989, 1e-6);
    // The opponent's view is the mirror image.
    let r = EloEstimate::from_tally(&t.reversed());
    close(r.elo, -31.354_042, 1e-5);
    close(r.los, 1.0 - 0.998_989, 1e-6);
}

#[test]
fn draws_only_carry_no_information() {
    let t = Tally::new(0, 10, 0);
    let e = EloEstimate::from_tally(&t);
    close(e.elo, 0.0, 1e-12);
    close(e.los, 0.5, 1e-12);
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    assert_eq!(sprt.llr(&t), 0.0);
    assert_eq!(sprt.llr(&Tally::default()), 0.0);
    assert_eq!(sprt.decision(&t), SprtDecision::Continue);
}

#[test]
fn sprt_bounds() {
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    let (lower, upper) = sprt.bounds();
    // ln(0.05/0.95) and ln(0.95/0.05): the +/-2.94 fishtest shows.
    close(lower, -2.944_439, 1e-6);
    close(upper, 2.944_439, 1e-6);
    let skewed = Sprt {
        alpha: 0.05,
        beta: 0.1,
        ..sprt
    };
    let (lower, upper) = skewed.bounds();
    close(lower, -2.251_292, 1e-6); // ln(0.1/0.95)
    close(upper, 2.890_372, 1e-6); // ln(0.9/0.05)
}

#[test]
fn sprt_llr_worked_examples() {
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    // s0 = 0.5, s1 = 1/(1+10^(-5/400)) = 0.507195.
    // W 1000, D 2000, L 900: N 3900, s = 0.512821, var = 0.121631:
    // LLR = 3900 * 0.007195 * (1.025641 - 1.007195) / 0.243261 = 2.1278.
    let t = Tally::new(1000, 2000, 900);
    close(sprt.llr(&t), 2.127_790, 1e-4);
    assert_eq!(sprt.decision(&t), SprtDecision::Continue);
    // Reversed, the score is below s0: LLR = -3.7877 < -2.944, H0.
    close(sprt.llr(&t.reversed()), -3.787_734, 1e-4);
    assert_eq!(sprt.decision(&t.reversed()), SprtDecision::AcceptH0);
    // W 86, D 264, L 50: LLR = 1.4361.
    close(sprt.llr(&Tally::new(86, 264, 50)), 1.436_067, 1e-4);
    // Twice the games at the same rates doubles the LLR: 2.872, still open;
    // three times: 4.308, H1.
    close(sprt.llr(&Tally::new(172, 528, 100)), 2.872_133, 1e-4);
    assert_eq!(
        sprt.decision(&Tally::new(258, 792, 150)),
        SprtDecision::AcceptH1
    );
}

const SPRT_0_5: Sprt = Sprt {
    elo0: 0.0,
    elo1: 5.0,
    alpha: 0.05,
    beta: 0.05,
};

/// A pentanomial from fastchess's `Ptnml(0-2)` order `[LL, LD, DD+WL, WD,
/// WW]`, with the middle bucket as draw-draw pairs.
fn ptnml(counts: [u32; 5]) -> Pentanomial {
    let [ll, ld, dd, wd, ww] = counts;
    Pentanomial {
        ll,
        ld,
        wl: 0,
        dd,
        wd,
        ww,
    }
}

#[test]
fn pairs_fall_into_five_buckets() {
    let mut p = Pentanomial::default();
    // Half points of the first engine in the two games (0 loss, 1 draw, 2 win).
    for (a, b) in [
        (0, 0),
        (0, 1),
        (1, 0),
        (2, 0),
        (1, 1),
        (0, 2),
        (1, 2),
        (2, 2),
    ] {
        p.add_pair(a, b);
    }
    assert_eq!(
        p,
        Pentanomial {
            ll: 1,
            ld: 2,
            wl: 2,
            dd: 1,
            wd: 1,
            ww: 1
        }
    );
    assert_eq!(p.counts(), [1, 2, 3, 1, 1]);
    assert_eq!(p.pairs(), 8);
    assert_eq!(p.reversed().counts(), [1, 1, 3, 2, 1]);
    // 16 games: W = 2 WW + WD + WL = 5, D = WD + 2 DD + LD = 5, L = 6.
    assert_eq!(p.tally(), Tally::new(5, 5, 6));
    assert_eq!(p.reversed().tally(), Tally::new(6, 5, 5));
}

#[test]
fn pentanomial_worked_example() {
    // Ptnml(0-2) [2, 10, 50, 12, 6]: 80 pairs, the 50 split into 20 WL and
    // 30 DD (they share a bucket).
    let p = Pentanomial {
        ll: 2,
        ld: 10,
        wl: 20,
        dd: 30,
        wd: 12,
        ww: 6,
    };
    assert_eq!(p.counts(), [2, 10, 50, 12, 6]);
    assert_eq!(p.pairs(), 80);
    // Mean pair score / 2: (0*2 + 0.25*10 + 0.5*50 + 0.75*12 + 1*6) / 80
    //   = (2.5 + 25 + 9 + 6) / 80 = 42.5 / 80 = 0.53125 (= 17/32).
    close(p.score(), 0.531_25, 1e-15);
    // The 160 games: W 44, D 82, L 34, the same mean score.
    assert_eq!(p.tally(), Tally::new(44, 82, 34));
    close(p.tally().score(), 0.531_25, 1e-15);
    // Deviations a - s: -0.53125, -0.28125, -0.03125, 0.21875, 0.46875;
    // squared, times the counts: 2*0.2822265625 + 10*0.0791015625
    //   + 50*0.0009765625 + 12*0.0478515625 + 6*0.2197265625
    //   = 0.564453125 + 0.791015625 + 0.048828125 + 0.57421875 + 1.318359375
    //   = 3.296875; / 80 = 0.0412109375 per pair.
    close(p.variance(), 0.041_210_937_5, 1e-15);
    // Elo = -400 log10(32/17 - 1) = 400 log10(17/15) = 21.743065.
    // sqrt(var / 80) = 0.0226966, times 1.959964 = 0.0444846:
    // s in [0.4867654, 0.5757346] = [-9.198466, +53.033861] Elo
    // (+/- 31.116163, the half width fastchess prints).
    // LOS = 1/2 (1 + erf(0.03125 / sqrt(2 var / 80))) = 0.9157217.
    let e = EloEstimate::from_pentanomial(&p);
    close(e.elo, 21.743_064_929, 1e-8);
    close(e.low, -9.198_466_032, 1e-7);
    close(e.high, 53.033_860_772, 1e-7);
    close(e.margin(), 31.116_163_402, 1e-7);
    close(e.los, 0.915_721_734, 1e-6);
    // The same 160 games counted one by one (trinomial) have the same Elo
    // but per-game variance 0.1208984, i.e. 0.0604492 for the mean of two
    // independent games, against 0.0412109 observed per pair: the pairs are
    // more alike than independent games, and the trinomial interval is
    // wider: [-15.733168, +59.733546] (+/- 37.733357).
    let t = EloEstimate::from_tally(&p.tally());
    close(t.elo, e.elo, 1e-9);
    close(t.low, -15.733_167_696, 1e-6);
    close(t.high, 59.733_546_257, 1e-6);
    // nElo = 0.03125 / sqrt(2 var) * 800 / ln 10 = 37.818393, half width
    // 1.959964 / sqrt(160) * 800 / ln 10 = 53.834712.
    let (nelo, nmargin) = normalized_elo(&p).unwrap();
    close(nelo, 37.818_393_380, 1e-7);
    close(nmargin, 53.834_712_488, 1e-7);
    // The opponent's view is the mirror image.
    let r = EloEstimate::from_pentanomial(&p.reversed());
    close(r.elo, -21.743_064_929, 1e-8);
    close(r.low, -53.033_860_772, 1e-7);
    close(r.los, 1.0 - 0.915_721_734, 1e-6);
}

#[test]
fn pentanomial_llr_worked_example() {
    // elo0 = 0, elo1 = 5: s0 = 0.5, s1 = 1/(1 + 10^(-5/400)) = 0.507195082.
    // No bucket is empty, so no regularisation; p̂ = counts / 80.
    // Maximum likelihood distributions p_i = p̂_i / (1 + θ (a_i - s)):
    //   s0: θ0 = 0.758766883, p0 = [0.0402825, 0.1542623, 0.625, 0.1260831, 0.0543721]
    //   s1: θ1 = 0.589537715, p1 = [0.0356639, 0.1473407, 0.6276624, 0.1312172, 0.0581158]
    //   (each sums to 1 and has mean s0, s1 respectively).
    // LLR = 80 * sum p̂_i ln(p1_i / p0_i)
    //     = 80 * (-0.00304448 - 0.00573832 + 0.00265675 + 0.00598695 + 0.00499394)
    //     = 0.388387074.
    // The normal approximation 80 (s1 - s0) (2 s - s0 - s1) / (2 var)
    //     = 80 * 0.00719508 * 0.05530492 / 0.08242188 = 0.386230870 is close.
    let p = ptnml([2, 10, 50, 12, 6]);
    close(SPRT_0_5.llr_pentanomial(&p), 0.388_387_074_141, 1e-9);
    let s0 = score_from_elo(0.0);
    let s1 = score_from_elo(5.0);
    let approx = 80.0 * (s1 - s0) * (2.0 * p.score() - s0 - s1) / (2.0 * p.variance());
    close(approx, 0.386_230_869_915, 1e-9);
    assert_eq!(SPRT_0_5.decision_pentanomial(&p), SprtDecision::Continue);
    // Swapping the hypotheses negates the LLR; so does looking from the
    // other side with the Elo bounds negated.
    let swapped = Sprt {
        elo0: 5.0,
        elo1: 0.0,
        ..SPRT_0_5
    };
    close(swapped.llr_pentanomial(&p), -0.388_387_074_141, 1e-9);
    let mirrored = Sprt {
        elo0: -5.0,
        elo1: 0.0,
        ..SPRT_0_5
    };
    close(
        mirrored.llr_pentanomial(&p.reversed()),
        -0.388_387_074_141,
        1e-9,
    );
    // The reversed counts against elo0 = 0, elo1 = 5 (independent value).
    close(
        SPRT_0_5.llr_pentanomial(&p.reversed()),
        -0.483_506_889_187,
        1e-9,
    );
    // Ten times the pairs at the same rates: exactly ten times the LLR
    // (the frequencies are the same), 3.88 > 2.944: H1.
    let p10 = ptnml([20, 100, 500, 120, 60]);
    close(SPRT_0_5.llr_pentanomial(&p10), 3.883_870_741_41, 1e-8);
    assert_eq!(SPRT_0_5.decision_pentanomial(&p10), SprtDecision::AcceptH1);
}

#[test]
fn pentanomial_llr_matches_fastchess_tests() {
    // fastchess app/tests/sprt_test.cpp, "logistic pentanomial 1" and "2":
    // Stats(LL, LD, WL, DD, WD, WW), expected -3.07 and -4.98 within 1%.
    // The exact values (mpmath, see the top of this file): -3.07412643959
    // and -4.97867286345; fastchess's own root search (|Δθ| ≤ 0.001) gives
    // -3.07442 and -4.97961.
    let first = Pentanomial {
        ll: 223,
        ld: 9863,
        wl: 20279,
        dd: 1000,
        wd: 10037,
        ww: 246,
    };
    let sprt = Sprt {
        elo0: 0.5,
        elo1: 2.5,
        alpha: 0.05,
        beta: 0.05,
    };
    close(sprt.llr_pentanomial(&first), -3.074_126_439_59, 1e-6);
    assert_eq!(sprt.decision_pentanomial(&first), SprtDecision::AcceptH0);
    let second = Pentanomial {
        ll: 871,
        ld: 26175,
        wl: 55003,
        dd: 980,
        wd: 26678,
        ww: 821,
    };
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 2.0,
        ..sprt
    };
    close(sprt.llr_pentanomial(&second), -4.978_672_863_45, 1e-6);
}

#[test]
fn pentanomial_llr_with_empty_buckets() {
    // No pair yet: no information, LLR 0 (fastchess: about -1e-6).
    assert_eq!(SPRT_0_5.llr_pentanomial(&Pentanomial::default()), 0.0);
    assert_eq!(
        SPRT_0_5.decision_pentanomial(&Pentanomial::default()),
        SprtDecision::Continue
    );
    // Empty buckets count 0.001 each. A single WD pair: 0.0143010684.
    close(
        SPRT_0_5.llr_pentanomial(&ptnml([0, 0, 0, 1, 0])),
        0.014_301_068_370,
        1e-9,
    );
    // Unlike single games, draw pairs carry information: every pair DD
    // means the engines are equal with little spread, evidence for H0.
    // 100 DD pairs: -1.441647908; 1000: -14.48458061 (H0).
    close(
        SPRT_0_5.llr_pentanomial(&ptnml([0, 0, 100, 0, 0])),
        -1.441_647_908,
        1e-6,
    );
    let dd = ptnml([0, 0, 1000, 0, 0]);
    close(SPRT_0_5.llr_pentanomial(&dd), -14.484_580_61, 1e-5);
    assert_eq!(SPRT_0_5.decision_pentanomial(&dd), SprtDecision::AcceptH0);
    assert_eq!(EloEstimate::from_pentanomial(&dd).elo, 0.0);
    assert!(normalized_elo(&dd).is_none());
    // Every pair WD, elo0 = 0, elo1 = 50 (the match_fixtures SPRT example):
    // 0.13365326 per pair; 22 pairs give 2.939084605 (< 2.944439), 23 give
    // 3.072676456: H1 after the 46th game.
    let sprt = Sprt {
        elo1: 50.0,
        ..SPRT_0_5
    };
    close(
        sprt.llr_pentanomial(&ptnml([0, 0, 0, 1, 0])),
        0.133_653_260_1,
        1e-8,
    );
    let wd22 = ptnml([0, 0, 0, 22, 0]);
    close(sprt.llr_pentanomial(&wd22), 2.939_084_605, 1e-6);
    assert_eq!(sprt.decision_pentanomial(&wd22), SprtDecision::Continue);
    let wd23 = ptnml([0, 0, 0, 23, 0]);
    close(sprt.llr_pentanomial(&wd23), 3.072_676_456, 1e-6);
    assert_eq!(sprt.decision_pentanomial(&wd23), SprtDecision::AcceptH1);
    // All pairs WD: score 3/4 with no spread: Elo 400 log10(3), interval
    // of zero width, LOS 100%.
    let e = EloEstimate::from_pentanomial(&wd23);
    close(e.elo, 190.848_502, 1e-5);
    assert_eq!((e.low, e.high, e.los), (e.elo, e.elo, 1.0));
}

/// A finished game for the standings; only number, colours and result
/// matter to them.
fn game(number: u32, white: usize, black: usize, result: GameResult) -> GameRecord {
    GameRecord {
        number,
        white,
        black,
        variant: chimera::variants::VariantId::Chess,
        start_fen: None,
        moves: Vec::new(),
        movetext: Vec::new(),
        annotations: Vec::new(),
        opening_plies: 0,
        result,
        termination: Termination::Normal,
        reason: String::new(),
        healthy: [true, true],
    }
}

#[test]
fn games_of_one_opening_are_paired_whatever_the_finishing_order() {
    use GameResult::{BlackWins as B, Draw as D, WhiteWins as W};
    // Three engines, round-robin, 5 games per pairing: pairings (0,1),
    // (0,2), (1,2) play games 3r+1, 3r+2, 3r+3 in round r; rounds 2k and
    // 2k+1 share opening k with the colours reversed; round 4 (games 13-15)
    // has no partner.
    let jobs = schedule(3, TournamentKind::RoundRobin, 5, 2);
    let results = [
        // round 0: 0-1, 0-2, 1-2 (first engine white)
        W, B, W, // round 1: 1-0, 2-0, 2-1
        W, D, B, // round 2
        D, D, B, // round 3
        B, D, W, // round 4 (unpaired)
        W, W, D,
    ];
    // Expected, from the first engine of each pairing:
    // (0,1): opening 0: game 1 0 wins, game 4 (1 white) 1 wins: WL;
    //        opening 1: game 7 draw, game 10 (1 white) 0 wins: WD.
    // (0,2): opening 0: game 2 0 loses, game 5 draw: LD;
    //        opening 1: games 8 and 11 drawn: DD.
    // (1,2): opening 0: game 3 1 wins, game 6 (2 white) 1 wins: WW;
    //        opening 1: game 9 1 loses, game 12 (2 white) 1 loses: LL.
    let expected = [
        (
            (0, 1),
            Pentanomial {
                wl: 1,
                wd: 1,
                ..Pentanomial::default()
            },
        ),
        (
            (0, 2),
            Pentanomial {
                ld: 1,
                dd: 1,
                ..Pentanomial::default()
            },
        ),
        (
            (1, 2),
            Pentanomial {
                ww: 1,
                ll: 1,
                ..Pentanomial::default()
            },
        ),
    ];
    let records: Vec<GameRecord> = jobs
        .iter()
        .zip(results)
        .map(|(job, result)| game(job.number, job.white, job.black, result))
        .collect();
    // In order, reversed, and interleaved as concurrent workers finish.
    let mut orders: Vec<Vec<usize>> = vec![
        (0..15).collect(),
        (0..15).rev().collect(),
        vec![14, 3, 0, 7, 12, 1, 10, 5, 8, 2, 13, 11, 6, 9, 4],
    ];
    for order in orders.drain(..) {
        let mut standings = Standings::new(vec!["a".into(), "b".into(), "c".into()], &jobs, None);
        for &i in &order {
            standings.add(&records[i]);
        }
        assert_eq!(standings.games_played, 15);
        let got: Vec<_> = standings
            .pentanomials
            .iter()
            .map(|(&k, &v)| (k, v))
            .collect();
        assert_eq!(got, expected, "order {order:?}");
        assert_eq!(standings.unpaired_games(), 3);
        assert_eq!(standings.head_to_head_pentanomial(), expected[0].1);
        // Engine 2 against the field: (0,2) and (1,2) reversed:
        // DL -> LD becomes WD, DD stays, WW <-> LL.
        assert_eq!(
            standings.engine_pentanomial(2),
            Pentanomial {
                wd: 1,
                dd: 1,
                ll: 1,
                ww: 1,
                ..Pentanomial::default()
            }
        );
        let table = standings.table();
        assert!(
            table.contains("a vs b: 2 pairs, Ptnml(0-2): [0, 0, 1, 1, 0]"),
            "{table}"
        );
        assert!(
            table.contains("3 games of unfinished pairs are left out of the pentanomial figures"),
            "{table}"
        );
    }
}

#[test]
fn progress_line_and_sprt_use_complete_pairs() {
    use GameResult::{BlackWins, Draw};
    let jobs = schedule(2, TournamentKind::RoundRobin, 4, 2);
    let mut standings = Standings::new(vec!["new".into(), "old".into()], &jobs, Some(SPRT_0_5));
    // Game 1: new (white) draws.
    standings.add(&game(1, 0, 1, Draw));
    let line = standings.progress_line(&game(1, 0, 1, Draw));
    assert!(
        line.ends_with("| Ptnml(0-2): [0, 0, 0, 0, 0] LLR 0.00"),
        "{line}"
    );
    assert_eq!(standings.llr(), Some(0.0));
    // Game 2: old (white) loses: the pair is WD for new.
    let g2 = game(2, 1, 0, BlackWins);
    standings.add(&g2);
    let line = standings.progress_line(&g2);
    // Score 3/4 with no spread: +190.8 +/- 0.0; LLR 0.0143 (see above).
    assert!(
        line.ends_with("| Ptnml(0-2): [0, 0, 0, 1, 0] Elo +190.8 +/- 0.0 LLR 0.01"),
        "{line}"
    );
    assert_eq!(standings.sprt_decision(), Some(SprtDecision::Continue));
    // Game 3 leaves a pair open.
    standings.add(&game(3, 0, 1, Draw));
    let table = standings.table();
    assert!(table.contains("new vs old: 1 pair, Ptnml(0-2): [0, 0, 0, 1, 0], Elo +190.8 [+190.8, +190.8] (+/- 0.0), LOS 100.0%"), "{table}");
    assert!(
        table.contains("1 game of an unfinished pair is left out"),
        "{table}"
    );
    // Trinomial, W 1 D 2 L 0: s = 2/3, var = (1/9 + 2/36) / 3 = 0.0555556,
    // LLR = 3 * 0.0071951 * (4/3 - 1.0071951) / 0.1111111 = 0.0634.
    assert!(
        table.contains("LLR 0.01 [-2.94, 2.94] from 1 pair (trinomial LLR 0.06)"),
        "{table}"
    );
}
