//! The UCI front end: reads commands on its own thread, answers on stdout.
//!
//! The search runs on another thread, so `stop`, `isready`, `ponderhit` and
//! `quit` are answered while it thinks. Every malformed line gets exactly one
//! `info string error: ...` and leaves the engine as it was.

pub mod command;
mod error;
pub mod go;
mod option_lines;

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::engine::options::{self, Options};
use crate::engine::{position, Engine, JobKind, Notice, ENGINE_NAME, NO_POSITION};
use crate::game::setup;
use command::Command;
use error::UciError;
use go::GoRequest;

/// A line as [`command::parse`] read it.
type Parsed = Result<Option<Command>, String>;

/// The UCI front end: the engine (which holds the game and the options'
/// values), and the lines waiting for the engine's job to end.
pub struct Uci {
    engine: Engine,
    /// Input lines waiting for the running job to end, parsed once as they
    /// arrived.
    deferred: VecDeque<Parsed>,
}

impl Default for Uci {
    fn default() -> Self {
        Self::new()
    }
}

impl Uci {
    pub fn new() -> Uci {
        let options = Options::default();
        Uci {
            engine: Engine::new(options.variant, options.hash_mb, options.threads),
            deferred: VecDeque::new(),
        }
    }

    /// Handles one input line; returns `false` on `quit`.
    ///
    /// `stop`, `isready`, `ponderhit` and `quit` act at once (`isready`
    /// waits only for a table being cleared); `ucinewgame` stops an
    /// unbounded search. Any other command that arrives while a job runs
    /// waits, in order, until the job ends (see [`Uci::poll`]), so the
    /// input thread never blocks and `stop` always gets through. A `stop`,
    /// `ponderhit` or `quit` sent after a `go` (or `go perft`, `bench`) that
    /// still waits is meant for that one: it waits its turn behind it, and
    /// then acts without waiting for the job; unless an unbounded search
    /// runs, which only that stop can end.
    pub fn handle(&mut self, line: &str) -> bool {
        // A job may have ended since the last look: what waited for it runs
        // first, so that this line keeps its place behind it (an `isready`
        // after a `position` and a `d` that waited for a table clear).
        if !self.poll() {
            return false;
        }
        let parsed = command::parse(line);
        let immediate = match &parsed {
            // An unbounded search ahead of the queue only ends on a stop, so
            // the stop is for it; otherwise it is for a waiting `go`.
            Ok(Some(Command::Stop | Command::PonderHit)) => {
                self.engine.unbounded_search() || !self.work_waits()
            }
            Ok(Some(Command::Quit)) => {
                let for_the_job = self.engine.unbounded_search() || !self.work_waits();
                if for_the_job && !self.deferred.is_empty() {
                    // Lines wait for the running job: end it at once, answer
                    // them in order, then quit (a piped `d` before `quit`).
                    self.stop_job();
                    false
                } else {
                    for_the_job
                }
            }
            Ok(Some(Command::IsReady)) => self.isready_acts_at_once(),
            Ok(Some(Command::UciNewGame)) => {
                if self.engine.unbounded_search() {
                    self.engine.stop();
                }
                false
            }
            _ => false,
        };
        if !immediate && (self.engine.busy() || !self.deferred.is_empty()) {
            self.deferred.push_back(parsed);
            return true;
        }
        self.run_parsed(parsed)
    }

    /// `isready` is answered at once unless a table clear is the job: it
    /// then waits behind the lines that wait for the clear. Asked of the
    /// job's kind, which only a new job changes, not of whether it still
    /// runs: a clear ending between [`Uci::poll`] and this look would
    /// otherwise let `readyok` overtake a waiting `position` and `d`.
    fn isready_acts_at_once(&self) -> bool {
        self.engine.job_kind() != Some(JobKind::ClearHash)
    }

    /// A command that starts a job waits in the queue.
    fn work_waits(&self) -> bool {
        self.deferred
            .iter()
            .any(|parsed| matches!(parsed, Ok(Some(cmd)) if cmd.starts_a_job()))
    }

    fn run_parsed(&mut self, parsed: Parsed) -> bool {
        let done = parsed
            .map_err(UciError::Command)
            .and_then(|cmd| cmd.map_or(Ok(true), |c| self.execute(c)));
        match done {
            Ok(go_on) => go_on,
            Err(e) => {
                print_error(&e.to_string());
                true
            }
        }
    }

    /// Runs the commands that waited for a job, once it has ended.
    /// Returns `false` when a waiting `quit` ran.
    pub fn poll(&mut self) -> bool {
        while let Some(front) = self.deferred.front() {
            // An `isready` that waited for a table clear is answered as soon
            // as the clear is over, whatever job started after it.
            let acts_at_once = match front {
                Ok(Some(Command::Stop | Command::PonderHit | Command::Quit)) => true,
                Ok(Some(Command::IsReady)) => !self.engine.clearing(),
                _ => false,
            };
            if self.engine.busy() && !acts_at_once {
                self.act_behind_a_search();
                return true;
            }
            let Some(parsed) = self.deferred.pop_front() else {
                break;
            };
            if !self.run_parsed(parsed) {
                return false;
            }
        }
        true
    }

    fn execute(&mut self, cmd: Command) -> Result<bool, UciError> {
        match cmd {
            Command::Uci => {
                println!("id name {ENGINE_NAME}");
                println!("id author the Chimera developers");
                for line in option_lines::lines() {
                    println!("{line}");
                }
                println!("uciok");
            }
            Command::IsReady => println!("readyok"),
            Command::Debug => {}
            Command::Stop => self.stop_job(),
            Command::PonderHit => self.engine.ponderhit(),
            Command::Quit => {
                self.stop_job();
                return Ok(false);
            }
            Command::UciNewGame => {
                self.engine.settle();
                self.engine.set_variant(self.engine.variant());
                self.engine.new_game()?;
            }
            Command::SetOption { name, value } => {
                let change = options::parse_change(&name, value.as_deref())?;
                self.engine.settle();
                for notice in self.engine.set_option(change)? {
                    match notice {
                        Notice::Info(text) => println!("info string {text}"),
                        Notice::Problem(text) => print_error(&text),
                    }
                }
            }
            Command::Position { fen, moves } => {
                self.engine.settle();
                // A rejected position leaves none (the spec's ruling: a GUI
                // must never get a move of some other position).
                let castling = self.engine.castling();
                match setup(self.engine.variant(), fen.as_deref(), castling, &moves) {
                    Ok(game) => self.engine.set_game(game),
                    Err(e) => {
                        self.engine.forget_game();
                        return Err(e.into());
                    }
                }
            }
            Command::BadPosition(reason) => {
                self.engine.settle();
                self.engine.forget_game();
                return Err(UciError::Command(reason));
            }
            Command::Go(mut limits, warnings) => {
                self.engine.settle();
                let options = self.engine.options();
                limits.skill = options.skill();
                let request = GoRequest {
                    limits,
                    multipv: options.multipv,
                    move_overhead: options.move_overhead,
                    show_wdl: options.show_wdl,
                    warnings,
                };
                go::go(&mut self.engine, request)?;
            }
            Command::Perft(depth) => {
                self.engine.settle();
                go::perft(&mut self.engine, depth)?;
            }
            Command::Display => println!("{}", self.engine.game().ok_or(NO_POSITION)?.display()),
            Command::Eval => {
                let network = self.engine.network(self.engine.variant());
                let game = self.engine.game().ok_or(NO_POSITION)?;
                println!("{}", position::explain(game, network.as_deref()));
            }
            Command::Bench(depth) => {
                self.engine.settle();
                self.engine.bench(depth, |line| println!("{line}"))?;
            }
            Command::Genfens { count, seed, book } => {
                let book = match book {
                    None => Vec::new(),
                    Some(path) => std::fs::read_to_string(&path)
                        .map_err(|e| format!("genfens book {}: {e}", crate::text::shorten(&path)))?
                        .lines()
                        .map(String::from)
                        .collect(),
                };
                self.engine.settle();
                self.engine.openings(count, seed, book, |fen| match fen {
                    Ok(fen) => println!("info string genfens {fen}"),
                    Err(e) => println!("info string error: genfens: {e}"),
                })?;
            }
        }
        Ok(true)
    }

    /// While the line at the front waits for the running job: the lines
    /// that act at once during a job do so, wherever they wait (they
    /// waited for a table clear, or for a `go` that has started since, and
    /// would now wait behind a line that only the job's end lets run: found
    /// by the fuzzer). Every waiting `isready` is answered; a `stop` or
    /// `ponderhit` with no other job ahead of it in the queue is for the
    /// running one; a `ucinewgame` that reached the front stops an
    /// unbounded search, as it does when it arrives during one.
    fn act_behind_a_search(&mut self) {
        if self.engine.clearing() {
            return;
        }
        let front = self.deferred.front();
        if matches!(front, Some(Ok(Some(Command::UciNewGame)))) && self.engine.unbounded_search() {
            self.engine.stop();
        }
        let (mut ready, mut stop, mut ponderhit) = (0, false, false);
        let mut for_the_job = true;
        self.deferred.retain(|parsed| match parsed {
            Ok(Some(Command::IsReady)) => {
                ready += 1;
                false
            }
            Ok(Some(Command::Stop)) if for_the_job => {
                stop = true;
                false
            }
            Ok(Some(Command::PonderHit)) if for_the_job => {
                ponderhit = true;
                false
            }
            Ok(Some(cmd)) if cmd.starts_a_job() => {
                for_the_job = false;
                true
            }
            _ => true,
        });
        for _ in 0..ready {
            println!("readyok");
        }
        if ponderhit {
            self.engine.ponderhit();
        }
        if stop {
            self.stop_job();
        }
    }

    /// Lets bounded jobs finish and runs what waited for them; stops a
    /// search that would never end by itself. `false` once a waiting line
    /// was `quit`.
    fn finish_jobs(&mut self) -> bool {
        loop {
            self.engine.settle();
            if self.deferred.is_empty() {
                return true;
            }
            if !self.poll() {
                return false;
            }
        }
    }

    /// Ends the running job, but not a table clear: it is short and a `go`
    /// needs it done.
    fn stop_job(&mut self) {
        if self.engine.job_kind() != Some(JobKind::ClearHash) {
            self.engine.stop();
        }
    }
}

/// Prints one error line, never a huge one whatever the input was.
fn print_error(e: &str) {
    const MAX: usize = 400;
    if e.len() <= MAX {
        println!("info string error: {e}");
    } else {
        println!("info string error: {}", crate::text::shorten(e));
    }
}

/// Runs the UCI loop on stdin/stdout until `quit` or end of input.
pub fn run() {
    run_from(crate::input::spawn_reader(), None);
}

/// Runs the UCI loop on the lines of `rx`, after `first` (the line the
/// protocol was recognised by, see [`crate::protocol`]).
pub fn run_from(rx: Receiver<String>, first: Option<String>) {
    let mut engine = Uci::new();
    if let Some(line) = first {
        if !engine.handle(&line) {
            return;
        }
    }
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
    // bestmove) and run what waited for them.
    engine.finish_jobs();
}

/// Runs `lines` as a script (the command line's arguments): each line's
/// job ends (a search without limits is stopped) before the next line is
/// read, so `genfens ... quit` prints its openings before quitting.
pub fn run_script(lines: impl IntoIterator<Item = String>) {
    let mut engine = Uci::new();
    for line in lines {
        if !engine.handle(&line) || !engine.finish_jobs() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isready_answers_after_the_lines_that_waited_for_a_finished_job() {
        // The state a table clear leaves when it ends between a deferred
        // `position` and the `isready` that follows it.
        let mut uci = Uci::new();
        uci.engine.settle();
        uci.deferred
            .push_back(command::parse("position startpos moves e2e4"));
        assert!(uci.handle("isready"));
        assert!(uci.deferred.is_empty());
        let shown = uci.engine.game().unwrap().display();
        assert!(shown.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"));
    }

    #[test]
    fn a_rejected_position_leaves_none_until_a_good_one() {
        let mut uci = Uci::new();
        assert!(uci.handle("position startpos moves e2e5"));
        assert!(uci.engine.game().is_none());
        assert!(uci.handle("ucinewgame"));
        uci.engine.settle();
        assert!(uci.engine.game().is_some_and(|g| g.tokens().is_empty()));
    }

    #[test]
    fn isready_waits_behind_the_lines_a_finished_clear_left_waiting() {
        // The clear has ended but `poll` has not yet run the lines that
        // waited for it: `isready` must queue behind them, not answer.
        let mut uci = Uci::new();
        assert!(uci.isready_acts_at_once());
        uci.engine.clear_hash().unwrap();
        while uci.engine.busy() {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(uci.engine.job_kind(), Some(JobKind::ClearHash));
        assert!(!uci.engine.busy());
        assert!(!uci.isready_acts_at_once());
    }
}
