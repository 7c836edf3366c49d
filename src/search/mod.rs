//! The searcher: iterative deepening with aspiration windows over PVS
//! negamax, lazy SMP threads sharing one transposition table.
//!
//! [`search`] is the engine facade: it takes a root position, the keys of
//! the game so far, the limits of `go`, and reports each finished iteration
//! through a callback, as Stockfish's engine reports to its UCI layer. The
//! caller owns the threads that read input; the search only watches
//! [`Shared::stop`].

mod alphabeta;
pub mod limits;
mod ordering;
pub mod params;
pub mod score;
pub mod tt;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::eval::Variant;
use alphabeta::Worker;
pub use limits::{Limits, TimeBudget};
use params::PARAMS;
use score::{is_mate, INFINITY, MATE, MAX_PLY};
pub use tt::TranspositionTable;

/// State shared by the search threads and the thread that reads input.
pub struct Shared {
    pub tt: TranspositionTable,
    pub stop: AtomicBool,
    /// Set only by [`Shared::request_stop`]: the user's `stop`, as opposed
    /// to the search stopping its own helper threads.
    stop_requested: AtomicBool,
    /// While set (`go ponder`), time limits do not apply.
    pub pondering: AtomicBool,
    pub nodes: AtomicU64,
    /// Set once the search's result has been reported (UCI: `bestmove`
    /// printed): from then on the engine counts as idle.
    pub reported: AtomicBool,
    clock: Mutex<(Instant, Option<TimeBudget>, Option<u64>)>,
}

impl Shared {
    pub fn new(hash_mb: usize) -> Shared {
        Shared {
            tt: TranspositionTable::new(hash_mb),
            stop: AtomicBool::new(false),
            stop_requested: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            reported: AtomicBool::new(false),
            clock: Mutex::new((Instant::now(), None, None)),
        }
    }

    fn lock_clock(&self) -> std::sync::MutexGuard<'_, (Instant, Option<TimeBudget>, Option<u64>)> {
        self.clock.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Prepares a new search: clears the flags, starts the clock.
    pub fn start(&self, budget: Option<TimeBudget>, node_limit: Option<u64>, ponder: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.stop_requested.store(false, Ordering::SeqCst);
        self.pondering.store(ponder, Ordering::SeqCst);
        self.nodes.store(0, Ordering::SeqCst);
        self.reported.store(false, Ordering::SeqCst);
        *self.lock_clock() = (Instant::now(), budget, node_limit);
        self.tt.new_search();
    }

    /// `stop` (or `quit`): end the search now.
    pub fn request_stop(&self) {
        self.stop_requested.store(true, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    pub fn stop_requested(&self) -> bool {
        self.stop_requested.load(Ordering::SeqCst)
    }

    /// `ponderhit`: the predicted move was played; the clock starts now.
    pub fn ponderhit(&self) {
        self.lock_clock().0 = Instant::now();
        self.pondering.store(false, Ordering::SeqCst);
    }

    pub fn elapsed(&self) -> Duration {
        self.lock_clock().0.elapsed()
    }

    /// Hard limits: time (unless pondering) and nodes.
    fn out_of_budget(&self, nodes: u64) -> bool {
        let (start, budget, node_limit) = *self.lock_clock();
        if node_limit.is_some_and(|n| nodes >= n) {
            return true;
        }
        !self.pondering.load(Ordering::Relaxed) && budget.is_some_and(|b| start.elapsed() >= b.hard)
    }

    /// Soft limit: whether to start another iteration.
    fn past_soft_limit(&self) -> bool {
        let (start, budget, _) = *self.lock_clock();
        !self.pondering.load(Ordering::Relaxed) && budget.is_some_and(|b| start.elapsed() >= b.soft)
    }
}

/// Options of one search that do not come from `go`.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    pub threads: usize,
    pub multipv: usize,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            threads: 1,
            multipv: 1,
        }
    }
}

/// One line of search progress (UCI `info`).
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: i32,
    pub seldepth: usize,
    pub multipv: usize,
    pub score: i32,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<String>,
}

/// The outcome of a search.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    pub best: Option<String>,
    pub ponder: Option<String>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
}

/// Searches `root` until a limit or [`Shared::stop`]. `game_keys` are the
/// hashes of the positions before the root, oldest first (for repetitions).
pub fn search<P: Variant>(
    root: &P,
    game_keys: &[u64],
    limits: &Limits,
    config: &SearchConfig,
    shared: &Shared,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let mut keys = game_keys.to_vec();
    keys.push(root.hash());
    let mut legal = Vec::new();
    root.generate(&mut legal);
    let allowed: Vec<P::Move> = legal
        .iter()
        .copied()
        .filter(|&m| limits.searchmoves.iter().any(|t| *t == root.format_move(m)))
        .collect();
    let root_moves = if allowed.is_empty() {
        legal.len()
    } else {
        allowed.len()
    };
    if root_moves == 0 {
        return SearchResult::default();
    }
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as i32 - 1)
        .clamp(1, MAX_PLY as i32 - 1);
    let multipv = config.multipv.clamp(1, root_moves);

    std::thread::scope(|scope| {
        for id in 1..config.threads.max(1) {
            let keys = &keys;
            let allowed = allowed.clone();
            scope.spawn(move || {
                let mut helper = Worker::<P>::new(shared, false, keys);
                helper.root_allowed = allowed;
                helper.abortable = true;
                // Helpers start at staggered depths so threads diverge.
                let mut depth = 1 + (id % 2) as i32;
                while depth <= max_depth && !shared.stop.load(Ordering::Relaxed) {
                    helper.negamax(root, depth, -INFINITY, INFINITY, 0, true);
                    depth += 1;
                }
                helper.flush_nodes();
            });
        }
        let mut main = Worker::<P>::new(shared, true, &keys);
        main.root_allowed = allowed;
        let result = iterate(
            &mut main, root, limits, max_depth, multipv, root_moves, report,
        );
        shared.stop.store(true, Ordering::SeqCst);
        result
    })
}

/// The main thread's iterative deepening loop.
fn iterate<P: Variant>(
    worker: &mut Worker<'_, P>,
    root: &P,
    limits: &Limits,
    max_depth: i32,
    multipv: usize,
    root_moves: usize,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let shared = worker.shared;
    let mut result = SearchResult::default();
    let mut previous_score = 0;
    for depth in 1..=max_depth {
        worker.abortable = depth > 1;
        worker.root_excluded.clear();
        let mut lines: Vec<(i32, Vec<P::Move>)> = Vec::new();
        for line in 0..multipv {
            let guess = if line == 0 {
                previous_score
            } else {
                lines[line - 1].0
            };
            let score = aspiration(worker, root, depth, guess, line == 0);
            if worker.stopped {
                break;
            }
            let pv = worker.pv[0].clone();
            let Some(&first) = pv.first() else { break };
            worker.root_excluded.push(first);
            lines.push((score, pv));
        }
        if worker.stopped && lines.is_empty() {
            break;
        }
        worker.flush_nodes();
        let elapsed = shared.elapsed();
        let nodes = shared.nodes.load(Ordering::Relaxed);
        for (i, (score, pv)) in lines.iter().enumerate() {
            report(&SearchInfo {
                depth,
                seldepth: worker.seldepth,
                multipv: i + 1,
                score: *score,
                nodes,
                nps: nodes * 1000 / (elapsed.as_millis() as u64).max(1),
                hashfull: shared.tt.hashfull(),
                time_ms: elapsed.as_millis() as u64,
                pv: tokens(root, pv),
            });
        }
        let (score, pv) = &lines[0];
        let pv_tokens = tokens(root, pv);
        previous_score = *score;
        result = SearchResult {
            best: pv_tokens.first().cloned(),
            ponder: pv_tokens.get(1).cloned(),
            score: *score,
            depth,
            nodes,
        };
        if worker.stopped || shared.stop.load(Ordering::Relaxed) {
            break;
        }
        if let Some(n) = limits.mate {
            if is_mate(*score) && *score > 0 && MATE - *score < 2 * n {
                break;
            }
        }
        if !limits.infinite && !shared.pondering.load(Ordering::Relaxed) {
            let forced = root_moves == 1 && (limits.movetime.is_some() || limits.wtime.is_some());
            if forced || shared.past_soft_limit() {
                break;
            }
        }
    }
    worker.flush_nodes();
    result.nodes = shared.nodes.load(Ordering::Relaxed);
    result
}

/// Searches the root with a window around `guess`, widening on failure.
fn aspiration<P: Variant>(
    worker: &mut Worker<'_, P>,
    root: &P,
    depth: i32,
    guess: i32,
    use_window: bool,
) -> i32 {
    let mut delta = PARAMS.aspiration_window;
    let (mut alpha, mut beta) =
        if use_window && depth >= PARAMS.aspiration_start_depth && !is_mate(guess) {
            (guess - delta, guess + delta)
        } else {
            (-INFINITY, INFINITY)
        };
    loop {
        let score = worker.negamax(root, depth, alpha, beta, 0, true);
        if worker.stopped {
            return score;
        }
        if score <= alpha && alpha > -INFINITY {
            alpha = (alpha - delta).max(-INFINITY);
        } else if score >= beta && beta < INFINITY {
            beta = (beta + delta).min(INFINITY);
        } else {
            return score;
        }
        delta *= 2;
        if delta > 1000 {
            alpha = -INFINITY;
            beta = INFINITY;
        }
    }
}

/// A line of turns as UCI tokens, replayed from `root`.
fn tokens<P: Variant>(root: &P, line: &[P::Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        out.push(pos.format_move(m));
        pos.play(m);
    }
    out
}
