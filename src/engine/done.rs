//! The end of a job, as the caller's input side can tell it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Marks a job's work as finished.
///
/// A front end writes the job's last line through [`Done::finish_holding`]
/// with its output held (a locked stdout): the flag is set while the
/// output is held, so a GUI that has read the line finds the job finished,
/// and whatever the input side writes once it sees the flag (a waiting
/// command's answer, `readyok`) waits for the output and comes after it.
#[derive(Clone, Default)]
pub struct Done(Arc<AtomicBool>);

impl Done {
    /// Marks the job finished while `output` is held, then writes its last
    /// output through `last`.
    pub fn finish_holding<O>(&self, mut output: O, last: impl FnOnce(&mut O)) {
        self.set();
        last(&mut output);
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
    fn the_flag_is_set_before_the_last_output_is_written() {
        let done = Done::default();
        let seen = done.clone();
        let mut written = Vec::new();
        done.finish_holding(&mut written, |out| {
            assert!(
                seen.is_set(),
                "the line went out before the job was finished"
            );
            out.push("bestmove e2e4");
        });
        assert_eq!(written, ["bestmove e2e4"]);
    }
}
