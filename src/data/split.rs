//! `chimera data split IN --train A --held-out B --every K`: a file cut by
//! whole games into a training file and a held-out (validation) file: game
//! `g` of the file (counted from 0 in file order) is held out when
//! `g % K == K - 1`, so no game has positions on both sides.

use std::path::PathBuf;

use anyhow::anyhow;

#[derive(clap::Args, Debug)]
pub struct SplitArgs {
    /// The file to split.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The training side (must not exist).
    #[arg(long, value_name = "FILE")]
    pub train: PathBuf,

    /// The held-out side (must not exist).
    #[arg(long, value_name = "FILE")]
    pub held_out: PathBuf,

    /// Hold out one game in K (K >= 2): the K-th, 2K-th, ...
    #[arg(long, value_name = "K")]
    pub every: u64,
}

pub fn run(args: &SplitArgs) -> anyhow::Result<()> {
    if args.every < 2 {
        return Err(anyhow!("--every must be at least 2"));
    }
    if args.train == args.held_out {
        return Err(anyhow!("--train and --held-out name the same file"));
    }
    let file = super::read(&args.file)?;
    let shuffled = |key: &str| key == "shuffle" || key.ends_with(".shuffle");
    if file.header.pairs().any(|(key, _)| shuffled(key)) {
        return Err(anyhow!(
            "{} was shuffled (its metadata says so): its games are no longer together; split before shuffling",
            args.file.display()
        ));
    }
    let k = args.every;
    let rule = |side: &str| {
        format!(
            "split={side} of {}: game g held out when g % {k} == {}",
            super::name(&args.file),
            k - 1
        )
    };
    let train_meta = super::with_line(&file.header.metadata, &rule("training side"));
    let held_meta = super::with_line(&file.header.metadata, &rule("held-out side"));
    let mut train = super::create(&args.train, &file, &train_meta)?;
    let mut held = super::create(&args.held_out, &file, &held_meta)?;
    let mut game = 0u64;
    let (mut games, mut records) = ([0u64; 2], [0usize; 2]);
    for i in 0..file.len() {
        let starts = file.starts_game(i);
        if starts && i > 0 {
            game += 1;
        }
        let side = usize::from(game % k == k - 1);
        games[side] += u64::from(starts);
        records[side] += 1;
        let out = if side == 1 { &mut held } else { &mut train };
        out.push(file.raw(i), starts)?;
    }
    train.finish()?;
    held.finish()?;
    eprintln!(
        "{}: {} records of {} games; {}: {} records of {} games",
        args.train.display(),
        records[0],
        games[0],
        args.held_out.display(),
        records[1],
        games[1]
    );
    Ok(())
}
