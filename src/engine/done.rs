//! The end of a job, as the caller's input side can tell it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Marks a job's work as finished.
///
/// A front end writes the job's last line through [`Done::finish_with`]:
/// the flag is set only once that line is out, so whatever the input side
/// writes once it sees the flag (a waiting command's answer, `readyok`)
/// comes after it.
#[derive(Clone, Default)]
pub struct Done(Arc<AtomicBool>);

impl Done {
    /// Runs `last` (which writes the job's last output, and flushes it if
    /// its writer buffers), then marks the job finished.
    pub fn finish_with(&self, last: impl FnOnce()) {
        last();
        self.set();
    }

    /// Marks the job finished (if its last output did not).
    pub fn set(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_is_set_only_after_the_last_output() {
        let done = Done::default();
        let seen = done.clone();
        done.finish_with(|| assert!(!seen.is_set(), "set before the last line was out"));
        assert!(done.is_set());
    }
}
