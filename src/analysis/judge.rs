//! How much a move lost, and what it is called: lichess's judgements on
//! each variant's own win-rate model.
//!
//! A position's worth to a side is its expectation `W - L` (win minus loss
//! chance, from -1 to +1) under the variant's fitted model
//! (`crate::eval::win_rate`, docs/wdl.md), certain for a mate. A move's
//! loss is the mover's expectation before it (the engine's best) minus
//! after it. lichess judges its own win-chance curve the same way, with
//! the thresholds kept here: 0.1 an inaccuracy, 0.2 a mistake, 0.3 a
//! blunder (docs/analysis.md).

use crate::eval::win_rate::WinRate;
use crate::search::score::wdl;

/// The judgement of a move that lost something.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// Every judgement, mildest first.
    pub const ALL: [Judgement; 3] = [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// The least loss of expectation (of 2) that earns it.
    pub const fn threshold(self) -> f64 {
        match self {
            Judgement::Inaccuracy => 0.1,
            Judgement::Mistake => 0.2,
            Judgement::Blunder => 0.3,
        }
    }

    /// The numeric annotation glyph: `$6` (`?!`), `$2` (`?`), `$4` (`??`).
    pub const fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }

    /// The judgement of a loss of `loss` in expectation, if any.
    pub fn of_loss(loss: f64) -> Option<Judgement> {
        Judgement::ALL
            .into_iter()
            .rev()
            .find(|j| loss >= j.threshold() - 1e-9)
    }
}

/// The expectation `W - L`, from -1 to +1, of a side whose search score is
/// `score` (centipawns or a mate score) under `rate`.
pub fn expectation(score: i32, rate: &WinRate) -> f64 {
    let w = wdl(score, rate);
    (f64::from(w.win) - f64::from(w.loss)) / 1000.0
}

/// Centipawns for the average loss, as lichess counts it: scores capped at
/// ±1000, a mate counting as the cap.
pub fn capped_cp(score: i32) -> i32 {
    score.clamp(-1000, 1000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::MATE;

    #[test]
    fn losses_are_judged_at_lichess_thresholds() {
        assert_eq!(Judgement::of_loss(0.0), None);
        assert_eq!(Judgement::of_loss(0.099), None);
        assert_eq!(Judgement::of_loss(0.1), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of_loss(0.2), Some(Judgement::Mistake));
        assert_eq!(Judgement::of_loss(0.29), Some(Judgement::Mistake));
        assert_eq!(Judgement::of_loss(0.3), Some(Judgement::Blunder));
        assert_eq!(Judgement::of_loss(2.0), Some(Judgement::Blunder));
        assert_eq!(Judgement::Blunder.nag(), 4);
        assert_eq!(Judgement::Mistake.nag(), 2);
        assert_eq!(Judgement::Inaccuracy.nag(), 6);
    }

    #[test]
    fn expectation_is_win_minus_loss_and_certain_for_mates() {
        let rate = WinRate { a: 200.0, b: 50.0 };
        assert_eq!(expectation(MATE - 3, &rate), 1.0);
        assert_eq!(expectation(-(MATE - 2), &rate), -1.0);
        assert!(expectation(0, &rate).abs() < 1e-9);
        // At the score `a` a win is as likely as not; a loss is unlikely.
        let at_a = expectation(200, &rate);
        assert!((0.45..=0.5).contains(&at_a), "{at_a}");
        assert!((expectation(-200, &rate) + at_a).abs() < 1e-9);
        assert_eq!(capped_cp(MATE), 1000);
        assert_eq!(capped_cp(-250), -250);
    }
}
