//! The board's one search: started on its own thread, reported live,
//! cancellable. A search in "move" mode plays its best turn into the game
//! when it ends, unless the game changed meanwhile.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use serde::Serialize;

use super::game::BoardGame;
use crate::engine::{Done, Engine as CoreEngine, SearchRequest};
use crate::search::score::mate_in_moves;
use crate::search::{Limits, SearchInfo, SearchResult};

/// Time kept back from a move's budget for the server's own work.
const MOVE_OVERHEAD_MS: u64 = 10;

/// The game as the server and the search thread share it. `version` grows
/// with every change, so a search can tell whether its result still fits.
pub struct Current {
    pub game: Box<dyn BoardGame>,
    pub version: u64,
}

pub type SharedGame = Arc<Mutex<Current>>;

/// Locks a mutex even if a thread panicked while holding it: the data here
/// stays consistent between statements.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A score as the page shows it, from White's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct WhiteScore {
    /// Centipawns, absent for a mate score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Mate in this many moves: positive when White mates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
}

impl WhiteScore {
    fn new(score: i32, white_to_move: bool) -> WhiteScore {
        let sign = if white_to_move { 1 } else { -1 };
        match mate_in_moves(score) {
            Some(moves) => WhiteScore {
                cp: None,
                mate: Some(sign * moves),
            },
            None => WhiteScore {
                cp: Some(sign * score),
                mate: None,
            },
        }
    }
}

/// What the search is doing or did last, for the page to poll.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Live {
    pub running: bool,
    /// `move` (play the best turn when done) or `analyse`.
    pub mode: String,
    /// Game version the search started from.
    pub version: u64,
    pub depth: i32,
    pub score: Option<WhiteScore>,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: Vec<String>,
    pub best: Option<String>,
    /// The turn the engine played into the game, once it has.
    pub played: Option<String>,
}

/// What to search for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Think for `movetime_ms`, then play the best turn.
    Move { movetime_ms: u64 },
    /// Think until stopped (or `depth`), playing nothing.
    Analyse,
}

/// The single search slot of the server, on the engine facade.
pub struct Engine {
    core: CoreEngine,
    live: Arc<Mutex<Live>>,
    /// Set when the server stops a search whose result is no longer wanted
    /// (a plain stop); a move search that ends otherwise plays its turn.
    cancelled: Arc<AtomicBool>,
}

impl Engine {
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            core: CoreEngine::new(hash_mb, 1),
            live: Arc::new(Mutex::new(Live::default())),
            cancelled: Arc::new(AtomicBool::new(false)),
        }
    }

    pub fn live(&self) -> Live {
        lock(&self.live).clone()
    }

    /// Ends the running search, if any, and waits for it; its result is
    /// played only when `play_result` (and it is a move search).
    fn halt(&mut self, play_result: bool) {
        if self.core.job_kind().is_some() {
            self.cancelled.store(!play_result, Ordering::SeqCst);
            self.core.stop();
        }
        lock(&self.live).running = false;
    }

    /// Stops the running search, if any, and waits for its thread. A move
    /// search stopped here plays nothing unless it had already finished.
    pub fn stop(&mut self) {
        self.halt(false);
    }

    /// Ends a move search at once and plays the best turn found so far
    /// (an analysis just stops).
    pub fn move_now(&mut self) {
        self.halt(true);
    }

    /// A new game: forget the previous one's table and histories.
    pub fn reset(&mut self) {
        self.stop();
        if let Err(e) = self.core.new_game() {
            eprintln!("chimera gui: {e}");
        }
        *lock(&self.live) = Live::default();
    }

    /// Starts a search of the current position, stopping any other first.
    /// The caller must not hold the game's lock (the search's end takes it).
    pub fn start(&mut self, game: &SharedGame, mode: Mode) -> Result<(), String> {
        self.stop();
        // A table clear must end before a search starts.
        self.core.settle();
        let (limits, mode_name) = match mode {
            Mode::Move { movetime_ms } => (
                Limits {
                    movetime: Some(movetime_ms.clamp(20, 3_600_000)),
                    ..Limits::default()
                },
                "move",
            ),
            Mode::Analyse => (
                Limits {
                    infinite: true,
                    ..Limits::default()
                },
                "analyse",
            ),
        };
        let request = SearchRequest {
            limits,
            multipv: 1,
            move_overhead: MOVE_OVERHEAD_MS,
        };
        let current = lock(game);
        if let Some(r) = current.game.result() {
            return Err(format!("the game is over ({} by {})", r.score, r.reason));
        }
        let white_to_move = current.game.white_to_move();
        let version = current.version;
        *lock(&self.live) = Live {
            running: true,
            mode: mode_name.to_string(),
            version,
            ..Live::default()
        };
        self.cancelled.store(false, Ordering::SeqCst);
        let live = Arc::clone(&self.live);
        let on_info = Box::new(move |info: &SearchInfo| {
            if info.multipv != 1 {
                return;
            }
            let mut l = lock(&live);
            l.depth = info.depth;
            l.score = Some(WhiteScore::new(info.score, white_to_move));
            l.nodes = info.nodes;
            l.nps = info.nps;
            l.time_ms = info.time_ms;
            l.pv = info.pv.clone();
        });
        let live = Arc::clone(&self.live);
        let shared_game = Arc::clone(game);
        let plays = matches!(mode, Mode::Move { .. });
        let cancelled = Arc::clone(&self.cancelled);
        let on_done = Box::new(move |result: SearchResult, _: &Done| {
            let mut played = None;
            if plays && !cancelled.load(Ordering::SeqCst) {
                if let Some(best) = &result.best {
                    let mut current = lock(&shared_game);
                    if current.version == version && current.game.play(best).is_ok() {
                        current.version += 1;
                        played = Some(best.clone());
                    }
                }
            }
            let mut l = lock(&live);
            l.best = result.best;
            l.played = played;
            l.nodes = l.nodes.max(result.nodes);
            l.running = false;
        });
        let started = current
            .game
            .search(&mut self.core, request, on_info, on_done);
        drop(current);
        if started.is_err() {
            lock(&self.live).running = false;
        }
        started
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::WhiteScore;
    use crate::search::score::MATE;

    #[test]
    fn scores_turn_to_whites_view() {
        assert_eq!(WhiteScore::new(35, true).cp, Some(35));
        assert_eq!(WhiteScore::new(35, false).cp, Some(-35));
        assert_eq!(WhiteScore::new(MATE - 1, false).mate, Some(-1));
        assert_eq!(WhiteScore::new(-(MATE - 2), true).mate, Some(-1));
    }
}
