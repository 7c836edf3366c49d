//! The end of a job, as the caller's input side can tell it.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Marks a job's work as finished.
///
/// A protocol front end prints the job's last line through
/// [`Done::print_last`]: the flag is set while stdout is held for that line,
/// so whatever the input thread prints once it sees the flag (a waiting
/// command's answer, `readyok`) comes after that line.
#[derive(Clone, Default)]
pub struct Done(Arc<AtomicBool>);

impl Done {
    /// Prints the job's last line on stdout and marks the job finished.
    pub fn print_last(&self, text: &str) {
        let mut out = std::io::stdout().lock();
        self.0.store(true, Ordering::SeqCst);
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    /// Marks the job finished (if its last line did not).
    pub fn set(&self) {
        let _lock = std::io::stdout().lock();
        self.0.store(true, Ordering::SeqCst);
    }

    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}
