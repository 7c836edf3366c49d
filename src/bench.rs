//! `bench`: a fixed-depth search of fixed positions in every variant, for a
//! deterministic node count (OpenBench's signature) and a speed figure.

use std::time::Instant;

use crate::search::{self, Limits, SearchConfig, Shared};
use crate::variants::registry::VARIANT_NAMES;
use crate::with_variant;

/// Depth per variant, chosen so that `bench` takes a few seconds in all.
fn default_depth(variant: &str) -> i32 {
    match variant {
        "chess" => 11,
        "atomic" => 12,
        "omega" => 10,
        "dynamo" => 10,
        _ => 6,
    }
}

/// Runs the bench and returns its report; the last line is
/// `<nodes> nodes <nps> nps`.
pub fn run(depth: Option<i32>) -> String {
    let start = Instant::now();
    let mut total = 0u64;
    let mut out = String::new();
    for &variant in VARIANT_NAMES {
        let depth = depth.unwrap_or_else(|| default_depth(variant));
        let nodes =
            with_variant!(variant, P => bench_variant::<P>(variant, depth, &mut out)).unwrap_or(0);
        total += nodes;
    }
    let ms = start.elapsed().as_millis().max(1) as u64;
    out.push_str(&format!("{total} nodes {} nps", total * 1000 / ms));
    out
}

fn bench_variant<P: crate::eval::Variant>(variant: &str, depth: i32, out: &mut String) -> u64 {
    let mut sum = 0;
    for (i, fen) in P::bench_fens(variant).iter().enumerate() {
        let pos = match P::from_fen(variant, fen) {
            Ok(p) => p,
            Err(e) => panic!("bench FEN {fen} of {variant} must parse: {e}"),
        };
        // A fresh table per position keeps the count independent of order.
        let shared = Shared::new(16);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        shared.start(None, None, false);
        let result = search::search(
            &pos,
            &[],
            &limits,
            &SearchConfig::default(),
            &shared,
            &mut |_| {},
        );
        out.push_str(&format!(
            "info string bench {variant} {} depth {depth} nodes {} bestmove {}\n",
            i + 1,
            result.nodes,
            result.best.as_deref().unwrap_or("(none)")
        ));
        sum += result.nodes;
    }
    sum
}
