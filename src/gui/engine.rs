//! The board's one search: started on its own thread, reported live,
//! cancellable. A search in "move" mode plays its best turn into the game
//! when it ends, unless the game changed meanwhile.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use serde::Serialize;

use super::game::BoardGame;
use crate::search::score::{is_mate, MATE};
use crate::search::{Limits, SearchConfig, Shared};

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
        if is_mate(score) {
            let moves = if score > 0 {
                (MATE - score + 1) / 2
            } else {
                -((MATE + score) / 2)
            };
            WhiteScore {
                cp: None,
                mate: Some(sign * moves),
            }
        } else {
            WhiteScore {
                cp: Some(sign * score),
                mate: None,
            }
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

/// The single search slot of the server.
pub struct Engine {
    shared: Arc<Shared>,
    hash_mb: usize,
    thread: Option<JoinHandle<()>>,
    live: Arc<Mutex<Live>>,
    /// Set by [`Engine::move_now`]: a stopped move search still plays.
    move_now: Arc<AtomicBool>,
}

impl Engine {
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            shared: Arc::new(Shared::new(hash_mb)),
            hash_mb,
            thread: None,
            live: Arc::new(Mutex::new(Live::default())),
            move_now: Arc::new(AtomicBool::new(false)),
        }
    }

    pub fn live(&self) -> Live {
        lock(&self.live).clone()
    }

    /// Stops the running search, if any, and waits for its thread. A move
    /// search stopped here plays nothing unless it had already finished.
    pub fn stop(&mut self) {
        if let Some(thread) = self.thread.take() {
            self.shared.request_stop();
            let _ = thread.join();
        }
        lock(&self.live).running = false;
    }

    /// Ends a move search at once and plays the best turn found so far
    /// (an analysis just stops).
    pub fn move_now(&mut self) {
        self.move_now.store(true, Ordering::SeqCst);
        self.stop();
    }

    /// A new game: forget the previous one's transposition table.
    pub fn reset(&mut self) {
        self.stop();
        self.shared = Arc::new(Shared::new(self.hash_mb));
        *lock(&self.live) = Live::default();
    }

    /// Starts a search of the current position, stopping any other first.
    /// The caller must not hold the game's lock (the thread takes it).
    pub fn start(&mut self, game: &SharedGame, mode: Mode) -> Result<(), String> {
        self.stop();
        let (job, white_to_move, version) = {
            let current = lock(game);
            if let Some(r) = current.game.result() {
                return Err(format!("the game is over ({} by {})", r.score, r.reason));
            }
            (
                current.game.search_job(),
                current.game.white_to_move(),
                current.version,
            )
        };
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
        *lock(&self.live) = Live {
            running: true,
            mode: mode_name.to_string(),
            version,
            ..Live::default()
        };
        self.shared.arm();
        self.shared.start(
            limits.budget(white_to_move, MOVE_OVERHEAD_MS),
            limits.nodes,
            false,
        );
        let shared = Arc::clone(&self.shared);
        let live = Arc::clone(&self.live);
        let game = Arc::clone(game);
        let plays = matches!(mode, Mode::Move { .. });
        self.move_now.store(false, Ordering::SeqCst);
        let move_now = Arc::clone(&self.move_now);
        self.thread = Some(std::thread::spawn(move || {
            let config = SearchConfig::default();
            let result = job(&limits, &config, &shared, &mut |info| {
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
            let mut played = None;
            // A plain stop from the server means the result is no longer
            // wanted; "move now" wants it.
            if plays && (!shared.stop_requested() || move_now.load(Ordering::SeqCst)) {
                if let Some(best) = &result.best {
                    let mut current = lock(&game);
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
        }));
        Ok(())
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
