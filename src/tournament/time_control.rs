//! Time controls (`--tc`) and the clocks the referee keeps for both sides.
//!
//! Syntax of `--tc`:
//! - `BASE+INC` or `BASE`: a clock of `BASE` seconds plus `INC` seconds per
//!   move (`1+0.01`, `60`, `0.5+0.05`);
//! - `movetime=MS`: a fixed `MS` milliseconds per move;
//! - `nodes=N`: `go nodes N` every move, no clock;
//! - `depth=N`: `go depth N` every move, no clock.

use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// Base time and increment, both in milliseconds.
    Clock {
        base_ms: u64,
        inc_ms: u64,
    },
    MoveTime {
        ms: u64,
    },
    Nodes(u64),
    Depth(u32),
}

/// Seconds as written on the command line (`1`, `0.01`) to milliseconds.
fn parse_seconds(text: &str) -> Result<u64, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !secs.is_finite() || secs < 0.0 {
        return Err(format!("`{text}` is not a non-negative number of seconds"));
    }
    Ok((secs * 1000.0).round() as u64)
}

fn parse_count<T: std::str::FromStr>(key: &str, text: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("`{key}={text}` needs a whole number"))
}

impl TimeControl {
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let text = text.trim();
        if let Some((key, value)) = text.split_once('=') {
            return match key.trim() {
                "movetime" => Ok(TimeControl::MoveTime {
                    ms: parse_count(key, value)?,
                }),
                "nodes" => Ok(TimeControl::Nodes(parse_count(key, value)?)),
                "depth" => Ok(TimeControl::Depth(parse_count(key, value)?)),
                other => Err(format!(
                    "unknown time control `{other}=`; use BASE+INC seconds, movetime=MS, nodes=N or depth=N"
                )),
            };
        }
        let (base, inc) = match text.split_once('+') {
            Some((base, inc)) => (parse_seconds(base)?, parse_seconds(inc)?),
            None => (parse_seconds(text)?, 0),
        };
        if base == 0 && inc == 0 {
            return Err(format!("time control `{text}` gives no time at all"));
        }
        Ok(TimeControl::Clock {
            base_ms: base,
            inc_ms: inc,
        })
    }

    /// Whether the engine's thinking time is limited by a clock the referee
    /// enforces (otherwise only the hang timeout applies).
    pub fn is_timed(&self) -> bool {
        matches!(
            self,
            TimeControl::Clock { .. } | TimeControl::MoveTime { .. }
        )
    }

    /// The PGN `TimeControl` tag: `base+inc` in seconds, or `-` (no clock)
    /// for movetime, nodes and depth, whose value goes in the `Event` tag.
    pub fn pgn_tag(&self) -> String {
        match *self {
            TimeControl::Clock { base_ms, inc_ms: 0 } => seconds(base_ms),
            TimeControl::Clock { base_ms, inc_ms } => {
                format!("{}+{}", seconds(base_ms), seconds(inc_ms))
            }
            _ => "-".to_string(),
        }
    }

    /// Short description for the event name and the progress lines.
    pub fn describe(&self) -> String {
        match *self {
            TimeControl::Clock { .. } => self.pgn_tag(),
            TimeControl::MoveTime { ms } => format!("movetime={ms}"),
            TimeControl::Nodes(n) => format!("nodes={n}"),
            TimeControl::Depth(d) => format!("depth={d}"),
        }
    }
}

/// Milliseconds as seconds without trailing zeros (`10` -> `0.01`).
fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        let text = format!("{}.{:03}", ms / 1000, ms % 1000);
        text.trim_end_matches('0').to_string()
    }
}

/// Both sides' clocks during one game.
#[derive(Clone, Debug)]
pub struct Clocks {
    tc: TimeControl,
    /// Remaining time in ms, white then black (only for `Clock`).
    remaining: [i64; 2],
    /// How far past its limit a move may end before it loses on time.
    margin: Duration,
    /// Longest wait for a move under an untimed control (nodes, depth).
    hang_timeout: Duration,
}

/// What happened to the mover's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockVerdict {
    InTime,
    /// The move took too long; the `u64` is the time it took in ms.
    Flagged(u64),
}

fn side(white: bool) -> usize {
    usize::from(!white)
}

impl Clocks {
    pub fn new(tc: TimeControl, margin: Duration, hang_timeout: Duration) -> Clocks {
        let base = match tc {
            TimeControl::Clock { base_ms, .. } => base_ms as i64,
            _ => 0,
        };
        Clocks {
            tc,
            remaining: [base, base],
            margin,
            hang_timeout,
        }
    }

    /// The `go` command for the side to move.
    pub fn go_command(&self) -> String {
        match self.tc {
            TimeControl::Clock { inc_ms, .. } => format!(
                "go wtime {} btime {} winc {inc_ms} binc {inc_ms}",
                self.remaining[0].max(1),
                self.remaining[1].max(1)
            ),
            TimeControl::MoveTime { ms } => format!("go movetime {ms}"),
            TimeControl::Nodes(n) => format!("go nodes {n}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
        }
    }

    /// How long to wait for the mover's `bestmove` before giving up.
    pub fn deadline(&self, white: bool) -> Duration {
        match self.tc {
            TimeControl::Clock { .. } => {
                Duration::from_millis(self.remaining[side(white)].max(0) as u64) + self.margin
            }
            TimeControl::MoveTime { ms } => Duration::from_millis(ms) + self.margin,
            TimeControl::Nodes(_) | TimeControl::Depth(_) => self.hang_timeout,
        }
    }

    /// Charges a move that took `elapsed` to the mover and adds the increment.
    pub fn charge(&mut self, white: bool, elapsed: Duration) -> ClockVerdict {
        let used = elapsed.as_millis() as i64;
        let margin = self.margin.as_millis() as i64;
        match self.tc {
            TimeControl::Clock { inc_ms, .. } => {
                let left = self.remaining[side(white)] - used;
                if left < -margin {
                    return ClockVerdict::Flagged(used as u64);
                }
                self.remaining[side(white)] = left.max(0) + inc_ms as i64;
                ClockVerdict::InTime
            }
            TimeControl::MoveTime { ms } if used > ms as i64 + margin => {
                ClockVerdict::Flagged(used as u64)
            }
            _ => ClockVerdict::InTime,
        }
    }

    /// Remaining time of a side in ms (for tests and progress output).
    pub fn remaining_ms(&self, white: bool) -> i64 {
        self.remaining[side(white)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form() {
        assert_eq!(
            TimeControl::parse("1+0.01"),
            Ok(TimeControl::Clock {
                base_ms: 1000,
                inc_ms: 10
            })
        );
        assert_eq!(
            TimeControl::parse("60"),
            Ok(TimeControl::Clock {
                base_ms: 60000,
                inc_ms: 0
            })
        );
        assert_eq!(
            TimeControl::parse("movetime=250"),
            Ok(TimeControl::MoveTime { ms: 250 })
        );
        assert_eq!(
            TimeControl::parse("nodes=5000"),
            Ok(TimeControl::Nodes(5000))
        );
        assert_eq!(TimeControl::parse("depth=7"), Ok(TimeControl::Depth(7)));
        for bad in [
            "",
            "x",
            "1+y",
            "-1",
            "0+0",
            "nodes=abc",
            "ply=3",
            "depth=-2",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn pgn_tag_uses_seconds() {
        assert_eq!(TimeControl::parse("1+0.01").unwrap().pgn_tag(), "1+0.01");
        assert_eq!(
            TimeControl::parse("0.5+0.25").unwrap().pgn_tag(),
            "0.5+0.25"
        );
        assert_eq!(TimeControl::parse("300").unwrap().pgn_tag(), "300");
        assert_eq!(TimeControl::parse("nodes=10").unwrap().pgn_tag(), "-");
    }

    #[test]
    fn clock_charges_time_and_flags_beyond_margin() {
        let tc = TimeControl::parse("1+0.1").unwrap();
        let mut clocks = Clocks::new(tc, Duration::from_millis(50), Duration::from_secs(5));
        assert_eq!(
            clocks.go_command(),
            "go wtime 1000 btime 1000 winc 100 binc 100"
        );
        assert_eq!(
            clocks.charge(true, Duration::from_millis(400)),
            ClockVerdict::InTime
        );
        assert_eq!(clocks.remaining_ms(true), 700);
        assert_eq!(clocks.deadline(true), Duration::from_millis(750));
        // 30 ms over the remaining time is inside the 50 ms margin.
        assert_eq!(
            clocks.charge(true, Duration::from_millis(730)),
            ClockVerdict::InTime
        );
        assert_eq!(clocks.remaining_ms(true), 100);
        assert_eq!(
            clocks.charge(true, Duration::from_millis(151)),
            ClockVerdict::Flagged(151)
        );
        assert_eq!(clocks.remaining_ms(false), 1000);
    }

    #[test]
    fn movetime_flags_only_beyond_margin() {
        let tc = TimeControl::parse("movetime=100").unwrap();
        let mut clocks = Clocks::new(tc, Duration::from_millis(20), Duration::from_secs(5));
        assert_eq!(clocks.go_command(), "go movetime 100");
        assert_eq!(
            clocks.charge(false, Duration::from_millis(120)),
            ClockVerdict::InTime
        );
        assert_eq!(
            clocks.charge(false, Duration::from_millis(121)),
            ClockVerdict::Flagged(121)
        );
    }
}
