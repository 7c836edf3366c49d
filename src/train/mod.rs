//! `chimera train`: fits a network to datagen files (docs/nnue.md). Reads
//! every record's pieces straight from its bytes (and, with `--mirror`,
//! their mirror image), holds one game in twenty out (or the `--validate`
//! files), runs epochs of shuffled mini-batches on all cores, saves a
//! checkpoint after every epoch (`--resume` goes on from it) and writes the
//! quantised network. It starts from random weights, or from a network
//! (`--init`) to fine-tune.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, Context};

pub mod float;
pub mod win_rate;

use crate::datagen::file::{held_out_games, DataFile};
use crate::nnue::features::{InputSpace, MAX_OUTPUT_BUCKETS};
use crate::nnue::network::{Network, SCALE};
use crate::rng::SplitMix64;
use crate::variants::packed::pieces_from_packed;
use crate::variants::VariantId;
use float::{sigmoid, Adam, Checkpoint, FloatNet, Sample};

#[derive(clap::Args, Clone, Debug)]
pub struct TrainArgs {
    /// The variant the network plays (a UCI_Variant value).
    #[arg(long)]
    pub variant: String,

    /// Data files from `chimera datagen`.
    #[arg(long, num_args = 1.., required = true, value_name = "FILE")]
    pub data: Vec<PathBuf>,

    /// The quantised network written at the end (and after every epoch).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,

    /// Neurons of the accumulator (per view).
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,

    /// Output layers, chosen by the number of pieces on the board (1: one
    /// for every position).
    #[arg(long, default_value_t = 1)]
    pub buckets: usize,

    #[arg(long, default_value_t = 30)]
    pub epochs: usize,

    #[arg(long, default_value_t = 16384)]
    pub batch: usize,

    /// Adam's step size; a tenth of it for the last quarter of the epochs.
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,

    /// Weight of the game result in the target; the rest is the search
    /// score's winning chance.
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f32,

    /// Go on from the checkpoint (`<out>.ckpt`) of an interrupted run.
    #[arg(long)]
    pub resume: bool,

    /// Start from this network's weights instead of random ones, to
    /// fine-tune it on new data: a network file, or `<builtin>` for the
    /// one built into this binary. Its shape must be `--hidden` and
    /// `--buckets`, except that a network of one output layer may start
    /// `--buckets N`: each bucket begins as a copy of its output layer.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub init: Option<String>,

    /// Use at most this many positions.
    #[arg(long)]
    pub limit: Option<usize>,

    /// Data files whose every position is held out (none is trained on),
    /// instead of one game in twenty of `--data`: games of their own seed,
    /// so that a fine-tune on several generations is judged on games no
    /// network before it was trained on.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    pub validate: Vec<PathBuf>,

    /// Threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,

    /// Seed of the first weights, the held-out split and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Also train on every position's mirror image across the middle
    /// file (a to h), which the network should score the same: the rules
    /// of every variant are symmetric that way except castling, which the
    /// inputs do not see.
    #[arg(long)]
    pub mirror: bool,
}

pub fn run(args: TrainArgs) -> anyhow::Result<()> {
    check(&args)?;
    crate::tune::use_threads(args.threads)?;
    let variant = VariantId::parse(&args.variant)?;
    let space = crate::with_variant!(variant, P => InputSpace::of::<P>(variant));
    let started = Instant::now();
    let mut data = TrainingData::read(variant, &space, &args)?;
    eprintln!(
        "train {variant}: {} positions read in {:.1} s{}; {} inputs, {} hidden, {} output buckets; {} samples held out{}",
        data.records,
        started.elapsed().as_secs_f64(),
        if args.mirror { ", each also mirrored" } else { "" },
        space.inputs(),
        args.hidden,
        args.buckets,
        data.held_out.len(),
        if args.validate.is_empty() {
            ""
        } else {
            " (--validate)"
        }
    );

    let checkpoint_path = checkpoint_path(&args.out);
    let Start {
        mut net,
        mut adam,
        first_epoch,
    } = if args.resume {
        resume(variant, &space, &args, &checkpoint_path)?
    } else {
        fresh_start(variant, &space, &args)?
    };
    eprintln!(
        "held-out loss {:.6} before epoch {first_epoch}",
        net.loss(&data.held_out)
    );

    for epoch in first_epoch..=args.epochs {
        let begun = Instant::now();
        let train_loss = run_epoch(&mut net, &mut adam, &mut data, &args, epoch);
        let secs = begun.elapsed().as_secs_f64();
        eprintln!(
            "epoch {epoch}/{}: train loss {:.6}, held-out loss {:.6}, {:.1} s ({:.0} positions/s)",
            args.epochs,
            train_loss,
            net.loss(&data.held_out),
            secs,
            data.train.len() as f64 / secs.max(1e-9)
        );
        save_epoch(variant, epoch, &net, &adam, &checkpoint_path, &args.out)?;
    }
    write_network(&net, variant, &args.out, &data.held_out, started)
}

/// The options' bounds.
fn check(args: &TrainArgs) -> anyhow::Result<()> {
    if args.hidden == 0 || args.hidden > 4096 || args.epochs == 0 || args.batch == 0 {
        return Err(anyhow!(
            "--hidden (1..4096), --epochs and --batch must be positive"
        ));
    }
    if args.buckets == 0 || args.buckets > MAX_OUTPUT_BUCKETS {
        return Err(anyhow!("--buckets must be 1 to {MAX_OUTPUT_BUCKETS}"));
    }
    if !(0.0..=1.0).contains(&args.lambda) || args.rate <= 0.0 {
        return Err(anyhow!("--lambda must be in 0..1 and --rate positive"));
    }
    Ok(())
}

/// The samples trained on and those that judge the network.
struct TrainingData {
    /// Every sample of `--data`, with its record's number.
    samples: Vec<(usize, Sample)>,
    /// Records read from `--data` (at most `--limit`).
    records: usize,
    /// One game in twenty of `--data`, or every position of `--validate`.
    held_out: Vec<Sample>,
    /// Indices into `samples` of those trained on, shuffled each epoch.
    train: Vec<usize>,
}

impl TrainingData {
    fn read(variant: VariantId, space: &InputSpace, args: &TrainArgs) -> anyhow::Result<Self> {
        let limit = args.limit.unwrap_or(usize::MAX);
        let Samples { samples, fullmoves } = read_samples(variant, space, args, &args.data, limit)?;
        let records = fullmoves.len();
        let (held_out, train) = if args.validate.is_empty() {
            split(&samples, &fullmoves, args.seed)
        } else {
            let held = read_samples(variant, space, args, &args.validate, usize::MAX)?;
            let held_out = held.samples.into_iter().map(|(_, s)| s).collect();
            (held_out, (0..samples.len()).collect())
        };
        Ok(TrainingData {
            samples,
            records,
            held_out,
            train,
        })
    }
}

/// What the epochs start from.
struct Start {
    net: FloatNet,
    adam: Adam,
    first_epoch: usize,
}

/// `--resume`: the checkpoint of an interrupted run, which must be of this
/// variant and shape.
fn resume(
    variant: VariantId,
    space: &InputSpace,
    args: &TrainArgs,
    checkpoint_path: &Path,
) -> anyhow::Result<Start> {
    let bytes = std::fs::read(checkpoint_path)
        .with_context(|| format!("cannot read {}", checkpoint_path.display()))?;
    let c = Checkpoint::from_bytes(&bytes)
        .map_err(|e| anyhow!("{}: {e}", checkpoint_path.display()))?;
    if c.variant != variant
        || c.net.inputs != space.inputs()
        || c.net.hidden != args.hidden
        || c.net.buckets != args.buckets
    {
        return Err(anyhow!(
            "{} is a {}x{} {} checkpoint with {} output buckets, not {}x{} {variant} with {}",
            checkpoint_path.display(),
            c.net.inputs,
            c.net.hidden,
            c.variant,
            c.net.buckets,
            space.inputs(),
            args.hidden,
            args.buckets
        ));
    }
    eprintln!("resuming after epoch {}", c.epoch);
    Ok(Start {
        net: c.net,
        adam: c.adam,
        first_epoch: c.epoch + 1,
    })
}

/// Epoch 1 of random weights, or of the `--init` network's.
fn fresh_start(variant: VariantId, space: &InputSpace, args: &TrainArgs) -> anyhow::Result<Start> {
    let net = match &args.init {
        Some(init) => {
            let net = initial_network(init, variant, space)?;
            // One output layer may grow into buckets (each a copy).
            let grows = net.buckets == 1 && args.buckets > 1;
            if net.hidden != args.hidden || (net.buckets != args.buckets && !grows) {
                return Err(anyhow!(
                    "{init} has {} hidden neurons and {} output buckets: pass --hidden {} --buckets {}",
                    net.hidden,
                    net.buckets,
                    net.hidden,
                    net.buckets
                ));
            }
            let float = FloatNet::from_network(&net);
            if grows {
                eprintln!(
                    "starting from {init}, its output layer copied into {} buckets",
                    args.buckets
                );
                float.with_buckets(args.buckets)
            } else {
                eprintln!("starting from {init}");
                float
            }
        }
        None => FloatNet::random(space.inputs(), args.hidden, args.buckets, args.seed),
    };
    let adam = Adam::new(net.params.len());
    Ok(Start {
        net,
        adam,
        first_epoch: 1,
    })
}

/// One pass over the training samples in shuffled mini-batches; the mean
/// loss of its batches.
fn run_epoch(
    net: &mut FloatNet,
    adam: &mut Adam,
    data: &mut TrainingData,
    args: &TrainArgs,
    epoch: usize,
) -> f64 {
    // Each epoch its own shuffle, the same on a resumed run.
    SplitMix64::new(args.seed ^ (epoch as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .shuffle(&mut data.train);
    let rate = if epoch * 4 > args.epochs * 3 {
        args.rate / 10.0
    } else {
        args.rate
    };
    let mut loss_sum = 0.0;
    let mut batches = 0;
    for chunk in data.train.chunks(args.batch) {
        let batch: Vec<&Sample> = chunk.iter().map(|&i| &data.samples[i].1).collect();
        let (grad, loss) = net.gradient(&batch);
        adam.step(net, &grad, rate);
        loss_sum += loss;
        batches += 1;
    }
    loss_sum / f64::from(batches.max(1))
}

/// The checkpoint and the network after an epoch, so that a killed run
/// loses one epoch at most (`--resume`) and its network is usable
/// meanwhile.
fn save_epoch(
    variant: VariantId,
    epoch: usize,
    net: &FloatNet,
    adam: &Adam,
    checkpoint_path: &Path,
    out: &Path,
) -> anyhow::Result<()> {
    let checkpoint = Checkpoint {
        variant,
        epoch,
        net: net.clone(),
        adam: adam.clone(),
    };
    write_atomically(checkpoint_path, &checkpoint.to_bytes())?;
    write_atomically(out, &net.quantise(variant).to_bytes())
}

/// Writes the quantised network and tells how far its integers stray from
/// the floats on the held-out positions.
fn write_network(
    net: &FloatNet,
    variant: VariantId,
    out: &Path,
    held_out: &[Sample],
    started: Instant,
) -> anyhow::Result<()> {
    // Again, for a resumed run with no epoch left: the network as
    // this build quantises it.
    let quantised = net.quantise(variant);
    write_atomically(out, &quantised.to_bytes())?;
    let mut worst = 0.0f32;
    let mut total = 0.0f64;
    for s in held_out {
        let acc = quantised_accumulator(&quantised, s);
        let q = quantised.evaluate(&acc, true, usize::from(s.bucket)) as f32;
        let d = (q - net.centipawns(s)).abs();
        worst = worst.max(d);
        total += f64::from(d);
    }
    eprintln!(
        "wrote {}: quantised vs float evaluation differ by {:.2} cp on average, {:.0} at most; {:.0} s in all",
        out.display(),
        total / held_out.len().max(1) as f64,
        worst,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// One game in twenty held out (a mirror image goes with its original;
/// see [`held_out_games`]): the held-out samples and the indices of the
/// others. `fullmoves` has each record's fullmove number.
fn split(samples: &[(usize, Sample)], fullmoves: &[u16], seed: u64) -> (Vec<Sample>, Vec<usize>) {
    let held = held_out_games(fullmoves, 20, seed);
    let mut held_out = Vec::new();
    let mut train = Vec::new();
    for (i, (record, sample)) in samples.iter().enumerate() {
        if held[*record] {
            held_out.push(sample.clone());
        } else {
            train.push(i);
        }
    }
    (held_out, train)
}

/// The accumulator of a sample, with the side to move's view in White's
/// slot (so that `evaluate(acc, true)` is the sample's evaluation).
fn quantised_accumulator(
    net: &crate::nnue::network::Network,
    s: &Sample,
) -> crate::nnue::network::Accumulator {
    let view = |inputs: &[u16]| {
        let inputs: Vec<usize> = inputs.iter().map(|&i| usize::from(i)).collect();
        let mut v = vec![0; net.hidden];
        crate::nnue::simd::apply(&mut v, &net.b1, &net.w1, &inputs, &[]);
        v
    };
    crate::nnue::network::Accumulator {
        views: [view(&s.us), view(&s.them)],
    }
}

/// The network `--init` names: a file, or `<builtin>`.
fn initial_network(init: &str, variant: VariantId, space: &InputSpace) -> anyhow::Result<Network> {
    let bytes = if init == "<builtin>" {
        crate::nnue::networks::builtin_file(variant)
            .ok_or_else(|| anyhow!("no network is built in for {variant}"))?
            .to_vec()
    } else {
        std::fs::read(init).with_context(|| format!("cannot read {init}"))?
    };
    Network::from_bytes(&bytes, variant, space).map_err(|e| anyhow!("{init}: {e}"))
}

pub fn checkpoint_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_os_string();
    name.push(".ckpt");
    PathBuf::from(name)
}

/// Writes through a temporary file and a rename, so that a kill never
/// leaves half a file.
fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut tmp = path.as_os_str().to_os_string();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// The data files read for training.
struct Samples {
    /// Every record as a training sample (and its mirror image with
    /// `--mirror`), each with its record's number.
    samples: Vec<(usize, Sample)>,
    /// Every record's fullmove number, which tells the games apart.
    fullmoves: Vec<u16>,
}

/// The samples of the data files `paths`, at most `limit` records.
fn read_samples(
    variant: VariantId,
    space: &InputSpace,
    args: &TrainArgs,
    paths: &[PathBuf],
    limit: usize,
) -> anyhow::Result<Samples> {
    let mut samples = Vec::new();
    let mut fullmoves = Vec::new();
    let mut records = 0;
    let mut pieces = Vec::new();
    for path in paths {
        let file = DataFile::read(path).map_err(|e| anyhow!(e))?;
        let same_backend = crate::with_variant!(variant, P => {
            <P as crate::variants::Rules>::VARIANTS.contains(&file.variant)
        });
        if !same_backend {
            return Err(anyhow!(
                "{} holds {} data, not {variant}",
                path.display(),
                file.variant
            ));
        }
        for record in file.records() {
            if records == limit {
                break;
            }
            pieces.clear();
            let white = pieces_from_packed(&file.layout, record.position, &mut pieces);
            let chance = sigmoid(f32::from(record.score) / SCALE as f32);
            let target = args.lambda * record.result.points() + (1.0 - args.lambda) * chance;
            let bucket = space.output_bucket(pieces.len(), args.buckets) as u8;
            for mirrored in [false, true] {
                if mirrored && !args.mirror {
                    break;
                }
                let view = |white_view: bool| -> Vec<u16> {
                    pieces
                        .iter()
                        .map(|&p| if mirrored { space.file_mirrored(p) } else { p })
                        .map(|p| space.input(p, white_view) as u16)
                        .collect()
                };
                let sample = Sample {
                    us: view(white),
                    them: view(!white),
                    bucket,
                    target,
                };
                samples.push((records, sample));
            }
            fullmoves.push(file.layout.fullmove(record.position));
            records += 1;
        }
    }
    if records < 100 {
        return Err(anyhow!(
            "only {records} positions in {}: too few",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    Ok(Samples { samples, fullmoves })
}
