//! Times Omega perft: `cargo run --release --example omega_perft -- [depth] [FEN]`
//! (default: depth 5 from the start position, 124736946 nodes).

use std::time::Instant;

use chimera::perft::perft;
use chimera::variants::omega::OmegaPosition;
use chimera::variants::{Rules, VariantId};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen = args
        .get(2)
        .map_or(OmegaPosition::start_fen(VariantId::Omega), |s| s.as_str());
    let pos = match OmegaPosition::from_fen(VariantId::Omega, fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(1);
        }
    };
    let t = Instant::now();
    let nodes = perft(&pos, depth);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "omega perft {depth}: {nodes} nodes in {secs:.3} s ({:.0} nodes/s)",
        nodes as f64 / secs
    );
}
