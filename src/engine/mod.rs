//! The engine facade, as Stockfish's `Engine`: the game (its position and
//! history), the transposition table, the search threads and the life
//! cycle of one job at a time (a search, a perft, a bench, a table clear)
//! on its own thread, reporting through callbacks. The front ends (UCI,
//! CECP, the web board) are adapters on it: they parse their input, tell
//! the facade what to play and search, and say what to print.

mod done;
mod option_error;
pub mod options;
pub mod position;
mod set_option;

pub use done::Done;
pub use options::ENGINE_NAME;
pub use set_option::Notice;

use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use crate::game::{new_game_with, GameHandle};
use crate::nnue::network::Network;
use crate::nnue::networks::Networks;
use crate::openings::balanced;
use crate::search::{Limits, SearchInfo, SearchResult, Searcher, Shared};
use crate::tablebase::Tablebases;
use crate::variants::{CastlingMode, VariantId};
use options::Options;

/// Why there is no game to work on.
pub const NO_POSITION: &str =
    "no position: the last position command was rejected (send a valid one)";

/// What the job thread is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// A search; `unbounded` when it only ends on `stop` (`infinite`,
    /// `ponder`, no limit at all).
    Search {
        unbounded: bool,
    },
    Perft,
    Bench,
    /// `genfens`: balanced openings for OpenBench.
    Openings,
    /// Emptying the transposition table: a search started now would wait
    /// for it.
    ClearHash,
}

/// Work running on its own thread so that input is read meanwhile.
struct Job {
    kind: JobKind,
    /// The flags that stop it.
    shared: Arc<Shared>,
    done: Done,
    handle: JoinHandle<()>,
}

/// What a search needs besides the game.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    pub limits: Limits,
    pub multipv: usize,
    /// Milliseconds kept back from the clock for the GUI's own delays.
    pub move_overhead: u64,
}

/// A search's number, as [`Engine::go`] hands it to its end's callback:
/// the one place that tells a wanted result from a stale one
/// ([`Engine::wants`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchId(u64);

/// How a `perft` ended: the total and its time, or `None` when stopped.
pub type PerftTotal = Option<(u64, u64)>;

pub struct Engine {
    /// The options' values; the variant played is the one a new game
    /// starts in, at its start position.
    options: Options,
    /// Castling in the games set up from now on (`UCI_Chess960`), for the
    /// variants with a Chess960 form.
    castling: CastlingMode,
    /// The game searched; `None` after a rejected position, until a good
    /// one or a new game.
    game: Option<Box<dyn GameHandle>>,
    shared: Arc<Shared>,
    /// The search threads, kept from one search to the next.
    searcher: Arc<Mutex<Searcher>>,
    /// The searcher's networks, reachable while it searches.
    networks: Arc<Networks>,
    job: Option<Job>,
    /// Searches started so far: the last one's number.
    searches: u64,
    /// The search whose result is still wanted: the last one started,
    /// unless it was called off while it ran.
    wanted: Option<SearchId>,
}

impl Engine {
    pub fn new(variant: VariantId, hash_mb: usize, threads: usize) -> Engine {
        let searcher = Searcher::new(threads);
        Engine {
            options: Options {
                variant,
                hash_mb,
                threads,
                ..Options::default()
            },
            castling: CastlingMode::Standard,
            game: Some(start_position(variant, CastlingMode::Standard)),
            shared: Arc::new(Shared::new(hash_mb)),
            networks: Arc::clone(&searcher.networks),
            searcher: Arc::new(Mutex::new(searcher)),
            job: None,
            searches: 0,
            wanted: None,
        }
    }

    pub fn variant(&self) -> VariantId {
        self.options.variant
    }

    /// The options' values.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The game, unless the last position given was rejected.
    pub fn game(&self) -> Option<&dyn GameHandle> {
        self.game.as_deref()
    }

    /// The game to play turns in or take them back; a search running
    /// meanwhile goes on with the position it started from.
    pub fn game_mut(&mut self) -> Option<&mut (dyn GameHandle + 'static)> {
        self.game.as_deref_mut()
    }

    /// The game from now on (its variant becomes the one played).
    pub fn set_game(&mut self, game: Box<dyn GameHandle>) {
        self.options.variant = game.variant();
        self.game = Some(game);
    }

    /// No game until the next one is set (a position was rejected).
    pub fn forget_game(&mut self) {
        self.game = None;
    }

    /// A game of `variant` from its start position.
    pub fn set_variant(&mut self, variant: VariantId) {
        self.options.variant = variant;
        self.game = Some(start_position(variant, self.castling));
    }

    /// Castling in the games set up from now on.
    pub fn castling(&self) -> CastlingMode {
        self.castling
    }

    /// Chess960 castling (or not) from now on; the game starts again from
    /// the variant's start position, as after a change of variant.
    pub fn set_castling(&mut self, castling: CastlingMode) {
        self.castling = castling;
        self.set_variant(self.options.variant);
    }

    /// The endgame tables of the searches to come. Call when idle.
    fn set_tablebases(&mut self, tables: Tablebases) {
        self.searcher
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .tablebases = Arc::new(tables);
    }

    /// The network `variant` evaluates with, if one is loaded.
    pub fn network(&self, variant: VariantId) -> Option<Arc<Network>> {
        self.networks.get(variant)
    }

    /// The job running or finished but not yet joined.
    pub fn job_kind(&self) -> Option<JobKind> {
        self.job.as_ref().map(|j| j.kind)
    }

    /// A job runs and has not reported its end.
    pub fn busy(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.done.is_set())
    }

    /// A table clear runs.
    pub fn clearing(&self) -> bool {
        self.busy() && self.job_kind() == Some(JobKind::ClearHash)
    }

    /// An unbounded search is the job.
    pub fn unbounded_search(&self) -> bool {
        self.job_kind() == Some(JobKind::Search { unbounded: true })
    }

    /// Runs `task` on a new job thread; it reports its end through `Done`.
    fn start_job(
        &mut self,
        kind: JobKind,
        shared: Arc<Shared>,
        task: impl FnOnce(&Done) + Send + 'static,
    ) -> Result<(), String> {
        let done = Done::default();
        let job_done = done.clone();
        let handle = std::thread::Builder::new()
            .name("engine-job".into())
            .spawn(move || {
                task(&job_done);
                job_done.set();
            })
            .map_err(|e| format!("cannot start a thread: {e}"))?;
        self.job = Some(Job {
            kind,
            shared,
            done,
            handle,
        });
        Ok(())
    }

    /// Stops the running job and waits for it (a search reports its result
    /// first).
    pub fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            job.shared.request_stop();
            let _ = job.handle.join();
        }
    }

    /// Stops the running job and waits for it; a search still running is
    /// called off: its result is stale ([`Engine::wants`] says no). A
    /// search that had already ended keeps its result wanted.
    pub fn call_off(&mut self) {
        if self.busy() {
            self.wanted = None;
        }
        self.stop();
    }

    /// Whether the result of search `id` is still wanted: it is the last
    /// search started and was not called off while it ran.
    pub fn wants(&self, id: SearchId) -> bool {
        self.wanted == Some(id)
    }

    /// Waits for the running job to end by itself.
    pub fn wait(&mut self) {
        if let Some(job) = self.job.take() {
            let _ = job.handle.join();
        }
    }

    /// Before anything that needs the engine idle: a bounded job is allowed
    /// to finish (as in Stockfish, so piped commands work), an unbounded
    /// search is stopped.
    pub fn settle(&mut self) {
        if self.unbounded_search() {
            self.stop();
        } else {
            self.wait();
        }
    }

    /// The GUI's move was the one pondered: the search goes on with the clock.
    pub fn ponderhit(&self) {
        if matches!(self.job_kind(), Some(JobKind::Search { .. })) {
            self.shared.ponderhit();
        }
    }

    /// Empties the table on the job thread (in parallel, without blocking
    /// the caller). Call when idle.
    pub fn clear_hash(&mut self) -> Result<(), String> {
        let shared = Arc::clone(&self.shared);
        let job_shared = Arc::clone(&shared);
        self.start_job(JobKind::ClearHash, job_shared, move |_| shared.tt.clear())
    }

    /// A new game: the table is emptied (in the background) and the search
    /// threads forget what they learnt. Call when idle.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.searcher
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .new_game();
        self.clear_hash()
    }

    /// A new table of `mb` megabytes; if the system refuses the memory, the
    /// old one stays. Call when idle.
    fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        // The new table comes zeroed from the system: nothing to clear.
        let shared =
            Shared::try_new(mb).map_err(|e| format!("{e}; Hash stays {}", self.options.hash_mb))?;
        self.shared = Arc::new(shared);
        self.options.hash_mb = mb;
        Ok(())
    }

    /// Searches with `threads` threads, at most as many as the hardware
    /// runs at once (more only slow each other down and starve the thread
    /// that reads `stop`); returns the number used. Call when idle.
    fn set_threads(&mut self, threads: usize) -> usize {
        let hardware = std::thread::available_parallelism().map_or(1, |n| n.get());
        let used = threads.clamp(1, hardware);
        self.searcher
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .set_threads(used);
        used
    }

    /// Starts a search of the game's position. The clock starts now, on the
    /// caller's thread. `on_info` gets every finished iteration; `on_done`
    /// the result and the search's number, once the search is over and,
    /// for `infinite` or `ponder`, told to stop (as UCI wants: a bestmove
    /// only after `stop`). Call when idle. Without a game, an error
    /// ([`NO_POSITION`]) and nothing runs.
    pub fn go(
        &mut self,
        request: SearchRequest,
        mut on_info: impl FnMut(&SearchInfo) + Send + 'static,
        on_done: impl FnOnce(SearchResult, SearchId, &Done) + Send + 'static,
    ) -> Result<SearchId, String> {
        let root = position::search_root(self.game().ok_or(NO_POSITION)?);
        let SearchRequest {
            limits,
            multipv,
            move_overhead,
        } = request;
        let shared = Arc::clone(&self.shared);
        shared.arm();
        let moves_left = crate::search::params::current().tm_moves_left as u64;
        let budget = limits.budget(root.white_to_move(), move_overhead, moves_left);
        shared.start(budget, limits.nodes, limits.ponder);
        let searcher = Arc::clone(&self.searcher);
        let job_shared = Arc::clone(&shared);
        let kind = JobKind::Search {
            unbounded: limits.is_unbounded(),
        };
        let id = SearchId(self.searches + 1);
        self.start_job(kind, job_shared, move |done| {
            let result = {
                let mut searcher = searcher.lock().unwrap_or_else(|e| e.into_inner());
                root.search(&mut searcher, &limits, multipv, &shared, &mut on_info)
            };
            while (limits.infinite || shared.pondering.load(std::sync::atomic::Ordering::SeqCst))
                && !shared.stop_requested()
            {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            on_done(result, id, done);
        })?;
        self.searches += 1;
        self.wanted = Some(id);
        Ok(id)
    }

    /// Counts the leaves `depth` turns below the game's position: `on_turn`
    /// gets each root turn's count as it is known, `on_done` the total and
    /// its time in milliseconds, or `None` when stopped. Call when idle.
    pub fn perft(
        &mut self,
        depth: u32,
        mut on_turn: impl FnMut(&str, u64) + Send + 'static,
        on_done: impl FnOnce(PerftTotal, &Done) + Send + 'static,
    ) -> Result<(), String> {
        let root = position::search_root(self.game().ok_or(NO_POSITION)?);
        let shared = Arc::clone(&self.shared);
        shared.arm();
        let job_shared = Arc::clone(&shared);
        self.start_job(JobKind::Perft, job_shared, move |done| {
            let start = Instant::now();
            let mut total = 0u64;
            let complete = root.perft(depth, &shared.stop, &mut |token, n| {
                total += n;
                on_turn(token, n);
            });
            let ms = start.elapsed().as_millis().max(1) as u64;
            on_done(complete.then_some((total, ms)), done);
        })
    }

    /// `genfens`: `count` balanced openings of the variant played
    /// ([`crate::openings::balanced::genfens`]), each FEN through `emit` as found, or
    /// the error that stopped it. Call when idle.
    pub fn openings(
        &mut self,
        count: usize,
        seed: u64,
        book: Vec<String>,
        mut emit: impl FnMut(Result<&str, &str>) + Send + 'static,
    ) -> Result<(), String> {
        let (variant, castling) = (self.options.variant, self.castling);
        let shared = Arc::clone(&self.shared);
        shared.arm();
        let job_shared = Arc::clone(&shared);
        self.start_job(JobKind::Openings, job_shared, move |_| {
            let mut fen = |f: &str| emit(Ok(f));
            if let Err(e) = balanced::genfens(
                variant,
                castling,
                count,
                seed,
                &book,
                &shared.stop,
                &mut fen,
            ) {
                emit(Err(&e));
            }
        })
    }

    /// `bench` on its own small table (so the game's table is untouched),
    /// each line through `emit`. Call when idle.
    pub fn bench(
        &mut self,
        depth: Option<i32>,
        mut emit: impl FnMut(&str) + Send + 'static,
    ) -> Result<(), String> {
        let shared = Arc::new(Shared::try_new(crate::bench::BENCH_HASH_MB)?);
        let bench_shared = Arc::clone(&shared);
        self.start_job(JobKind::Bench, shared, move |_| {
            crate::bench::run_with(depth, &bench_shared, &mut emit);
        })
    }
}

/// A game of `variant` from its start position.
fn start_position(variant: VariantId, castling: CastlingMode) -> Box<dyn GameHandle> {
    new_game_with(variant, None, castling)
        .unwrap_or_else(|e| panic!("{variant}'s start position: {e}"))
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(limits: Limits) -> SearchRequest {
        SearchRequest {
            limits,
            multipv: 1,
            move_overhead: 0,
        }
    }

    #[test]
    fn only_the_last_search_not_called_off_is_wanted() {
        let mut engine = Engine::new(VariantId::Chess, 1, 1);
        let depth_one = || {
            request(Limits {
                depth: Some(1),
                ..Limits::default()
            })
        };
        let first = engine.go(depth_one(), |_| {}, |_, _, _| {}).unwrap();
        engine.wait();
        // Ended by itself: wanted, even when called off afterwards.
        assert!(engine.wants(first));
        engine.call_off();
        assert!(engine.wants(first));
        let second = engine.go(depth_one(), |_| {}, |_, _, _| {}).unwrap();
        engine.wait();
        assert_ne!(first, second);
        assert!(!engine.wants(first) && engine.wants(second));
        // Called off while it runs: stale. Stopped (a move now): wanted.
        let infinite = || {
            request(Limits {
                infinite: true,
                ..Limits::default()
            })
        };
        let third = engine.go(infinite(), |_| {}, |_, _, _| {}).unwrap();
        engine.call_off();
        assert!(!engine.wants(third));
        let fourth = engine.go(infinite(), |_| {}, |_, _, _| {}).unwrap();
        engine.stop();
        assert!(engine.wants(fourth));
    }

    #[test]
    fn another_network_empties_the_table_and_its_evaluations() {
        use crate::nnue::networks::EvalChoice;
        let mut engine = Engine::new(VariantId::Chess, 1, 1);
        let depth_eight = request(Limits {
            depth: Some(8),
            ..Limits::default()
        });
        engine.go(depth_eight, |_| {}, |_, _, _| {}).unwrap();
        engine.wait();
        assert!(engine.shared.tt.hashfull() > 0);
        engine
            .set_option(options::Change::EvalFile(EvalChoice::Tables))
            .unwrap();
        engine.wait();
        assert_eq!(engine.shared.tt.hashfull(), 0);
    }
}
