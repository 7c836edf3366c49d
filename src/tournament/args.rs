//! The `chimera match` command line and its checked, parsed form.

use std::path::PathBuf;
use std::time::Duration;

use clap::ArgAction;

use super::adjudication::AdjudicationRules;
use super::engine::EngineSpec;
use super::stats::Sprt;
use super::time_control::TimeControl;
use crate::openings::BookSpec;
use crate::variants::{CastlingMode, VariantId};

/// Which pairs of engines play each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TournamentKind {
    /// Every engine plays every other.
    RoundRobin,
    /// The first engine plays each of the others.
    Gauntlet,
}

/// Engine-vs-engine matches in any variant Chimera knows, refereed by its
/// own rules (see docs/tournament.md).
#[derive(clap::Args, Clone, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub engines: EngineList,

    /// Settings for every engine (`arg=`, `dir=`, `option.NAME=VALUE`), as
    /// cutechess-cli's -each; an engine's own settings win.
    #[arg(long, value_name = "KEY=VALUE", num_args = 1..)]
    pub each: Vec<String>,

    /// The variant (a UCI_Variant value).
    #[arg(long, default_value = "chess")]
    pub variant: String,

    /// Time control: `BASE+INC` seconds (`1+0.01`, `60`), `movetime=MS`,
    /// `nodes=N` or `depth=N` per move.
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,

    /// Games per pairing (two per opening, colours reversed).
    #[arg(long, default_value_t = 2)]
    pub games: u32,

    /// Pairings: every engine against every other, or the first against the rest.
    #[arg(long, value_enum, default_value_t = TournamentKind::RoundRobin)]
    pub tournament: TournamentKind,

    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,

    /// Openings file, as cutechess-cli's -openings: `file=FILE` (or a bare
    /// FILE) `[format=epd|pgn] [order=sequential|random] [start=N] [plies=N]`.
    /// EPD: one FEN or EPD per line; PGN: each game's moves from its `FEN`
    /// tag or the start position.
    #[arg(long, value_name = "SETTING", num_args = 1.., conflicts_with = "random_plies")]
    pub openings: Option<Vec<String>>,

    /// Games played from each opening, colours alternating (1: a new
    /// opening every game).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub repeat: u32,

    /// Without --openings: start each opening pair with this many random legal plies.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub random_plies: u32,

    /// Chess960 (chess or atomic): the engines get `UCI_Chess960`, openings
    /// files may hold Chess960 positions, and without a file each opening
    /// pair starts from one of the 960 start positions chosen at random
    /// (then --random-plies).
    #[arg(long)]
    pub chess960: bool,

    /// Seed for --random-plies and `order=random` (default: from the
    /// clock); printed at the start.
    #[arg(long)]
    pub seed: Option<u64>,

    /// Append every game to this PGN file.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,

    /// Write every line each engine sent and received to DIR/game-N.log,
    /// one file per game.
    #[arg(long, value_name = "DIR")]
    pub log: Option<PathBuf>,

    /// Restart an engine that crashed or hung and go on with the match
    /// (without it, the match stops after the game in which it happened).
    #[arg(long)]
    pub recover: bool,

    /// SPRT of the first engine against the second (two engines only):
    /// `elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]`; stops when decided.
    #[arg(long, value_name = "KEY=VALUE", num_args = 2..=4)]
    pub sprt: Option<Vec<String>>,

    /// Write the first engine's result against the second (W-D-L, game
    /// pairs, the SPRT's settings) as JSON to FILE, rewritten after every
    /// game (two engines only); `--pool` sums such files.
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,

    /// Play nothing: sum the `--results` files of several runs of one test
    /// (same engines, variant and time control, other openings) and print
    /// the pooled Elo and the SPRT (`--sprt`, else the one the files name).
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["engine", "results"])]
    pub pool: Option<Vec<PathBuf>>,

    /// Resign adjudication threshold in centipawns (with --resign-moves).
    #[arg(long, value_name = "CP", default_value_t = 1000)]
    pub resign_score: i32,

    /// Adjudicate a loss when both engines agree beyond --resign-score for
    /// this many moves each (0: off).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub resign_moves: u32,

    /// Draw adjudication starts at this full move number.
    #[arg(long, value_name = "N", default_value_t = 40)]
    pub draw_movenumber: u32,

    /// Adjudicate a draw when both engines report |score| <= --draw-score for
    /// this many moves each (0: off).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub draw_moves: u32,

    /// Draw adjudication threshold in centipawns.
    #[arg(long, value_name = "CP", default_value_t = 10)]
    pub draw_score: i32,

    /// Adjudicate a draw after this many full moves (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub max_moves: u32,

    /// Milliseconds a move may overrun the clock before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub timemargin: u64,

    /// Seconds to wait for an engine's `uciok`/`readyok`, and for a move under
    /// nodes=/depth=, before declaring it hung.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub hang_timeout: f64,
}

/// The `--engine` options, one word list per occurrence.
///
/// clap's derive flattens repeated multi-value options into one list, which
/// would lose where one engine ends and the next begins; this keeps the
/// occurrences apart through `ArgMatches::remove_occurrences`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineList(pub Vec<Vec<String>>);

impl clap::FromArgMatches for EngineList {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        Self::from_arg_matches_mut(&mut matches.clone())
    }

    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        let engines = matches
            .remove_occurrences::<String>("engine")
            .map(|occurrences| occurrences.map(Iterator::collect).collect())
            .unwrap_or_default();
        Ok(EngineList(engines))
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for EngineList {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(
            clap::Arg::new("engine")
                .long("engine")
                .value_name("SPEC")
                .required_unless_present("pool")
                .num_args(1..)
                .action(ArgAction::Append)
                .help(
                    "An engine: `cmd=PATH [name=NAME] [arg=ARG]... [dir=DIR] [option.NAME=VALUE]...` \
                     (separate words, as cutechess-cli's -engine), or a bare PATH; once per engine",
                ),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// Reads `KEY=VALUE` settings into `spec`; a first word without `=` is
/// the command when `bare_cmd` allows it.
fn read_settings(spec: &mut EngineSpec, words: &[String], bare_cmd: bool) -> Result<(), String> {
    for (i, word) in words.iter().enumerate() {
        let Some((key, value)) = word.split_once('=') else {
            if i == 0 && bare_cmd {
                spec.cmd = word.clone();
                continue;
            }
            return Err(format!("engine setting `{word}` is not KEY=VALUE"));
        };
        match key {
            "cmd" => spec.cmd = value.to_string(),
            "name" => spec.name = value.to_string(),
            "arg" => spec.args.push(value.to_string()),
            "dir" => spec.dir = Some(PathBuf::from(value)),
            "proto" if value == "uci" => {}
            _ => match key.strip_prefix("option.") {
                Some(option) if !option.is_empty() => {
                    spec.options.push((option.to_string(), value.to_string()))
                }
                _ => {
                    return Err(format!(
                        "unknown engine setting `{key}` (use cmd, name, arg, dir, option.NAME)"
                    ))
                }
            },
        }
    }
    Ok(())
}

fn empty_spec() -> EngineSpec {
    EngineSpec {
        name: String::new(),
        cmd: String::new(),
        args: Vec::new(),
        dir: None,
        options: Vec::new(),
    }
}

/// Parses one `--engine` occurrence.
pub fn parse_engine_spec(words: &[String]) -> Result<EngineSpec, String> {
    let mut spec = empty_spec();
    read_settings(&mut spec, words, true)?;
    if spec.cmd.is_empty() {
        return Err(format!("engine `{}` has no cmd=", words.join(" ")));
    }
    if spec.name.is_empty() {
        spec.name = std::path::Path::new(&spec.cmd)
            .file_stem()
            .map_or_else(|| spec.cmd.clone(), |s| s.to_string_lossy().into_owned());
    }
    Ok(spec)
}

/// Applies `--each` settings to an engine: its arguments and options come
/// first (so the engine's own options, sent later, win), and its directory
/// is used when the engine has none.
pub fn apply_each(spec: &mut EngineSpec, words: &[String]) -> Result<(), String> {
    let mut each = empty_spec();
    read_settings(&mut each, words, false)?;
    if !each.cmd.is_empty() || !each.name.is_empty() {
        return Err("--each cannot set cmd= or name=".into());
    }
    each.args.append(&mut spec.args);
    spec.args = each.args;
    each.options.append(&mut spec.options);
    spec.options = each.options;
    if spec.dir.is_none() {
        spec.dir = each.dir;
    }
    Ok(())
}

/// Makes names unique: a repeated name gets `-2`, `-3`, ... appended.
pub fn dedup_names(specs: &mut [EngineSpec]) {
    let mut taken: Vec<String> = Vec::new();
    for spec in specs.iter_mut() {
        if taken.contains(&spec.name) {
            let base = spec.name.clone();
            let mut n = 2;
            while taken.contains(&format!("{base}-{n}")) {
                n += 1;
            }
            spec.name = format!("{base}-{n}");
        }
        taken.push(spec.name.clone());
    }
}

/// Parses `elo0=.. elo1=.. [alpha=..] [beta=..]`.
pub fn parse_sprt(words: &[String]) -> Result<Sprt, String> {
    let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
    for word in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("SPRT setting `{word}` is not KEY=VALUE"))?;
        let value: f64 = value
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| format!("SPRT setting `{word}` needs a number"))?;
        match key {
            "elo0" => elo0 = Some(value),
            "elo1" => elo1 = Some(value),
            "alpha" => alpha = value,
            "beta" => beta = value,
            _ => {
                return Err(format!(
                    "unknown SPRT setting `{key}` (elo0, elo1, alpha, beta)"
                ))
            }
        }
    }
    let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
        return Err("--sprt needs elo0= and elo1=".into());
    };
    if elo0 >= elo1 {
        return Err("--sprt needs elo0 < elo1".into());
    }
    if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
        return Err("--sprt alpha and beta must be between 0 and 0.5".into());
    }
    Ok(Sprt {
        elo0,
        elo1,
        alpha,
        beta,
    })
}

/// The command line, checked and parsed.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: Vec<EngineSpec>,
    pub variant: VariantId,
    /// `--chess960`: Chess960 castling in the games and their openings.
    pub castling: CastlingMode,
    pub tc: TimeControl,
    pub games: u32,
    pub tournament: TournamentKind,
    pub concurrency: usize,
    pub openings: Option<BookSpec>,
    pub repeat: u32,
    pub random_plies: u32,
    pub seed: u64,
    pub pgn: Option<PathBuf>,
    pub log: Option<PathBuf>,
    pub recover: bool,
    pub sprt: Option<Sprt>,
    pub results: Option<PathBuf>,
    pub adjudication: AdjudicationRules,
    pub margin: Duration,
    pub hang_timeout: Duration,
}

impl MatchArgs {
    pub fn into_config(self) -> Result<MatchConfig, String> {
        let mut engines = self
            .engines
            .0
            .iter()
            .map(|words| parse_engine_spec(words))
            .collect::<Result<Vec<_>, _>>()?;
        for spec in &mut engines {
            apply_each(spec, &self.each)?;
        }
        if engines.len() < 2 {
            return Err("a match needs at least two --engine".into());
        }
        dedup_names(&mut engines);
        let sprt = self.sprt.as_deref().map(parse_sprt).transpose()?;
        if sprt.is_some() && engines.len() != 2 {
            return Err("--sprt needs exactly two engines".into());
        }
        if self.results.is_some() && engines.len() != 2 {
            return Err("--results needs exactly two engines".into());
        }
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if self.repeat == 0 {
            return Err("--repeat must be at least 1".into());
        }
        let openings = self.openings.as_deref().map(BookSpec::parse).transpose()?;
        if !(self.hang_timeout.is_finite() && self.hang_timeout > 0.0) {
            return Err("--hang-timeout must be a positive number of seconds".into());
        }
        let seed = self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        let tc = TimeControl::parse(&self.tc)?;
        let variant = VariantId::parse(&self.variant).map_err(|e| e.to_string())?;
        let castling = if self.chess960 {
            if !variant.has_chess960() {
                return Err(format!("--chess960: {variant} has no Chess960 form"));
            }
            for spec in &mut engines {
                spec.options.push(("UCI_Chess960".into(), "true".into()));
            }
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        Ok(MatchConfig {
            engines,
            variant,
            castling,
            tc,
            games: self.games,
            tournament: self.tournament,
            concurrency: self.concurrency.max(1),
            openings,
            repeat: self.repeat,
            random_plies: self.random_plies,
            seed,
            pgn: self.pgn,
            log: self.log,
            recover: self.recover,
            sprt,
            results: self.results,
            adjudication: AdjudicationRules {
                resign_score: self.resign_score,
                resign_moves: self.resign_moves,
                draw_movenumber: self.draw_movenumber,
                draw_moves: self.draw_moves,
                draw_score: self.draw_score,
                max_moves: self.max_moves,
            },
            margin: Duration::from_millis(self.timemargin),
            hang_timeout: Duration::from_secs_f64(self.hang_timeout),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: MatchArgs,
    }

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn parses_engine_specs() {
        let spec = parse_engine_spec(&words(
            "cmd=/opt/sf name=fish arg=--x arg=y dir=/tmp option.Hash=64 option.Move_Overhead=10",
        ))
        .unwrap();
        assert_eq!(spec.cmd, "/opt/sf");
        assert_eq!(spec.name, "fish");
        assert_eq!(spec.args, ["--x", "y"]);
        assert_eq!(spec.dir, Some(PathBuf::from("/tmp")));
        assert_eq!(
            spec.options,
            [
                ("Hash".to_string(), "64".to_string()),
                ("Move_Overhead".into(), "10".into())
            ]
        );
        let bare = parse_engine_spec(&words("./target/release/chimera")).unwrap();
        assert_eq!(
            (bare.cmd.as_str(), bare.name.as_str()),
            ("./target/release/chimera", "chimera")
        );
        assert!(parse_engine_spec(&words("name=x")).is_err());
        assert!(parse_engine_spec(&words("cmd=x bogus=1")).is_err());
        assert!(parse_engine_spec(&words("cmd=x loose")).is_err());
        assert!(parse_engine_spec(&words("cmd=x option.=1")).is_err());
    }

    #[test]
    fn each_settings_come_first_and_yield_to_the_engines_own() {
        let mut spec = parse_engine_spec(&words("cmd=e arg=b option.Hash=64 dir=/own")).unwrap();
        apply_each(
            &mut spec,
            &words("arg=a option.Hash=16 option.Threads=1 dir=/each"),
        )
        .unwrap();
        assert_eq!(spec.args, ["a", "b"]);
        let options: Vec<String> = spec
            .options
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        assert_eq!(options, ["Hash=16", "Threads=1", "Hash=64"]);
        assert_eq!(spec.dir, Some(PathBuf::from("/own")));
        let mut bare = parse_engine_spec(&words("e")).unwrap();
        apply_each(&mut bare, &words("dir=/each")).unwrap();
        assert_eq!(bare.dir, Some(PathBuf::from("/each")));
        assert!(apply_each(&mut bare, &words("name=x")).is_err());
        assert!(apply_each(&mut bare, &words("./path")).is_err());
    }

    #[test]
    fn dedups_names() {
        let mut specs: Vec<EngineSpec> = [
            "./chimera",
            "./chimera",
            "cmd=x name=chimera-2",
            "./chimera",
        ]
        .iter()
        .map(|w| parse_engine_spec(&words(w)).unwrap())
        .collect();
        dedup_names(&mut specs);
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["chimera", "chimera-2", "chimera-2-2", "chimera-3"]);
    }

    #[test]
    fn parses_sprt() {
        let sprt = parse_sprt(&words("elo0=0 elo1=5")).unwrap();
        assert_eq!(
            (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
            (0.0, 5.0, 0.05, 0.05)
        );
        let sprt = parse_sprt(&words("elo1=10 elo0=-2.5 alpha=0.1 beta=0.2")).unwrap();
        assert_eq!(
            (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
            (-2.5, 10.0, 0.1, 0.2)
        );
        for bad in [
            "elo0=0",
            "elo0=5 elo1=0",
            "elo0=0 elo1=5 alpha=2",
            "elo0=x elo1=5",
            "e=1 elo1=2",
        ] {
            assert!(parse_sprt(&words(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_issue_command_line_parses_with_defaults() {
        let cli = Cli::try_parse_from(words(
            "match --engine ./chimera --engine ./chimera --variant dynamo --games 20 --tc 1+0.01 --pgn games.pgn",
        ))
        .unwrap();
        let config = cli.args.into_config().unwrap();
        let names: Vec<&str> = config.engines.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["chimera", "chimera-2"]);
        assert_eq!(config.variant, VariantId::Dynamo);
        assert_eq!(config.games, 20);
        assert_eq!(
            config.tc,
            TimeControl::Clock {
                base_ms: 1000,
                inc_ms: 10
            }
        );
        assert_eq!(config.concurrency, 1);
        assert_eq!(config.tournament, TournamentKind::RoundRobin);
        assert!(config.sprt.is_none());

        let cli = Cli::try_parse_from(words(
            "match --engine cmd=a name=A option.Hash=1 --engine b --sprt elo0=0 elo1=5 --tournament gauntlet --tc nodes=100 --each option.Threads=1 arg=-q",
        ))
        .unwrap();
        let config = cli.args.into_config().unwrap();
        assert_eq!(config.engines[0].options.len(), 2);
        assert_eq!(config.engines[1].args, ["-q"]);
        assert_eq!(config.engines[1].name, "b");
        assert_eq!(config.tournament, TournamentKind::Gauntlet);
        assert!(config.sprt.is_some());
        assert_eq!(config.repeat, 2);
        assert!(!config.recover);

        let cli = Cli::try_parse_from(words(
            "match --engine a --engine b --openings file=o.pgn order=random start=3 --repeat 1 --recover --log logs",
        ))
        .unwrap();
        let config = cli.args.into_config().unwrap();
        let book = config.openings.unwrap();
        assert_eq!((book.file.to_str(), book.start), (Some("o.pgn"), 3));
        assert_eq!(config.repeat, 1);
        assert!(config.recover);
        assert_eq!(config.log, Some(PathBuf::from("logs")));
        for bad in [
            "match --engine a --engine b --repeat 0",
            "match --engine a --engine b --openings o.epd start=0",
            "match --engine a --engine b --openings o.epd --random-plies 4",
        ] {
            let parsed = Cli::try_parse_from(words(bad));
            assert!(
                parsed.map_or(true, |cli| cli.args.into_config().is_err()),
                "{bad}"
            );
        }

        let one = Cli::try_parse_from(words("match --engine a")).unwrap();
        assert!(one.args.into_config().is_err());
    }
}
