//! `chimera data`: data files (docs/datagen.md) made into one training set:
//! statistics, merging shards, shuffling, removing duplicate positions,
//! splitting by whole games into training and held-out files. A front end
//! over the data file of [`crate::datagen::file`]; each subcommand is a
//! file here. Every output is a new version 2 file (an existing one is
//! refused, never overwritten) whose metadata keeps its inputs' and says
//! what was done.

pub mod dedupe;
pub mod merge;
pub mod shuffle;
pub mod split;
pub mod stats;

use std::path::{Path, PathBuf};

use anyhow::anyhow;

use crate::datagen::file::{DataFile, DataWriter, GAME_START};

#[derive(clap::Args, Debug)]
pub struct DataArgs {
    #[command(subcommand)]
    pub command: DataCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum DataCommand {
    /// Records, games, results and scores of each file and of all of them.
    Stats(stats::StatsArgs),
    /// Join files of one variant (a data set's shards) into one.
    Merge(merge::MergeArgs),
    /// The records of a file in a seeded random order.
    Shuffle(shuffle::ShuffleArgs),
    /// A file without the records whose position came before.
    Dedupe(dedupe::DedupeArgs),
    /// A file split by whole games into a training and a held-out file.
    Split(split::SplitArgs),
}

/// Runs the command.
pub fn run(args: DataArgs) -> anyhow::Result<()> {
    match args.command {
        DataCommand::Stats(a) => stats::run(&a),
        DataCommand::Merge(a) => merge::run(&a),
        DataCommand::Shuffle(a) => shuffle::run(&a),
        DataCommand::Dedupe(a) => dedupe::run(&a),
        DataCommand::Split(a) => split::run(&a),
    }
}

/// Reads and checks a data file.
fn read(path: &Path) -> anyhow::Result<DataFile> {
    DataFile::read(path).map_err(|e| anyhow!(e))
}

/// A new output file of `like`'s variant; an existing file is refused.
fn create(path: &Path, like: &DataFile, metadata: &str) -> anyhow::Result<Output> {
    if path.exists() {
        return Err(anyhow!(
            "{} exists: chimera data writes new files only",
            path.display()
        ));
    }
    let writer =
        DataWriter::create(path, like.variant, &like.layout, metadata).map_err(|e| anyhow!(e))?;
    Ok(Output {
        writer,
        path: path.to_path_buf(),
        buffer: Vec::new(),
        finished: false,
    })
}

/// An output being written: records buffered and written in blocks; a
/// file left unfinished (an error on the way) is removed.
struct Output {
    writer: DataWriter,
    path: PathBuf,
    buffer: Vec<u8>,
    finished: bool,
}

impl Output {
    /// Adds one record, marked as the first of a game or not.
    fn push(&mut self, record: &[u8], starts_game: bool) -> anyhow::Result<()> {
        self.buffer.extend_from_slice(record);
        if let Some(result) = self.buffer.last_mut() {
            if starts_game {
                *result |= GAME_START;
            } else {
                *result &= !GAME_START;
            }
        }
        if self.buffer.len() >= 1 << 20 {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> anyhow::Result<()> {
        let result = self.writer.append_records(&self.buffer);
        self.buffer.clear();
        result.map_err(|e| anyhow!("{}: {e}", self.path.display()))
    }

    /// Writes what is left; the file is complete.
    fn finish(mut self) -> anyhow::Result<()> {
        self.flush()?;
        self.finished = true;
        Ok(())
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        if !self.finished {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// `metadata` with one more line.
fn with_line(metadata: &str, line: &str) -> String {
    let mut out = metadata.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(line);
    out.push('\n');
    out
}

/// A file's name for a metadata line.
fn name(path: &Path) -> String {
    path.display().to_string().replace(['\n', '\r'], " ")
}
