//! The UCI front end: reads commands on its own thread, answers on stdout.
//!
//! The search runs on another thread, so `stop`, `isready`, `ponderhit` and
//! `quit` are answered while it thinks. Every malformed line gets exactly one
//! `info string error: ...` and leaves the engine as it was.

pub mod command;
mod input;
pub mod options;
pub mod session;

use std::collections::VecDeque;
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::search::{Searcher, Shared};
use command::Command;
use options::{Change, Options};
use session::{new_session, Done, GoRequest, Session, Task};

pub const ENGINE_NAME: &str = concat!("Chimera ", env!("CARGO_PKG_VERSION"));

/// What the job thread is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum JobKind {
    /// A search; `unbounded` when it only ends on `stop` (`infinite`,
    /// `ponder`, a plain `go`).
    Search {
        unbounded: bool,
    },
    Perft,
    Bench,
    /// Emptying the transposition table (`ucinewgame`, `Clear Hash`, a new
    /// `Hash` size): even `isready` waits for it, since a `go` would.
    ClearHash,
}

/// Work running on its own thread so that input is read meanwhile.
struct Job {
    kind: JobKind,
    /// The flags that stop it.
    shared: Arc<Shared>,
    done: Done,
    handle: JoinHandle<()>,
}

pub struct Engine {
    session: Box<dyn Session>,
    options: Options,
    shared: Arc<Shared>,
    /// The search threads, kept from one `go` to the next.
    searcher: Arc<Mutex<Searcher>>,
    job: Option<Job>,
    /// Input lines waiting for the running job to end.
    deferred: VecDeque<String>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        let options = Options::default();
        Engine {
            session: new_session(options.variant).expect("the default variant is registered"),
            shared: Arc::new(Shared::new(options.hash_mb)),
            searcher: Arc::new(Mutex::new(Searcher::new(options.threads))),
            options,
            job: None,
            deferred: VecDeque::new(),
        }
    }

    /// Runs `task` on a new job thread.
    fn start_job(&mut self, kind: JobKind, shared: Arc<Shared>, task: Task) {
        let done = Done::default();
        let job_done = done.clone();
        let spawned = std::thread::Builder::new()
            .name("uci-job".into())
            .spawn(move || {
                task(&job_done);
                job_done.set();
            });
        match spawned {
            Ok(handle) => {
                self.job = Some(Job {
                    kind,
                    shared,
                    done,
                    handle,
                })
            }
            Err(e) => println!("info string error: cannot start a thread: {e}"),
        }
    }

    /// Stops the running job and waits for it (a search prints its
    /// `bestmove` first).
    fn stop_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.shared.request_stop();
            let _ = job.handle.join();
        }
    }

    /// Waits for the running job to end by itself.
    fn finish_job(&mut self) {
        if let Some(job) = self.job.take() {
            let _ = job.handle.join();
        }
    }

    fn unbounded_job(&self) -> bool {
        matches!(
            self.job.as_ref().map(|j| j.kind),
            Some(JobKind::Search { unbounded: true })
        )
    }

    /// Before a command that needs the engine idle: a bounded job is allowed
    /// to finish (as in Stockfish, so piped commands work), an unbounded
    /// search is stopped.
    fn settle(&mut self) {
        if self.unbounded_job() {
            self.stop_job();
        } else {
            self.finish_job();
        }
    }

    /// A job runs and has not printed its last line.
    fn busy(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.done.is_set())
    }

    /// Handles one input line; returns `false` on `quit`.
    ///
    /// `stop`, `isready`, `ponderhit` and `quit` act at once (`isready`
    /// waits only for a table being cleared); `ucinewgame` stops an
    /// unbounded search. Any other command that arrives while a job runs
    /// waits, in order, until the job ends (see [`Engine::poll`]), so the
    /// input thread never blocks and `stop` always gets through. A `stop`,
    /// `ponderhit` or `quit` sent after a `go` (or `go perft`, `bench`) that
    /// still waits is meant for that one: it waits its turn behind it, and
    /// then acts without waiting for the job; unless an unbounded search
    /// runs, which only that stop can end.
    pub fn handle(&mut self, line: &str) -> bool {
        let parsed = command::parse(line);
        let clearing = self.clearing();
        let immediate = match &parsed {
            // An unbounded search ahead of the queue only ends on a stop, so
            // the stop is for it; otherwise it is for a waiting `go`.
            Ok(Some(Command::Stop | Command::PonderHit | Command::Quit)) => {
                self.unbounded_job() || !self.work_waits()
            }
            Ok(Some(Command::IsReady)) => !clearing,
            Ok(Some(Command::UciNewGame)) => {
                if self.unbounded_job() {
                    self.stop_job();
                }
                false
            }
            _ => false,
        };
        if !immediate && (self.busy() || !self.deferred.is_empty()) {
            self.deferred.push_back(line.to_string());
            return true;
        }
        self.run_parsed(parsed)
    }

    /// A table clear is running.
    fn clearing(&self) -> bool {
        self.busy() && self.job.as_ref().map(|j| j.kind) == Some(JobKind::ClearHash)
    }

    /// A command that starts a job waits in the queue.
    fn work_waits(&self) -> bool {
        self.deferred.iter().any(|line| {
            matches!(
                command::parse(line),
                Ok(Some(
                    Command::Go(..) | Command::Perft(_) | Command::Bench(_)
                ))
            )
        })
    }

    fn run_parsed(&mut self, parsed: Result<Option<Command>, String>) -> bool {
        match parsed.and_then(|cmd| cmd.map_or(Ok(true), |c| self.execute(c))) {
            Ok(go_on) => go_on,
            Err(e) => {
                print_error(&e);
                true
            }
        }
    }

    /// Runs the commands that waited for a job, once it has ended.
    /// Returns `false` when a waiting `quit` ran.
    pub fn poll(&mut self) -> bool {
        while let Some(line) = self.deferred.front() {
            let parsed = command::parse(line);
            // An `isready` that waited for a table clear is answered as soon
            // as the clear is over, whatever job started after it.
            let acts_at_once = match parsed {
                Ok(Some(Command::Stop | Command::PonderHit | Command::Quit)) => true,
                Ok(Some(Command::IsReady)) => !self.clearing(),
                _ => false,
            };
            if self.busy() && !acts_at_once {
                return true;
            }
            self.deferred.pop_front();
            if !self.run_parsed(parsed) {
                return false;
            }
        }
        true
    }

    fn execute(&mut self, cmd: Command) -> Result<bool, String> {
        match cmd {
            Command::Uci => {
                println!("id name {ENGINE_NAME}");
                println!("id author the Chimera developers");
                println!("{}", options::describe());
                println!("uciok");
            }
            Command::IsReady => println!("readyok"),
            Command::Debug => {}
            Command::Stop => {
                // A table clear is not interrupted: it is short and a `go`
                // needs it done.
                if self.job.as_ref().map(|j| j.kind) != Some(JobKind::ClearHash) {
                    self.stop_job();
                }
            }
            Command::PonderHit => {
                if matches!(
                    self.job.as_ref().map(|j| j.kind),
                    Some(JobKind::Search { .. })
                ) {
                    self.shared.ponderhit();
                }
            }
            Command::Quit => {
                if self.job.as_ref().map(|j| j.kind) != Some(JobKind::ClearHash) {
                    self.stop_job();
                }
                return Ok(false);
            }
            Command::UciNewGame => {
                self.settle();
                self.session.reset();
                self.clear_hash();
            }
            Command::SetOption { name, value } => {
                let change = options::parse_change(&name, value.as_deref())?;
                self.settle();
                self.apply(change)?;
            }
            Command::Position { fen, moves } => {
                self.settle();
                self.session.set_position(fen.as_deref(), &moves)?;
            }
            Command::BadPosition(reason) => {
                self.settle();
                self.session.forget_position();
                return Err(reason);
            }
            Command::Go(limits, warnings) => {
                self.settle();
                self.shared.arm();
                let unbounded = limits.is_unbounded();
                let task = self.session.go(GoRequest {
                    limits,
                    multipv: self.options.multipv,
                    move_overhead: self.options.move_overhead,
                    shared: Arc::clone(&self.shared),
                    searcher: Arc::clone(&self.searcher),
                    warnings,
                });
                let shared = Arc::clone(&self.shared);
                self.start_job(JobKind::Search { unbounded }, shared, task);
            }
            Command::Perft(depth) => {
                self.settle();
                self.shared.arm();
                let task = self.session.perft(depth, Arc::clone(&self.shared))?;
                let shared = Arc::clone(&self.shared);
                self.start_job(JobKind::Perft, shared, task);
            }
            Command::Display => println!("{}", self.session.display()?),
            Command::Eval => println!("{}", self.session.eval()?),
            Command::Bench(depth) => {
                self.settle();
                let shared = Arc::new(Shared::try_new(crate::bench::BENCH_HASH_MB)?);
                let bench_shared = Arc::clone(&shared);
                self.start_job(
                    JobKind::Bench,
                    shared,
                    Box::new(move |_: &Done| {
                        crate::bench::run_with(depth, &bench_shared, &mut |line| {
                            println!("{line}")
                        });
                    }),
                );
            }
        }
        Ok(true)
    }

    /// Empties the table on the job thread (in parallel, without blocking
    /// the input).
    fn clear_hash(&mut self) {
        let shared = Arc::clone(&self.shared);
        let job_shared = Arc::clone(&shared);
        self.start_job(
            JobKind::ClearHash,
            job_shared,
            Box::new(move |_: &Done| shared.tt.clear()),
        );
    }

    fn apply(&mut self, change: Change) -> Result<(), String> {
        match change {
            Change::Variant(v) => {
                if let Some(s) = new_session(v) {
                    self.session = s;
                    self.options.variant = v;
                    self.clear_hash();
                }
                println!(
                    "info string variant {} startpos {}",
                    v,
                    self.session.start_fen()
                );
            }
            Change::Hash(mb) => {
                // The new table comes zeroed from the system, so there is
                // nothing to clear; if it cannot be had, the old one stays.
                let shared = Shared::try_new(mb)
                    .map_err(|e| format!("{e}; Hash stays {}", self.options.hash_mb))?;
                self.shared = Arc::new(shared);
                self.options.hash_mb = mb;
            }
            Change::Threads(n) => {
                // More search threads than the machine runs at once only
                // slow each other down, and starve the thread that reads
                // `stop` and `isready`: the clock would no longer hold.
                let hardware = std::thread::available_parallelism().map_or(1, |n| n.get());
                let used = n.min(hardware);
                if used < n {
                    println!(
                        "info string Threads {n}: searching with {used}, the number of hardware threads"
                    );
                }
                self.searcher
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .set_threads(used);
                self.options.threads = n;
            }
            Change::MultiPv(n) => self.options.multipv = n,
            Change::MoveOverhead(ms) => self.options.move_overhead = ms,
            Change::ClearHash => self.clear_hash(),
            Change::Ponder(p) => self.options.ponder = p,
        }
        Ok(())
    }
}

/// Prints one error line, never a huge one whatever the input was.
fn print_error(e: &str) {
    const MAX: usize = 400;
    if e.len() <= MAX {
        println!("info string error: {e}");
    } else {
        println!("info string error: {}", session::shorten(e));
    }
}

/// Runs the UCI loop on stdin/stdout until `quit` or end of input.
pub fn run() {
    let rx = input::spawn_reader();
    let mut engine = Engine::new();
    loop {
        // While commands wait for a job, look in often to run them.
        let line = if engine.deferred.is_empty() {
            rx.recv().map_err(|_| RecvTimeoutError::Disconnected)
        } else {
            rx.recv_timeout(Duration::from_millis(2))
        };
        match line {
            Ok(line) => {
                if !engine.handle(&line) {
                    return;
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        if !engine.poll() {
            return;
        }
    }
    // End of input: let bounded jobs finish (so piped commands get their
    // bestmove) and run what waited for them; stop a search that would
    // never end by itself.
    loop {
        engine.settle();
        if engine.deferred.is_empty() || !engine.poll() {
            return;
        }
    }
}
