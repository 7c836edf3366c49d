//! `chimera match --results FILE`: the first engine's result against the
//! second as JSON, rewritten after every game; and `chimera match --pool
//! FILE...`, which sums such files from several machines into one result
//! and one SPRT (docs/openbench.md, "Many machines").

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::report::{llr2, ptnml, signed};
use super::stats::{normalized_elo, EloEstimate, Pentanomial, Sprt, SprtDecision, Tally};
use super::Standings;

/// What a results file says it is; a pool refuses anything else.
pub const FORMAT: &str = "chimera-match-results 1";

/// One run's result, from the first engine's view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchResults {
    pub format: String,
    /// The commit of the `chimera` that ran the match.
    pub runner_commit: String,
    /// The first engine, then the second.
    pub engines: [String; 2],
    pub variant: String,
    pub chess960: bool,
    pub time_control: String,
    /// Where the openings came from, with the seed when it picks them: two
    /// runs with the same value played the same openings.
    pub openings: String,
    pub games_played: u32,
    pub games_scheduled: u32,
    /// Every finished game, paired or not.
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Complete game pairs only (the SPRT's input).
    pub pairs: Pentanomial,
    /// Games whose pair is not complete (in W-D-L, not in `pairs`).
    pub unpaired_games: u32,
    pub terminations: BTreeMap<String, u32>,
    pub sprt: Option<SprtSettings>,
    /// Why the run stopped before its last game, if it did.
    pub stopped: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtSettings {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl From<Sprt> for SprtSettings {
    fn from(s: Sprt) -> SprtSettings {
        SprtSettings {
            elo0: s.elo0,
            elo1: s.elo1,
            alpha: s.alpha,
            beta: s.beta,
        }
    }
}

impl From<SprtSettings> for Sprt {
    fn from(s: SprtSettings) -> Sprt {
        Sprt {
            elo0: s.elo0,
            elo1: s.elo1,
            alpha: s.alpha,
            beta: s.beta,
        }
    }
}

/// What is the same for every run of one test, besides the counts.
pub struct RunSetting {
    pub variant: String,
    pub chess960: bool,
    pub time_control: String,
    pub openings: String,
}

impl MatchResults {
    /// The standings of a two-engine match as a results record.
    pub fn from_standings(standings: &Standings, setting: &RunSetting) -> MatchResults {
        let name = |i: usize| standings.names.get(i).cloned().unwrap_or_default();
        let t = standings.head_to_head;
        MatchResults {
            format: FORMAT.to_string(),
            runner_commit: crate::COMMIT.to_string(),
            engines: [name(0), name(1)],
            variant: setting.variant.clone(),
            chess960: setting.chess960,
            time_control: setting.time_control.clone(),
            openings: setting.openings.clone(),
            games_played: standings.games_played,
            games_scheduled: standings.games_scheduled,
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            pairs: standings.head_to_head_pentanomial(),
            unpaired_games: standings.unpaired_games() as u32,
            terminations: standings
                .terminations
                .iter()
                .map(|(k, v)| (k.to_string(), *v))
                .collect(),
            sprt: standings.sprt.map(SprtSettings::from),
            stopped: standings.stopped.clone(),
        }
    }

    fn tally(&self) -> Tally {
        Tally::new(self.wins, self.draws, self.losses)
    }

    /// What two runs must share to be pooled.
    fn test(&self) -> String {
        format!(
            "{} vs {} in {}{} at {}",
            self.engines[0],
            self.engines[1],
            self.variant,
            if self.chess960 { " (Chess960)" } else { "" },
            self.time_control
        )
    }
}

/// Writes the file whole through a temporary beside it, so that a pool
/// reading it meanwhile sees the old or the new record, never half.
pub fn write(path: &Path, results: &MatchResults) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(results).map_err(std::io::Error::other)? + "\n";
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

/// Reads one results file, refusing another format.
pub fn read(path: &Path) -> Result<MatchResults, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(format!(
            "{}: not a `chimera match --results` file (format \"{FORMAT}\")",
            path.display()
        ));
    }
    serde_json::from_value(value).map_err(|e| format!("{}: {e}", path.display()))
}

/// The pooled result of several runs of one test.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool {
    pub engines: [String; 2],
    pub test: String,
    pub tally: Tally,
    pub pairs: Pentanomial,
    pub unpaired_games: u32,
    pub sprt: Option<Sprt>,
}

/// Sums runs of the same test (same engines, variant and time control,
/// different openings); the SPRT is `sprt`, else the one all runs name.
pub fn pool(runs: &[(PathBuf, MatchResults)], sprt: Option<Sprt>) -> Result<Pool, String> {
    let Some((first_path, first)) = runs.first() else {
        return Err("--pool needs at least one results file".into());
    };
    let mut tally = Tally::default();
    let mut pairs = Pentanomial::default();
    let mut unpaired_games = 0;
    for (i, (path, run)) in runs.iter().enumerate() {
        if run.test() != first.test() {
            return Err(format!(
                "{} tests {}, {} tests {}: a pool needs one test",
                first_path.display(),
                first.test(),
                path.display(),
                run.test()
            ));
        }
        if let Some((other, _)) = runs[..i].iter().find(|(_, r)| {
            r.openings == run.openings && r.openings != super::START_POSITION_OPENINGS
        }) {
            return Err(format!(
                "{} and {} played the same openings ({}): give each run its own --seed or start=",
                other.display(),
                path.display(),
                run.openings
            ));
        }
        let t = run.tally();
        tally = Tally::new(
            tally.wins + t.wins,
            tally.draws + t.draws,
            tally.losses + t.losses,
        );
        pairs += run.pairs;
        unpaired_games += run.unpaired_games;
    }
    let sprt = match sprt {
        Some(s) => Some(s),
        None => {
            let named = first.sprt;
            if let Some((path, _)) = runs.iter().find(|(_, r)| r.sprt != named) {
                return Err(format!(
                    "{} and {} name different SPRTs: give --sprt",
                    first_path.display(),
                    path.display()
                ));
            }
            named.map(Sprt::from)
        }
    };
    Ok(Pool {
        engines: first.engines.clone(),
        test: first.test(),
        tally,
        pairs,
        unpaired_games,
        sprt,
    })
}

impl Pool {
    /// The pooled figures as `chimera match` prints its pairs and SPRT.
    pub fn report(&self, runs: &[(PathBuf, MatchResults)]) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "Pooled {} runs of {}:", runs.len(), self.test);
        for (path, run) in runs {
            let _ = writeln!(
                out,
                "  {}: {} of {} games, W-D-L {}-{}-{}, Ptnml(0-2): {}{}",
                path.display(),
                run.games_played,
                run.games_scheduled,
                run.wins,
                run.draws,
                run.losses,
                ptnml(&run.pairs),
                run.stopped
                    .as_deref()
                    .map(|why| format!(" (stopped: {why})"))
                    .unwrap_or_default()
            );
        }
        let t = self.tally;
        let p = self.pairs;
        let _ = write!(
            out,
            "{} vs {}: {} games, W-D-L {}-{}-{}; {} pairs, Ptnml(0-2): {}",
            self.engines[0],
            self.engines[1],
            t.games(),
            t.wins,
            t.draws,
            t.losses,
            p.pairs(),
            ptnml(&p)
        );
        if p.pairs() > 0 {
            let est = EloEstimate::from_pentanomial(&p);
            let _ = write!(
                out,
                ", Elo {} [{}, {}] (+/- {:.1})",
                signed(est.elo),
                signed(est.low),
                signed(est.high),
                est.margin()
            );
            if let Some((nelo, margin)) = normalized_elo(&p) {
                let _ = write!(out, ", nElo {} +/- {:.1}", signed(nelo), margin);
            }
            let _ = write!(out, ", LOS {:.1}%", 100.0 * est.los);
        }
        out.push('\n');
        if self.unpaired_games > 0 {
            let _ = writeln!(
                out,
                "{} games of unfinished pairs are left out of the pentanomial figures",
                self.unpaired_games
            );
        }
        if let Some(sprt) = self.sprt {
            let (lower, upper) = sprt.bounds();
            let verdict = match sprt.decision_pentanomial(&p) {
                SprtDecision::Continue => "no decision yet",
                SprtDecision::AcceptH0 => "H0 accepted",
                SprtDecision::AcceptH1 => "H1 accepted",
            };
            let _ = writeln!(
                out,
                "SPRT (elo0={}, elo1={}, alpha={}, beta={}): LLR {} [{:.2}, {:.2}]: {verdict}",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                llr2(sprt.llr_pentanomial(&p)),
                lower,
                upper
            );
        }
        out
    }
}

/// `chimera match --pool`: reads the files, prints the pooled result.
pub fn run_pool(files: &[PathBuf], sprt: Option<Sprt>) -> Result<String, String> {
    let runs = files
        .iter()
        .map(|path| read(path).map(|r| (path.clone(), r)))
        .collect::<Result<Vec<_>, _>>()?;
    let pooled = pool(&runs, sprt)?;
    Ok(pooled.report(&runs))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(openings: &str, wins: u32, pairs: Pentanomial) -> MatchResults {
        MatchResults {
            format: FORMAT.to_string(),
            runner_commit: "unknown".into(),
            engines: ["dev".into(), "base".into()],
            variant: "atomic".into(),
            chess960: false,
            time_control: "1+0.01".into(),
            openings: openings.into(),
            games_played: 10,
            games_scheduled: 10,
            wins,
            draws: 4,
            losses: 6 - wins,
            pairs,
            unpaired_games: 0,
            terminations: BTreeMap::new(),
            sprt: Some(SprtSettings {
                elo0: 0.0,
                elo1: 5.0,
                alpha: 0.05,
                beta: 0.05,
            }),
            stopped: None,
        }
    }

    fn counts(c: [u32; 6]) -> Pentanomial {
        Pentanomial {
            ll: c[0],
            ld: c[1],
            wl: c[2],
            dd: c[3],
            wd: c[4],
            ww: c[5],
        }
    }

    #[test]
    fn pooling_sums_every_count_and_keeps_the_sprt() {
        let a = run(
            "a.epd random (seed 1) from 1",
            4,
            counts([0, 1, 1, 1, 1, 1]),
        );
        let b = run(
            "a.epd random (seed 1) from 101",
            2,
            counts([1, 1, 0, 2, 1, 0]),
        );
        let runs = vec![(PathBuf::from("a.json"), a), (PathBuf::from("b.json"), b)];
        let pooled = pool(&runs, None).unwrap();
        assert_eq!(pooled.tally, Tally::new(6, 8, 6));
        assert_eq!(pooled.pairs, counts([1, 2, 1, 3, 2, 1]));
        assert_eq!(pooled.pairs.counts(), [1, 2, 4, 2, 1]);
        assert_eq!(pooled.sprt.map(|s| s.elo1), Some(5.0));
        let report = pooled.report(&runs);
        assert!(report.contains("dev vs base: 20 games, W-D-L 6-8-6; 10 pairs, Ptnml(0-2): [1, 2, 4, 2, 1], Elo +0.0 [-122.8, +122.8]"), "{report}");
        // s = 1/2, per-pair variance 0.075: 1.96 sqrt(0.0075) = 0.1697 of
        // score, elo(0.6697) = 122.8; at s = 1/2 the LLR for [0, 5] is
        // about -0.004.
        assert!(
            report.contains("LLR 0.00 [-2.94, 2.94]: no decision yet"),
            "{report}"
        );
        // --sprt on the command line wins over the files'.
        let other = Sprt {
            elo0: -5.0,
            elo1: 0.0,
            alpha: 0.1,
            beta: 0.1,
        };
        assert_eq!(pool(&runs, Some(other)).unwrap().sprt, Some(other));
    }

    #[test]
    fn pooling_refuses_other_tests_repeated_openings_and_mixed_sprts() {
        let a = run("a.epd random (seed 1) from 1", 4, Pentanomial::default());
        let mut b = run("a.epd random (seed 1) from 101", 4, Pentanomial::default());
        b.time_control = "10+0.1".into();
        let err = pool(&[("a".into(), a.clone()), ("b".into(), b)], None).unwrap_err();
        assert!(err.contains("a pool needs one test"), "{err}");
        let err = pool(&[("a".into(), a.clone()), ("a2".into(), a.clone())], None).unwrap_err();
        assert!(err.contains("played the same openings"), "{err}");
        let mut c = run("a.epd random (seed 2) from 1", 4, Pentanomial::default());
        c.sprt = None;
        let err = pool(&[("a".into(), a.clone()), ("c".into(), c.clone())], None).unwrap_err();
        assert!(err.contains("different SPRTs"), "{err}");
        assert!(pool(
            &[("a".into(), a), ("c".into(), c)],
            Some(Sprt {
                elo0: 0.0,
                elo1: 5.0,
                alpha: 0.05,
                beta: 0.05
            })
        )
        .is_ok());
        assert!(pool(&[], None).is_err());
    }

    #[test]
    fn a_file_round_trips_and_bad_files_are_errors() {
        let dir = std::env::temp_dir().join(format!("chimera-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.json");
        let a = run("x", 3, counts([1, 0, 2, 0, 1, 1]));
        write(&path, &a).unwrap();
        assert_eq!(read(&path).unwrap(), a);
        std::fs::write(&path, "{\"format\": \"something else\"}").unwrap();
        assert!(read(&path)
            .unwrap_err()
            .contains("not a `chimera match --results` file"));
        std::fs::write(&path, "not json").unwrap();
        assert!(read(&path).is_err());
        std::fs::write(&path, format!("{{\"format\": \"{FORMAT}\", \"wins\": -1}}")).unwrap();
        assert!(read(&path).is_err());
        assert!(read(&dir.join("missing.json")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
