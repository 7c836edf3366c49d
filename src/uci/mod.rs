//! The UCI front end: reads commands on its own thread, answers on stdout.
//!
//! The search runs on another thread, so `stop`, `isready`, `ponderhit` and
//! `quit` are answered while it thinks. Every malformed line gets exactly one
//! `info string error: ...` and leaves the engine as it was.

pub mod command;
pub mod options;
pub mod session;

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use crate::search::{SearchConfig, Shared};
use command::Command;
use options::{Change, Options};
use session::{new_session, Session};

pub const ENGINE_NAME: &str = concat!("Chimera ", env!("CARGO_PKG_VERSION"));

pub struct Engine {
    session: Box<dyn Session>,
    options: Options,
    shared: Arc<Shared>,
    search: Option<JoinHandle<()>>,
    /// The running search is `infinite` or `ponder`: it waits for `stop`.
    unbounded_search: bool,
    /// Input lines waiting for the running search to end.
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
            options,
            search: None,
            unbounded_search: false,
            deferred: VecDeque::new(),
        }
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(handle) = self.search.take() {
            self.shared.request_stop();
            let _ = handle.join();
        }
    }

    /// Waits for a running search to end by its own limits.
    fn finish_search(&mut self) {
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
    }

    /// Before a command that needs the engine idle: a bounded search is
    /// allowed to finish (as Stockfish does, so piped commands work), an
    /// `infinite`/`ponder` one is stopped.
    fn settle_search(&mut self) {
        if self.unbounded_search {
            self.stop_search();
        } else {
            self.finish_search();
        }
    }

    /// A search runs and has not yet printed its `bestmove`.
    fn searching(&self) -> bool {
        self.search.is_some()
            && !self
                .shared
                .reported
                .load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Handles one input line; returns `false` on `quit`.
    ///
    /// `stop`, `isready`, `ponderhit` and `quit` act at once. Any other
    /// command that arrives while a search runs waits, in order, until the
    /// search ends (see [`Engine::poll`]), so the input thread never blocks
    /// and `stop` always gets through.
    pub fn handle(&mut self, line: &str) -> bool {
        let parsed = command::parse(line);
        let immediate = matches!(
            parsed,
            Ok(Some(
                Command::Stop | Command::IsReady | Command::PonderHit | Command::Quit
            ))
        );
        if !immediate && (self.searching() || !self.deferred.is_empty()) {
            self.deferred.push_back(line.to_string());
            return true;
        }
        self.run_parsed(parsed)
    }

    fn run_parsed(&mut self, parsed: Result<Option<Command>, String>) -> bool {
        match parsed.and_then(|cmd| cmd.map_or(Ok(true), |c| self.execute(c))) {
            Ok(go_on) => go_on,
            Err(e) => {
                println!("info string error: {e}");
                true
            }
        }
    }

    /// Runs the commands that waited for a search, once it has ended.
    pub fn poll(&mut self) {
        while !self.searching() {
            let Some(line) = self.deferred.pop_front() else {
                return;
            };
            self.run_parsed(command::parse(&line));
        }
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
            Command::Stop => self.stop_search(),
            Command::PonderHit => self.shared.ponderhit(),
            Command::Quit => {
                self.stop_search();
                return Ok(false);
            }
            Command::UciNewGame => {
                self.settle_search();
                self.shared.tt.clear();
                self.session.set_position(None, &[])?;
            }
            Command::SetOption { name, value } => {
                let change = options::parse_change(&name, value.as_deref())?;
                self.settle_search();
                self.apply(change);
            }
            // The search works on its own copy: no need to wait for it.
            Command::Position { fen, moves } => {
                self.session.set_position(fen.as_deref(), &moves)?;
            }
            Command::Go(limits) => {
                self.settle_search();
                let config = SearchConfig {
                    threads: self.options.threads,
                    multipv: self.options.multipv,
                };
                self.unbounded_search = limits.infinite || limits.ponder;
                self.search = Some(self.session.go(
                    limits,
                    config,
                    self.options.move_overhead,
                    self.shared.clone(),
                ));
            }
            Command::Perft(depth) => {
                self.settle_search();
                println!("{}", self.session.perft(depth));
            }
            Command::Display => println!("{}", self.session.display()),
            Command::Eval => println!("{}", self.session.eval()),
            Command::Bench(depth) => {
                self.settle_search();
                println!("{}", crate::bench::run(depth));
            }
        }
        Ok(true)
    }

    fn apply(&mut self, change: Change) {
        match change {
            Change::Variant(v) => {
                if let Some(s) = new_session(v) {
                    self.session = s;
                    self.options.variant = v;
                    self.shared.tt.clear();
                }
                println!(
                    "info string variant {} startpos {}",
                    v,
                    self.session.start_fen()
                );
            }
            Change::Hash(mb) => {
                self.options.hash_mb = mb;
                self.shared = Arc::new(Shared::new(mb));
            }
            Change::Threads(n) => self.options.threads = n,
            Change::MultiPv(n) => self.options.multipv = n,
            Change::MoveOverhead(ms) => self.options.move_overhead = ms,
            Change::ClearHash => self.shared.tt.clear(),
            Change::Ponder(p) => self.options.ponder = p,
        }
    }
}

/// Runs the UCI loop on stdin/stdout until `quit` or end of input.
pub fn run() {
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut engine = Engine::new();
    loop {
        // While commands wait for a search, look in often to run them.
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
        engine.poll();
    }
    // End of input: let searches with limits finish (so piped commands get
    // their bestmove) and run what waited for them; stop a search that would
    // never end by itself.
    loop {
        engine.settle_search();
        if engine.deferred.is_empty() {
            return;
        }
        engine.poll();
    }
}
