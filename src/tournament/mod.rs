//! `chimera match`: engine-vs-engine tournaments in every variant Chimera
//! knows, refereed by Chimera's own rules library (see docs/tournament.md).
//!
//! The runner is generic over [`Rules`] (and [`BoardView`], for the SAN of
//! the PGN): [`run_config`] picks the
//! monomorphised backend for the variant with `with_variant!`, so a new
//! backend plays matches as soon as it is registered.

pub mod adjudication;
pub mod args;
pub mod engine;
pub mod log;
pub mod pgn;
pub mod record;
pub mod referee;
pub mod report;
pub mod results;
pub mod scheduler;
pub mod stats;
pub mod time_control;

use std::fs::OpenOptions;
use std::io::Write;

use anyhow::{anyhow, Context};

pub use args::{MatchArgs, MatchConfig, TournamentKind};
pub use report::Standings;

use crate::game::pgn::today;
use crate::openings::{random_opening, Opening};
use crate::rng::SplitMix64;
use crate::variants::view::BoardView;
use crate::variants::{CastlingMode, Rules};
use pgn::{write_game, PgnHeader};
use referee::GameSettings;
use scheduler::{openings_needed, run_games, schedule, EnginePool};
use stats::SprtDecision;

/// The shortest wait for an engine's handshake (`uciok`, `readyok`): a
/// short `--hang-timeout` bounds a move under nodes or depth, not the
/// start of a process, which a loaded machine can make slow.
const MIN_HANDSHAKE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Runs the match the command line asks for and prints the result table;
/// a match stopped by a crashed engine (without `--recover`) is an error.
pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    if let Some(files) = &args.pool {
        let sprt = args.sprt.as_deref().map(args::parse_sprt);
        let sprt = sprt.transpose().map_err(|e| anyhow!(e))?;
        print!(
            "{}",
            results::run_pool(files, sprt).map_err(|e| anyhow!(e))?
        );
        return Ok(());
    }
    let config = args.into_config().map_err(|e| anyhow!(e))?;
    let standings = run_config(&config)?;
    print!("{}", standings.table());
    match standings.stopped {
        Some(why) => Err(anyhow!("the match stopped early: {why}")),
        None => Ok(()),
    }
}

/// Runs a match with progress on stderr, returning the final standings.
pub fn run_config(config: &MatchConfig) -> anyhow::Result<Standings> {
    crate::with_variant!(config.variant, P => run_match::<P>(config))
}

/// The `openings` of a results file when every game starts from the
/// variant's start position (which `--pool` lets runs share).
pub(crate) const START_POSITION_OPENINGS: &str = "the start position";

/// Where a match's openings come from, with the seed when it picks them:
/// two runs with the same description play the same openings.
fn openings_description(config: &MatchConfig) -> String {
    let chess960 = config.castling == CastlingMode::Chess960;
    match &config.openings {
        Some(book) => {
            let name = book.file.file_name().unwrap_or(book.file.as_os_str());
            let seed = match book.order {
                crate::openings::BookOrder::Random => format!(" (seed {})", config.seed),
                crate::openings::BookOrder::Sequential => String::new(),
            };
            let plies = book
                .plies
                .map(|p| format!(", {p} plies"))
                .unwrap_or_default();
            format!(
                "{} {}{seed} from {}{plies}",
                name.to_string_lossy(),
                book.order.name(),
                book.start
            )
        }
        None if config.random_plies > 0 || chess960 => format!(
            "{}{} random plies (seed {})",
            if chess960 { "Chess960 starts, " } else { "" },
            config.random_plies,
            config.seed
        ),
        None => START_POSITION_OPENINGS.to_string(),
    }
}

/// The openings the match plays, in playing order (job `opening` indices,
/// cycling when the file runs out).
fn openings_for<P: Rules>(config: &MatchConfig) -> anyhow::Result<Vec<Opening>> {
    if let Some(book) = &config.openings {
        return book
            .load::<P>(config.variant, config.castling, config.seed)
            .map_err(|e| anyhow!(e));
    }
    let chess960 = config.castling == CastlingMode::Chess960;
    if config.random_plies == 0 && !chess960 {
        return Ok(vec![Opening::default()]);
    }
    let mut rng = SplitMix64::new(config.seed);
    Ok((0..openings_needed(config.games, config.repeat))
        .map(|_| {
            random_opening::<P>(
                config.variant,
                config.castling,
                config.random_plies,
                &mut rng,
            )
        })
        .collect())
}

fn run_match<P: BoardView>(config: &MatchConfig) -> anyhow::Result<Standings> {
    let variant = config.variant;
    let openings = openings_for::<P>(config)?;
    let mut pgn_file = match &config.pgn {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("cannot open PGN file {}", path.display()))?,
        ),
        None => None,
    };

    // Start one process of each engine first: a wrong path or an engine
    // that does not speak UCI is a setup error, not a lost game.
    let handshake_timeout = config.hang_timeout.max(MIN_HANDSHAKE_TIMEOUT);
    let pool = EnginePool::new(
        config.engines.clone(),
        variant,
        handshake_timeout,
        config.log.is_some(),
    );
    for (i, spec) in config.engines.iter().enumerate() {
        let engine = pool
            .take(i)
            .map_err(|e| anyhow!("engine {} ({}): {e}", spec.name, spec.cmd))?;
        pool.give_back(i, engine, true);
    }

    let jobs = schedule(
        config.engines.len(),
        config.tournament,
        config.games,
        config.repeat,
    );
    let settings = GameSettings {
        variant,
        castling: config.castling,
        tc: config.tc,
        margin: config.margin,
        hang_timeout: config.hang_timeout,
        handshake_timeout,
        adjudication: config.adjudication,
        log_dir: config.log.clone(),
    };
    let header = PgnHeader {
        event: format!("Chimera match, {variant}, {}", config.tc.describe()),
        site: "?".to_string(),
        date: today(),
        time_control: config.tc.pgn_tag(),
        chess960: config.castling == CastlingMode::Chess960,
    };
    let names = pool.names();
    eprintln!(
        "Match: {} in {variant} at {}, {} games, concurrency {}{}",
        names.join(", "),
        config.tc.describe(),
        jobs.len(),
        config.concurrency,
        match &config.openings {
            Some(book) => format!(
                ", {} openings from {} ({} order from {}, seed {}), each played {} times",
                openings.len(),
                book.file.display(),
                book.order.name(),
                book.start,
                config.seed,
                config.repeat
            ),
            None if config.random_plies > 0 => format!(
                ", {} random plies (seed {}), each opening played {} times",
                config.random_plies, config.seed, config.repeat
            ),
            None => String::new(),
        }
    );

    let mut standings = Standings::new(names.clone(), &jobs, config.sprt);
    let setting = results::RunSetting {
        variant: variant.to_string(),
        chess960: config.castling == CastlingMode::Chess960,
        time_control: config.tc.describe(),
        openings: openings_description(config),
    };
    // Written before the first game too: a path that cannot be written is
    // a setup error, not one found after hours of games.
    let write_results = |standings: &Standings| match &config.results {
        Some(path) => results::write(
            path,
            &results::MatchResults::from_standings(standings, &setting),
        )
        .with_context(|| format!("cannot write the results file {}", path.display())),
        None => Ok(()),
    };
    if let Err(e) = write_results(&standings) {
        pool.shutdown();
        return Err(e);
    }
    let mut results_error = None;
    let mut pgn_error = None;
    run_games::<P>(
        &settings,
        &openings,
        &jobs,
        &pool,
        config.concurrency,
        |game| {
            standings.add(&game);
            eprintln!("{}", standings.progress_line(&game));
            if let Some(file) = pgn_file.as_mut() {
                let text = write_game(&header, &names, &game);
                if let Err(e) = file.write_all(text.as_bytes()).and_then(|_| file.flush()) {
                    pgn_error.get_or_insert(e);
                }
            }
            if !config.recover && standings.stopped.is_none() {
                let broken = [game.white, game.black]
                    .iter()
                    .zip(game.healthy)
                    .find(|(_, healthy)| !healthy)
                    .map(|(&engine, _)| engine);
                if let Some(engine) = broken {
                    let why = format!(
                        "{} failed in game {} ({}); --recover restarts it and goes on",
                        names[engine], game.number, game.reason
                    );
                    eprintln!("Match stopped: {why}");
                    standings.stopped = Some(why);
                    return false;
                }
            }
            if let Err(e) = write_results(&standings) {
                results_error.get_or_insert(e);
            }
            match standings.sprt_decision() {
                Some(SprtDecision::AcceptH0) | Some(SprtDecision::AcceptH1) => {
                    eprintln!("SPRT decided; no more games start");
                    false
                }
                _ => true,
            }
        },
    );
    pool.shutdown();
    if let Some(e) = pgn_error {
        return Err(anyhow!(e).context("writing the PGN file failed"));
    }
    // Once more: the stop reason is set after the game that caused it.
    if let Some(e) = results_error.or(write_results(&standings).err()) {
        return Err(e);
    }
    Ok(standings)
}
