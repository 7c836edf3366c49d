//! The `chimera` binary: a UCI or XBoard engine by default (the GUI's first
//! command says which), plus `bench`, `gui` (the
//! web board), `match` (the tournament runner), `openings` (balanced
//! opening files for matches), `datagen` (training data), `data` (data
//! files into training sets), `tune` (fits the
//! evaluation's numbers to that data), `train` (a network on it) and
//! `analyse` (annotated games).
//! Arguments that name no subcommand are UCI lines, run in order before
//! the engine exits, as Stockfish runs them (`chimera "go depth 10"`,
//! OpenBench's `chimera "genfens 64 seed 1 book None" quit`).

use clap::{CommandFactory, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "chimera",
    version = chimera::VERSION_LINE,
    about = "A UCI engine for chess, atomic, avalanche, Omega and Dynamo chess"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Speak UCI on stdin/stdout.
    Uci,
    /// Speak the XBoard protocol (CECP v2) on stdin/stdout (docs/xboard.md).
    Xboard,
    /// Search fixed positions of every variant; prints `<nodes> nodes <nps> nps`.
    Bench {
        /// Search depth (default: per variant).
        depth: Option<i32>,
    },
    /// Serve a local web board for every variant (see docs/gui.md).
    Gui(chimera::gui::GuiArgs),
    /// Run an engine-vs-engine match or tournament in any variant (docs/tournament.md).
    Match(Box<chimera::tournament::MatchArgs>),
    /// Write balanced random openings for a variant (docs/testing.md).
    Openings(chimera::openings::generate::OpeningsArgs),
    /// Self-play games as training data (docs/datagen.md).
    Datagen(chimera::datagen::DatagenArgs),
    /// Data files into a training set: stats, merge, shuffle, dedupe, split (docs/datagen.md).
    Data(chimera::data::DataArgs),
    /// Fit a variant's evaluation numbers to datagen data (docs/tuning.md).
    Tune(chimera::tune::TuneArgs),
    /// Train a network (NNUE) on datagen data (docs/nnue.md).
    Train(chimera::train::TrainArgs),
    /// Fit a variant's score-to-win/draw/loss model to datagen data (docs/wdl.md).
    FitWdl(chimera::train::win_rate::FitWdlArgs),
    /// Annotate the games of a PGN file: evaluations, mistakes, better lines (docs/analysis.md).
    #[command(alias = "analyze")]
    Analyse(chimera::analysis::AnalyseArgs),
}

/// The arguments, when they are UCI lines rather than a subcommand or a
/// flag.
fn uci_lines() -> Option<Vec<String>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let first = args.first()?;
    let subcommand = Cli::command()
        .get_subcommands()
        .any(|c| c.get_name() == first.as_str())
        || first == "help";
    (!subcommand && !first.starts_with('-')).then_some(args)
}

/// A report read by `head` or the like ends quietly when the reader stops
/// reading, as other command-line tools do, rather than panicking on the
/// closed pipe. Not for the protocols, `gui` and `match`: they write to GUIs
/// and engines, and a pipe that closes there is news to handle, not a
/// reason to die.
fn end_quietly_when_stdout_closes() {
    #[cfg(unix)]
    // SAFETY: sets one signal's action back to the default, before any
    // thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() {
    if let Some(lines) = uci_lines() {
        chimera::uci::run_script(lines);
        return;
    }
    let cli = Cli::parse();
    if !matches!(
        cli.command,
        None | Some(Cmd::Uci | Cmd::Xboard | Cmd::Gui(_) | Cmd::Match(_))
    ) {
        end_quietly_when_stdout_closes();
    }
    match cli.command {
        // No subcommand: the GUI's first command picks the protocol.
        None => chimera::protocol::run(),
        Some(Cmd::Uci) => chimera::uci::run(),
        Some(Cmd::Xboard) => chimera::xboard::run(),
        Some(Cmd::Bench { depth }) => println!("{}", chimera::bench::run(depth)),
        Some(Cmd::Gui(args)) => {
            if let Err(e) = chimera::gui::run(args) {
                eprintln!("chimera gui: {e:#}");
                std::process::exit(1);
            }
        }
        Some(Cmd::Openings(args)) => {
            if let Err(e) = chimera::openings::generate::run(args) {
                eprintln!("chimera openings: {e:#}");
                std::process::exit(1);
            }
        }
        Some(Cmd::Datagen(args)) => {
            if let Err(e) = chimera::datagen::run(args) {
                eprintln!("chimera datagen: {e:#}");
                std::process::exit(1);
            }
        }
        Some(Cmd::Data(args)) => {
            if let Err(e) = chimera::data::run(args) {
                eprintln!("chimera data: {e:#}");
                std::process::exit(1);
            }
        }
        Some(Cmd::Tune(args)) => {
            if let Err(e) = chimera::tune::run(args) {
                eprintln!("chimera tune: {e:#}");
                std::process::exit(1);
            }
        }
        Some(Cmd::Train(args)) => {
            if let Err(e) = chimera::train::run(args) {
                eprintln!("chimera train: {e:#}");
                std::process::exit(1);
            }
        }
        Some(Cmd::FitWdl(args)) => {
            if let Err(e) = chimera::train::win_rate::run(args) {
                eprintln!("chimera fit-wdl: {e:#}");
                std::process::exit(1);
            }
        }
        Some(Cmd::Analyse(args)) => {
            if let Err(e) = chimera::analysis::run(args) {
                eprintln!("chimera analyse: {e:#}");
                std::process::exit(1);
            }
        }
        Some(Cmd::Match(args)) => {
            if let Err(e) = chimera::tournament::run(*args) {
                eprintln!("chimera match: {e:#}");
                std::process::exit(1);
            }
        }
    }
}
