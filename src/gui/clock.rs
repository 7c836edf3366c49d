//! Chess clocks for play mode: a time control with increment for both
//! sides, kept on the server (the engine's search limits come from it, and
//! a side whose time runs out loses on time whoever reads the state).

use std::time::Instant;

use serde::Serialize;

/// The clocks as the page shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    pub white_ms: u64,
    pub black_ms: u64,
    pub increment_ms: u64,
    /// The side whose clock runs: `white`, `black`, or absent when stopped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub running: Option<&'static str>,
    /// The side whose time ran out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flagged: Option<&'static str>,
}

fn side(white: bool) -> &'static str {
    if white {
        "white"
    } else {
        "black"
    }
}

/// Both sides' time, one of them running.
#[derive(Clone, Debug)]
pub struct Clock {
    /// Milliseconds left at `since` (White, Black); may go below zero.
    left: [i64; 2],
    increment_ms: u64,
    /// The side to move, whose clock runs from `since`; `None` when
    /// stopped (the game is over).
    running: Option<bool>,
    since: Instant,
}

fn index(white: bool) -> usize {
    usize::from(!white)
}

impl Clock {
    /// `base_ms` each, `increment_ms` after every turn; the side to move's
    /// clock runs from `now`.
    pub fn new(base_ms: u64, increment_ms: u64, white_to_move: bool, now: Instant) -> Clock {
        let base = i64::try_from(base_ms).unwrap_or(i64::MAX);
        Clock {
            left: [base, base],
            increment_ms,
            running: Some(white_to_move),
            since: now,
        }
    }

    /// Milliseconds `white`'s side has at `now` (below zero once out).
    fn left_at(&self, white: bool, now: Instant) -> i64 {
        let mut left = self.left[index(white)];
        if self.running == Some(white) {
            let spent = now.saturating_duration_since(self.since).as_millis();
            left -= i64::try_from(spent).unwrap_or(i64::MAX);
        }
        left
    }

    /// The side whose time has run out at `now`, if any (`true`: White).
    pub fn flagged(&self, now: Instant) -> Option<bool> {
        [true, false]
            .into_iter()
            .find(|&white| self.left_at(white, now) <= 0)
    }

    /// Charges the running side for its time up to `now`.
    fn charge(&mut self, now: Instant) {
        if let Some(white) = self.running {
            self.left[index(white)] = self.left_at(white, now);
        }
        self.since = now;
    }

    /// The side to move played a turn at `now`: it gets its increment (if
    /// it still had time) and the other side's clock runs.
    pub fn played(&mut self, now: Instant) {
        self.charge(now);
        if let Some(white) = self.running {
            if self.left[index(white)] > 0 {
                self.left[index(white)] += i64::try_from(self.increment_ms).unwrap_or(0);
            }
            self.running = Some(!white);
        }
    }

    /// The position changed other than by a turn (a take-back, going to
    /// another turn): no increment; the side to move's clock runs.
    pub fn turn_to(&mut self, white_to_move: bool, now: Instant) {
        self.charge(now);
        if self.running.is_some() {
            self.running = Some(white_to_move);
        }
    }

    /// Stops both clocks at `now` (the game is over).
    pub fn stop(&mut self, now: Instant) {
        self.charge(now);
        self.running = None;
    }

    /// Milliseconds left for each side at `now`, and the increment: the
    /// engine's `wtime`/`btime`/`winc`/`binc`.
    pub fn limits(&self, now: Instant) -> (u64, u64, u64) {
        let ms = |white| u64::try_from(self.left_at(white, now).max(1)).unwrap_or(1);
        (ms(true), ms(false), self.increment_ms)
    }

    pub fn view(&self, now: Instant) -> ClockView {
        let ms = |white| u64::try_from(self.left_at(white, now).max(0)).unwrap_or(0);
        let flagged = self.flagged(now);
        ClockView {
            white_ms: ms(true),
            black_ms: ms(false),
            increment_ms: self.increment_ms,
            running: self.running.filter(|_| flagged.is_none()).map(side),
            flagged: flagged.map(side),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_mover_pays_its_time_and_gets_its_increment() {
        let t0 = Instant::now();
        let at = |ms| t0 + Duration::from_millis(ms);
        let mut clock = Clock::new(5_000, 3_000, true, t0);
        clock.played(at(1_000));
        assert_eq!(clock.view(at(1_000)).white_ms, 7_000);
        assert_eq!(clock.view(at(1_500)).black_ms, 4_500);
        assert_eq!(clock.view(at(1_500)).running, Some("black"));
        assert_eq!(clock.limits(at(1_500)), (7_000, 4_500, 3_000));
        // Black's time runs out before it moves: no increment saves it.
        assert_eq!(clock.flagged(at(5_999)), None);
        assert_eq!(clock.flagged(at(6_000)), Some(false));
        clock.played(at(6_500));
        let view = clock.view(at(7_000));
        assert_eq!((view.black_ms, view.flagged), (0, Some("black")));
        assert_eq!(view.running, None);
        // Going back a turn: White's clock runs, with no increment.
        let mut clock = Clock::new(5_000, 3_000, true, t0);
        clock.played(at(1_000));
        clock.turn_to(true, at(2_000));
        assert_eq!(clock.view(at(2_500)).white_ms, 6_500);
        assert_eq!(clock.view(at(2_500)).black_ms, 4_000);
        clock.stop(at(3_000));
        assert_eq!(clock.view(at(9_000)).white_ms, 6_000);
    }
}
