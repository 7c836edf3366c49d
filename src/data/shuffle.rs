//! `chimera data shuffle --out FILE --seed S IN`: the records of a file in
//! a seeded random order, each record whole and unchanged (a game's mark
//! goes with its first record, so the games are no longer together:
//! split by games before shuffling).

use std::path::PathBuf;

use crate::rng::SplitMix64;

#[derive(clap::Args, Debug)]
pub struct ShuffleArgs {
    /// The file to shuffle.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The shuffled file (must not exist).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,

    /// Seed of the order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: &ShuffleArgs) -> anyhow::Result<()> {
    let file = super::read(&args.file)?;
    let mut order: Vec<usize> = (0..file.len()).collect();
    SplitMix64::new(args.seed).shuffle(&mut order);
    let metadata = super::with_line(
        &file.header.metadata,
        &format!("shuffle=seed {} of {}", args.seed, super::name(&args.file)),
    );
    let mut out = super::create(&args.out, &file, &metadata)?;
    for &i in &order {
        out.push(file.raw(i), file.starts_game(i))?;
    }
    out.finish()?;
    eprintln!("{}: {} records shuffled", args.out.display(), file.len());
    Ok(())
}
