//! `chimera openings`: balanced opening files for any variant
//! ([`crate::openings::balanced`]): random legal plies from the start position, kept
//! when a shallow search scores them near equality.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use anyhow::{anyhow, Context};

use super::random_opening;
use crate::eval::Variant;
use crate::openings::balanced::{self, Balance};
use crate::rng::SplitMix64;
use crate::variants::{CastlingMode, VariantId};

#[derive(clap::Args, Clone, Debug)]
pub struct OpeningsArgs {
    /// The variant (a UCI_Variant value).
    #[arg(long)]
    pub variant: String,

    /// Openings to write.
    #[arg(long, default_value_t = 300)]
    pub count: usize,

    /// Random plies from the start position.
    #[arg(long, default_value_t = 8)]
    pub plies: u32,

    /// Depth of the search that scores each candidate.
    #[arg(long, default_value_t = 6)]
    pub depth: i32,

    /// Keep a position only when |score| is at most this (centipawns).
    #[arg(long, value_name = "CP", default_value_t = 100)]
    pub max_score: i32,

    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Write here instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// What a run produced.
pub struct Generated {
    /// One FEN per kept opening, in the order found.
    pub fens: Vec<String>,
    /// Candidates searched (duplicates not counted).
    pub tried: usize,
}

/// Runs the command: writes the file (with a header naming the command line
/// that makes it again) and reports on stderr.
pub fn run(args: OpeningsArgs) -> anyhow::Result<()> {
    if args.count == 0 || args.plies == 0 || args.depth < 1 || args.max_score < 0 {
        return Err(anyhow!(
            "--count, --plies and --depth must be positive, --max-score not negative"
        ));
    }
    let variant = VariantId::parse(&args.variant)?;
    // A live counter on a terminal; only the summary in a log.
    let live = std::io::stderr().is_terminal();
    let generated = crate::with_variant!(variant, P => generate::<P>(variant, &args, &mut |tried, kept| {
        if live {
            eprint!("\r{kept}/{} kept of {tried} tried", args.count);
        }
    }));
    if live {
        eprintln!();
    }
    eprintln!(
        "{}: kept {} of {} tried",
        variant,
        generated.fens.len(),
        generated.tried
    );
    let mut text = format!(
        "# {} balanced openings for {}: {} random plies, kept when a depth-{} search scores |score| <= {} cp ({} of {} tried).\n\
         # Made by: chimera openings --variant {} --count {} --plies {} --depth {} --max-score {} --seed {}\n",
        generated.fens.len(),
        variant,
        args.plies,
        args.depth,
        args.max_score,
        generated.fens.len(),
        generated.tried,
        variant,
        args.count,
        args.plies,
        args.depth,
        args.max_score,
        args.seed
    );
    for fen in &generated.fens {
        text.push_str(fen);
        text.push('\n');
    }
    match &args.out {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => std::io::stdout().write_all(text.as_bytes())?,
    }
    if generated.fens.len() < args.count {
        return Err(anyhow!(
            "only {} balanced openings found in {} tries; raise --max-score or lower --plies",
            generated.fens.len(),
            generated.tried
        ));
    }
    Ok(())
}

/// Finds up to `args.count` balanced openings (gives up after 100 tries per
/// wanted opening). Deterministic for a seed.
pub fn generate<P: Variant>(
    variant: VariantId,
    args: &OpeningsArgs,
    progress: &mut dyn FnMut(usize, usize),
) -> Generated {
    let mut rng = SplitMix64::new(args.seed);
    let balance = Balance {
        depth: args.depth,
        max_score: args.max_score,
    };
    let mut fens = Vec::new();
    let mut candidate = |rng: &mut SplitMix64| {
        let opening = random_opening::<P>(variant, CastlingMode::Standard, args.plies, rng);
        (opening.moves.len() == args.plies as usize)
            .then(|| opening.position::<P>(variant, CastlingMode::Standard).ok())
            .flatten()
    };
    let tried = balanced::find(
        &mut candidate,
        &balance,
        &mut rng,
        args.count.saturating_mul(100),
        &AtomicBool::new(false),
        &mut |pos, tried| {
            fens.push(pos.fen());
            progress(tried, fens.len());
            fens.len() < args.count
        },
    );
    Generated { fens, tried }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openings::epd;
    use crate::search::{Limits, Searcher, Shared};
    use crate::variants::atomic::AtomicPosition;
    use std::collections::HashSet;
    use std::sync::Arc;

    #[test]
    fn keeps_only_balanced_distinct_playable_positions() {
        let args = OpeningsArgs {
            variant: "atomic".into(),
            count: 4,
            plies: 6,
            depth: 3,
            max_score: 60,
            seed: 3,
            out: None,
        };
        let first = generate::<AtomicPosition>(VariantId::Atomic, &args, &mut |_, _| {});
        assert_eq!(first.fens.len(), 4);
        assert!(first.tried >= 4);
        let distinct: HashSet<&String> = first.fens.iter().collect();
        assert_eq!(distinct.len(), 4);
        let shared = Arc::new(Shared::new(16));
        for fen in &first.fens {
            // Playable, and a fresh search agrees it is balanced.
            let opening =
                epd::parse_line::<AtomicPosition>(VariantId::Atomic, CastlingMode::Standard, fen)
                    .unwrap();
            let pos: AtomicPosition = opening
                .position(VariantId::Atomic, CastlingMode::Standard)
                .unwrap();
            shared.tt.clear();
            shared.start(None, None, false);
            let limits = Limits {
                depth: Some(3),
                ..Limits::default()
            };
            let score = Searcher::new(1)
                .run(&pos, &[], &limits, 1, &shared, &mut |_| {})
                .score;
            assert!(score.abs() <= 60, "{fen}: {score}");
        }
        // The same seed gives the same file.
        let again = generate::<AtomicPosition>(VariantId::Atomic, &args, &mut |_, _| {});
        assert_eq!(first.fens, again.fens);
    }
}
