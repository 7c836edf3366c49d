//! `chimera analyse GAMES.pgn`: every game of a PGN file annotated.
//!
//! The games' stretches of positions ([`super::pass`]) are shared among
//! as many workers as the cores allow, each with its own engine; the
//! annotated games are written in the file's order. Progress with an
//! estimate of the time left goes to stderr, and so does one line for each
//! game that cannot be read, whose game the output leaves out.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};

use super::annotate::{self, Annotated};
use super::pass::{Budget, GameLine, PositionEval};
use super::read::{game_label, read_game, variant_of_tag, ReadGame};
use super::workers::{analyse_games, Progress, Workers};
use crate::engine::ENGINE_NAME;
use crate::openings::pgn::split_games;

/// Milliseconds per position when no limit is given: a 40-move game (81
/// positions) in about a minute on two cores, whatever the variant's speed
/// (docs/analysis.md). `--nodes` gives the same output on every run.
pub const DEFAULT_MOVETIME: u64 = 1_500;

#[derive(clap::Args, Clone, Debug)]
pub struct AnalyseArgs {
    /// The PGN file of one or many games, in any variant.
    pub games: PathBuf,

    /// Write the annotated games here instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Nodes per position. With one thread per search the output is the
    /// same on every run and any number of --jobs.
    #[arg(long, conflicts_with_all = ["depth", "movetime"])]
    pub nodes: Option<u64>,

    /// Depth per position instead of nodes.
    #[arg(long, conflicts_with = "movetime")]
    pub depth: Option<i32>,

    /// Milliseconds per position (the default: 1500).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,

    /// Threads per search.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,

    /// Transposition table per search, in MB.
    #[arg(long, value_name = "MB", default_value_t = 64)]
    pub hash: usize,

    /// Searches at once (default: the hardware threads divided by
    /// --threads).
    #[arg(long)]
    pub jobs: Option<usize>,

    /// The variant of games without a Variant tag.
    #[arg(long, default_value = "chess")]
    pub variant: String,
}

impl AnalyseArgs {
    fn budget(&self) -> anyhow::Result<Budget> {
        Ok(match (self.nodes, self.depth, self.movetime) {
            (Some(n), _, _) if n > 0 => Budget::Nodes(n),
            (_, Some(d), _) if d > 0 => Budget::Depth(d),
            (_, _, Some(ms)) if ms > 0 => Budget::Movetime(ms),
            (None, None, None) => Budget::Movetime(DEFAULT_MOVETIME),
            _ => bail!("--nodes, --depth and --movetime must be positive"),
        })
    }

    fn jobs(&self) -> usize {
        let hardware = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.jobs.unwrap_or(hardware / self.threads.max(1)).max(1)
    }
}

/// Runs the command. Fails (after writing every game it could analyse)
/// when a game could not be read.
pub fn run(args: AnalyseArgs) -> anyhow::Result<()> {
    let budget = args.budget()?;
    let default = variant_of_tag(&args.variant).map_err(anyhow::Error::msg)?;
    if args.threads == 0 {
        bail!("--threads must be at least 1");
    }
    let text = std::fs::read_to_string(&args.games)
        .with_context(|| format!("cannot read {}", args.games.display()))?;
    let records = split_games(&text);
    if records.is_empty() {
        bail!("{}: no games", args.games.display());
    }
    let mut games = Vec::new();
    let mut rejected = 0;
    for (i, record) in records.iter().enumerate() {
        match read_game(record, default) {
            Ok(game) => games.push(game),
            Err(e) => {
                rejected += 1;
                eprintln!("chimera analyse: {}: {e}", game_label(i + 1, record));
            }
        }
    }
    let evals = analyse_all(&games, budget, &args)?;
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot write {}", path.display()))?,
        )),
        None => Box::new(std::io::stdout().lock()),
    };
    let annotator = format!("{ENGINE_NAME} ({budget})");
    for (game, evals) in games.iter().zip(&evals) {
        let text = annotate::write(&Annotated {
            tags: &game.tags,
            line: &game.line,
            evals,
            result: &game.result,
            annotator: &annotator,
        })
        .map_err(anyhow::Error::msg)?;
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    if rejected > 0 {
        bail!(
            "{rejected} of {} games could not be read (named above)",
            records.len()
        );
    }
    Ok(())
}

/// `1000000 nodes per position`, for the Annotator tag.
impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Nodes(n) => write!(f, "{n} nodes per position"),
            Budget::Depth(d) => write!(f, "depth {d} per position"),
            Budget::Movetime(ms) => write!(f, "{ms} ms per position"),
        }
    }
}

/// Every position of every game, the stretches shared among the workers,
/// with progress on stderr.
fn analyse_all(
    games: &[ReadGame],
    budget: Budget,
    args: &AnalyseArgs,
) -> anyhow::Result<Vec<Vec<PositionEval>>> {
    let lines: Vec<&GameLine> = games.iter().map(|g| &g.line).collect();
    let total: usize = lines.iter().map(|l| l.positions()).sum();
    let workers = Workers {
        jobs: args.jobs(),
        hash_mb: args.hash,
        threads: args.threads,
    };
    let shown = workers
        .jobs
        .min(lines.iter().map(|l| l.stretches().len()).sum())
        .max(1);
    let progress = Progress::default();
    let start = Instant::now();
    std::thread::scope(|scope| {
        if !lines.is_empty() {
            scope.spawn(|| report_progress(&progress.done, total, games.len(), start, shown));
        }
        analyse_games(&lines, budget, workers, &progress).map_err(anyhow::Error::msg)
    })
}

/// Prints progress to stderr every few seconds until every position is
/// done.
fn report_progress(done: &AtomicUsize, total: usize, games: usize, start: Instant, workers: usize) {
    let mut last = Instant::now();
    loop {
        let n = done.load(Ordering::SeqCst);
        if n >= total {
            break;
        }
        if last.elapsed() >= Duration::from_secs(2) {
            last = Instant::now();
            let elapsed = start.elapsed().as_secs_f64();
            let eta = if n == 0 {
                "unknown".to_string()
            } else {
                let left = elapsed / n as f64 * (total - n) as f64;
                format!("{}m{:02}s", (left / 60.0) as u64, left as u64 % 60)
            };
            eprintln!(
                "analysed {n} of {total} positions ({games} games, {workers} at once), ETA {eta}"
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    eprintln!(
        "analysed {total} positions of {games} games in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}
