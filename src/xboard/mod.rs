//! The XBoard front end: the Chess Engine Communication Protocol (CECP,
//! version 2) on stdin/stdout, for XBoard and WinBoard (docs/xboard.md).
//!
//! One engine core behind every front end: the engine facade
//! ([`crate::engine::Engine`]) holds the game (a
//! [`crate::game::GameHandle`]) and runs searches exactly as for UCI. Input is read on its own
//! thread and searches report on theirs; both arrive here as [`Event`]s,
//! handled one at a time, so `?`, `ping` and `quit` are answered while the
//! engine thinks.

pub mod claims;
pub mod clock;
pub mod command;
pub mod features;
pub mod output;
pub mod session;
pub mod variants;

use std::sync::mpsc::{self, Receiver};

use session::Session;

/// What the front end reacts to.
pub enum Event {
    /// A line of input.
    Line(String),
    /// The end of input.
    Closed,
    /// A search has ended with its best move (`None` when there is none).
    SearchDone {
        id: crate::engine::SearchId,
        best: Option<String>,
    },
}

/// Runs CECP on stdin/stdout until `quit` or end of input.
pub fn run() {
    run_from(crate::input::spawn_reader());
}

/// Runs CECP on the lines of `lines` (after the `xboard` that chose it).
pub fn run_from(lines: Receiver<String>) {
    let (events, rx) = mpsc::channel();
    let forward = events.clone();
    std::thread::spawn(move || {
        for line in lines {
            if forward.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = forward.send(Event::Closed);
    });
    let mut session = Session::new(events);
    let mut closed = false;
    for event in rx {
        match event {
            Event::Line(line) => {
                if !session.handle_line(&line) {
                    return;
                }
            }
            Event::SearchDone { id, best } => session.search_done(id, best),
            // A search on the engine's move still sends its move.
            Event::Closed => closed = true,
        }
        if closed && !session.thinking() {
            return;
        }
    }
}
