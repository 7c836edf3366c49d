//! UCI fuzzing of the real binary: a few thousand generated lines (valid and
//! mutated, every variant) through real pipes, every answer checked against
//! the library's rules. Long runs: `examples/uci_fuzz.rs`, docs/fuzzing.md.

use chimera_test_support::fuzz::uci::{run, RunConfig};

/// Change the seed only together with the docs' note of its runtime.
const SEED: u64 = 0x0C41_7E5A_F022_2024;
const LINES: u64 = 3000;

#[test]
fn uci_fuzz_fixed_seed() {
    let cfg = RunConfig::new(env!("CARGO_BIN_EXE_chimera"), SEED, LINES);
    let summary = run(&cfg, &mut |_| {});
    eprintln!("uci fuzz: {summary}");
    if let Some((first, _)) = summary.failures.first() {
        panic!(
            "{first}\nReproduce: cargo run --profile testing --example uci_fuzz -- \
             --seed {SEED} --lines {LINES}"
        );
    }
    assert!(summary.lines >= LINES, "{summary}");
}
