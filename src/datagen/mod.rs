//! `chimera datagen`: self-play games whose positions, with the search's
//! score and the game's result, become training data (docs/datagen.md).
//!
//! `file` is the data file (header, appending, reading; positions packed
//! by [`crate::variants::packed`]), `selfplay` plays one game. This file runs
//! the command: worker threads play games, the main thread appends each
//! finished game to the file and shows progress.

pub mod file;
pub mod selfplay;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use anyhow::anyhow;

use crate::eval::Variant;
use crate::game::GameResult;
use crate::nnue::networks::{EvalChoice, Networks, BUILTIN_EVAL};
use crate::tournament::openings::{read_book, BookFormat, Opening};
use crate::variants::packed::{Layout, Packed};
use crate::variants::{CastlingMode, VariantId};
use file::DataWriter;
use selfplay::{PlayConfig, PlayedGame, Player};

#[derive(clap::Args, Clone, Debug)]
pub struct DatagenArgs {
    /// The variant (a UCI_Variant value).
    #[arg(long)]
    pub variant: String,

    /// The data file; an existing one of the same variant is appended to.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,

    /// Stop after this many games ...
    #[arg(long)]
    pub games: Option<u64>,

    /// ... or once this many positions are written.
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

/// Games and positions written, and the results from White's side.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub games: u64,
    pub positions: u64,
    pub white_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
    /// Openings dropped as already decided (no records).
    pub dropped: u64,
}

impl Tally {
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
}

/// Runs the command.
pub fn run(args: DatagenArgs) -> anyhow::Result<()> {
    if args.games.is_none() && args.positions.is_none() {
        return Err(anyhow!("give --games N or --positions N"));
    }
    if args.threads == 0 || args.nodes == Some(0) || args.depth.is_some_and(|d| d < 1) {
        return Err(anyhow!("--threads, --nodes and --depth must be positive"));
    }
    let variant = VariantId::parse(&args.variant)?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    crate::with_variant!(variant, P => run_variant::<P>(variant, &args, seed))
}

fn run_variant<P: Variant + Packed>(
    variant: VariantId,
    args: &DatagenArgs,
    seed: u64,
) -> anyhow::Result<()> {
    let openings: Vec<Opening> = match &args.openings {
        None => Vec::new(),
        Some(path) => {
            let pgn = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
            let format = if pgn {
                BookFormat::Pgn
            } else {
                BookFormat::Epd
            };
            read_book::<P>(variant, CastlingMode::Standard, path, format, None)
                .map_err(|e| anyhow!(e))?
        }
    };
    let networks = Arc::new(Networks::default());
    let choice = EvalChoice::parse(&args.eval_file).map_err(|e| anyhow!(e))?;
    if let EvalChoice::File(path) = &choice {
        let named = networks.load_file(path).map_err(|e| anyhow!(e))?;
        if named != variant {
            return Err(anyhow!("{path} is a network for {named}"));
        }
    } else {
        networks.choose(&choice).map_err(|e| anyhow!(e))?;
    }
    let evaluation = match networks.get(variant) {
        Some(_) if choice == EvalChoice::Builtin => "the built-in network".to_string(),
        Some(_) => format!("network {}", args.eval_file),
        None => "hand-written evaluation".to_string(),
    };
    let layout = Layout::of::<P>(variant);
    let mut writer = DataWriter::open(&args.out, variant, &layout).map_err(|e| anyhow!(e))?;
    if writer.repaired > 0 {
        eprintln!(
            "{}: cut off a torn last record ({} bytes) left by an interrupted run",
            args.out.display(),
            writer.repaired
        );
    }
    let config = PlayConfig {
        nodes: args.nodes.or(if args.depth.is_none() {
            Some(5000)
        } else {
            None
        }),
        depth: args.depth,
        random_plies: args.random_plies,
        ..PlayConfig::default()
    };
    eprintln!(
        "datagen {variant}: seed {seed}, {} threads, {} per search, {}, appending to {} ({} records there)",
        args.threads,
        match (config.nodes, config.depth) {
            (Some(n), Some(d)) => format!("{n} nodes or depth {d}"),
            (Some(n), None) => format!("{n} nodes"),
            (None, Some(d)) => format!("depth {d}"),
            (None, None) => unreachable!("one of the two is always set"),
        },
        evaluation,
        args.out.display(),
        writer.existing
    );

    let next_game = AtomicU64::new(0);
    let done = AtomicBool::new(false);
    let live = std::io::stderr().is_terminal();
    let started = Instant::now();
    let mut tally = Tally::default();
    let outcome: anyhow::Result<()> = std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<PlayedGame>();
        for _ in 0..args.threads {
            let sender = sender.clone();
            let (openings, config, layout) = (&openings, &config, &layout);
            let (next_game, done, networks) = (&next_game, &done, &networks);
            scope.spawn(move || {
                let mut player = Player::new(args.hash, Arc::clone(networks));
                while !done.load(Ordering::Relaxed) {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if args.games.is_some_and(|n| index >= n) {
                        break;
                    }
                    let game = player.play::<P>(variant, layout, openings, config, seed, index);
                    if sender.send(game).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut shown = Instant::now();
        for game in receiver {
            if let Err(e) = writer.append(&game.records) {
                // The workers stop once their game is done (nobody receives).
                done.store(true, Ordering::Relaxed);
                return Err(anyhow!("{}: {e}", args.out.display()));
            }
            tally.add(&game);
            if args.positions.is_some_and(|n| tally.positions >= n) {
                done.store(true, Ordering::Relaxed);
            }
            let every = if live {
                Duration::from_millis(500)
            } else {
                Duration::from_secs(30)
            };
            if shown.elapsed() >= every {
                shown = Instant::now();
                let line = tally.line(started.elapsed());
                if live {
                    eprint!("\r{line}");
                } else {
                    eprintln!("{line}");
                }
            }
        }
        Ok(())
    });
    if live {
        eprintln!();
    }
    outcome?;
    eprintln!(
        "done in {:.1} s: {}",
        started.elapsed().as_secs_f64(),
        tally.line(started.elapsed())
    );
    Ok(())
}
