//! The searcher: iterative deepening with aspiration windows over PVS
//! negamax, lazy SMP threads sharing one transposition table.
//!
//! [`Searcher::run`] takes a root position, the keys of the game so far and
//! the limits of `go`, and reports each finished iteration through a
//! callback; the engine facade ([`crate::engine::Engine`]) runs it on its
//! job thread. The caller owns the threads that read input; the search
//! only watches [`Shared::stop`].

mod alphabeta;
mod history;
pub mod limits;
pub mod movepick;
pub mod params;
pub mod pool;
pub mod score;
pub mod skill;
mod soft_limit;
pub mod tt;
mod tt_memory;
mod vote;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::eval::Variant;
use crate::nnue::network::Network;
use crate::nnue::networks::Networks;
use crate::rng::SplitMix64;
use crate::tablebase::Tablebases;
use crate::variants::{Outcome, VariantId};
use alphabeta::Worker;
pub use limits::{Limits, TimeBudget};
use pool::{Slot, ThreadPool, WaitGroup};
use score::{is_mate, tb_root_score, INFINITY, MATE, MAX_PLY};
use skill::Skill;
use soft_limit::SoftLimitScale;
use std::sync::Mutex;
pub use tt::TranspositionTable;
use vote::{vote, ThreadBest};

/// "No limit" in the atomic limit fields of [`Shared`].
const UNLIMITED: u64 = u64::MAX;

/// State shared by the search threads and the thread that reads input.
///
/// The clock lives in atomics so that every search thread can look at it
/// without a lock: with many threads on few cores, the main thread alone
/// cannot be relied on to notice the deadline in time.
pub struct Shared {
    pub tt: TranspositionTable,
    pub stop: AtomicBool,
    /// Set only by [`Shared::request_stop`] (the user's `stop`, `quit`), as
    /// opposed to the search stopping its own helper threads; cleared by
    /// [`Shared::arm`] when the next command starts.
    stop_requested: AtomicBool,
    /// While set (`go ponder`), time limits do not apply.
    pub pondering: AtomicBool,
    pub nodes: AtomicU64,
    /// Positions the endgame tables answered in this search.
    pub tb_hits: AtomicU64,
    epoch: Instant,
    /// When the clock started (the search or `ponderhit`), in nanoseconds
    /// since `epoch`.
    start_ns: AtomicU64,
    soft_ms: AtomicU64,
    hard_ms: AtomicU64,
    node_limit: AtomicU64,
}

impl Shared {
    /// Shared state with a table of `hash_mb` megabytes.
    ///
    /// # Panics
    /// If the table cannot be allocated; use [`Shared::try_new`] for sizes a
    /// user chose.
    pub fn new(hash_mb: usize) -> Shared {
        match Shared::try_new(hash_mb) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        }
    }

    /// Shared state, or an error when the table cannot be allocated.
    pub fn try_new(hash_mb: usize) -> Result<Shared, String> {
        Ok(Shared::with_table(TranspositionTable::try_new(hash_mb)?))
    }

    pub fn with_table(tt: TranspositionTable) -> Shared {
        Shared {
            tt,
            stop: AtomicBool::new(false),
            stop_requested: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            tb_hits: AtomicU64::new(0),
            epoch: Instant::now(),
            start_ns: AtomicU64::new(0),
            soft_ms: AtomicU64::new(UNLIMITED),
            hard_ms: AtomicU64::new(UNLIMITED),
            node_limit: AtomicU64::new(UNLIMITED),
        }
    }

    fn now_ns(&self) -> u64 {
        self.epoch.elapsed().as_nanos() as u64
    }

    /// A new command begins: forget an earlier `stop`. Call this before
    /// handing the command to another thread, so that a `stop` sent right
    /// after it is never lost.
    pub fn arm(&self) {
        self.stop_requested.store(false, Ordering::SeqCst);
        self.stop.store(false, Ordering::SeqCst);
    }

    /// Prepares a new search: starts the clock, sets the limits. A `stop`
    /// requested since [`Shared::arm`] still holds.
    pub fn start(&self, budget: Option<TimeBudget>, node_limit: Option<u64>, ponder: bool) {
        self.pondering.store(ponder, Ordering::SeqCst);
        self.nodes.store(0, Ordering::SeqCst);
        self.tb_hits.store(0, Ordering::SeqCst);
        let ms = |d: Duration| d.as_millis().min(UNLIMITED as u128 - 1) as u64;
        self.soft_ms
            .store(budget.map_or(UNLIMITED, |b| ms(b.soft)), Ordering::SeqCst);
        self.hard_ms
            .store(budget.map_or(UNLIMITED, |b| ms(b.hard)), Ordering::SeqCst);
        self.node_limit
            .store(node_limit.unwrap_or(UNLIMITED), Ordering::SeqCst);
        self.start_ns.store(self.now_ns(), Ordering::SeqCst);
        self.tt.new_search();
        self.stop
            .store(self.stop_requested.load(Ordering::SeqCst), Ordering::SeqCst);
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
        self.start_ns.store(self.now_ns(), Ordering::SeqCst);
        self.pondering.store(false, Ordering::SeqCst);
    }

    pub fn elapsed(&self) -> Duration {
        Duration::from_nanos(
            self.now_ns()
                .saturating_sub(self.start_ns.load(Ordering::Relaxed)),
        )
    }

    /// The `go nodes` limit, if any.
    pub fn node_limit(&self) -> Option<u64> {
        Some(self.node_limit.load(Ordering::Relaxed)).filter(|&n| n != UNLIMITED)
    }

    fn past(&self, limit_ms: &AtomicU64) -> bool {
        let limit = limit_ms.load(Ordering::Relaxed);
        limit != UNLIMITED
            && !self.pondering.load(Ordering::Relaxed)
            && self.elapsed() >= Duration::from_millis(limit)
    }

    /// Hard limits: time (unless pondering) and nodes.
    fn out_of_budget(&self, nodes: u64) -> bool {
        nodes >= self.node_limit.load(Ordering::Relaxed) || self.past(&self.hard_ms)
    }

    /// Soft limit, scaled by `scale` (never past the hard limit): whether
    /// to start another iteration.
    fn past_soft_limit(&self, scale: f64) -> bool {
        let soft = self.soft_ms.load(Ordering::Relaxed);
        if soft == UNLIMITED || self.pondering.load(Ordering::Relaxed) {
            return false;
        }
        let scaled = (soft as f64 * scale) as u64;
        let limit = scaled.min(self.hard_ms.load(Ordering::Relaxed));
        self.elapsed() >= Duration::from_millis(limit)
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
    /// Positions the endgame tables answered so far.
    pub tbhits: u64,
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

/// The search threads of an engine: the main thread's state plus a pool of
/// helper threads, both kept from one `go` to the next.
pub struct Searcher {
    helpers: ThreadPool,
    main: Slot,
    /// The networks loaded (`EvalFile`); the search of a variant without
    /// one uses the hand-written evaluation.
    pub networks: Arc<Networks>,
    /// The endgame tables (`SyzygyPath`), none at first.
    pub tablebases: Arc<Tablebases>,
    /// Numbers the games: the workers keep their histories from one search
    /// to the next of a game and start afresh in a new one.
    game: u64,
}

impl Searcher {
    /// A searcher using `threads` threads in all (the caller's one included).
    pub fn new(threads: usize) -> Searcher {
        Searcher {
            helpers: ThreadPool::new(threads.max(1) - 1),
            main: None,
            networks: Arc::default(),
            tablebases: Arc::default(),
            game: 0,
        }
    }

    /// The next search belongs to a new game (`ucinewgame`): what the
    /// threads learnt about the old one is forgotten.
    pub fn new_game(&mut self) {
        self.game += 1;
    }

    /// Starts or ends helper threads; call between searches.
    pub fn set_threads(&mut self, threads: usize) {
        self.helpers.resize(threads.max(1) - 1);
    }

    /// Searches `root` until a limit or [`Shared::stop`], on the calling
    /// thread and the helpers. `game_keys` are the hashes of the positions
    /// before the root, oldest first (for repetitions). Each finished
    /// iteration is reported through `report`, as Stockfish's engine reports
    /// to its UCI layer. The search answers `stop` and its hard limits at
    /// once at any depth: the best turn found so far, or the first legal one,
    /// is the result.
    pub fn run<P: Variant>(
        &mut self,
        root: &P,
        game_keys: &[u64],
        limits: &Limits,
        multipv: usize,
        shared: &Arc<Shared>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut keys = game_keys.to_vec();
        keys.push(root.hash());
        let tables = Arc::clone(&self.tablebases);
        let Some(turns) = RootMoves::find(root, limits, &tables, shared) else {
            return SearchResult::default();
        };
        let (max_depth, multipv) = depth_and_lines(limits, multipv, turns.count);
        let variant = root.variant();
        let start = ThreadStart {
            keys,
            allowed: turns.allowed,
            network: self.networks.get(variant),
            variant,
            tables,
            tb_probing: turns.tb_probing,
            game: self.game,
        };
        let helpers = self.start_helpers(root, &start, max_depth, shared);
        let mut main = start.worker(&mut self.main, shared);
        // A root the tables hold shows their score, unless the search
        // finds a mate, as Stockfish shows it.
        let shown = |score: i32| match turns.tb_score {
            Some(tb) if !is_mate(score) => tb,
            _ => score,
        };
        // The lines last reported, one per `multipv` slot, as sent.
        let mut last_lines: Vec<SearchInfo> = Vec::new();
        let mut result = {
            let report = &mut |info: &SearchInfo| {
                let shown_info = SearchInfo {
                    score: shown(info.score),
                    ..info.clone()
                };
                if shown_info.multipv <= 1 {
                    last_lines.clear();
                }
                report(&shown_info);
                last_lines.push(shown_info);
            };
            let mut result = iterate(
                &mut main,
                root,
                limits,
                max_depth,
                multipv,
                turns.count,
                report,
            );
            let seldepth = main.seldepth;
            self.main = Some(main);
            // The helpers stop with the main thread; their last iterations vote.
            let helper_bests = helpers.stop(shared);
            if multipv == 1 {
                take_the_vote(&mut result, helper_bests, shared, seldepth, report);
            }
            result
        };
        if result.best.is_none() {
            // Stopped before any iteration finished.
            result.best = Some(root.format_move(turns.fallback));
        }
        result.nodes = shared.nodes.load(Ordering::Relaxed);
        result.score = shown(result.score);
        // Nodes searched after the last line (an iteration cut off by a
        // limit or `stop`, the helpers' last work) are counted in a last
        // word that repeats the lines with the whole search's counters, as
        // Stockfish ends a search: GUIs and tools read nodes per second and
        // the time from it.
        if last_lines.last().is_some_and(|l| l.nodes < result.nodes) {
            for line in &last_lines {
                let (depth, score, pv) = (line.depth, line.score, line.pv.clone());
                report(&line_info(
                    shared,
                    line.seldepth,
                    depth,
                    line.multipv,
                    score,
                    pv,
                ));
            }
        }
        result
    }

    /// Starts every helper thread on its own iterative deepening of `root`.
    fn start_helpers<P: Variant>(
        &self,
        root: &P,
        start: &ThreadStart<P>,
        max_depth: i32,
        shared: &Arc<Shared>,
    ) -> RunningHelpers {
        let helpers = RunningHelpers::default();
        for id in 0..self.helpers.len() {
            let guard = helpers.running.enter();
            let (root, start, shared, bests) = (
                root.clone(),
                start.clone(),
                Arc::clone(shared),
                Arc::clone(&helpers.bests),
            );
            self.helpers.run(id, move |slot| {
                let mut helper = start.worker(slot, &shared);
                if let Some(best) = helper_iterations(&mut helper, &root, id, max_depth, &shared) {
                    bests.lock().unwrap_or_else(|e| e.into_inner()).push(best);
                }
                helper.flush_nodes();
                *slot = Some(helper);
                drop(guard);
            });
        }
        helpers
    }
}

/// The root's turns as one search sees them.
struct RootMoves<P: Variant> {
    /// The turns searched when not all are: `searchmoves`, or those that
    /// keep the endgame tables' best result. Empty: every legal turn.
    allowed: Vec<P::Move>,
    /// How many turns are searched.
    count: usize,
    /// The bestmove until an iteration says better: the table's move, else
    /// the first.
    fallback: P::Move,
    /// Whether the tables are probed below the root.
    tb_probing: bool,
    /// The score shown when the tables hold the root and the search finds
    /// no mate ([`score::tb_root_score`]).
    tb_score: Option<i32>,
}

impl<P: Variant> RootMoves<P> {
    /// `None` when there is no turn to search.
    fn find(root: &P, limits: &Limits, tables: &Tablebases, shared: &Shared) -> Option<Self> {
        let mut legal = Vec::new();
        // A game decided before any turn (an exploded king) has no turns.
        if root.early_end().is_none_or(|e| e.outcome == Outcome::Draw) {
            root.generate(&mut legal);
        }
        let mut allowed: Vec<P::Move> = legal
            .iter()
            .copied()
            .filter(|&m| limits.searchmoves.iter().any(|t| *t == root.format_move(m)))
            .collect();
        // A root the endgame tables hold: only the turns that keep their
        // best result are searched (the search picks among them), and the
        // tables are not probed below it, as in Stockfish.
        let ask_tables = tables.any() && allowed.is_empty() && !legal.is_empty();
        let root_turns = ask_tables
            .then(|| root.root_turns(tables))
            .flatten()
            .filter(|r| !r.turns.is_empty());
        if let Some(r) = &root_turns {
            shared
                .tb_hits
                .fetch_add(legal.len() as u64, Ordering::Relaxed);
            allowed = r.turns.clone();
        }
        let tb_score = root_turns.as_ref().map(|r| tb_root_score(r.value, r.plies));
        let candidates = if allowed.is_empty() { &legal } else { &allowed };
        let tt_move = shared.tt.probe(root.hash(), 0).map_or(0, |e| e.move_code);
        let &fallback = candidates
            .iter()
            .find(|&&m| P::encode(m) == tt_move)
            .or(candidates.first())?;
        let count = candidates.len();
        Some(RootMoves {
            allowed,
            count,
            fallback,
            tb_probing: tables.any() && root_turns.is_none(),
            tb_score,
        })
    }
}

/// The deepest iteration and the number of lines (MultiPV): a weakened
/// level stops at its own depth and needs lines to choose among.
fn depth_and_lines(limits: &Limits, multipv: usize, root_moves: usize) -> (i32, usize) {
    let mut max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as i32 - 1)
        .clamp(1, MAX_PLY as i32 - 1);
    let mut multipv = multipv;
    if limits.skill.weakened() {
        max_depth = max_depth.min(limits.skill.depth());
        multipv = multipv.max(Skill::LINES);
    }
    (max_depth, multipv.clamp(1, root_moves))
}

/// What every thread of one search starts from.
#[derive(Clone)]
struct ThreadStart<P: Variant> {
    /// The game's keys up to and including the root's.
    keys: Vec<u64>,
    /// As [`RootMoves::allowed`].
    allowed: Vec<P::Move>,
    network: Option<Arc<Network>>,
    variant: VariantId,
    tables: Arc<Tablebases>,
    tb_probing: bool,
    game: u64,
}

impl<P: Variant> ThreadStart<P> {
    /// The worker a thread left in `slot`, set up for this search.
    fn worker(self, slot: &mut Slot, shared: &Arc<Shared>) -> Box<Worker<P>> {
        let mut worker = Worker::<P>::take(slot, shared, &self.keys, self.game);
        worker.root_allowed = self.allowed;
        worker.use_network(self.network, self.variant);
        worker.tables = self.tables;
        worker.tb_probing = self.tb_probing;
        worker
    }
}

/// The helper threads of one search while they run.
#[derive(Default)]
struct RunningHelpers {
    running: WaitGroup,
    /// Each helper's last finished iteration, for the vote.
    bests: Arc<Mutex<Vec<ThreadBest>>>,
}

impl RunningHelpers {
    /// Stops the helpers and waits for them: their last iterations.
    fn stop(self, shared: &Shared) -> Vec<ThreadBest> {
        shared.stop.store(true, Ordering::SeqCst);
        self.running.wait();
        let mut bests = self.bests.lock().unwrap_or_else(|e| e.into_inner());
        std::mem::take(&mut *bests)
    }
}

/// A helper's iterative deepening, one line, until `max_depth` or the
/// stop: its last finished iteration. Each iteration searches a window
/// around the last one's score, as the main thread does, so a helper
/// reaches the main thread's depths and fills the table with entries it
/// can use.
fn helper_iterations<P: Variant>(
    helper: &mut Worker<P>,
    root: &P,
    id: usize,
    max_depth: i32,
    shared: &Shared,
) -> Option<ThreadBest> {
    // Helpers start at staggered depths so threads diverge.
    let mut depth = 1 + ((id + 1) % 2) as i32;
    let mut last: Option<ThreadBest> = None;
    while depth <= max_depth && !shared.stop.load(Ordering::Relaxed) {
        let guess = last.as_ref().map_or(0, |l| l.score);
        let score = aspiration(helper, root, depth, guess, true);
        if helper.stopped || helper.pv[0].is_empty() {
            break;
        }
        let line = tokens(root, &helper.pv[0][..helper.pv[0].len().min(2)]);
        last = Some(ThreadBest {
            best: line[0].clone(),
            ponder: line.get(1).cloned(),
            score,
            depth,
        });
        depth += 1;
    }
    last
}

/// Lazy SMP's vote between the main thread's result and the helpers'
/// last iterations: a helper's turn that wins becomes the result.
fn take_the_vote(
    result: &mut SearchResult,
    helper_bests: Vec<ThreadBest>,
    shared: &Shared,
    seldepth: usize,
    report: &mut dyn FnMut(&SearchInfo),
) {
    let Some(best) = &result.best else { return };
    let mut threads = vec![ThreadBest {
        best: best.clone(),
        ponder: result.ponder.clone(),
        score: result.score,
        depth: result.depth,
    }];
    threads.extend(helper_bests);
    if let Some(chosen) = vote(&threads).filter(|&i| i > 0) {
        let t = &threads[chosen];
        result.best = Some(t.best.clone());
        result.ponder = t.ponder.clone();
        result.score = t.score;
        // The helper's line, so that the last PV begins with the
        // bestmove, as Stockfish reports its best thread.
        let pv = std::iter::once(t.best.clone())
            .chain(t.ponder.clone())
            .collect();
        report(&line_info(shared, seldepth, t.depth, 1, t.score, pv));
    }
}

/// Searches `root` with a new [`Searcher`] of `config.threads` threads: a
/// one-off search, for tests. Front ends search through the engine facade
/// ([`crate::engine::Engine`]), which keeps its threads and table.
pub fn search<P: Variant>(
    root: &P,
    game_keys: &[u64],
    limits: &Limits,
    config: &SearchConfig,
    shared: &Arc<Shared>,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    Searcher::new(config.threads).run(root, game_keys, limits, config.multipv, shared, report)
}

/// The main thread's iterative deepening loop.
fn iterate<P: Variant>(
    worker: &mut Worker<P>,
    root: &P,
    limits: &Limits,
    max_depth: i32,
    multipv: usize,
    root_moves: usize,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let shared = Arc::clone(&worker.shared);
    let mut result = SearchResult::default();
    let mut previous_score = 0;
    let mut soft_scale = SoftLimitScale::new(worker.params.tm_score_drop_divisor);
    let mut scale = 1.0;
    // The last finished iteration's lines, for a weakened pick.
    let mut last_lines: Vec<(i32, Vec<String>)> = Vec::new();
    for depth in 1..=max_depth {
        worker.root_excluded.clear();
        worker.root_nodes.clear();
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
            // An aborted first line still names its best turn so far when a
            // root turn was searched to the end and raised alpha.
            if !worker.pv[0].is_empty() {
                let pv_tokens = tokens(root, &worker.pv[0]);
                // A new best turn gets its own info line, so that the last
                // PV a GUI saw begins with the bestmove (fastchess checks).
                if pv_tokens.first() != result.best.as_ref() && multipv == 1 {
                    worker.flush_nodes();
                    let (seldepth, score) = (worker.seldepth, worker.root_best_score);
                    report(&line_info(
                        &shared,
                        seldepth,
                        depth,
                        1,
                        score,
                        pv_tokens.clone(),
                    ));
                }
                result.best = pv_tokens.first().cloned();
                result.ponder = pv_tokens.get(1).cloned();
            }
            break;
        }
        // Each line was searched without the ones before it, but a later
        // line can still score higher (search instability): best first.
        lines.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
        worker.flush_nodes();
        for (i, (score, pv)) in lines.iter().enumerate() {
            report(&line_info(
                &shared,
                worker.seldepth,
                depth,
                i + 1,
                *score,
                tokens(root, pv),
            ));
        }
        let (score, pv) = &lines[0];
        let best_code = P::encode(pv[0]);
        let (best_nodes, all_nodes) = worker
            .root_nodes
            .iter()
            .fold((0, 0), |(best, all), &(code, n)| {
                (best + if code == best_code { n } else { 0 }, all + n)
            });
        let best_share = best_nodes as f64 / all_nodes.max(1) as f64;
        // `movetime` asks for that time, whatever the iterations say.
        if depth >= worker.params.tm_min_depth && limits.movetime.is_none() {
            scale = soft_scale.update(best_code, *score, best_share);
        }
        if limits.skill.weakened() {
            last_lines = lines.iter().map(|(s, pv)| (*s, tokens(root, pv))).collect();
        }
        let pv_tokens = tokens(root, pv);
        previous_score = *score;
        result = SearchResult {
            best: pv_tokens.first().cloned(),
            ponder: pv_tokens.get(1).cloned(),
            score: *score,
            depth,
            nodes: shared.nodes.load(Ordering::Relaxed),
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
            let forced = root_moves == 1 && (limits.movetime.is_some() || limits.has_clock());
            if forced || shared.past_soft_limit(scale) {
                break;
            }
        }
    }
    worker.flush_nodes();
    if !last_lines.is_empty() {
        let scores: Vec<i32> = last_lines.iter().map(|(s, _)| *s).collect();
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let (score, line) = &last_lines[limits.skill.pick(&scores, &mut SplitMix64::new(seed))];
        result.best = line.first().cloned();
        result.ponder = line.get(1).cloned();
        result.score = *score;
    }
    result
}

/// One line of an iteration as reported, with the search's counters now.
fn line_info(
    shared: &Shared,
    seldepth: usize,
    depth: i32,
    multipv: usize,
    score: i32,
    pv: Vec<String>,
) -> SearchInfo {
    let elapsed = shared.elapsed();
    let nodes = shared.nodes.load(Ordering::Relaxed);
    SearchInfo {
        depth,
        seldepth,
        multipv,
        score,
        nodes,
        nps: nodes * 1000 / (elapsed.as_millis() as u64).max(1),
        hashfull: shared.tt.hashfull(),
        tbhits: shared.tb_hits.load(Ordering::Relaxed),
        time_ms: elapsed.as_millis() as u64,
        pv,
    }
}

/// Searches the root with a window around `guess`, widening on failure.
fn aspiration<P: Variant>(
    worker: &mut Worker<P>,
    root: &P,
    depth: i32,
    guess: i32,
    use_window: bool,
) -> i32 {
    let mut delta = worker.params.aspiration_window;
    let (mut alpha, mut beta) =
        if use_window && depth >= worker.params.aspiration_start_depth && !is_mate(guess) {
            (guess - delta, guess + delta)
        } else {
            (-INFINITY, INFINITY)
        };
    loop {
        let score = worker.negamax(root, depth, alpha, beta, 0, true, false);
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
