//! The UCI front end: reads commands on its own thread, answers on stdout.
//!
//! The search runs on another thread, so `stop`, `isready`, `ponderhit` and
//! `quit` are answered while it thinks. Every malformed line gets exactly one
//! `info string error: ...` and leaves the engine as it was.

pub mod command;
pub mod options;
pub mod session;

use std::io::BufRead;
use std::sync::mpsc;
use std::sync::Arc;
use std::thread::JoinHandle;

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

    /// Handles one input line; returns `false` on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        match command::parse(line) {
            Ok(None) => true,
            Ok(Some(cmd)) => match self.execute(cmd) {
                Ok(go_on) => go_on,
                Err(e) => {
                    println!("info string error: {e}");
                    true
                }
            },
            Err(e) => {
                println!("info string error: {e}");
                true
            }
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
    while let Ok(line) = rx.recv() {
        if !engine.handle(&line) {
            return;
        }
    }
    // End of input: let a search with limits finish (so piped commands get
    // their bestmove), but stop one that would never end by itself.
    engine.settle_search();
}
