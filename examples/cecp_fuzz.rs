//! Long CECP (XBoard) fuzzing runs by hand against the real binary (see
//! docs/fuzzing.md):
//!
//! ```text
//! cargo build --profile testing
//! cargo run --profile testing --example cecp_fuzz -- --lines 100000 [--seed S]
//!     [--bin PATH] [--keep-going] [--quick] [--ping-ms 2000]
//! ```
//!
//! Exits with status 1 when an invariant broke.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chimera_test_support::fuzz::cecp::{run, RunConfig};

fn usage() -> ! {
    eprintln!(
        "usage: cecp_fuzz [--lines N] [--seed S] [--bin PATH] [--keep-going] [--quick] [--ping-ms MS]"
    );
    std::process::exit(2)
}

/// The engine next to this example: target/<profile>/chimera.
fn default_bin() -> PathBuf {
    let exe = std::env::current_exe().expect("own path");
    let dir = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("target/<profile>");
    dir.join(format!("chimera{}", std::env::consts::EXE_SUFFIX))
}

fn number(v: Option<String>) -> u64 {
    let v = v.unwrap_or_else(|| usage());
    let parsed = match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => v.parse(),
    };
    parsed.unwrap_or_else(|_| usage())
}

fn main() {
    let mut cfg = RunConfig::new(default_bin(), 1, 10_000);
    let mut seed_given = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--lines" => cfg.lines = number(args.next()),
            "--seed" => {
                cfg.seed = number(args.next());
                seed_given = true;
            }
            "--bin" => cfg.bin = PathBuf::from(args.next().unwrap_or_else(|| usage())),
            "--keep-going" => cfg.keep_going = true,
            "--quick" => cfg.quick = true,
            "--ping-ms" => cfg.ping_limit = Duration::from_millis(number(args.next())),
            _ => usage(),
        }
    }
    if !seed_given {
        cfg.seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
    }
    if !cfg.bin.exists() {
        eprintln!(
            "no engine at {} (build it with `cargo build --profile testing`, or pass --bin)",
            cfg.bin.display()
        );
        std::process::exit(2);
    }
    println!(
        "cecp fuzz: {} lines, seed {} (0x{:x}){}, engine {}",
        cfg.lines,
        cfg.seed,
        cfg.seed,
        if cfg.quick { ", quick searches" } else { "" },
        cfg.bin.display()
    );
    let mut last = Instant::now();
    let summary = run(&cfg, &mut |s| {
        if last.elapsed() >= Duration::from_secs(10) {
            last = Instant::now();
            println!("  {s}");
        }
    });
    println!("summary: {summary}");
    for (f, n) in &summary.failures {
        println!("\n=== {} ({} time(s)); the first:\n{f}", f.kind, n);
    }
    if !summary.failures.is_empty() {
        println!(
            "reproduce: cargo run --profile testing --example cecp_fuzz -- --seed {} --lines {}{}",
            cfg.seed,
            cfg.lines,
            if cfg.quick { " --quick" } else { "" }
        );
        std::process::exit(1);
    }
}
