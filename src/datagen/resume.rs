//! Where a seeded run stopped, so that running it again goes on from there.
//!
//! Game `i` is a function of the seed and `i` alone, so a second run of the
//! same seed and shard that began again at the shard's first game would
//! play the first run's games over and write them twice. Beside the data
//! file, `<out>.next` holds one line, `seed=S shard=K/N next=J`: every game
//! of the shard before its `J`-th is in the file. A run of the same seed
//! and shard starts at game `J`; a run of another seed or shard starts at 0
//! and writes its own line.
//!
//! The line is rewritten (a new file renamed over the old) after each game
//! is appended, so an interruption between the two repeats at most the
//! games then in flight (`chimera data dedupe` removes them); with several
//! threads, games finished out of order past the first unfinished one are
//! played again as well.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::Shard;

/// A seeded run's progress through its shard's games.
pub struct Progress {
    path: PathBuf,
    seed: u64,
    shard: Shard,
    /// Every game before this one is in the file.
    next: u64,
    /// Games at or past `next` already in the file.
    ahead: BTreeSet<u64>,
}

impl Progress {
    /// `<out>.next`.
    pub fn path_for(out: &Path) -> PathBuf {
        let mut name = out.as_os_str().to_owned();
        name.push(".next");
        PathBuf::from(name)
    }

    /// The progress of the run writing `out` with `seed` and `shard`: where
    /// the last run of the same seed and shard stopped when `out` holds its
    /// records (`records` > 0), else the shard's first game. An unreadable
    /// line is an error: starting over would write its games twice.
    pub fn open(out: &Path, seed: u64, shard: Shard, records: u64) -> Result<Progress, String> {
        let path = Progress::path_for(out);
        let mut progress = Progress {
            path,
            seed,
            shard,
            next: 0,
            ahead: BTreeSet::new(),
        };
        if records == 0 {
            return Ok(progress);
        }
        let text = match std::fs::read_to_string(&progress.path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(progress),
            Err(e) => return Err(format!("cannot read {}: {e}", progress.path.display())),
        };
        let (s, k, n, next) = parse(&text).ok_or_else(|| {
            format!(
                "{}: expected `seed=S shard=K/N next=J`, found {:?}; remove it to start at the shard's first game",
                progress.path.display(),
                text.trim()
            )
        })?;
        if (s, k, n) == (seed, shard.index, shard.count) {
            progress.next = next;
        }
        Ok(progress)
    }

    /// The shard's game this run starts at.
    pub fn first(&self) -> u64 {
        self.next
    }

    /// The shard's `j`-th game is in the file; writes the line when every
    /// game before a later one is.
    pub fn done(&mut self, j: u64) -> Result<(), String> {
        if j < self.next {
            return Ok(());
        }
        self.ahead.insert(j);
        let before = self.next;
        while self.ahead.remove(&self.next) {
            self.next += 1;
        }
        if self.next == before {
            return Ok(());
        }
        let line = format!(
            "seed={} shard={}/{} next={}\n",
            self.seed, self.shard.index, self.shard.count, self.next
        );
        let mut fresh = self.path.as_os_str().to_owned();
        fresh.push(".tmp");
        let fresh = PathBuf::from(fresh);
        std::fs::write(&fresh, line)
            .and_then(|()| std::fs::rename(&fresh, &self.path))
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }
}

/// `seed=S shard=K/N next=J` as `(S, K, N, J)`.
fn parse(text: &str) -> Option<(u64, u64, u64, u64)> {
    let mut fields = text.split_whitespace();
    let mut field = |key: &str| fields.next()?.strip_prefix(key).map(str::to_string);
    let seed = field("seed=")?.parse().ok()?;
    let shard = field("shard=")?;
    let next = field("next=")?.parse().ok()?;
    if fields.next().is_some() {
        return None;
    }
    let (k, n) = shard.split_once('/')?;
    Some((seed, k.parse().ok()?, n.parse().ok()?, next))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("chimera-resume-{name}-{}", std::process::id()));
        let _ = std::fs::remove_file(Progress::path_for(&path));
        path
    }

    #[test]
    fn the_line_moves_only_past_games_all_in_the_file() {
        let out = temp("order");
        let shard = Shard { index: 1, count: 4 };
        let mut p = Progress::open(&out, 7, shard, 0).unwrap();
        assert_eq!(p.first(), 0);
        p.done(1).unwrap();
        assert!(!Progress::path_for(&out).exists(), "game 0 is not in yet");
        p.done(0).unwrap();
        p.done(3).unwrap();
        let line = std::fs::read_to_string(Progress::path_for(&out)).unwrap();
        assert_eq!(line, "seed=7 shard=1/4 next=2\n");
        assert_eq!(Progress::open(&out, 7, shard, 10).unwrap().first(), 2);
        // Another seed or shard, or a file without records, starts over.
        assert_eq!(Progress::open(&out, 8, shard, 10).unwrap().first(), 0);
        assert_eq!(
            Progress::open(&out, 7, Shard::WHOLE, 10).unwrap().first(),
            0
        );
        assert_eq!(Progress::open(&out, 7, shard, 0).unwrap().first(), 0);
        std::fs::write(Progress::path_for(&out), "seed=7 next=2\n").unwrap();
        let e = Progress::open(&out, 7, shard, 10).err().unwrap();
        assert!(e.contains("expected `seed=S shard=K/N next=J`"), "{e}");
        std::fs::remove_file(Progress::path_for(&out)).unwrap();
    }
}
