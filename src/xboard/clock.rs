//! CECP time controls (`level`, `st`, `sd`, `time`, `otim`) and the search
//! limits they make: the clocks come in centiseconds, the search counts
//! milliseconds (UCI's `wtime`/`btime`/`movestogo`/`movetime`/`depth`).

use crate::search::Limits;

/// `level MPS BASE INC`: `moves` per session (0: the whole game), `base`
/// per session, `increment` per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub moves: u32,
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl Default for Level {
    /// XBoard's default: 40 moves in 5 minutes.
    fn default() -> Self {
        Level {
            moves: 40,
            base_ms: 300_000,
            increment_ms: 0,
        }
    }
}

impl Level {
    /// `level 40 5 0`, `level 0 0:30 0.5`: BASE is minutes or
    /// minutes:seconds, INC seconds (fractions allowed).
    pub fn parse(args: &[&str]) -> Result<Level, String> {
        let [moves, base, inc] = args else {
            return Err("usage: level <moves> <minutes[:seconds]> <increment>".into());
        };
        let moves: u32 = moves
            .parse()
            .map_err(|_| format!("moves per session is not a number: {}", short(moves)))?;
        let base_ms = match base.split_once(':') {
            Some((m, s)) => {
                let m: u64 = m
                    .parse()
                    .map_err(|_| format!("bad minutes: {}", short(base)))?;
                m.saturating_mul(60_000).saturating_add(
                    parse_seconds(s).map_err(|_| format!("bad seconds: {}", short(base)))?,
                )
            }
            None => parse_seconds(base)
                .map(|ms| ms.saturating_mul(60))
                .map_err(|_| format!("bad minutes: {}", short(base)))?,
        };
        let increment_ms =
            parse_seconds(inc).map_err(|_| format!("bad increment: {}", short(inc)))?;
        Ok(Level {
            moves,
            base_ms,
            increment_ms,
        })
    }
}

fn short(s: &str) -> String {
    crate::text::shorten(s)
}

/// Seconds (`30`, `2.5`) as milliseconds; negative or absurd values are
/// errors.
pub fn parse_seconds(s: &str) -> Result<u64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..1e9).contains(&v) => Ok((v * 1000.0).round() as u64),
        _ => Err(format!("not a number of seconds: {}", short(s))),
    }
}

/// What the GUI said about time: the control, a fixed time per move (`st`)
/// or a depth limit (`sd`), and the last clock readings.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    pub control: Level,
    /// `st`, milliseconds per move: replaces the control.
    pub per_move_ms: Option<u64>,
    /// `sd`: applies on top of either.
    pub depth: Option<i32>,
    /// `time`, centiseconds.
    pub own_cs: Option<i64>,
    /// `otim`, centiseconds.
    pub opponent_cs: Option<i64>,
}

impl Clock {
    /// The limits of a search for the engine, on move as `white`, after
    /// `moves_made` moves of its own in this game.
    pub fn limits(&self, white: bool, moves_made: u64) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(ms) = self.per_move_ms {
            limits.movetime = Some(ms.max(1));
            return limits;
        }
        let ms = |cs: Option<i64>| {
            cs.map_or(self.control.base_ms, |cs| {
                (cs.max(0) as u64).saturating_mul(10)
            })
        };
        let (own, opponent) = (ms(self.own_cs), ms(self.opponent_cs));
        let inc = self.control.increment_ms;
        if white {
            (limits.wtime, limits.btime) = (Some(own), Some(opponent));
        } else {
            (limits.wtime, limits.btime) = (Some(opponent), Some(own));
        }
        (limits.winc, limits.binc) = (inc, inc);
        if self.control.moves > 0 {
            let per = u64::from(self.control.moves);
            limits.movestogo = Some(per - moves_made % per);
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_levels() {
        assert_eq!(
            Level::parse(&["40", "5", "0"]),
            Ok(Level {
                moves: 40,
                base_ms: 300_000,
                increment_ms: 0
            })
        );
        assert_eq!(
            Level::parse(&["0", "0:30", "0.2"]),
            Ok(Level {
                moves: 0,
                base_ms: 30_000,
                increment_ms: 200
            })
        );
        assert_eq!(Level::parse(&["0", "1:05", "3"]).unwrap().base_ms, 65_000);
        assert!(Level::parse(&["x", "5", "0"]).is_err());
        assert!(Level::parse(&["40", "5"]).is_err());
        assert!(Level::parse(&["40", "5", "-1"]).is_err());
    }

    #[test]
    fn clocks_become_limits_for_the_side_on_move() {
        let mut clock = Clock {
            control: Level::parse(&["40", "5", "0"]).unwrap(),
            ..Clock::default()
        };
        clock.own_cs = Some(1234);
        clock.opponent_cs = Some(-5);
        let l = clock.limits(false, 45);
        assert_eq!(
            (l.wtime, l.btime, l.movestogo),
            (Some(0), Some(12340), Some(35))
        );
        clock.control.moves = 0;
        clock.control.increment_ms = 100;
        let l = clock.limits(true, 3);
        assert_eq!((l.wtime, l.winc, l.movestogo), (Some(12340), 100, None));
        clock.own_cs = Some(i64::MAX);
        assert_eq!(clock.limits(true, 0).wtime, Some(u64::MAX));
        clock.per_move_ms = Some(2500);
        clock.depth = Some(6);
        let l = clock.limits(true, 3);
        assert_eq!((l.movetime, l.depth, l.wtime), (Some(2500), Some(6), None));
    }
}
