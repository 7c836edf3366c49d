//! What Chimera's test suites (`engine-tests/<concern>/`) share: the engine
//! as a process ([`engine`]), seeded random numbers ([`rng`],
//! [`random_games`]), the perft-file runner ([`perft`]), the match runner's
//! helpers ([`matches`]), independent reference models ([`reference`]), the
//! UCI and CECP fuzzers ([`fuzz`]) and each registered variant's test facts
//! ([`variants`]). A library so that each suite uses what it needs and no
//! helper is compiled unused. See docs/testing.md.

pub mod engine;
pub mod fuzz;
pub mod matches;
pub mod perft;
pub mod random_games;
pub mod reference;
pub mod rng;
pub mod variants;

use std::path::{Path, PathBuf};

/// The repository's root (the tests' data paths are relative to it).
pub fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The `chimera` binary Cargo built for the running test: the path Cargo
/// gives in `CARGO_BIN_EXE_chimera`, else the one beside the test's own
/// `target/<profile>/deps/` directory.
pub fn chimera_bin() -> PathBuf {
    if let Some(path) = std::env::var_os("CARGO_BIN_EXE_chimera") {
        return path.into();
    }
    let exe = std::env::current_exe().expect("the test knows its own path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("a test binary in target/<profile>/deps");
    profile_dir.join(format!("chimera{}", std::env::consts::EXE_SUFFIX))
}

/// Runs `chimera` with `args`, which must succeed; returns what it wrote
/// to stderr (the commands' reports), panicking with it otherwise.
pub fn run_chimera(args: &[&str]) -> String {
    let out = std::process::Command::new(chimera_bin())
        .args(args)
        .output()
        .expect("chimera runs");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{args:?}: {stderr}");
    stderr
}
