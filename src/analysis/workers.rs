//! The whole-game pass over many games at once: their stretches of
//! positions ([`super::pass`]) shared among workers, each with its own
//! engine. `chimera analyse` and the web board's "Analyse game" both run
//! it; the progress counter and the cancel flag are theirs to read and set.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::pass::{analyse_stretch, Budget, GameLine, PositionEval};
use crate::engine::Engine;

/// A running pass as its caller watches it.
#[derive(Debug, Default)]
pub struct Progress {
    /// Positions analysed (a stretch that failed counts as done).
    pub done: AtomicUsize,
    /// Set to call the pass off: each worker stops after its position.
    pub cancel: AtomicBool,
}

impl Progress {
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::SeqCst)
    }
}

/// The searches a pass runs at once and what each has.
#[derive(Clone, Copy, Debug)]
pub struct Workers {
    pub jobs: usize,
    pub hash_mb: usize,
    pub threads: usize,
}

/// Why a pass ended without every evaluation.
pub const CANCELLED: &str = "the analysis was cancelled";

/// One stretch's evaluations, or why it failed.
type StretchResult = Result<Vec<PositionEval>, String>;

/// Every position of every game, one evaluation each in game order. An
/// error names the game (`game 2: ...`); a cancelled pass is
/// [`CANCELLED`].
pub fn analyse_games(
    games: &[&GameLine],
    budget: Budget,
    workers: Workers,
    progress: &Progress,
) -> Result<Vec<Vec<PositionEval>>, String> {
    let Some(first) = games.first() else {
        return Ok(Vec::new());
    };
    let units: Vec<(usize, Range<usize>)> = games
        .iter()
        .enumerate()
        .flat_map(|(g, line)| line.stretches().into_iter().map(move |s| (g, s)))
        .collect();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<StretchResult>>> = Mutex::new(vec![None; units.len()]);
    let jobs = workers.jobs.min(units.len()).max(1);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let mut engine = Engine::new(first.variant, workers.hash_mb, workers.threads);
                loop {
                    if progress.cancelled() {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some((g, stretch)) = units.get(i) else {
                        break;
                    };
                    let mut counted = 0;
                    let result = analyse_stretch(
                        &mut engine,
                        games[*g],
                        stretch.clone(),
                        budget,
                        &mut || {
                            counted += 1;
                            progress.done.fetch_add(1, Ordering::SeqCst);
                            !progress.cancelled()
                        },
                    );
                    // A stretch that failed counts as done all the same.
                    progress
                        .done
                        .fetch_add(stretch.len() - counted, Ordering::SeqCst);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
                }
            });
        }
    });
    if progress.cancelled() {
        return Err(CANCELLED.to_string());
    }
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut evals: Vec<Vec<PositionEval>> = vec![Vec::new(); games.len()];
    for (i, (g, _)) in units.iter().enumerate() {
        match results[i].take() {
            Some(Ok(part)) => evals[*g].extend(part),
            Some(Err(e)) => return Err(format!("game {}: {e}", g + 1)),
            None => return Err(format!("game {}: a stretch was not analysed", g + 1)),
        }
    }
    Ok(evals)
}
