//! `chimera datagen`: self-play games whose positions, with the search's
//! score and the game's result, become training data (docs/datagen.md).
//!
//! `file` is the data file (header, appending, reading; positions packed
//! by [`crate::variants::packed`]), `selfplay` plays one game. This file runs
//! the command: worker threads play games (this shard's game indices), the
//! main thread appends each finished game to the file and shows progress.

pub mod file;
pub mod resume;
pub mod selfplay;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use anyhow::anyhow;

use crate::eval::Variant;
use crate::game::GameResult;
use crate::nnue::networks::{builtin_file, EvalChoice, Networks, BUILTIN_EVAL};
use crate::openings::{read_book, BookFormat, Opening};
use crate::variants::packed::{Layout, Packed};
use crate::variants::{CastlingMode, VariantId};
use file::DataWriter;
use resume::Progress;
use selfplay::{PlayConfig, PlayedGame, Player};

#[derive(clap::Args, Clone, Debug)]
pub struct DatagenArgs {
    /// The variant (a UCI_Variant value).
    #[arg(long)]
    pub variant: String,

    /// The data file; an existing one of the same variant is appended to
    /// (with --seed, from the game where the last run of that seed and
    /// shard stopped: `FILE.next`).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,

    /// Stop after the shard's first this many games (a resumed run counts
    /// the earlier runs' games) ...
    #[arg(long)]
    pub games: Option<u64>,

    /// ... or once this run has written this many positions.
    #[arg(long)]
    pub positions: Option<u64>,

    /// Nodes per search (the default when --depth is not given: 5000).
    #[arg(long)]
    pub nodes: Option<u64>,

    /// Depth per search instead of (or with) a node limit.
    #[arg(long)]
    pub depth: Option<i32>,

    /// Games played at once, one thread each.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,

    /// Seed of the openings (default: from the clock, and printed).
    #[arg(long)]
    pub seed: Option<u64>,

    /// Play only this shard's games, `K/N` (0 <= K < N, with --seed): game
    /// indices `i` with `i % N == K`, so the N shards of one seed never
    /// repeat each other's games. --games and --positions count this
    /// shard's.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,

    /// Openings file (EPD/FEN lines, or PGN with a .pgn name); an opening is
    /// drawn at random for each game.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,

    /// Random plies from the start position, when no openings are given.
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,

    /// Hash table of each thread, in MB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,

    /// What evaluates, as UCI's `EvalFile`: a network file (`chimera
    /// train`), the next generation's data; `<tables>` the hand-written
    /// evaluation; `<builtin>` (the default) the network built in for
    /// the variant, if any, else the hand-written evaluation.
    #[arg(long, value_name = "FILE", default_value = BUILTIN_EVAL)]
    pub eval_file: String,
}

/// A shard of a data set: game indices `i` with `i % count == index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole data set in one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Reads `K/N`, 0 <= K < N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("bad --shard {text:?}: give K/N with 0 <= K < N, e.g. 0/4");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The game index of this shard's `j`-th game.
    pub fn game(self, j: u64) -> u64 {
        j.saturating_mul(self.count).saturating_add(self.index)
    }
}

/// Games and positions written, and the results from White's side.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunTotals {
    pub games: u64,
    pub positions: u64,
    pub white_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
    /// Openings dropped as already decided (no records).
    pub dropped: u64,
}

impl RunTotals {
    fn add(&mut self, game: &PlayedGame) {
        match game.result {
            None => self.dropped += 1,
            Some(result) => {
                self.games += 1;
                self.positions += game.positions as u64;
                match result {
                    GameResult::WhiteWins => self.white_wins += 1,
                    GameResult::Draw => self.draws += 1,
                    GameResult::BlackWins => self.black_wins += 1,
                }
            }
        }
    }

    fn line(&self, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64().max(1e-3);
        format!(
            "{} positions, {:.0} positions/s, {} games, W/D/L {}/{}/{} (White's view), {} openings dropped",
            self.positions,
            self.positions as f64 / secs,
            self.games,
            self.white_wins,
            self.draws,
            self.black_wins,
            self.dropped
        )
    }

    /// The time left at the pace so far, for a run bounded by `games`
    /// (openings dropped count: they use up game indices) or `positions`,
    /// whichever comes first; `None` before the first game.
    fn eta(
        &self,
        elapsed: Duration,
        games: Option<u64>,
        positions: Option<u64>,
    ) -> Option<Duration> {
        let secs = elapsed.as_secs_f64();
        let left = |done: u64, goal: u64| {
            (done > 0).then(|| secs * goal.saturating_sub(done) as f64 / done as f64)
        };
        let by_games = games.and_then(|g| left(self.games + self.dropped, g));
        let by_positions = positions.and_then(|p| left(self.positions, p));
        let left = match (by_games, by_positions) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        Some(Duration::from_secs_f64(left))
    }
}

/// `1h02m`, `12m30s`, `45s`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

/// Runs the command.
pub fn run(args: DatagenArgs) -> anyhow::Result<()> {
    if args.games.is_none() && args.positions.is_none() {
        return Err(anyhow!("give --games N or --positions N"));
    }
    if args.threads == 0 || args.nodes == Some(0) || args.depth.is_some_and(|d| d < 1) {
        return Err(anyhow!("--threads, --nodes and --depth must be positive"));
    }
    let shard = match &args.shard {
        None => Shard::WHOLE,
        Some(text) => Shard::parse(text).map_err(|e| anyhow!(e))?,
    };
    if args.shard.is_some() && args.seed.is_none() {
        return Err(anyhow!(
            "--shard needs --seed: the shards of one data set share one seed"
        ));
    }
    let variant = VariantId::parse(&args.variant)?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    crate::with_variant!(variant, P => run_variant::<P>(variant, &args, seed, shard))
}

/// A value on one metadata line.
fn one_line(value: &str) -> String {
    value.replace(['\n', '\r'], " ")
}

/// The metadata block of a new data file (docs/datagen.md): how its data
/// was made.
fn metadata(
    variant: VariantId,
    args: &DatagenArgs,
    seed: u64,
    shard: Shard,
    config: &PlayConfig,
    network: &str,
    network_sha256: Option<String>,
) -> anyhow::Result<String> {
    let mut lines = vec![
        format!("engine=Chimera {}", env!("CARGO_PKG_VERSION")),
        format!("commit={}", crate::COMMIT),
        format!("variant={variant}"),
        format!("shard={}/{}", shard.index, shard.count),
        format!("seed={seed}"),
        format!("eval={}", one_line(&args.eval_file)),
        format!("network={}", one_line(network)),
    ];
    if let Some(sha) = network_sha256 {
        lines.push(format!("network_sha256={sha}"));
    }
    lines.push(format!("nodes={}", limit(config.nodes)));
    lines.push(format!("depth={}", limit(config.depth)));
    lines.push(format!("hash_mb={}", args.hash));
    lines.push(format!("threads={}", args.threads));
    match &args.openings {
        None => lines.push(format!("openings=random-plies {}", config.random_plies)),
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?;
            lines.push(format!(
                "openings={}",
                one_line(&path.display().to_string())
            ));
            lines.push(format!("openings_sha256={}", sha256_hex(&bytes)));
        }
    }
    lines.push(format!("games={}", limit(args.games)));
    lines.push(format!("positions={}", limit(args.positions)));
    lines.push(format!(
        "adjudication=opening dropped beyond {} cp; win beyond {} cp for {} plies; draw within {} cp for {} plies after ply {}; draw at ply {}",
        config.max_opening_score,
        config.win_score,
        config.win_plies,
        config.draw_score,
        config.draw_plies,
        config.draw_after,
        config.max_plies
    ));
    lines.push(format!("date={}", crate::game::pgn::now_utc()));
    let command: Vec<String> = std::env::args().map(|a| one_line(&a)).collect();
    lines.push(format!("command={}", command.join(" ")));
    let mut block = lines.join("\n");
    block.push('\n');
    Ok(block)
}

fn run_variant<P: Variant + Packed>(
    variant: VariantId,
    args: &DatagenArgs,
    seed: u64,
    shard: Shard,
) -> anyhow::Result<()> {
    let openings = read_openings::<P>(variant, args)?;
    let evaluation = Evaluation::choose(variant, args)?;
    let layout = Layout::of::<P>(variant);
    let config = play_config(args);
    let metadata = metadata(
        variant,
        args,
        seed,
        shard,
        &config,
        &evaluation.network,
        evaluation.sha256,
    )?;
    let mut writer = open_writer(args, variant, &layout, &metadata)?;
    eprintln!(
        "datagen {variant}: seed {seed}, shard {}/{}, {} threads, {} per search, {}, appending to {} ({} records there)",
        shard.index,
        shard.count,
        args.threads,
        per_search(&config),
        evaluation.described,
        args.out.display(),
        writer.existing
    );
    let mut progress = resume(args, seed, shard, writer.existing)?;
    let first = progress.as_ref().map_or(0, Progress::first);
    let job = Job {
        variant,
        layout,
        openings,
        config,
        networks: evaluation.networks,
        seed,
        shard,
        hash_mb: args.hash,
        games: args.games,
    };
    let mut status = StatusLine::new(args, first);
    let outcome = job.run::<P>(args, first, &mut writer, &mut progress, &mut status);
    status.end();
    let tally = outcome?;
    eprintln!(
        "done in {:.1} s: {}",
        status.started.elapsed().as_secs_f64(),
        tally.line(status.started.elapsed())
    );
    Ok(())
}

/// The `--openings` file, or none (random plies then).
fn read_openings<P: Variant>(
    variant: VariantId,
    args: &DatagenArgs,
) -> anyhow::Result<Vec<Opening>> {
    let Some(path) = &args.openings else {
        return Ok(Vec::new());
    };
    let pgn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let format = if pgn {
        BookFormat::Pgn
    } else {
        BookFormat::Epd
    };
    read_book::<P>(variant, CastlingMode::Standard, path, format, None).map_err(|e| anyhow!(e))
}

/// What evaluates in the games (`--eval-file`), and how the run names it.
struct Evaluation {
    networks: Arc<Networks>,
    /// For the start line: the built-in network, a file's, or the
    /// hand-written evaluation.
    described: String,
    /// The header's `network=`.
    network: String,
    /// The header's `network_sha256=`: of the network's bytes, when one
    /// evaluates.
    sha256: Option<String>,
}

impl Evaluation {
    fn choose(variant: VariantId, args: &DatagenArgs) -> anyhow::Result<Evaluation> {
        let networks = Arc::new(Networks::default());
        let choice = EvalChoice::parse(&args.eval_file).map_err(|e| anyhow!(e))?;
        let mut network_bytes = None;
        if let EvalChoice::File(path) = &choice {
            let named = networks.load_file(path).map_err(|e| anyhow!(e))?;
            if named != variant {
                return Err(anyhow!("{path} is a network for {named}"));
            }
            network_bytes = std::fs::read(path).ok();
        } else {
            networks.choose(&choice).map_err(|e| anyhow!(e))?;
        }
        // A variant without a network falls back to the hand-written
        // evaluation, whatever was asked for.
        let described = match networks.get(variant) {
            Some(_) if choice == EvalChoice::Builtin => {
                network_bytes = builtin_file(variant).map(<[u8]>::to_vec);
                "the built-in network".to_string()
            }
            Some(_) => format!("network {}", args.eval_file),
            None => {
                network_bytes = None;
                "hand-written evaluation".to_string()
            }
        };
        let network = match &choice {
            _ if network_bytes.is_none() => "none (hand-written evaluation)".to_string(),
            EvalChoice::File(path) => path.clone(),
            _ => "built in".to_string(),
        };
        Ok(Evaluation {
            networks,
            described,
            network,
            sha256: network_bytes.as_deref().map(sha256_hex),
        })
    }
}

/// How each turn is searched: `--nodes` and `--depth`, 5000 nodes when
/// neither is given.
fn play_config(args: &DatagenArgs) -> PlayConfig {
    PlayConfig {
        nodes: args.nodes.or(if args.depth.is_none() {
            Some(5000)
        } else {
            None
        }),
        depth: args.depth,
        random_plies: args.random_plies,
        ..PlayConfig::default()
    }
}

/// The search limit as the start line shows it.
fn per_search(config: &PlayConfig) -> String {
    match (config.nodes, config.depth) {
        (Some(n), Some(d)) => format!("{n} nodes or depth {d}"),
        (Some(n), None) => format!("{n} nodes"),
        (None, Some(d)) => format!("depth {d}"),
        (None, None) => unreachable!("one of the two is always set"),
    }
}

/// Opens the data file (a new one gets `metadata` in its header), saying
/// what an interrupted run left and that an existing header stays.
fn open_writer(
    args: &DatagenArgs,
    variant: VariantId,
    layout: &Layout,
    metadata: &str,
) -> anyhow::Result<DataWriter> {
    let writer = DataWriter::open(&args.out, variant, layout, metadata).map_err(|e| anyhow!(e))?;
    if writer.repaired > 0 {
        eprintln!(
            "{}: cut off a torn last record ({} bytes) left by an interrupted run",
            args.out.display(),
            writer.repaired
        );
    }
    if writer.header.metadata != metadata {
        // An existing file: its header stays as it is.
        eprintln!(
            "{}: appending to a file of format {}; its header keeps its own settings, not this run's (a file per run, joined by `chimera data merge`, keeps every run's)",
            args.out.display(),
            writer.header.version
        );
    }
    Ok(writer)
}

/// A seeded run goes on where the last run of its seed and shard into
/// this file stopped (an unseeded one has a seed of its own, so nothing
/// to resume): its progress, `None` unseeded.
fn resume(
    args: &DatagenArgs,
    seed: u64,
    shard: Shard,
    records: u64,
) -> anyhow::Result<Option<Progress>> {
    if args.seed.is_none() {
        return Ok(None);
    }
    let progress = Progress::open(&args.out, seed, shard, records).map_err(|e| anyhow!(e))?;
    let first = progress.first();
    if first > 0 {
        eprintln!(
            "resuming at the shard's game {first} (game index {}), where the last run of seed {seed} stopped ({})",
            shard.game(first),
            Progress::path_for(&args.out).display()
        );
    }
    Ok(Some(progress))
}

/// What the worker threads play: everything a game needs but its index.
struct Job {
    variant: VariantId,
    layout: Layout,
    openings: Vec<Opening>,
    config: PlayConfig,
    networks: Arc<Networks>,
    seed: u64,
    shard: Shard,
    hash_mb: usize,
    /// `--games`: the shard's games end before this one.
    games: Option<u64>,
}

impl Job {
    /// Plays the shard's games from its `first` on `args.threads` threads
    /// while this thread appends each finished one to the file, until the
    /// `--games` or `--positions` bound; the totals written.
    fn run<P: Variant + Packed>(
        &self,
        args: &DatagenArgs,
        first: u64,
        writer: &mut DataWriter,
        progress: &mut Option<Progress>,
        status: &mut StatusLine,
    ) -> anyhow::Result<RunTotals> {
        // This shard's games in order: the j-th is game index shard.game(j).
        let next_game = AtomicU64::new(first);
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel::<(u64, PlayedGame)>();
            for _ in 0..args.threads {
                let sender = sender.clone();
                let (next_game, done) = (&next_game, &done);
                scope.spawn(move || self.play::<P>(next_game, done, sender));
            }
            // The loop below ends once every worker has dropped its sender.
            drop(sender);
            let mut tally = RunTotals::default();
            for (j, mut game) in receiver {
                let written = writer
                    .append_game(&mut game.records)
                    .and_then(|()| progress.as_mut().map_or(Ok(()), |p| p.done(j)));
                if let Err(e) = written {
                    // The workers stop once their game is done (nobody receives).
                    done.store(true, Ordering::Relaxed);
                    return Err(anyhow!("{}: {e}", args.out.display()));
                }
                tally.add(&game);
                if args.positions.is_some_and(|n| tally.positions >= n) {
                    done.store(true, Ordering::Relaxed);
                }
                status.show(&tally);
            }
            Ok(tally)
        })
    }

    /// One worker thread: takes the next game index until the bound or
    /// `done`, and sends each game played.
    fn play<P: Variant + Packed>(
        &self,
        next_game: &AtomicU64,
        done: &AtomicBool,
        sender: mpsc::Sender<(u64, PlayedGame)>,
    ) {
        let mut player = Player::new(self.hash_mb, Arc::clone(&self.networks));
        while !done.load(Ordering::Relaxed) {
            let j = next_game.fetch_add(1, Ordering::Relaxed);
            if self.games.is_some_and(|n| j >= n) {
                break;
            }
            let index = self.shard.game(j);
            let game = player.play::<P>(
                self.variant,
                &self.layout,
                &self.openings,
                &self.config,
                self.seed,
                index,
            );
            if sender.send((j, game)).is_err() {
                break;
            }
        }
    }
}

/// The progress line on stderr: rewritten in place every half second on
/// a terminal, a new line every 30 s into a log.
struct StatusLine {
    live: bool,
    started: Instant,
    shown: Instant,
    /// This run's bounds, for the ETA: the games left to the shard, and
    /// `--positions`.
    games_left: Option<u64>,
    positions: Option<u64>,
}

impl StatusLine {
    fn new(args: &DatagenArgs, first: u64) -> StatusLine {
        StatusLine {
            live: std::io::stderr().is_terminal(),
            started: Instant::now(),
            shown: Instant::now(),
            games_left: args.games.map(|n| n.saturating_sub(first)),
            positions: args.positions,
        }
    }

    /// Shows the totals when the last showing is old enough.
    fn show(&mut self, tally: &RunTotals) {
        let every = if self.live {
            Duration::from_millis(500)
        } else {
            Duration::from_secs(30)
        };
        if self.shown.elapsed() < every {
            return;
        }
        self.shown = Instant::now();
        let elapsed = self.started.elapsed();
        let eta = tally
            .eta(elapsed, self.games_left, self.positions)
            .map_or_else(|| "unknown".to_string(), clock);
        let line = format!("{}, ETA {eta}", tally.line(elapsed));
        if self.live {
            eprint!("\r{line}   ");
        } else {
            eprintln!("{line}");
        }
    }

    /// Ends the line rewritten in place, so that what follows starts a
    /// line of its own.
    fn end(&self) {
        if self.live {
            eprintln!();
        }
    }
}

/// A run's bound in the metadata: its value, or `none`.
fn limit(bound: Option<impl ToString>) -> String {
    bound.map_or_else(|| "none".to_string(), |b| b.to_string())
}
/// A file's SHA-256 as 64 lowercase hex digits, as `sha256sum` prints it:
/// what names a network or an openings file in a data file's header.
fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_split_the_game_indices() {
        assert_eq!(Shard::parse("1/4"), Ok(Shard { index: 1, count: 4 }));
        assert_eq!(Shard::parse("0/1"), Ok(Shard::WHOLE));
        for bad in ["4/4", "1", "-1/4", "a/b", "0/0", "1/4/5", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        let shard = Shard { index: 2, count: 3 };
        let games: Vec<u64> = (0..4).map(|j| shard.game(j)).collect();
        assert_eq!(games, [2, 5, 8, 11]);
    }

    #[test]
    fn the_eta_follows_the_pace_and_the_nearer_bound() {
        let tally = RunTotals {
            games: 9,
            dropped: 1,
            positions: 500,
            ..RunTotals::default()
        };
        let t = Duration::from_secs(100);
        assert_eq!(tally.eta(t, Some(40), None), Some(Duration::from_secs(300)));
        assert_eq!(
            tally.eta(t, None, Some(1000)),
            Some(Duration::from_secs(100))
        );
        assert_eq!(
            tally.eta(t, Some(40), Some(1000)),
            Some(Duration::from_secs(100))
        );
        assert_eq!(RunTotals::default().eta(t, Some(40), None), None);
        assert_eq!(clock(Duration::from_secs(3725)), "1h02m");
        assert_eq!(clock(Duration::from_secs(750)), "12m30s");
        assert_eq!(clock(Duration::from_secs(45)), "45s");
    }
}
