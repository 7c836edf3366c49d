//! What `go` asked for, and the time budget derived from it.

use std::time::Duration;

use super::skill::Skill;

/// The limits of one search, as parsed from `go`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: u64,
    pub binc: u64,
    pub movestogo: Option<u64>,
    pub movetime: Option<u64>,
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    /// Stop once a mate in this many moves (or faster) is found.
    pub mate: Option<i32>,
    pub infinite: bool,
    pub ponder: bool,
    /// Root moves to consider (tokens); empty means all.
    pub searchmoves: Vec<String>,
    /// Playing strength (`Skill Level`, `UCI_Elo`); full by default.
    pub skill: Skill,
}

/// Soft and hard time limits for one move, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Don't start another iteration after this.
    pub soft: Duration,
    /// Abort the search at once after this.
    pub hard: Duration,
}

impl Limits {
    /// `go` named a clock (time, increment or moves to go) for either side.
    pub fn has_clock(&self) -> bool {
        self.wtime.is_some()
            || self.btime.is_some()
            || self.winc > 0
            || self.binc > 0
            || self.movestogo.is_some()
    }

    /// No limit at all: the search runs until `stop` (`infinite`, `ponder`,
    /// or a plain `go`).
    pub fn is_unbounded(&self) -> bool {
        self.infinite
            || self.ponder
            || (!self.has_clock()
                && self.movetime.is_none()
                && self.depth.is_none()
                && self.nodes.is_none()
                && self.mate.is_none())
    }

    /// The time budget for the side to move, or `None` when the search is
    /// not limited by time (depth, nodes, mate, infinite). Once `go` names
    /// any clock, a clock it leaves out for the side to move is empty.
    /// Without `movestogo` the clock is shared over `moves_left` moves.
    pub fn budget(
        &self,
        white_to_move: bool,
        move_overhead: u64,
        moves_left: u64,
    ) -> Option<TimeBudget> {
        if let Some(mt) = self.movetime {
            let t = mt.saturating_sub(move_overhead).max(1);
            return Some(TimeBudget {
                soft: Duration::from_millis(t),
                hard: Duration::from_millis(t),
            });
        }
        if !self.has_clock() {
            return None;
        }
        let (time, inc) = if white_to_move {
            (self.wtime.unwrap_or(0), self.winc)
        } else {
            (self.btime.unwrap_or(0), self.binc)
        };
        // Keep the overhead and 5% of the clock (at most 100 ms) in reserve:
        // a short clock must survive scheduling delays too.
        let reserve = move_overhead + (time / 20).min(100);
        let available = time.saturating_sub(reserve).max(1);
        let moves_left = self.movestogo.unwrap_or(moves_left).clamp(1, 60);
        // On a low clock the increment is what there is to spend.
        let soft = (available / moves_left + inc * 3 / 4)
            .min(available / 8)
            .max(1);
        let hard = (soft * 3).min(available / 4).max(soft);
        Some(TimeBudget {
            soft: Duration::from_millis(soft),
            hard: Duration::from_millis(hard),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(b: TimeBudget) -> (u128, u128) {
        (b.soft.as_millis(), b.hard.as_millis())
    }

    #[test]
    fn movetime_keeps_the_overhead() {
        let l = Limits {
            movetime: Some(1000),
            ..Limits::default()
        };
        assert_eq!(ms(l.budget(true, 10, 40).unwrap()), (990, 990));
    }

    #[test]
    fn a_short_clock_never_spends_what_it_has_not() {
        // 1+0.01 near the end: 30 ms left, 10 ms increment.
        let l = Limits {
            wtime: Some(30),
            btime: Some(5000),
            winc: 10,
            binc: 10,
            ..Limits::default()
        };
        let (soft, hard) = ms(l.budget(true, 10, 40).unwrap());
        assert!(hard < 30 - 10, "hard {hard}");
        assert!(soft <= hard && soft >= 1);
        let l = Limits {
            wtime: Some(0),
            ..Limits::default()
        };
        assert_eq!(ms(l.budget(true, 10, 40).unwrap()), (1, 1));
    }

    #[test]
    fn untimed_searches_have_no_budget() {
        let l = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        assert!(l.budget(true, 10, 40).is_none());
    }

    #[test]
    fn the_clock_is_shared_over_the_moves_left() {
        // 10 s + 0.1 s, overhead 10 ms: 100 ms kept back, 9890 ms to share.
        let l = Limits {
            wtime: Some(10_000),
            winc: 100,
            ..Limits::default()
        };
        // 9890 / 40 + 75 = 322 (and three times that as the hard limit).
        assert_eq!(ms(l.budget(true, 10, 40).unwrap()), (322, 966));
        // 9890 / 25 + 75 = 470.
        assert_eq!(ms(l.budget(true, 10, 25).unwrap()), (470, 1410));
        // `movestogo` wins over the default: 9890 / 5 + 75 is capped at
        // 9890 / 8, and the hard limit at 9890 / 4.
        let l = Limits {
            movestogo: Some(5),
            ..l
        };
        assert_eq!(ms(l.budget(true, 10, 25).unwrap()), (1236, 2472));
    }

    #[test]
    fn a_missing_clock_for_the_side_to_move_is_empty() {
        // `go wtime 1000` with Black to move: Black has no time, not all of it.
        let l = Limits {
            wtime: Some(1000),
            ..Limits::default()
        };
        assert_eq!(ms(l.budget(false, 10, 40).unwrap()), (1, 1));
        let l = Limits {
            winc: 100,
            binc: 100,
            ..Limits::default()
        };
        assert!(l.budget(true, 10, 40).unwrap().hard <= Duration::from_millis(100));
        let l = Limits {
            movestogo: Some(5),
            ..Limits::default()
        };
        assert_eq!(ms(l.budget(true, 10, 40).unwrap()), (1, 1));
        assert!(!l.is_unbounded());
        assert!(Limits::default().is_unbounded());
    }
}
