//! How far past its hard time limit a search answers, measured as a GUI
//! sees it: from writing `go` to reading `bestmove`, through real pipes.
//!
//!     cargo build --release
//!     cargo run --release --example time_overshoot -- [--searches N] [--bin PATH]
//!         [--variants chess,atomic,...]
//!
//! For every variant, N searches (default 1000) from positions a few random
//! plies from the start, at `go wtime 1000 winc 10` and `go movetime 100`,
//! with 1 and 2 threads. The hard limit is the one the engine computes
//! (`Limits::budget` with the default `Move Overhead` of 10 ms, which is
//! then part of the margin); the report gives the largest and the 99th
//! percentile overshoot beyond it. Run it on an idle machine.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chimera::search::Limits;
use chimera::variants::{Rules, VariantId};
use chimera::with_variant;

const MOVE_OVERHEAD: u64 = 10;

/// The fuzzers' seeded splitmix64 generator.
use chimera_test_support::rng::Rng as SplitMix;

/// `position` lines a few random plies from the start, and who is to move.
fn openings<P: Rules>(variant: VariantId, n: usize, rng: &mut SplitMix) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = P::start(variant);
        let mut tokens = Vec::new();
        let plies = 2 + rng.next_u64() % 12;
        for _ in 0..plies {
            let mut moves = Vec::new();
            if pos.early_end().is_none() {
                pos.generate(&mut moves);
            }
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            tokens.push(pos.format_move(m));
            pos.play(m);
        }
        let mut moves = Vec::new();
        if pos.early_end().is_some() {
            continue;
        }
        pos.generate(&mut moves);
        if moves.is_empty() {
            continue;
        }
        let line = if tokens.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", tokens.join(" "))
        };
        out.push((line, pos.white_to_move()));
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let searches: usize = arg("--searches").map_or(1000, |s| s.parse().expect("--searches N"));
    let bin = arg("--bin").unwrap_or_else(|| "target/release/chimera".into());
    let variants: Vec<VariantId> = arg("--variants").map_or_else(
        || VariantId::ALL.to_vec(),
        |list| {
            list.split(',')
                .map(|v| v.parse().unwrap_or_else(|e| panic!("{e}")))
                .collect()
        },
    );
    let mut rng = SplitMix::new(20261124);
    let mut worst_overall = Duration::ZERO;
    println!("variant             go                      threads  max-over  p99-over  max-hard");
    for &variant in &variants {
        let positions = with_variant!(variant, P => openings::<P>(variant, searches, &mut rng));
        for go in ["go wtime 1000 winc 10", "go movetime 100"] {
            for threads in [1, 2] {
                let mut child = Command::new(&bin)
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .spawn()
                    .expect("engine starts");
                let mut stdin = child.stdin.take().unwrap();
                let mut stdout = BufReader::new(child.stdout.take().unwrap());
                let mut read_until = |prefix: &str| {
                    let mut line = String::new();
                    loop {
                        line.clear();
                        if stdout.read_line(&mut line).unwrap() == 0 {
                            panic!("engine died");
                        }
                        if line.starts_with(prefix) {
                            return;
                        }
                    }
                };
                writeln!(stdin, "setoption name UCI_Variant value {variant}").unwrap();
                writeln!(stdin, "setoption name Threads value {threads}").unwrap();
                writeln!(stdin, "isready").unwrap();
                read_until("readyok");
                let mut overs = Vec::with_capacity(searches);
                let mut max_hard = Duration::ZERO;
                for (position, white) in &positions {
                    let limits = if go.contains("movetime") {
                        Limits {
                            movetime: Some(100),
                            ..Limits::default()
                        }
                    } else {
                        Limits {
                            wtime: Some(1000),
                            btime: Some(1000),
                            winc: 10,
                            binc: 10,
                            ..Limits::default()
                        }
                    };
                    let moves_left = chimera::search::params::current().tm_moves_left as u64;
                    let hard = limits
                        .budget(*white, MOVE_OVERHEAD, moves_left)
                        .unwrap()
                        .hard;
                    max_hard = max_hard.max(hard);
                    let go_line = if go.contains("wtime") {
                        "go wtime 1000 btime 1000 winc 10 binc 10"
                    } else {
                        go
                    };
                    writeln!(stdin, "{position}\nisready").unwrap();
                    read_until("readyok");
                    let start = Instant::now();
                    writeln!(stdin, "{go_line}").unwrap();
                    stdin.flush().unwrap();
                    read_until("bestmove");
                    overs.push(start.elapsed().saturating_sub(hard));
                }
                writeln!(stdin, "quit").unwrap();
                let _ = child.wait();
                overs.sort();
                let max = *overs.last().unwrap();
                let p99 = overs[overs.len() * 99 / 100];
                worst_overall = worst_overall.max(max);
                println!(
                    "{variant:<19} {go:<23} {threads:>7}  {:>6.1}ms  {:>6.1}ms  {:>6}ms",
                    max.as_secs_f64() * 1000.0,
                    p99.as_secs_f64() * 1000.0,
                    max_hard.as_millis()
                );
            }
        }
    }
    println!(
        "largest overshoot beyond the hard limit: {:.1} ms",
        worst_overall.as_secs_f64() * 1000.0
    );
}
