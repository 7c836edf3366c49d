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
//!   scores at elo0, elo1; bounds `ln(beta/(1-alpha))`, `ln((1-beta)/alpha)`.

use chimera::tournament::stats::{
    elo_from_score, erf, score_from_elo, EloEstimate, Sprt, SprtDecision, Tally,
};

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
