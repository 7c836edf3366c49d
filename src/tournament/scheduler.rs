//! Who plays whom in which order, and running the games on worker threads
//! with a pool of engine processes.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::thread;
use std::time::Duration;

use super::args::TournamentKind;
use super::engine::{EngineError, EngineProcess, EngineSpec};
use super::log::write_game_log;
use super::record::{GameRecord, GameResult};
use super::referee::{play_game, unplayed, GameSettings, Pairing};
use crate::openings::Opening;
use crate::variants::view::BoardView;
use crate::variants::VariantId;

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// 1-based game number (the PGN `Round`).
    pub number: u32,
    pub white: usize,
    pub black: usize,
    /// 0-based round: every pairing plays once per round, colours swapped
    /// from one round to the next.
    pub round: u32,
    /// Index of the opening: `round / repeat` (with the default `--repeat 2`,
    /// rounds `2k` and `2k+1` share opening `k` with colours reversed).
    pub opening: usize,
}

/// The two games of one game pair: the same pairing (`first` < `second`,
/// engine indices, as [`pairings`] lists it) in rounds `2k` and `2k+1`, one
/// game with each colour (and, with `--repeat 2`, the same opening).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GamePair {
    pub first: usize,
    pub second: usize,
    /// `k`: the pair of rounds `2k` and `2k+1`.
    pub index: u32,
}

impl Job {
    /// The game pair this game belongs to: rounds `2k` and `2k+1` of a
    /// pairing.
    pub fn pair(&self) -> GamePair {
        GamePair {
            first: self.white.min(self.black),
            second: self.white.max(self.black),
            index: self.round / 2,
        }
    }
}

/// The engine pairs that meet.
pub fn pairings(engines: usize, kind: TournamentKind) -> Vec<(usize, usize)> {
    match kind {
        TournamentKind::RoundRobin => (0..engines)
            .flat_map(|a| (a + 1..engines).map(move |b| (a, b)))
            .collect(),
        TournamentKind::Gauntlet => (1..engines).map(|b| (0, b)).collect(),
    }
}

/// Every game of the match, interleaved so that each round plays every
/// pairing once: the statistics and an SPRT see all pairings evenly. Each
/// opening is played `repeat` times (rounds), as cutechess-cli's `-repeat`.
pub fn schedule(engines: usize, kind: TournamentKind, games: u32, repeat: u32) -> Vec<Job> {
    let pairs = pairings(engines, kind);
    let repeat = repeat.max(1);
    let mut jobs = Vec::new();
    for round in 0..games {
        for &(a, b) in &pairs {
            let (white, black) = if round % 2 == 0 { (a, b) } else { (b, a) };
            jobs.push(Job {
                number: jobs.len() as u32 + 1,
                white,
                black,
                round,
                opening: (round / repeat) as usize,
            });
        }
    }
    jobs
}

/// How many openings a schedule of `games` rounds uses.
pub fn openings_needed(games: u32, repeat: u32) -> usize {
    games.div_ceil(repeat.max(1)) as usize
}

/// Started engines waiting for their next game, per `--engine`.
pub struct EnginePool {
    specs: Vec<EngineSpec>,
    variant: VariantId,
    timeout: Duration,
    /// Whether processes keep transcripts (`--log`).
    log: bool,
    idle: Vec<Mutex<Vec<EngineProcess>>>,
}

impl EnginePool {
    pub fn new(
        specs: Vec<EngineSpec>,
        variant: VariantId,
        timeout: Duration,
        log: bool,
    ) -> EnginePool {
        let idle = specs.iter().map(|_| Mutex::new(Vec::new())).collect();
        EnginePool {
            specs,
            variant,
            timeout,
            log,
            idle,
        }
    }

    pub fn names(&self) -> Vec<String> {
        self.specs.iter().map(|s| s.name.clone()).collect()
    }

    /// An idle process of engine `i`, or a newly started one.
    pub fn take(&self, i: usize) -> Result<EngineProcess, EngineError> {
        let idle = self.idle[i].lock().ok().and_then(|mut idle| idle.pop());
        match idle {
            Some(engine) => Ok(engine),
            None => EngineProcess::start(&self.specs[i], self.variant, self.timeout, self.log),
        }
    }

    /// Returns a healthy process; an unhealthy one is killed and reaped.
    pub fn give_back(&self, i: usize, engine: EngineProcess, healthy: bool) {
        if healthy {
            if let Ok(mut idle) = self.idle[i].lock() {
                idle.push(engine);
            }
        }
    }

    /// Quits every idle process.
    pub fn shutdown(&self) {
        for idle in &self.idle {
            if let Ok(mut idle) = idle.lock() {
                for engine in idle.drain(..) {
                    engine.quit(Duration::from_millis(500));
                }
            }
        }
    }
}

/// Plays one job with engines from the pool.
fn play_job<P: BoardView>(
    settings: &GameSettings,
    openings: &[Opening],
    pool: &EnginePool,
    job: Job,
) -> GameRecord {
    let pairing = Pairing {
        number: job.number,
        white: job.white,
        black: job.black,
        opening: &openings[job.opening % openings.len()],
    };
    match (pool.take(job.white), pool.take(job.black)) {
        (Ok(mut white), Ok(mut black)) => {
            let record = play_game::<P>(settings, pairing, &mut white, &mut black);
            if let Some(dir) = &settings.log_dir {
                let (white_log, black_log) = (white.take_log(), black.take_log());
                let names = [white.name.as_str(), black.name.as_str()];
                if let Err(e) = write_game_log(dir, &record, names, white_log, black_log) {
                    eprintln!("warning: cannot write the log of game {}: {e}", job.number);
                }
            }
            pool.give_back(job.white, white, record.healthy[0]);
            pool.give_back(job.black, black, record.healthy[1]);
            record
        }
        (Err(e), black) => {
            if let Ok(engine) = black {
                pool.give_back(job.black, engine, true);
            }
            let reason = format!("White engine failed to start: {e}");
            unplayed(
                settings,
                pairing,
                GameResult::loss_for(true),
                reason,
                [false, true],
            )
        }
        (Ok(white), Err(e)) => {
            pool.give_back(job.white, white, true);
            let reason = format!("Black engine failed to start: {e}");
            unplayed(
                settings,
                pairing,
                GameResult::loss_for(false),
                reason,
                [true, false],
            )
        }
    }
}

/// Plays `jobs` on `concurrency` threads, handing each finished game to
/// `on_result` on the calling thread in the order they finish. When
/// `on_result` returns `false` no further game starts (games under way still
/// finish and are reported).
pub fn run_games<P: BoardView>(
    settings: &GameSettings,
    openings: &[Opening],
    jobs: &[Job],
    pool: &EnginePool,
    concurrency: usize,
    mut on_result: impl FnMut(GameRecord) -> bool,
) {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    thread::scope(|scope| {
        let (sender, results) = mpsc::channel();
        for _ in 0..concurrency.clamp(1, jobs.len().max(1)) {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Some(&job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    // Wait until the result is counted, so a decided SPRT
                    // stops this worker before it starts another game.
                    let (ack, acked) = mpsc::channel::<()>();
                    let record = play_job::<P>(settings, openings, pool, job);
                    if sender.send((record, ack)).is_err() || acked.recv().is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for (record, ack) in results {
            if !on_result(record) {
                stop.store(true, Ordering::Relaxed);
            }
            let _ = ack.send(());
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_and_gauntlet_pairings() {
        assert_eq!(
            pairings(4, TournamentKind::RoundRobin),
            [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
        );
        assert_eq!(
            pairings(4, TournamentKind::Gauntlet),
            [(0, 1), (0, 2), (0, 3)]
        );
    }

    #[test]
    fn schedule_reverses_colours_per_opening_pair() {
        let jobs = schedule(3, TournamentKind::RoundRobin, 3, 2);
        assert_eq!(jobs.len(), 9);
        let numbers: Vec<u32> = jobs.iter().map(|j| j.number).collect();
        assert_eq!(numbers, (1..=9).collect::<Vec<_>>());
        let game = |n: usize| (jobs[n].white, jobs[n].black, jobs[n].opening);
        assert_eq!(game(0), (0, 1, 0));
        assert_eq!(game(3), (1, 0, 0));
        assert_eq!(game(5), (2, 1, 0));
        assert_eq!(game(6), (0, 1, 1));
        // The two games of an opening pair: same pairing, same opening,
        // colours reversed; every pair of a full schedule has two games.
        assert_eq!(jobs[0].pair(), jobs[3].pair());
        assert_eq!(
            jobs[5].pair(),
            GamePair {
                first: 1,
                second: 2,
                index: 0
            }
        );
        assert_ne!(jobs[0].pair(), jobs[6].pair());
        let four = schedule(3, TournamentKind::RoundRobin, 4, 2);
        for job in &four {
            let mates: Vec<&Job> = four.iter().filter(|j| j.pair() == job.pair()).collect();
            assert_eq!(mates.len(), 2);
            assert_eq!(
                (mates[0].white, mates[0].black),
                (mates[1].black, mates[1].white)
            );
        }
        // Without repeats every game has its own opening; pairs stay
        // rounds 2k and 2k+1.
        let single = schedule(2, TournamentKind::RoundRobin, 4, 1);
        let openings: Vec<usize> = single.iter().map(|j| j.opening).collect();
        assert_eq!(openings, [0, 1, 2, 3]);
        assert_eq!(single[2].pair(), single[3].pair());
        assert_eq!(openings_needed(4, 1), 4);
        assert_eq!(openings_needed(5, 2), 3);
        let thrice = schedule(2, TournamentKind::RoundRobin, 6, 3);
        let openings: Vec<usize> = thrice.iter().map(|j| j.opening).collect();
        assert_eq!(openings, [0, 0, 0, 1, 1, 1]);
        // Every engine gets as many whites as blacks over two rounds.
        let two_rounds = schedule(3, TournamentKind::RoundRobin, 2, 2);
        for e in 0..3 {
            let whites = two_rounds.iter().filter(|j| j.white == e).count();
            let blacks = two_rounds.iter().filter(|j| j.black == e).count();
            assert_eq!(whites, blacks);
        }
    }
}
