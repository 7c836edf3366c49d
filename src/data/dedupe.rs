//! `chimera data dedupe --out FILE IN`: the file without the records whose
//! packed position (board, side to move, castling, en passant, both
//! counters, a backend's extra state: every byte before the score) an
//! earlier record has; the first keeps its score and result. A game whose
//! first record goes has its mark moved to its next record kept.

use std::collections::HashSet;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct DedupeArgs {
    /// The file to deduplicate.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The deduplicated file (must not exist).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

pub fn run(args: &DedupeArgs) -> anyhow::Result<()> {
    let file = super::read(&args.file)?;
    let mut seen = HashSet::with_capacity(file.len());
    let repeated: Vec<bool> = file.records().map(|r| !seen.insert(r.position)).collect();
    drop(seen);
    let removed = repeated.iter().filter(|&&r| r).count();
    let metadata = super::with_line(
        &file.header.metadata,
        &format!(
            "dedupe={removed} of {} records removed from {}",
            file.len(),
            super::name(&args.file)
        ),
    );
    let mut out = super::create(&args.out, &file, &metadata)?;
    // The mark of a game whose first records went, for its next one kept.
    let mut start_pending = false;
    for (i, &repeated) in repeated.iter().enumerate() {
        start_pending |= file.starts_game(i);
        if !repeated {
            out.push(file.raw(i), start_pending)?;
            start_pending = false;
        }
    }
    out.finish()?;
    eprintln!(
        "{}: {} of {} records kept, {removed} repeated positions removed",
        args.out.display(),
        file.len() - removed,
        file.len()
    );
    Ok(())
}
