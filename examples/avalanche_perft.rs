//! Perft speed of avalanche against chess, same run:
//! `cargo run --release --example avalanche_perft [depth]` (chess runs two
//! plies deeper, so both take about as long).

use std::time::Instant;

use chimera::perft::perft;
use chimera::variants::avalanche::AvalanchePosition;
use chimera::variants::chess::ChessPosition;
use chimera::variants::{Rules, VariantId};

fn timed<P: Rules>(variant: VariantId, depth: u32) -> f64 {
    let pos = P::start(variant);
    let t = Instant::now();
    let n = perft(&pos, depth);
    let s = t.elapsed().as_secs_f64();
    let rate = n as f64 / s;
    println!(
        "{variant} perft {depth}: {n} nodes in {s:.3} s = {:.1} M/s",
        rate / 1e6
    );
    rate
}

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    let chess = timed::<ChessPosition>(VariantId::Chess, depth + 2);
    let ava = timed::<AvalanchePosition>(VariantId::Avalanche, depth);
    timed::<AvalanchePosition>(VariantId::AvalancheBalanced, depth);
    timed::<AvalanchePosition>(VariantId::AvalancheReversed, depth);
    println!("avalanche turns/s / chess moves/s = {:.2}", ava / chess);
}
