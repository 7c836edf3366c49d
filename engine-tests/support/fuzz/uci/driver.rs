//! Runs the engine binary on real pipes, feeds it the generator's lines and
//! checks every answer against the model.

use std::collections::VecDeque;
use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::check;
use super::gen::{GenConfig, Generator, Step};
use super::model::{GoInfo, Kind, Model, State, VariantId};
use crate::fuzz::mirror;
use crate::fuzz::process::{clip, render, Proc};
use crate::fuzz::session::{Checked, Link, Session};
use crate::fuzz::transcript::{record, spawn_failure, Failure, Transcript};

/// No output line may be longer (errors must not echo a huge input).
pub const MAX_LINE: usize = 4096;

#[derive(Clone, Debug)]
pub struct RunConfig {
    pub seed: u64,
    /// Generated lines to send (the driver's own `uci`/`stop`/`quit` are
    /// not counted).
    pub lines: u64,
    pub bin: PathBuf,
    /// After a failure, start a new engine and go on (failures are grouped
    /// by kind); otherwise stop at the first one.
    pub keep_going: bool,
    pub gen: GenConfig,
    /// `isready` must be answered within this.
    pub isready_limit: Duration,
}

impl RunConfig {
    pub fn new(bin: impl Into<PathBuf>, seed: u64, lines: u64) -> RunConfig {
        RunConfig {
            seed,
            lines,
            bin: bin.into(),
            keep_going: false,
            gen: GenConfig::default(),
            isready_limit: Duration::from_secs(2),
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Generated lines sent.
    pub lines: u64,
    pub bytes: u64,
    pub gos: u64,
    pub bestmoves_checked: u64,
    /// `bestmove 0000` or `bestmove (none)` among them.
    pub no_move_answers: u64,
    pub errors_seen: u64,
    /// Lines the model expects an error line for.
    pub errors_expected: u64,
    pub isready: u64,
    pub max_isready_latency: Duration,
    pub d_checked: u64,
    pub perft_checked: u64,
    pub engines_started: u64,
    /// The first failure of each kind, and how often that kind occurred.
    pub failures: Vec<(Failure, u64)>,
    pub elapsed: Duration,
}

impl Summary {
    fn record(&mut self, f: Failure) {
        record(&mut self.failures, f);
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} lines ({} KB) in {:.1} s; {} go, {} bestmove checked ({} without a move); \
             {} error lines seen ({} expected by the model); {} isready, max latency {} ms; \
             {} d and {} perft checked; {} engine(s) started; {} failure kind(s)",
            self.lines,
            self.bytes / 1024,
            self.elapsed.as_secs_f64(),
            self.gos,
            self.bestmoves_checked,
            self.no_move_answers,
            self.errors_seen,
            self.errors_expected,
            self.isready,
            self.max_isready_latency.as_millis(),
            self.d_checked,
            self.perft_checked,
            self.engines_started,
            self.failures.len()
        )
    }
}

/// Runs the fuzzer; `progress` is called after every block of lines.
pub fn run(cfg: &RunConfig, progress: &mut dyn FnMut(&Summary)) -> Summary {
    let start = Instant::now();
    let mut gen = Generator::new(cfg.seed, cfg.gen.clone());
    let mut summary = Summary::default();
    'engines: loop {
        let proc = match Proc::spawn(&cfg.bin) {
            Ok(p) => p,
            Err(e) => {
                summary.record(spawn_failure(
                    "UCI",
                    cfg.seed,
                    format!("cannot start {}: {e}", cfg.bin.display()),
                ));
                break;
            }
        };
        let mut session = UciSession::new(cfg, proc, std::mem::take(&mut summary));
        let outcome = loop {
            if session.stats.lines >= cfg.lines {
                break session.finish().map(|()| true);
            }
            let block = gen.block(&session.model);
            if let Err(f) = block.into_iter().try_for_each(|step| session.step(step)) {
                break Err(f);
            }
            session.stats.elapsed = start.elapsed();
            progress(&session.stats);
        };
        summary = session.into_stats();
        match outcome {
            Ok(_) => break,
            Err(f) => {
                if cfg.keep_going {
                    // A long run's log shows each failure when it happens
                    // (the summary keeps the first of each kind).
                    eprintln!("failure [{}] at line {}: {}", f.kind, f.line, f.message);
                }
                summary.record(*f);
                if !cfg.keep_going || summary.lines >= cfg.lines {
                    break 'engines;
                }
            }
        }
    }
    summary.elapsed = start.elapsed();
    summary
}

/// A `go` waiting for its `bestmove`.
struct PendingGo {
    line: u64,
    text: String,
    info: GoInfo,
    state: State,
    /// Since when it runs (it may have waited behind earlier searches).
    since: Instant,
    stop_at: Option<Instant>,
    ponderhit: bool,
}

impl PendingGo {
    fn bounded(&self) -> bool {
        self.info.bounded || (self.ponderhit && self.info.bounded_after_ponderhit)
    }
}

/// A bounded search (depth <= 4, movetime <= 50 ms, small clocks) that
/// takes this long is stuck.
const BOUNDED_SEARCH_LIMIT: Duration = Duration::from_secs(10);
/// An unbounded search without a `stop` from the generator gets one from
/// the driver after this.
const RESCUE_STOP_AFTER: Duration = Duration::from_secs(5);
/// `bestmove` must follow `stop` within this.
const AFTER_STOP_LIMIT: Duration = Duration::from_secs(3);
/// `uciok` (the driver's barrier) within this, perft included.
const UCI_LIMIT: Duration = Duration::from_secs(60);

struct UciSession<'c> {
    cfg: &'c RunConfig,
    link: Link,
    model: Model,
    stats: Summary,
    gos: VecDeque<PendingGo>,
    ready: VecDeque<(u64, Instant)>,
    ucis: VecDeque<(u64, Instant)>,
    capture: Option<Vec<String>>,
}

impl<'c> UciSession<'c> {
    fn new(cfg: &'c RunConfig, proc: Proc, mut stats: Summary) -> UciSession<'c> {
        stats.engines_started += 1;
        UciSession {
            cfg,
            link: Link::new(proc, Transcript::new("UCI", cfg.seed)),
            model: Model::new(),
            stats,
            gos: VecDeque::new(),
            ready: VecDeque::new(),
            ucis: VecDeque::new(),
            capture: None,
        }
    }

    fn into_stats(self) -> Summary {
        self.stats
    }

    fn step(&mut self, step: Step) -> Checked {
        match step {
            Step::Line(bytes) => self.send_line(bytes),
            Step::Sleep(ms) => self.pump(Duration::from_millis(ms)),
            Step::Await => self.barrier(|s| s.gos.is_empty()),
        }
    }

    fn send_line(&mut self, bytes: Vec<u8>) -> Checked {
        let body = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        let applied = match self.model.apply(body) {
            Ok(a) => a,
            Err(e) => {
                self.log_sent(&bytes, false);
                let kind = if e.contains("panicked") {
                    "library-panic"
                } else {
                    "fuzzer-bug"
                };
                return Err(self.fail(kind, e));
            }
        };
        self.stats.errors_expected += applied.error as u64;
        // Lines whose output is read back run on an idle engine.
        if matches!(
            applied.kind,
            Kind::Display(_) | Kind::Eval | Kind::Perft(..)
        ) {
            self.barrier(|s| s.gos.is_empty() && s.ready.is_empty() && s.ucis.is_empty())?;
        }
        self.write(&bytes, false)?;
        let now = Instant::now();
        match applied.kind {
            Kind::IsReady => {
                self.stats.isready += 1;
                self.ready.push_back((self.link.log.line_no, now));
            }
            Kind::Uci => self.ucis.push_back((self.link.log.line_no, now)),
            Kind::Go(info, state) => {
                self.stats.gos += 1;
                self.gos.push_back(PendingGo {
                    line: self.link.log.line_no,
                    text: render(body),
                    info,
                    state,
                    since: now,
                    stop_at: None,
                    ponderhit: false,
                });
            }
            Kind::Stop => {
                if let Some(g) = self.gos.front_mut() {
                    g.stop_at.get_or_insert(now);
                }
            }
            Kind::PonderHit => {
                if let Some(g) = self.gos.front_mut() {
                    if g.info.ponder && !g.ponderhit {
                        g.ponderhit = true;
                        g.since = now;
                    }
                }
            }
            Kind::Display(state) => {
                let lines = self.read_back()?;
                self.stats.d_checked += 1;
                check::display(&lines, &state).map_err(|w| self.fail(w.kind, w.detail))?;
            }
            Kind::Perft(depth, state) => {
                let lines = self.read_back()?;
                if depth.is_some() && matches!(state, State::Known(..)) {
                    self.stats.perft_checked += 1;
                }
                check::perft(&lines, depth, &state).map_err(|w| self.fail(w.kind, w.detail))?;
            }
            Kind::Eval => {
                self.read_back()?;
            }
            Kind::Quit => self.link.quitting = true,
            Kind::Empty | Kind::Other => {}
        }
        self.pump(Duration::ZERO)
    }

    /// The output of the line just sent: everything up to the `uciok` of a
    /// `uci` the driver sends after it (commands run in order, and `uci`
    /// always answers).
    fn read_back(&mut self) -> Result<Vec<String>, Box<Failure>> {
        self.capture = Some(Vec::new());
        self.write(b"uci\n", true)?;
        self.ucis.push_back((self.link.log.line_no, Instant::now()));
        self.barrier(|s| s.ucis.is_empty())?;
        Ok(self.capture.take().unwrap_or_default())
    }

    fn push_received(&mut self, text: &str) {
        self.link.log.received(text);
    }

    /// Every `go` answered, then `quit`: the engine must exit with status 0.
    fn finish(&mut self) -> Checked {
        self.barrier(|s| s.gos.is_empty() && s.ready.is_empty() && s.ucis.is_empty())?;
        self.quit()
    }
}

impl Session for UciSession<'_> {
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
        if let Some(&(line, at)) = self.ready.front() {
            if now - at > self.cfg.isready_limit {
                return Err(self.fail(
                    "isready-timeout",
                    format!(
                        "isready of line {line} not answered within {} ms",
                        self.cfg.isready_limit.as_millis()
                    ),
                ));
            }
        }
        if let Some(&(line, at)) = self.ucis.front() {
            if now - at > UCI_LIMIT {
                return Err(self.fail(
                    "uci-timeout",
                    format!(
                        "uci of line {line} not answered within {} s",
                        UCI_LIMIT.as_secs()
                    ),
                ));
            }
        }
        let mut rescue = false;
        if let Some(g) = self.gos.front() {
            if let Some(stop_at) = g.stop_at {
                if now - stop_at > AFTER_STOP_LIMIT {
                    return Err(self.fail(
                        "no-bestmove",
                        format!(
                            "`{}` (line {}) has no bestmove {} s after stop",
                            g.text,
                            g.line,
                            AFTER_STOP_LIMIT.as_secs()
                        ),
                    ));
                }
            } else if g.bounded() {
                if now - g.since > BOUNDED_SEARCH_LIMIT {
                    return Err(self.fail(
                        "no-bestmove",
                        format!(
                            "`{}` (line {}): no bestmove within {} s",
                            g.text,
                            g.line,
                            BOUNDED_SEARCH_LIMIT.as_secs()
                        ),
                    ));
                }
            } else if now - g.since > RESCUE_STOP_AFTER {
                rescue = true;
            }
        }
        if rescue {
            self.write(b"stop\n", true)?;
            if let Some(g) = self.gos.front_mut() {
                g.stop_at = Some(Instant::now());
            }
        }
        Ok(())
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
        if text.len() > MAX_LINE {
            return Err(self.fail(
                "long-output-line",
                format!(
                    "an output line of {} bytes: {}",
                    text.len(),
                    clip(&text, 200)
                ),
            ));
        }
        if let Some(c) = &mut self.capture {
            c.push(text.clone());
        }
        if text.starts_with("info string error") {
            self.stats.errors_seen += 1;
        } else if text == "readyok" {
            let Some((_, sent)) = self.ready.pop_front() else {
                return Err(self.fail("unexpected-readyok", "readyok without an isready"));
            };
            let latency = at.saturating_duration_since(sent);
            self.stats.max_isready_latency = self.stats.max_isready_latency.max(latency);
        } else if text == "uciok" {
            if self.ucis.pop_front().is_none() {
                return Err(self.fail("unexpected-uciok", "uciok without a uci"));
            }
        } else if text == "bestmove" || text.starts_with("bestmove ") {
            let Some(g) = self.gos.pop_front() else {
                return Err(self.fail("extra-bestmove", format!("{text:?} with no go waiting")));
            };
            if let Some(next) = self.gos.front_mut() {
                next.since = next.since.max(at);
            }
            self.stats.bestmoves_checked += 1;
            if text == "bestmove 0000" || text == "bestmove (none)" {
                self.stats.no_move_answers += 1;
            }
            if let Err(w) = check::bestmove(&text, &g.info, &g.state) {
                // Bestmoves are matched to gos in order: say so when this
                // one would fit the next go (then this go may have got none).
                let mut detail = w.detail;
                if let Some(next) = self.gos.front() {
                    if check::bestmove(&text, &next.info, &next.state).is_ok() {
                        detail.push_str(&format!(
                            " (it would answer the next go, `{}` of line {}: \
                             did this go get no bestmove?)",
                            next.text, next.line
                        ));
                    }
                }
                return Err(self.fail(
                    w.kind,
                    format!("answer to `{}` (line {}): {detail}", g.text, g.line),
                ));
            }
        } else if let Some(rest) = text.strip_prefix("info string variant ") {
            let ok = rest.split_once(" startpos ").is_some_and(|(v, fen)| {
                VariantId::parse(v).is_ok_and(|v| mirror::start_fen(v) == fen)
            });
            if !ok {
                return Err(self.fail("variant-announcement", format!("{text:?}")));
            }
        }
        Ok(())
    }
}
