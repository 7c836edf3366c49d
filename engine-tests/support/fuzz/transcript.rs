//! What both fuzz drivers keep of a session for a failure report: the last
//! lines sent and received, numbered, and the report itself.

use std::collections::VecDeque;
use std::fmt;

use super::process::{clip, render, Proc, TAIL};

/// One broken invariant, with what led to it.
#[derive(Clone, Debug)]
pub struct Failure {
    /// `UCI` or `CECP`.
    pub protocol: &'static str,
    /// Short name; failures of one kind are counted together.
    pub kind: String,
    pub seed: u64,
    /// Number of the last line sent (driver lines included).
    pub line: u64,
    pub message: String,
    pub sent: Vec<String>,
    pub received: Vec<String>,
    pub stderr: Vec<String>,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} fuzz failure [{}] with seed {} at line {}: {}",
            self.protocol, self.kind, self.seed, self.line, self.message
        )?;
        writeln!(f, "--- last lines sent (number, * = sent by the driver):")?;
        for l in &self.sent {
            writeln!(f, "  {l}")?;
        }
        writeln!(f, "--- last lines received:")?;
        for l in &self.received {
            writeln!(f, "  {l}")?;
        }
        if !self.stderr.is_empty() {
            writeln!(f, "--- engine stderr:")?;
            for l in &self.stderr {
                writeln!(f, "  {l}")?;
            }
        }
        Ok(())
    }
}

/// Counts a failure into a summary's list: the first of each kind is kept.
pub fn record(failures: &mut Vec<(Failure, u64)>, f: Failure) {
    match failures.iter_mut().find(|(g, _)| g.kind == f.kind) {
        Some((_, n)) => *n += 1,
        None => failures.push((f, 1)),
    }
}

/// The failure of an engine that could not be started.
pub fn spawn_failure(protocol: &'static str, seed: u64, what: String) -> Failure {
    Failure {
        protocol,
        kind: "spawn".into(),
        seed,
        line: 0,
        message: what,
        sent: Vec::new(),
        received: Vec::new(),
        stderr: Vec::new(),
    }
}

/// The last lines of a session, for [`Failure`]s.
pub struct Transcript {
    protocol: &'static str,
    seed: u64,
    sent: VecDeque<String>,
    received: VecDeque<String>,
    /// Lines sent so far, the driver's own included.
    pub line_no: u64,
}

impl Transcript {
    pub fn new(protocol: &'static str, seed: u64) -> Transcript {
        Transcript {
            protocol,
            seed,
            sent: VecDeque::new(),
            received: VecDeque::new(),
            line_no: 0,
        }
    }

    /// Notes a line about to be sent (`driver`: one of the driver's own).
    pub fn sent(&mut self, bytes: &[u8], driver: bool) {
        let mark = if driver { '*' } else { ' ' };
        self.sent
            .push_back(format!("{:>7}{mark} {}", self.line_no, render(bytes)));
        if self.sent.len() > TAIL {
            self.sent.pop_front();
        }
    }

    pub fn received(&mut self, text: &str) {
        self.received.push_back(clip(text, 300));
        if self.received.len() > TAIL {
            self.received.pop_front();
        }
    }

    pub fn fail(&self, proc: &Proc, kind: &str, message: impl Into<String>) -> Box<Failure> {
        Box::new(Failure {
            protocol: self.protocol,
            kind: kind.to_string(),
            seed: self.seed,
            line: self.line_no,
            message: message.into(),
            sent: self.sent.iter().cloned().collect(),
            received: self.received.iter().cloned().collect(),
            stderr: proc.stderr.lock().unwrap().iter().cloned().collect(),
        })
    }
}
