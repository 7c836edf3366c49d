//! How much of its soft time limit a search spends, from what its
//! iterations say: a best turn that keeps changing, a score that drops, or
//! nodes spread over many root turns ask for more time; a stable best turn
//! that takes most of the nodes asks for less.

/// The factor on the soft limit after each stability count (0: the best
/// turn just changed).
const STABILITY: [f64; 5] = [2.2, 1.4, 1.0, 0.85, 0.75];

pub struct SoftLimitScale {
    best: u32,
    stable: usize,
    previous_score: Option<i32>,
    /// A score drop of this many centipawns doubles the limit.
    score_drop_divisor: f64,
}

impl SoftLimitScale {
    pub fn new(score_drop_divisor: i32) -> SoftLimitScale {
        SoftLimitScale {
            best: 0,
            stable: 0,
            previous_score: None,
            score_drop_divisor: f64::from(score_drop_divisor.max(1)),
        }
    }

    /// After a finished iteration: its best turn's code, its score, and the
    /// share (0..=1) of the iteration's root nodes spent below that turn.
    /// Returns the factor on the soft limit.
    pub fn update(&mut self, best: u32, score: i32, best_share: f64) -> f64 {
        if best == self.best {
            self.stable = (self.stable + 1).min(STABILITY.len() - 1);
        } else {
            self.best = best;
            self.stable = 0;
        }
        let drop = self
            .previous_score
            .map_or(0, |previous| (previous - score).clamp(-100, 200));
        self.previous_score = Some(score);
        let stability = STABILITY[self.stable];
        let score_drop = 1.0 + f64::from(drop) / self.score_drop_divisor;
        let node_share = (1.5 - best_share.clamp(0.0, 1.0)) * 1.35;
        stability * score_drop * node_share
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stable_dominant_turn_needs_less_time_than_a_changing_one() {
        let mut scale = SoftLimitScale::new(200);
        let first = scale.update(7, 10, 0.5);
        let mut stable = first;
        for _ in 0..5 {
            stable = scale.update(7, 10, 0.95);
        }
        assert!(stable < 1.0 && stable < first, "{stable} {first}");
        let changed = scale.update(9, 10, 0.5);
        assert!(changed > 2.0, "{changed}");
    }

    #[test]
    fn a_dropping_score_asks_for_more_time() {
        let mut a = SoftLimitScale::new(200);
        let mut b = SoftLimitScale::new(200);
        a.update(7, 50, 0.8);
        b.update(7, 50, 0.8);
        let kept = a.update(7, 50, 0.8);
        let dropped = b.update(7, -100, 0.8);
        assert!(dropped > kept * 1.3, "{dropped} {kept}");
    }
}
