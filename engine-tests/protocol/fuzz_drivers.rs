//! The fuzz drivers' own checks (engine-tests/support/fuzz/session.rs):
//! against stand-in engines that misbehave, each driver reports the
//! failure by kind, with the exit status, instead of passing or hanging.

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use chimera_test_support::fuzz::{cecp, uci};

/// A shell script standing in for the engine.
fn stand_in(name: &str, body: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chimera-{name}-{}.sh", std::process::id()));
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// The kind and message of the only failure of a run.
fn only_failure(
    failures: &[(chimera_test_support::fuzz::transcript::Failure, u64)],
) -> (String, String) {
    assert_eq!(failures.len(), 1, "{failures:?}");
    (failures[0].0.kind.clone(), failures[0].0.message.clone())
}

#[test]
fn an_engine_that_exits_early_is_reported_dead_with_its_status() {
    // Reads three lines, then exits with status 3.
    let bin = stand_in("dies", "read a; read b; read c; exit 3");
    let s = uci::run(&uci::RunConfig::new(&bin, 1, 200), &mut |_| {});
    let (kind, message) = only_failure(&s.failures);
    assert_eq!(kind, "engine-died", "{message}");
    assert!(message.contains("exit status: 3"), "{message}");
    let s = cecp::run(&cecp::RunConfig::new(&bin, 1, 200), &mut |_| {});
    let (kind, message) = only_failure(&s.failures);
    assert_eq!(kind, "engine-died", "{message}");
    assert!(message.contains("exit status: 3"), "{message}");
    std::fs::remove_file(bin).unwrap();
}

#[test]
fn an_engine_that_exits_with_an_error_on_quit_is_reported() {
    // Answers what the drivers wait for (UCI's `uciok` to `uci` after a
    // line whose output is read back, CECP's `pong` to `ping`) and nothing
    // else, and exits with status 4 on `quit`.
    let bin = stand_in(
        "quit-status",
        r#"while read cmd arg rest; do
  case "$cmd" in
    uci) echo uciok ;;
    ping) echo "pong $arg" ;;
    quit) exit 4 ;;
  esac
done"#,
    );
    let s = uci::run(&uci::RunConfig::new(&bin, 5, 0), &mut |_| {});
    let (kind, message) = only_failure(&s.failures);
    assert_eq!(kind, "quit-status", "{message}");
    assert!(message.contains("exit status: 4"), "{message}");
    let s = cecp::run(&cecp::RunConfig::new(&bin, 5, 0), &mut |_| {});
    let (kind, message) = only_failure(&s.failures);
    assert_eq!(kind, "quit-status", "{message}");
    assert!(message.contains("exit status: 4"), "{message}");
    std::fs::remove_file(bin).unwrap();
}
