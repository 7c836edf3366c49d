//! Perft speed of Chimera's generic perft against a bare shakmaty loop, side
//! by side in one run (the foundation issue's "abstraction costs nothing"
//! check). Run: `cargo run --release --example perft_speed [chess-depth] [atomic-depth]`.

use std::time::Instant;

use chimera::perft::perft;
use chimera::variants::{atomic::AtomicPosition, chess::ChessPosition, Rules, VariantId};
use shakmaty::{variant::Atomic, Chess, Position};

fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let v = f();
    (v, start.elapsed().as_secs_f64())
}

/// shakmaty's own perft shape: clone, play, bulk-count the last ply.
fn bare<P: Position + Clone>(pos: &P, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            bare(&child, depth - 1)
        })
        .sum()
}

fn compare<P: Rules, S: Position + Clone>(name: &str, ours: P, theirs: S, depth: u32) {
    // Alternate twice to even out frequency scaling and cache warm-up.
    let mut best_ours = f64::MAX;
    let mut best_bare = f64::MAX;
    let mut nodes = 0;
    for _ in 0..2 {
        let (n, t) = time(|| bare(&theirs, depth));
        best_bare = best_bare.min(t);
        let (m, u) = time(|| perft(&ours, depth));
        assert_eq!(n, m, "{name}: node counts differ");
        best_ours = best_ours.min(u);
        nodes = n;
    }
    let (nps_ours, nps_bare) = (nodes as f64 / best_ours, nodes as f64 / best_bare);
    println!(
        "{name} perft {depth}: {nodes} nodes; chimera {:.1} Mnps, bare shakmaty {:.1} Mnps, ratio {:.3}",
        nps_ours / 1e6,
        nps_bare / 1e6,
        nps_ours / nps_bare
    );
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u32>().expect("depth"));
    let chess_depth = args.next().unwrap_or(6);
    let atomic_depth = args.next().unwrap_or(5);
    compare(
        "chess",
        ChessPosition::start(VariantId::Chess),
        Chess::default(),
        chess_depth,
    );
    compare(
        "atomic",
        AtomicPosition::start(VariantId::Atomic),
        Atomic::default(),
        atomic_depth,
    );
}
