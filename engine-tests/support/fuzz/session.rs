//! The session loop both fuzz drivers share: writing a line (numbered and
//! logged), reading the engine's output while the protocol's timers are
//! checked, waiting for a condition, telling a death from a `quit`, and
//! the final `quit` that must end the process with status 0. Each driver
//! supplies what its protocol means: how a line of output is checked
//! ([`Session::on_line`]) and which answers are overdue
//! ([`Session::check_timers`]).

use std::process::ExitStatus;
use std::sync::atomic::Ordering;
use std::sync::mpsc::RecvTimeoutError;
use std::thread;
use std::time::{Duration, Instant};

use super::process::{Event, Proc};
use super::transcript::{Failure, Transcript};

/// After `quit` the engine exits within this.
const QUIT_LIMIT: Duration = Duration::from_secs(5);

/// The wire of one engine process: the process, the transcript of the
/// last lines, and whether `quit` was sent (then the end of output is no
/// death).
pub struct Link {
    pub proc: Proc,
    pub log: Transcript,
    pub quitting: bool,
}

impl Link {
    pub fn new(proc: Proc, log: Transcript) -> Link {
        Link {
            proc,
            log,
            quitting: false,
        }
    }
}

pub type Checked = Result<(), Box<Failure>>;

/// One driver's session over a [`Link`].
pub trait Session {
    fn link(&self) -> &Link;
    fn link_mut(&mut self) -> &mut Link;
    /// Counts a generated line of `len` bytes into the summary (the
    /// driver's own lines are not counted).
    fn count_sent(&mut self, len: usize);
    /// Checks one line of the engine's output, received at `at`.
    fn on_line(&mut self, bytes: Vec<u8>, at: Instant) -> Checked;
    /// Fails on an answer overdue (and may rescue a long search).
    fn check_timers(&mut self) -> Checked;

    fn fail(&self, kind: &str, message: impl Into<String>) -> Box<Failure> {
        let link = self.link();
        link.log.fail(&link.proc, kind, message)
    }

    /// Notes a line in the transcript without sending it (a line the model
    /// refused).
    fn log_sent(&mut self, bytes: &[u8], driver: bool) {
        self.link_mut().log.sent(bytes, driver);
    }

    /// Sends a line (`driver`: one of the driver's own).
    fn write(&mut self, bytes: &[u8], driver: bool) -> Checked {
        if !driver {
            self.count_sent(bytes.len());
        }
        let link = self.link_mut();
        link.log.line_no += 1;
        link.log.sent(bytes, driver);
        let sent = link
            .proc
            .input
            .as_ref()
            .is_some_and(|i| i.send(bytes.to_vec()).is_ok());
        if !sent {
            return Err(self.fail("input-closed", "the engine's input is closed"));
        }
        Ok(())
    }

    /// Reads output until `done`, checking timers meanwhile.
    fn barrier(&mut self, done: impl Fn(&Self) -> bool) -> Checked
    where
        Self: Sized,
    {
        while !done(self) {
            if self.link().quitting {
                return Err(self.fail("fuzzer-bug", "waiting for an engine told to quit"));
            }
            self.pump(Duration::from_millis(20))?;
        }
        Ok(())
    }

    /// Reads and checks output for `wait` (at least what is already there).
    fn pump(&mut self, wait: Duration) -> Checked {
        let end = Instant::now() + wait;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let slice = left.min(Duration::from_millis(20));
            match self.link().proc.output.recv_timeout(slice) {
                Ok(Event::Line(bytes, at)) => self.on_line(bytes, at)?,
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    if self.link().quitting {
                        return Ok(());
                    }
                    return Err(self.died("the engine closed its output"));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            if self.link().proc.input_broken.load(Ordering::SeqCst) {
                return Err(self.died("the engine stopped reading its input"));
            }
            self.check_timers()?;
            if left.is_zero() {
                return Ok(());
            }
        }
    }

    /// The failure of an engine that ended before `quit`, with its exit
    /// status if it has one within a second.
    fn died(&mut self, what: &str) -> Box<Failure> {
        let status = match exit_status(&mut self.link_mut().proc, Duration::from_secs(1)) {
            Some(s) => format!("exited with {s}"),
            None => "still running".to_string(),
        };
        self.fail("engine-died", format!("{what} before quit ({status})"))
    }

    /// Sends `quit` (every answer awaited before): the engine must exit
    /// with status 0 within [`QUIT_LIMIT`], and what it printed before is
    /// checked too.
    fn quit(&mut self) -> Checked {
        self.write(b"quit\n", true)?;
        self.link_mut().quitting = true;
        let end = Instant::now() + QUIT_LIMIT;
        loop {
            self.pump(Duration::from_millis(20))?;
            if let Ok(Some(status)) = self.link_mut().proc.child.try_wait() {
                self.pump(Duration::from_millis(50))?;
                if !status.success() {
                    return Err(self.fail("quit-status", format!("quit: the engine {status}")));
                }
                return Ok(());
            }
            thread::sleep(Duration::from_millis(5));
            if Instant::now() > end {
                return Err(self.fail(
                    "quit-timeout",
                    format!("still running {} s after quit", QUIT_LIMIT.as_secs()),
                ));
            }
        }
    }
}

/// The process's exit status if it ends within `wait`.
fn exit_status(proc: &mut Proc, wait: Duration) -> Option<ExitStatus> {
    let end = Instant::now() + wait;
    loop {
        if let Ok(Some(status)) = proc.child.try_wait() {
            return Some(status);
        }
        if Instant::now() >= end {
            return None;
        }
        thread::sleep(Duration::from_millis(5));
    }
}
