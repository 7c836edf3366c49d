//! `chimera tune`: fits the numbers of a variant's hand-written evaluation
//! (`nets/<variant>.txt`) to datagen records (docs/tuning.md).
//!
//! `text` keeps the parameter file's layout so new numbers can be written
//! into it, `linear` turns the evaluator into a linear model of its numbers
//! around a point, `fit` fits that model. This file runs the command: read
//! the data, then a few rounds of linearise-and-fit, and write the file.

pub mod fit;
pub mod linear;
pub mod text;

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, Context};

use crate::datagen::file::{held_out_games, DataFile};
use crate::eval::Tunable;
use crate::variants::packed::Packed;
use crate::variants::VariantId;
use fit::{blend, fit, fit_scale, loss, FitConfig, Target};
use linear::{linearise, weights_at};
use text::ParamText;

#[derive(clap::Args, Clone, Debug)]
pub struct TuneArgs {
    /// The variant whose evaluation is tuned (a UCI_Variant value).
    #[arg(long)]
    pub variant: String,

    /// Data files from `chimera datagen`.
    #[arg(long, num_args = 1.., required = true, value_name = "FILE")]
    pub data: Vec<PathBuf>,

    /// Where the tuned parameter file is written.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,

    /// Start from this parameter file instead of the built-in one.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,

    /// Weight of the game result in the target; the rest is the search
    /// score's winning chance.
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f32,

    /// Rounds of linearise-and-fit.
    #[arg(long, default_value_t = 3)]
    pub rounds: usize,

    /// Adam epochs per round.
    #[arg(long, default_value_t = 300)]
    pub epochs: usize,

    /// Adam's step size.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f32,

    /// Loss per (100 cp)² that a number moves from the starting file: a
    /// small pull (e.g. 0.00001) keeps overlapping tables from drifting.
    #[arg(long, default_value_t = 0.0)]
    pub ridge: f32,

    /// Tables to keep as they are (e.g. `--fix pst_pawn_mg pst_knight`),
    /// besides those the evaluator never fits: fewer numbers for data
    /// from few games.
    #[arg(long, num_args = 1.., value_name = "TABLE")]
    pub fix: Vec<String>,

    /// Use at most this many positions (the first ones read).
    #[arg(long)]
    pub limit: Option<usize>,

    /// Threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,

    /// Seed of the split into fitted and held-out positions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: TuneArgs) -> anyhow::Result<()> {
    if !(0.0..=1.0).contains(&args.lambda)
        || args.rounds == 0
        || args.epochs == 0
        || !(args.ridge >= 0.0 && args.ridge.is_finite())
    {
        return Err(anyhow!(
            "--lambda must be in 0..1, --rounds and --epochs positive, --ridge zero or more"
        ));
    }
    use_threads(args.threads)?;
    let variant = VariantId::parse(&args.variant)?;
    crate::with_variant!(variant, P => run_variant::<P>(variant, &args))
}

fn run_variant<P: Tunable + Packed>(variant: VariantId, args: &TuneArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let (positions, targets, fullmoves) = read_data::<P>(variant, args)?;
    let text = match &args.from {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?,
        None => P::TEXT.to_string(),
    };
    let text = ParamText::parse(&text).map_err(|e| anyhow!("{}: {e}", P::FILE))?;
    weights_at::<P>(&text, &text.numbers).map_err(|e| anyhow!("{}: {e}", P::FILE))?;
    if let Some(unknown) = args
        .fix
        .iter()
        .find(|name| !text.values.iter().any(|v| &v.table == *name))
    {
        return Err(anyhow!("--fix {unknown}: {} has no such table", P::FILE));
    }
    let fixed: Vec<&str> = P::FIXED
        .iter()
        .copied()
        .chain(args.fix.iter().map(String::as_str))
        .collect();
    let free: Vec<usize> = (0..text.values.len())
        .filter(|&j| !fixed.contains(&text.values[j].table.as_str()))
        .collect();

    // One game in ten is held out to show whether the fit generalises to
    // games it did not see.
    let held = held_out_games(&fullmoves, 10, args.seed);
    let (held_out, train): (Vec<usize>, Vec<usize>) = (0..positions.len()).partition(|&i| held[i]);
    eprintln!(
        "tune {variant}: {} positions ({} fitted, {} held out), {} numbers of {} free ({} fixed tables: {})",
        positions.len(),
        train.len(),
        held_out.len(),
        free.len(),
        text.values.len(),
        fixed.len(),
        fixed.join(" ")
    );

    let mut numbers = text.numbers.clone();
    let mut scale = 0.0;
    let mut first_loss = None;
    for round in 1..=args.rounds {
        let linear = linearise(&positions, &text, &numbers, &free).map_err(|e| anyhow!(e))?;
        if round == 1 {
            scale = fit_scale(&linear, &train, &targets);
            eprintln!("scale: sigmoid(eval / {scale:.0}) predicts the results best");
        }
        let wanted = blend(&targets, args.lambda, scale);
        let zero = vec![0.0; free.len()];
        let before = loss(&linear, &held_out, &zero, scale, &wanted);
        first_loss.get_or_insert(before);
        let config = FitConfig {
            epochs: args.epochs,
            rate: args.rate,
            scale,
            ridge: args.ridge,
        };
        let moved: Vec<f32> = free
            .iter()
            .map(|&j| (numbers[j] - text.numbers[j]) as f32)
            .collect();
        let delta = fit(&linear, &train, &wanted, &moved, config, &mut |epoch, l| {
            eprintln!("round {round} epoch {epoch}: loss {l:.6}");
        });
        let after = loss(&linear, &held_out, &delta, scale, &wanted);
        for (k, &j) in free.iter().enumerate() {
            numbers[j] += delta[k].round() as i32;
        }
        eprintln!(
            "round {round}: held-out loss {before:.6} -> {after:.6} ({:.0} s)",
            started.elapsed().as_secs_f64()
        );
    }
    // The true evaluation with the rounded numbers, not the linear model.
    let tuned = linearise(&positions, &text, &numbers, &[]).map_err(|e| anyhow!(e))?;
    let wanted = blend(&targets, args.lambda, scale);
    let zero: Vec<f32> = Vec::new();
    let last = loss(&tuned, &held_out, &zero, scale, &wanted);
    std::fs::write(&args.out, text.render(&numbers))
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    eprintln!(
        "held-out loss {:.6} -> {last:.6}; wrote {} in {:.0} s",
        first_loss.unwrap_or(last),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Runs the parallel work of `tune` and `train` on `threads` threads
/// (default: every core).
pub fn use_threads(threads: Option<usize>) -> anyhow::Result<()> {
    if let Some(t) = threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .build_global()
            .map_err(|e| anyhow!("cannot start {t} threads: {e}"))?;
    }
    Ok(())
}

/// The positions of every data file, their targets and their fullmove
/// numbers (which tell the games apart).
fn read_data<P: Packed>(
    variant: VariantId,
    args: &TuneArgs,
) -> anyhow::Result<(Vec<P>, Vec<Target>, Vec<u16>)> {
    let mut positions = Vec::new();
    let mut targets = Vec::new();
    let mut fullmoves = Vec::new();
    let mut unreadable = 0usize;
    let limit = args.limit.unwrap_or(usize::MAX);
    for path in &args.data {
        let file = DataFile::read(path).map_err(|e| anyhow!(e))?;
        if !P::VARIANTS.contains(&file.variant) {
            return Err(anyhow!(
                "{} holds {} data, which does not tune {variant}",
                path.display(),
                file.variant
            ));
        }
        for record in file.records() {
            if positions.len() == limit {
                break;
            }
            match file.position::<P>(&record) {
                Ok(pos) => {
                    positions.push(pos);
                    fullmoves.push(file.layout.fullmove(record.position));
                    targets.push(Target {
                        result: record.result.points(),
                        score: f32::from(record.score),
                    });
                }
                Err(_) => unreadable += 1,
            }
        }
    }
    if unreadable > 0 {
        eprintln!("{unreadable} records could not be read as positions and were left out");
    }
    if positions.len() < 100 {
        return Err(anyhow!(
            "only {} positions: too few to tune on",
            positions.len()
        ));
    }
    Ok((positions, targets, fullmoves))
}
