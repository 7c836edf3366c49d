//! What OpenBench's client and a run over several machines rely on
//! (docs/openbench.md):
//!
//! - a tuning branch's one-line Makefile change makes `make EXE=...` (all
//!   the client runs) build the `tune` feature;
//! - a source archive of a commit names that commit (`export-subst`);
//! - `books/chimera-chess.epd` is a book fastchess reads: one legal, playable
//!   chess FEN a line and nothing else; the docs give its SHA-256;
//! - `chimera match --results` files of two runs pool into one result.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use chimera::openings::epd::parse_line;
use chimera::tournament::results::{read, MatchResults};
use chimera::variants::chess::ChessPosition;
use chimera::variants::{CastlingMode, VariantId};
use sha2::{Digest, Sha256};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The Makefile line a tuning branch changes, off and on (docs/openbench.md).
const TUNE_OFF: &str = "TUNE ?= 0";
const TUNE_ON: &str = "TUNE ?= 1";

/// What `make -n -j EXE=chimera-ob` would run with this Makefile, in a
/// clean environment (no TUNE or MAKEFLAGS from a calling make).
fn make_dry_run(makefile: &str, tag: &str) -> String {
    let path = std::env::temp_dir().join(format!("chimera-ob-{tag}-{}.mk", std::process::id()));
    std::fs::write(&path, makefile).unwrap();
    let out = Command::new("make")
        .arg("-n")
        .arg("-j")
        .arg("-f")
        .arg(&path)
        .arg("EXE=chimera-ob")
        .env_remove("TUNE")
        .env_remove("EXE")
        .env_remove("EVALFILE")
        .env_remove("CARGO")
        .env_remove("MAKEFLAGS")
        .env_remove("MFLAGS")
        .env_remove("MAKELEVEL")
        .output()
        .expect("make runs");
    let _ = std::fs::remove_file(&path);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn cargo_build_line(commands: &str) -> &str {
    commands
        .lines()
        .find(|l| l.contains("cargo build --release"))
        .unwrap_or_else(|| panic!("no cargo build in {commands}"))
}

#[test]
fn a_tuning_branch_makefile_builds_the_tune_feature_as_the_client_builds() {
    let makefile = std::fs::read_to_string(format!("{ROOT}/Makefile")).unwrap();
    assert_eq!(
        makefile.lines().filter(|l| *l == TUNE_OFF).count(),
        1,
        "the Makefile has one `{TUNE_OFF}` line for a tuning branch to flip"
    );
    let shipped = make_dry_run(&makefile, "main");
    assert!(
        !cargo_build_line(&shipped).contains("--features tune"),
        "{shipped}"
    );
    assert!(
        shipped.contains("cp target/release/chimera \"chimera-ob\""),
        "{shipped}"
    );

    let tuning = make_dry_run(&makefile.replace(TUNE_OFF, TUNE_ON), "tune");
    let build = cargo_build_line(&tuning);
    assert!(build.contains("--features tune"), "{tuning}");
    assert!(
        tuning.contains("cp target/release/chimera \"chimera-ob\""),
        "{tuning}"
    );
}

/// The binary's `uci` answer lists the search parameters only in a `tune`
/// build (the `tune` lib tests check the list itself).
#[test]
fn the_binary_lists_the_search_parameters_only_when_built_with_tune() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"uci\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("uciok"), "{text}");
    for spec in chimera::search::params::SearchParams::SPECS {
        let line = format!(
            "option name {} type spin default {} min {} max {}",
            spec.name, spec.default, spec.min, spec.max
        );
        assert_eq!(
            text.lines().any(|l| l == line),
            cfg!(feature = "tune"),
            "{line} in:\n{text}"
        );
    }
}

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(ROOT)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[test]
fn a_source_archive_names_its_commit() {
    let file = std::fs::read_to_string(format!("{ROOT}/.archive-commit")).unwrap();
    let version = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("--version")
        .output()
        .unwrap();
    let version = String::from_utf8(version.stdout).unwrap();
    assert!(
        version.contains(&format!("(commit {})", chimera::COMMIT)),
        "{version}"
    );
    let toplevel = git(&["rev-parse", "--show-toplevel"]);
    let checkout = toplevel
        .as_deref()
        .is_some_and(|t| Path::new(t).canonicalize().ok() == Path::new(ROOT).canonicalize().ok());
    if !checkout {
        // Built from an archive: the file was expanded and named the build.
        assert_eq!(
            chimera::build_info::archive_commit(&file).as_deref(),
            Some(chimera::COMMIT)
        );
        return;
    }
    assert_eq!(file, "$Format:%H$\n");
    let head = git(&["rev-parse", "HEAD"]).unwrap();
    // The file's content in an archive of HEAD, as GitHub's zip has it.
    let archived = Command::new("sh")
        .arg("-c")
        .arg("git archive --format=tar HEAD .archive-commit | tar -xOf -")
        .current_dir(ROOT)
        .output()
        .unwrap();
    let archived = String::from_utf8(archived.stdout).unwrap();
    assert_eq!(archived, format!("{head}\n"));
    assert_eq!(
        chimera::build_info::choose_commit(Some(&archived), None),
        head
    );
}

const BOOK: &str = "books/chimera-chess.epd";

/// fastchess (as OpenBench's client runs it) takes every non-empty line of
/// an EPD book as an opening, a line without `;` as a FEN: so every line
/// must be a whole FEN of a playable chess position, with nothing else.
#[test]
fn the_openbench_book_is_one_playable_chess_fen_a_line() {
    let bytes = std::fs::read(format!("{ROOT}/{BOOK}")).unwrap();
    let text = std::str::from_utf8(&bytes).expect("ASCII");
    assert!(text.is_ascii() && text.ends_with('\n') && !text.contains('\r'));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 300, "{} lines", lines.len());
    let mut seen = std::collections::HashSet::new();
    for (i, line) in lines.iter().enumerate() {
        let at = format!("{BOOK}:{}: {line:?}", i + 1);
        assert!(!line.is_empty() && !line.contains(['#', ';']), "{at}");
        assert_eq!(line.split(' ').count(), 6, "{at}");
        let opening = parse_line::<ChessPosition>(VariantId::Chess, CastlingMode::Standard, line)
            .unwrap_or_else(|e| panic!("{at}: {e}"));
        // Written as Chimera writes the position: nothing unusual in it.
        assert_eq!(opening.fen.as_deref(), Some(*line), "{at}");
        assert!(seen.insert(*line), "{at} repeats");
    }
    // The docs' OpenBench `Books/` entry carries the file's SHA-256.
    let sha = format!("{:x}", Sha256::digest(&bytes));
    let docs = std::fs::read_to_string(format!("{ROOT}/docs/openbench.md")).unwrap();
    let listed = docs
        .lines()
        .any(|l| l.trim_start().starts_with("\"sha\"") && l.contains(&format!("\"{sha}\"")));
    assert!(listed, "{sha} not in docs/openbench.md");
}

fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chimera-ob-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// A short Chimera-vs-Chimera run writing its results file.
fn run(start: u32, results: &Path) -> MatchResults {
    let bin = env!("CARGO_BIN_EXE_chimera");
    let out = Command::new(bin)
        .args(["match", "--engine", &format!("cmd={bin}"), "name=dev"])
        .args(["--engine", &format!("cmd={bin}"), "name=base"])
        .args([
            "--each",
            "option.Hash=1",
            "--tc",
            "nodes=300",
            "--games",
            "4",
        ])
        .args(["--openings", &format!("file={ROOT}/{BOOK}")])
        .args(["order=random", &format!("start={start}"), "--seed", "64"])
        .args(["--sprt", "elo0=0", "elo1=10", "--results"])
        .arg(results)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    read(results).unwrap()
}

#[test]
fn results_files_of_two_runs_pool_into_one_result() {
    let (a_path, b_path) = (temp("a.json"), temp("b.json"));
    let a = run(1, &a_path);
    let b = run(3, &b_path);
    for (r, start) in [(&a, 1), (&b, 3)] {
        assert_eq!(r.engines, ["dev".to_string(), "base".to_string()]);
        assert_eq!((r.games_played, r.games_scheduled), (4, 4));
        assert_eq!(r.wins + r.draws + r.losses, 4);
        let p = r.pairs;
        assert_eq!(p.ll + p.ld + p.wl + p.dd + p.wd + p.ww, 2);
        assert_eq!(r.unpaired_games, 0);
        assert_eq!(r.terminations.values().sum::<u32>(), 4);
        assert_eq!(r.variant, "chess");
        assert_eq!(r.time_control, "nodes=300");
        assert_eq!(
            r.openings,
            format!("chimera-chess.epd random (seed 64) from {start}")
        );
        assert_eq!(r.sprt.map(|s| (s.elo0, s.elo1)), Some((0.0, 10.0)));
        assert_eq!(r.stopped, None);
    }
    let bin = env!("CARGO_BIN_EXE_chimera");
    let pooled = Command::new(bin)
        .args(["match", "--pool"])
        .args([&a_path, &b_path])
        .output()
        .unwrap();
    assert!(pooled.status.success());
    let text = String::from_utf8(pooled.stdout).unwrap();
    let sum = |f: fn(&MatchResults) -> u32| f(&a) + f(&b);
    let counts = |r: &MatchResults| {
        let p = r.pairs;
        [p.ll, p.ld, p.wl + p.dd, p.wd, p.ww]
    };
    let ptnml: Vec<String> = (0..5)
        .map(|i| (counts(&a)[i] + counts(&b)[i]).to_string())
        .collect();
    let line = format!(
        "dev vs base: 8 games, W-D-L {}-{}-{}; 4 pairs, Ptnml(0-2): [{}]",
        sum(|r| r.wins),
        sum(|r| r.draws),
        sum(|r| r.losses),
        ptnml.join(", ")
    );
    assert!(text.contains(&line), "{line} not in\n{text}");
    assert!(
        text.contains("SPRT (elo0=0, elo1=10, alpha=0.05, beta=0.05): LLR"),
        "{text}"
    );

    // The same run twice is one run's openings counted twice: refused with
    // one line, as is a file that is not a results file.
    let twice = Command::new(bin)
        .args(["match", "--pool"])
        .args([&a_path, &a_path])
        .output()
        .unwrap();
    assert_eq!(twice.status.code(), Some(1));
    let err = String::from_utf8(twice.stderr).unwrap();
    assert!(
        err.contains("played the same openings") && err.lines().count() == 1,
        "{err}"
    );
    let book = Command::new(bin)
        .args(["match", "--pool", &format!("{ROOT}/{BOOK}")])
        .output()
        .unwrap();
    assert_eq!(book.status.code(), Some(1));
    let _ = std::fs::remove_file(&a_path);
    let _ = std::fs::remove_file(&b_path);
}
