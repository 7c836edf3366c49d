//! Runs the engine binary in CECP on real pipes, feeds it the generator's
//! lines and checks every answer against the model.

use std::collections::VecDeque;
use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::gen::{Generator, Step};
use super::model::{Expect, Kind, Model, Race, Range};
use crate::fuzz::mirror::guarded;
use crate::fuzz::process::{clip, render, Proc};
use crate::fuzz::session::{Checked, Link, Session};
use crate::fuzz::transcript::{record, spawn_failure, Failure, Transcript};

/// No output line but a `pong` (which echoes its ping) may be longer:
/// errors must not echo a huge input.
pub const MAX_LINE: usize = 4096;
/// A search on the engine's move that runs this long is told to move now
/// (`?`): the fuzzer has no time to wait.
const RESCUE_AFTER: Duration = Duration::from_secs(4);
/// A ping answered later than this is counted as slow (the machine's
/// load shows there).
const SLOW_PING: Duration = Duration::from_millis(500);

#[derive(Clone, Debug)]
pub struct RunConfig {
    pub seed: u64,
    /// Generated lines to send (the driver's own `xboard`, `protover`,
    /// `ping`, `?` and `quit` are not counted).
    pub lines: u64,
    pub bin: PathBuf,
    /// After a failure, start a new engine and go on (failures are grouped
    /// by kind); otherwise stop at the first one.
    pub keep_going: bool,
    /// A `ping` must be answered within this (counted from the engine's
    /// last move when it was thinking on its move).
    pub ping_limit: Duration,
    /// Only depth-limited searches of a few milliseconds (the fixed test).
    pub quick: bool,
}

impl RunConfig {
    pub fn new(bin: impl Into<PathBuf>, seed: u64, lines: u64) -> RunConfig {
        RunConfig {
            seed,
            lines,
            bin: bin.into(),
            keep_going: false,
            ping_limit: Duration::from_secs(2),
            quick: false,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Generated lines sent.
    pub lines: u64,
    pub bytes: u64,
    /// `move` lines the engine sent.
    pub engine_moves: u64,
    /// Of those, checked legal in the position the model knew.
    pub moves_checked: u64,
    /// Sent while the model did not know the state.
    pub moves_unchecked: u64,
    pub errors_seen: u64,
    /// `Illegal move` replies.
    pub illegal_seen: u64,
    /// Game results the engine announced (`1-0 {...}`, ...), draws among
    /// them.
    pub results: u64,
    pub draws: u64,
    /// `setup` lines (after `variant omega`).
    pub setups: u64,
    /// Thinking output lines.
    pub thinking_lines: u64,
    /// Pings answered (the driver's included) and the longest wait, from
    /// the ping or from the engine's move it waited for.
    pub pings: u64,
    pub max_ping_latency: Duration,
    /// The line sent just before the slowest ping.
    pub max_ping_after: String,
    /// Pings answered after more than `SLOW_PING`.
    pub slow_pings: u64,
    /// Pings whose answer was checked against the model's count of error
    /// and refused-move lines.
    pub counts_checked: u64,
    /// Lines that raced a search on the engine's move.
    pub races: u64,
    /// Times the model lost track of the state (until the next `new`).
    pub unknown: u64,
    /// `?` the driver sent to a search that ran too long.
    pub rescues: u64,
    pub engines_started: u64,
    /// The first failure of each kind, and how often that kind occurred.
    pub failures: Vec<(Failure, u64)>,
    pub elapsed: Duration,
}

impl Summary {
    fn record(&mut self, f: Failure) {
        record(&mut self.failures, f);
    }

    /// `kind xN, ...`, or `none`.
    pub fn failure_kinds(&self) -> String {
        if self.failures.is_empty() {
            return "none".to_string();
        }
        self.failures
            .iter()
            .map(|(f, n)| format!("{} x{n}", f.kind))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} lines ({} KB) in {:.1} s; {} engine moves, {} checked legal ({} unchecked); \
             {} Error lines, {} Illegal move replies, {} results ({} draws), {} setup lines, \
             {} thinking lines; {} pings, max latency {} ms (after `{}`), {} over {} ms, \
             {} counts checked; \
             {} races, {} unknown, {} rescues; {} engine(s) started; failures: {}",
            self.lines,
            self.bytes / 1024,
            self.elapsed.as_secs_f64(),
            self.engine_moves,
            self.moves_checked,
            self.moves_unchecked,
            self.errors_seen,
            self.illegal_seen,
            self.results,
            self.draws,
            self.setups,
            self.thinking_lines,
            self.pings,
            self.max_ping_latency.as_millis(),
            self.max_ping_after,
            self.slow_pings,
            SLOW_PING.as_millis(),
            self.counts_checked,
            self.races,
            self.unknown,
            self.rescues,
            self.engines_started,
            self.failure_kinds()
        )
    }
}

/// Runs the fuzzer; `progress` is called after every block of lines.
pub fn run(cfg: &RunConfig, progress: &mut dyn FnMut(&Summary)) -> Summary {
    let start = Instant::now();
    let mut gen = Generator::new(cfg.seed, cfg.quick);
    let mut summary = Summary::default();
    loop {
        let proc = match Proc::spawn(&cfg.bin) {
            Ok(p) => p,
            Err(e) => {
                summary.record(spawn_failure(
                    "CECP",
                    cfg.seed,
                    format!("cannot start {}: {e}", cfg.bin.display()),
                ));
                break;
            }
        };
        let mut session = CecpSession::new(cfg, proc, std::mem::take(&mut summary));
        let outcome = session.start(&mut gen).and_then(|()| loop {
            if session.stats.lines >= cfg.lines {
                break session.finish();
            }
            let block = gen.block(&session.model);
            block.into_iter().try_for_each(|step| session.step(step))?;
            session.stats.elapsed = start.elapsed();
            progress(&session.stats);
        });
        summary = session.stats;
        match outcome {
            Ok(()) => break,
            Err(f) => {
                summary.record(*f);
                if !cfg.keep_going || summary.lines >= cfg.lines {
                    break;
                }
            }
        }
    }
    summary.elapsed = start.elapsed();
    summary
}

/// A `ping` waiting for its `pong`.
struct PendingPing {
    token: String,
    line: u64,
    /// Sent, or the engine's last move since (a ping on the engine's move
    /// is answered after the move), or the driver's `?`.
    since: Instant,
    /// The model's count of error and refused-move lines up to this ping,
    /// when the engine answers it at once and the model knows the state.
    counts: Option<Expect>,
    /// The search on the engine's move that ran when it was sent.
    thinking: Option<u64>,
    /// The ping after a racing line.
    race: bool,
    /// The driver sent `?` for it.
    rescued: bool,
    /// The line sent before it.
    after: String,
}

/// A line that raced a search, waiting for the ping after it.
struct PendingRace {
    race: Race,
    moves: Vec<String>,
}

struct CecpSession<'c> {
    cfg: &'c RunConfig,
    link: Link,
    model: Model,
    stats: Summary,
    pings: VecDeque<PendingPing>,
    race: Option<PendingRace>,
    /// The model's running count of the lines the engine must print, and
    /// whether it is still trusted (not after an unknown state, until the
    /// `new` that ends it).
    expected: Expect,
    counts_valid: bool,
    errors: u64,
    illegal: u64,
    /// The search the driver watches for `RESCUE_AFTER`, and whether it
    /// was told to move.
    watched: Option<(u64, Instant, bool)>,
    driver_pings: u64,
    /// The last line sent that was not a ping.
    last_line: String,
}

/// Whether `line` is a thinking line: depth, score, time, nodes, PV.
fn thinking_line(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() >= 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok())
}

impl<'c> CecpSession<'c> {
    fn new(cfg: &'c RunConfig, proc: Proc, mut stats: Summary) -> CecpSession<'c> {
        stats.engines_started += 1;
        CecpSession {
            cfg,
            link: Link::new(proc, Transcript::new("CECP", cfg.seed)),
            model: Model::new(),
            stats,
            pings: VecDeque::new(),
            race: None,
            expected: Expect::default(),
            counts_valid: true,
            errors: 0,
            illegal: 0,
            watched: None,
            driver_pings: 0,
            last_line: String::new(),
        }
    }

    /// `xboard`, `protover 2` (the features end with `done=1`), then the
    /// generator's preamble.
    fn start(&mut self, gen: &mut Generator) -> Checked {
        self.write(b"xboard\n", true)?;
        self.write(b"protover 2\n", true)?;
        self.sync()?;
        for step in gen.preamble() {
            self.step(step)?;
        }
        Ok(())
    }

    fn step(&mut self, step: Step) -> Checked {
        match step {
            Step::Line(bytes) => self.send_line(bytes),
            Step::Sleep(ms) => self.pump(Duration::from_millis(ms)),
            Step::Sync => self.sync(),
        }
    }

    /// A ping of the driver's own, and its pong.
    fn sync(&mut self) -> Checked {
        self.driver_pings += 1;
        let line = format!("ping {}\n", 1_000_000_000 + self.driver_pings);
        self.send(line.into_bytes(), true)?;
        self.barrier(|s| s.pings.is_empty())
    }

    fn send_line(&mut self, bytes: Vec<u8>) -> Checked {
        self.send(bytes, false)
    }

    /// Sends a line (the generator's or the driver's) through the model.
    fn send(&mut self, bytes: Vec<u8>, driver: bool) -> Checked {
        let applied = match guarded("the model", || self.model.apply(&bytes)) {
            Ok(a) => a,
            Err(e) => {
                self.log_sent(&bytes, driver);
                return Err(self.fail("library-panic", e));
            }
        };
        match applied.expect {
            Some(e) => self.expected.add(e),
            None if applied.race.is_none() => self.counts_valid = false,
            None => {}
        }
        self.write(&bytes, driver)?;
        let now = Instant::now();
        if let Kind::Ping(token) = applied.kind {
            let counts = (self.model.known
                && self.model.thinking.is_none()
                && self.race.is_none()
                && self.counts_valid)
                .then_some(self.expected);
            self.pings.push_back(PendingPing {
                token,
                line: self.link.log.line_no,
                since: now,
                counts,
                thinking: self.model.thinking.map(|t| t.id),
                race: false,
                rescued: false,
                after: self.last_line.clone(),
            });
        } else {
            self.last_line = clip(&render(bytes.trim_ascii_end()), 60);
            if applied.kind == Kind::Quit {
                self.link.quitting = true;
            }
        }
        if let Some(race) = applied.race {
            self.stats.races += 1;
            self.race = Some(PendingRace {
                race,
                moves: Vec::new(),
            });
            self.driver_pings += 1;
            let token = (1_000_000_000 + self.driver_pings).to_string();
            self.write(format!("ping {token}\n").as_bytes(), true)?;
            self.pings.push_back(PendingPing {
                token,
                line: self.link.log.line_no,
                since: Instant::now(),
                counts: None,
                thinking: None,
                race: true,
                rescued: false,
                after: self.last_line.clone(),
            });
            self.barrier(|s| s.race.is_none())?;
        }
        self.watch();
        self.pump(Duration::ZERO)
    }

    /// Starts the rescue clock of a new search on the engine's move.
    fn watch(&mut self) {
        let id = self
            .model
            .thinking
            .filter(|_| self.model.known)
            .map(|t| t.id);
        match (id, self.watched) {
            (Some(id), Some((w, _, _))) if id == w => {}
            (Some(id), _) => self.watched = Some((id, Instant::now(), false)),
            (None, _) => self.watched = None,
        }
    }

    /// The driver's `?`: the engine moves now if it thinks on its move.
    fn rescue(&mut self) -> Checked {
        self.stats.rescues += 1;
        self.write(b"?\n", true)
    }

    fn on_move(&mut self, token: String, at: Instant) -> Checked {
        self.stats.engine_moves += 1;
        // Pings sent while it thought are answered now.
        for p in &mut self.pings {
            p.since = p.since.max(at);
        }
        if let Some(r) = &mut self.race {
            r.moves.push(token);
            return Ok(());
        }
        if !self.model.known {
            self.stats.moves_unchecked += 1;
            return Ok(());
        }
        match self.model.engine_move(&token) {
            Ok(()) => {
                self.stats.moves_checked += 1;
                self.watch();
                Ok(())
            }
            Err(w) => Err(self.fail(w.kind, w.detail)),
        }
    }

    fn on_pong(&mut self, token: &str, at: Instant) -> Checked {
        let Some(p) = self.pings.pop_front() else {
            return Err(self.fail("unexpected-pong", format!("pong {token} without a ping")));
        };
        if p.token != token {
            return Err(self.fail(
                "pong-mismatch",
                format!(
                    "pong {token}, but ping {} (line {}) was next",
                    p.token, p.line
                ),
            ));
        }
        self.stats.pings += 1;
        let latency = at.saturating_duration_since(p.since);
        if latency > SLOW_PING {
            self.stats.slow_pings += 1;
        }
        if latency > self.stats.max_ping_latency {
            self.stats.max_ping_latency = latency;
            self.stats.max_ping_after = p.after.clone();
        }
        if p.race {
            let Some(r) = self.race.take() else {
                return Err(self.fail("fuzzer-bug", "a race ping without a race"));
            };
            let recovery = !self.model.known;
            let resolved = guarded("the model", || self.model.resolve(&r.race, &r.moves))
                .map_err(|e| self.fail("library-panic", e))?
                .map_err(|w| self.fail(w.kind, w.detail))?;
            self.stats.moves_checked += resolved.checked;
            self.stats.moves_unchecked += r.moves.len() as u64 - resolved.checked;
            if resolved.lost {
                self.stats.unknown += 1;
                self.counts_valid = false;
            }
            self.watch();
            if recovery {
                // A new start: what the engine printed so far is settled.
                self.expected = Expect {
                    errors: Range::exactly(self.errors),
                    illegal: Range::exactly(self.illegal),
                };
                self.counts_valid = self.model.known;
                return Ok(());
            }
            self.expected.add(resolved.expect);
            if self.counts_valid {
                let expected = self.expected;
                return self.check_counts(expected, token);
            }
            return Ok(());
        }
        if self.race.is_none() {
            if let Some(id) = p.thinking {
                self.model
                    .search_ended(id)
                    .map_err(|w| self.fail(w.kind, w.detail))?;
                self.watch();
            }
        }
        match p.counts {
            Some(expected) if self.counts_valid => self.check_counts(expected, token),
            _ => Ok(()),
        }
    }

    /// Every line before the ping has printed what it had to.
    fn check_counts(&mut self, expected: Expect, token: &str) -> Checked {
        self.stats.counts_checked += 1;
        for (what, range, seen) in [
            ("Error", expected.errors, self.errors),
            ("Illegal move", expected.illegal, self.illegal),
        ] {
            if !range.contains(seen) {
                let kind = if what == "Error" {
                    "error-count"
                } else {
                    "illegal-count"
                };
                return Err(self.fail(
                    kind,
                    format!(
                        "at pong {token}: {seen} `{what}` lines so far, the model expects {range}"
                    ),
                ));
            }
        }
        Ok(())
    }

    fn push_received(&mut self, text: &str) {
        self.link.log.received(text);
    }

    /// Every ping answered, then `quit`: the engine must exit with status 0.
    fn finish(&mut self) -> Checked {
        self.sync()?;
        self.quit()
    }
}

impl Session for CecpSession<'_> {
    fn link(&self) -> &Link {
        &self.link
    }

    fn link_mut(&mut self) -> &mut Link {
        &mut self.link
    }

    fn count_sent(&mut self, len: usize) {
        self.stats.lines += 1;
        self.stats.bytes += len as u64;
    }

    fn check_timers(&mut self) -> Checked {
        let now = Instant::now();
        if let Some((id, since, false)) = self.watched {
            if now - since > RESCUE_AFTER {
                self.watched = Some((id, since, true));
                self.rescue()?;
            }
        }
        let limit = self.cfg.ping_limit;
        let may_think = self.model.maybe_thinking() || self.race.is_some();
        let Some(p) = self.pings.front_mut() else {
            return Ok(());
        };
        if now - p.since <= limit {
            return Ok(());
        }
        if !p.rescued && (may_think || p.thinking.is_some()) {
            // Answered after the engine's move: make it move now.
            p.rescued = true;
            p.since = now;
            return self.rescue();
        }
        let (token, line, rescued) = (p.token.clone(), p.line, p.rescued);
        Err(self.fail(
            "ping-timeout",
            format!(
                "ping {token} (line {line}) not answered within {} ms{}",
                limit.as_millis(),
                if rescued { " of the driver's `?`" } else { "" }
            ),
        ))
    }

    fn on_line(&mut self, bytes: Vec<u8>, at: Instant) -> Checked {
        let text = match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => {
                let shown = render(e.as_bytes());
                self.push_received(&shown);
                return Err(self.fail("output-not-utf8", format!("output line {shown}")));
            }
        };
        self.push_received(&text);
        if text.len() > MAX_LINE && !text.starts_with("pong ") {
            return Err(self.fail(
                "long-output-line",
                format!(
                    "an output line of {} bytes: {}",
                    text.len(),
                    clip(&text, 200)
                ),
            ));
        }
        if let Some(token) = text.strip_prefix("move ") {
            if token.is_empty() || token.contains(char::is_whitespace) {
                return Err(self.fail("bad-move-line", format!("{text:?}")));
            }
            self.on_move(token.to_string(), at)
        } else if let Some(token) = text.strip_prefix("pong ") {
            self.on_pong(token, at)
        } else if text.starts_with("Error (") {
            self.stats.errors_seen += 1;
            self.errors += 1;
            Ok(())
        } else if text.starts_with("Illegal move") {
            self.stats.illegal_seen += 1;
            self.illegal += 1;
            Ok(())
        } else if ["1-0 {", "0-1 {", "1/2-1/2 {"]
            .iter()
            .any(|p| text.starts_with(p))
            && text.ends_with('}')
        {
            self.stats.results += 1;
            if text.starts_with("1/2") {
                self.stats.draws += 1;
            }
            Ok(())
        } else if text.starts_with("setup (") {
            self.stats.setups += 1;
            Ok(())
        } else if text.starts_with("feature ") || text.starts_with("piece ") {
            Ok(())
        } else if thinking_line(&text) {
            self.stats.thinking_lines += 1;
            Ok(())
        } else {
            Err(self.fail("unexpected-output", format!("{text:?}")))
        }
    }
}
