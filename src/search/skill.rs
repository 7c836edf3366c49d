//! Playing strength below full: Stockfish's `Skill Level` (0-20) and
//! `UCI_LimitStrength`/`UCI_Elo`, done as Stockfish does it. A weakened
//! search looks `1 + level` plies deep with at least four lines, and then
//! picks among them with a random push that grows with the weakness and
//! with how far a line is behind the best: a much worse line (a hung piece,
//! a missed mate) is never worth the push, so the weak levels still take a
//! mate in one and keep their pieces, and they lose by missing plans and
//! tactics deeper than they look.

use crate::rng::SplitMix64;

/// The top level: full strength, nothing changed.
pub const MAX_LEVEL: f64 = 20.0;

/// The Elo range `UCI_Elo` offers: the levels measured below, up to full
/// strength.
pub const MIN_ELO: u32 = 1110;
pub const MAX_ELO: u32 = 2180;

/// Skill levels and the Elo each played at against Stockfish 15.1 with
/// `UCI_LimitStrength` in chess at 10+0.1 (40 to 60 games each,
/// docs/strength-levels.md), lowest first: `UCI_Elo` is interpolated
/// between them. Level 0 scored -241 against `UCI_Elo` 1350, level 6 +117
/// against 1600, level 12 -26 against 2000, level 16 -26 against 2100, and
/// full strength (level 20) -70 against 2250.
const CALIBRATION: [(f64, f64); 5] = [
    (0.0, 1110.0),
    (6.0, 1720.0),
    (12.0, 1975.0),
    (16.0, 2075.0),
    (MAX_LEVEL, 2180.0),
];

/// How strongly to play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    /// From 0 to [`MAX_LEVEL`]; a fraction moves the weakness between
    /// levels (as `UCI_Elo` needs).
    pub level: f64,
}

impl Default for Skill {
    fn default() -> Self {
        Skill { level: MAX_LEVEL }
    }
}

impl Skill {
    pub fn from_level(level: u32) -> Skill {
        Skill {
            level: f64::from(level).min(MAX_LEVEL),
        }
    }

    /// The level that plays at about `elo` (clamped to the range).
    pub fn from_elo(elo: u32) -> Skill {
        let elo = f64::from(elo.clamp(MIN_ELO, MAX_ELO));
        let level = CALIBRATION.windows(2).find(|w| elo <= w[1].1).map_or(
            CALIBRATION[CALIBRATION.len() - 1].0,
            |w| {
                let ((l0, e0), (l1, e1)) = (w[0], w[1]);
                l0 + (l1 - l0) * (elo - e0) / (e1 - e0)
            },
        );
        Skill { level }
    }

    /// Below full strength.
    pub fn weakened(&self) -> bool {
        self.level < MAX_LEVEL
    }

    /// The deepest iteration a weakened search runs.
    pub fn depth(&self) -> i32 {
        1 + self.level as i32
    }

    /// Lines a weakened search keeps to choose among.
    pub const LINES: usize = 4;

    /// Stockfish's pick: each line's score plus a push of
    /// `(weakness * (best - score) + delta * random(weakness)) / 128`, where
    /// `weakness` is `120 - 2 * level` and `delta` the spread of the scores
    /// up to a pawn; the highest wins. Unlike Stockfish, a line more than
    /// `weakness` centipawns behind the best is never a candidate: the push
    /// nearly makes up any gap, so Stockfish's weakest levels hang pieces
    /// at random, which a person learning a variant gets nothing from.
    /// `scores` are the lines' scores, best first; returns a line's index.
    pub fn pick(&self, scores: &[i32], rng: &mut SplitMix64) -> usize {
        let Some(&best) = scores.first() else {
            return 0;
        };
        let weakness = 120.0 - 2.0 * self.level;
        let candidates = scores
            .iter()
            .take_while(|&&s| f64::from(best - s) <= weakness)
            .count();
        let scores = &scores[..candidates];
        let delta = f64::from((best - scores[scores.len() - 1]).min(100));
        let mut chosen = 0;
        let mut top = f64::MIN;
        for (i, &score) in scores.iter().enumerate() {
            let random = (rng.next_u64() % weakness.max(1.0) as u64) as f64;
            let push = (weakness * f64::from(best - score) + delta * random) / 128.0;
            let value = f64::from(score) + push;
            if value > top {
                top = value;
                chosen = i;
            }
        }
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_maps_through_the_calibration_onto_levels() {
        assert_eq!(Skill::from_elo(0).level, 0.0);
        assert_eq!(Skill::from_elo(MIN_ELO).level, CALIBRATION[0].0);
        assert_eq!(Skill::from_elo(10_000).level, MAX_LEVEL);
        assert!(
            !Skill::from_elo(MAX_ELO).weakened(),
            "the top of the range is full strength"
        );
        assert!(Skill::from_elo(MAX_ELO - 1).weakened());
        let mid = Skill::from_elo(1415).level;
        assert!((mid - 3.0).abs() < 1e-9, "{mid}");
        assert!(Skill::from_elo(1900).level > Skill::from_elo(1800).level);
        assert!(!Skill::default().weakened());
        assert!(Skill::from_level(19).weakened());
        assert_eq!(Skill::from_level(0).depth(), 1);
    }

    #[test]
    fn a_line_far_behind_is_never_picked() {
        let mut rng = SplitMix64::new(9);
        let weakest = Skill::from_level(0);
        // A mate, or a piece ahead of the rest: always the first line.
        for scores in [[30_000, 40, 20, 10], [350, 20, 10, 0]] {
            for _ in 0..1000 {
                assert_eq!(weakest.pick(&scores, &mut rng), 0, "{scores:?}");
            }
        }
        // Lines a few centipawns apart: the weak level varies its choice.
        let close = [30, 25, 20, 15];
        let picked: std::collections::HashSet<usize> =
            (0..200).map(|_| weakest.pick(&close, &mut rng)).collect();
        assert!(picked.len() > 1, "{picked:?}");
    }
}
