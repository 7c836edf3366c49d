//! Ending games early on the engines' own scores, or at a move limit.
//!
//! - Resign: when the side that just moved has reported a score of at most
//!   `-resign_score` for `resign_moves` consecutive moves of its own, and its
//!   opponent has reported at least `+resign_score` for as many of its own
//!   moves, the losing side is adjudicated lost (both engines agree).
//! - Draw: from full move `draw_movenumber` on, when both engines have
//!   reported `|score| <= draw_score` for `draw_moves` consecutive moves each.
//! - Move limit: a game reaching `max_moves` full moves is a draw.
//!
//! A move without a score resets that engine's streaks. A count of 0
//! switches the rule off.

use super::engine::Score;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AdjudicationRules {
    pub resign_score: i32,
    pub resign_moves: u32,
    pub draw_movenumber: u32,
    pub draw_moves: u32,
    pub draw_score: i32,
    pub max_moves: u32,
}

/// What the scores say after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreRuling {
    Continue,
    /// The side named (`true` = white) is adjudicated lost.
    Loss {
        white: bool,
    },
    Draw,
}

/// Streaks of each side's scores during one game (index 0 white, 1 black).
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    rules: AdjudicationRules,
    losing: [u32; 2],
    winning: [u32; 2],
    drawish: [u32; 2],
}

impl Adjudicator {
    pub fn new(rules: AdjudicationRules) -> Adjudicator {
        Adjudicator {
            rules,
            ..Adjudicator::default()
        }
    }

    /// Records the score the mover reported for the move it just made in
    /// full move `move_number` of the game, and judges.
    pub fn record(&mut self, white: bool, move_number: u32, score: Option<Score>) -> ScoreRuling {
        let me = usize::from(!white);
        let them = 1 - me;
        let cp = score.map(Score::centipawns);
        let bump = |streak: &mut u32, holds: bool| *streak = if holds { *streak + 1 } else { 0 };
        let r = self.rules;
        bump(
            &mut self.losing[me],
            cp.is_some_and(|cp| cp <= -r.resign_score),
        );
        bump(
            &mut self.winning[me],
            cp.is_some_and(|cp| cp >= r.resign_score),
        );
        bump(
            &mut self.drawish[me],
            cp.is_some_and(|cp| cp.abs() <= r.draw_score) && move_number >= r.draw_movenumber,
        );
        if r.resign_moves > 0 {
            for side in [me, them] {
                if self.losing[side] >= r.resign_moves && self.winning[1 - side] >= r.resign_moves {
                    return ScoreRuling::Loss { white: side == 0 };
                }
            }
        }
        if r.draw_moves > 0 && self.drawish.iter().all(|&n| n >= r.draw_moves) {
            return ScoreRuling::Draw;
        }
        ScoreRuling::Continue
    }

    /// Whether the game has reached the move limit after `plies` plies.
    pub fn move_limit_reached(&self, plies: usize) -> bool {
        self.rules.max_moves > 0 && plies >= 2 * self.rules.max_moves as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resign_rules() -> AdjudicationRules {
        AdjudicationRules {
            resign_score: 600,
            resign_moves: 3,
            ..AdjudicationRules::default()
        }
    }

    #[test]
    fn resigns_only_when_both_agree_for_long_enough() {
        let mut a = Adjudicator::new(resign_rules());
        // White thinks it wins, black agrees it loses: 3 moves each.
        for n in 1..=2 {
            assert_eq!(
                a.record(true, n, Some(Score::Cp(700))),
                ScoreRuling::Continue
            );
            assert_eq!(
                a.record(false, n, Some(Score::Cp(-650))),
                ScoreRuling::Continue
            );
        }
        assert_eq!(
            a.record(true, 3, Some(Score::Cp(800))),
            ScoreRuling::Continue
        );
        assert_eq!(
            a.record(false, 3, Some(Score::Mate(-4))),
            ScoreRuling::Loss { white: false }
        );
    }

    #[test]
    fn a_dissenting_or_silent_move_resets_the_streak() {
        let mut a = Adjudicator::new(resign_rules());
        for n in 1..=2 {
            a.record(true, n, Some(Score::Cp(700)));
            a.record(false, n, Some(Score::Cp(-700)));
        }
        a.record(true, 3, None);
        assert_eq!(
            a.record(false, 3, Some(Score::Cp(-700))),
            ScoreRuling::Continue
        );
        a.record(true, 4, Some(Score::Cp(700)));
        assert_eq!(
            a.record(false, 4, Some(Score::Cp(-100))),
            ScoreRuling::Continue
        );
    }

    #[test]
    fn draws_after_the_move_number_when_both_are_level() {
        let rules = AdjudicationRules {
            draw_movenumber: 10,
            draw_moves: 2,
            draw_score: 5,
            ..AdjudicationRules::default()
        };
        let mut a = Adjudicator::new(rules);
        for n in 1..10 {
            assert_eq!(a.record(true, n, Some(Score::Cp(0))), ScoreRuling::Continue);
            assert_eq!(
                a.record(false, n, Some(Score::Cp(0))),
                ScoreRuling::Continue
            );
        }
        assert_eq!(
            a.record(true, 10, Some(Score::Cp(3))),
            ScoreRuling::Continue
        );
        assert_eq!(
            a.record(false, 10, Some(Score::Cp(-5))),
            ScoreRuling::Continue
        );
        assert_eq!(
            a.record(true, 11, Some(Score::Cp(-1))),
            ScoreRuling::Continue
        );
        assert_eq!(a.record(false, 11, Some(Score::Cp(0))), ScoreRuling::Draw);
    }

    #[test]
    fn rules_off_by_default() {
        let mut a = Adjudicator::new(AdjudicationRules::default());
        for n in 1..100 {
            assert_eq!(
                a.record(n % 2 == 0, n, Some(Score::Mate(-1))),
                ScoreRuling::Continue
            );
        }
        assert!(!a.move_limit_reached(10_000));
        let limited = Adjudicator::new(AdjudicationRules {
            max_moves: 5,
            ..AdjudicationRules::default()
        });
        assert!(!limited.move_limit_reached(9));
        assert!(limited.move_limit_reached(10));
    }
}
