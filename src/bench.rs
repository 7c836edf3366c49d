//! `bench`: a fixed-depth search of fixed positions in every variant, for a
//! deterministic node count (OpenBench's signature) and a speed figure.

use std::sync::Arc;
use std::time::Instant;

use crate::search::{Limits, Searcher, Shared};
use crate::variants::VariantId;
use crate::with_variant;

/// Runs the bench and returns its report; the last line is
/// `<nodes> nodes <nps> nps`.
pub fn run(depth: Option<i32>) -> String {
    let mut out = String::new();
    let shared = Arc::new(Shared::new(BENCH_HASH_MB));
    run_with(depth, &shared, &mut |line| {
        out.push_str(line);
        out.push('\n');
    });
    out.pop();
    out
}

/// Table size of every bench search.
pub const BENCH_HASH_MB: usize = 16;

/// Runs the bench on `shared` (a table of [`BENCH_HASH_MB`]), giving each
/// line to `emit` as soon as it is known. A `stop` (see
/// [`Shared::request_stop`]) ends it early: then the last line says so
/// instead of giving a total, and the function returns `false`.
pub fn run_with(depth: Option<i32>, shared: &Arc<Shared>, emit: &mut dyn FnMut(&str)) -> bool {
    let start = Instant::now();
    let mut total = 0u64;
    let mut searcher = Searcher::new(1);
    for variant in VariantId::ALL {
        let nodes = with_variant!(variant, P => {
            let depth = depth.unwrap_or(P::BENCH_DEPTH);
            bench_variant::<P>(variant, depth, &mut searcher, shared, emit)
        });
        match nodes {
            Some(n) => total += n,
            None => {
                emit("info string bench stopped");
                return false;
            }
        }
    }
    let ms = start.elapsed().as_millis().max(1) as u64;
    emit(&format!("{total} nodes {} nps", total * 1000 / ms));
    true
}

/// Nodes of the variant's bench positions, or `None` if stopped.
fn bench_variant<P: crate::eval::Variant>(
    variant: VariantId,
    depth: i32,
    searcher: &mut Searcher,
    shared: &Arc<Shared>,
    emit: &mut dyn FnMut(&str),
) -> Option<u64> {
    let mut sum = 0;
    for (i, fen) in P::bench_fens(variant).iter().enumerate() {
        let pos = match P::from_fen(variant, fen) {
            Ok(p) => p,
            Err(e) => panic!("bench FEN {fen} of {variant} must parse: {e}"),
        };
        // An empty table per position keeps the count independent of order.
        // Every position on its own: an empty table and fresh histories.
        shared.tt.clear();
        searcher.new_game();
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        shared.start(None, None, false);
        let result = searcher.run(&pos, &[], &limits, 1, shared, &mut |_| {});
        if shared.stop_requested() {
            return None;
        }
        emit(&format!(
            "info string bench {variant} {} depth {depth} nodes {} bestmove {}",
            i + 1,
            result.nodes,
            result.best.as_deref().unwrap_or("(none)")
        ));
        sum += result.nodes;
    }
    Some(sum)
}
