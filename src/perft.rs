//! Perft: counts the leaves of the legal-move tree, bulk-counting the last ply.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::variants::Rules;

/// Number of turn sequences of length `depth` from `pos`.
pub fn perft<P: Rules>(pos: &P, depth: u32) -> u64 {
    let never = AtomicBool::new(false);
    let mut buffers = buffers::<P>(depth);
    count(pos, depth, &never, &mut buffers).unwrap_or(0)
}

fn buffers<P: Rules>(depth: u32) -> Vec<Vec<P::Move>> {
    (0..depth).map(|_| Vec::with_capacity(256)).collect()
}

/// Perft of `pos`, or `None` once `stop` is set. The flag is looked at above
/// subtrees of depth 3 and more only: a smaller one is over in no time.
fn count<P: Rules>(
    pos: &P,
    depth: u32,
    stop: &AtomicBool,
    buffers: &mut [Vec<P::Move>],
) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(pos.count_moves()),
        _ => {
            if depth > 2 && stop.load(Ordering::Relaxed) {
                return None;
            }
            let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
            moves.clear();
            pos.generate(moves);
            let mut nodes = 0;
            for &m in moves.iter() {
                let mut child = pos.clone();
                child.play(m);
                nodes += count(&child, depth - 1, stop, rest)?;
            }
            Some(nodes)
        }
    }
}

/// Perft split by root move, as `go perft` prints it: `emit(token, count)`
/// for each root turn as soon as its count is known. Returns `false` when
/// `stop` cut it short (the last count emitted is then complete, but some
/// root turns are missing).
pub fn divide_each<P: Rules>(
    pos: &P,
    depth: u32,
    stop: &AtomicBool,
    emit: &mut dyn FnMut(&str, u64),
) -> bool {
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let mut buffers = buffers::<P>(depth);
    for m in moves {
        let mut child = pos.clone();
        child.play(m);
        match count(&child, depth.max(1) - 1, stop, &mut buffers) {
            Some(n) => emit(&pos.format_move(m), n),
            None => return false,
        }
    }
    !stop.load(Ordering::Relaxed)
}

/// Perft split by root move: `(token, count)` pairs.
pub fn divide<P: Rules>(pos: &P, depth: u32) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    divide_each(pos, depth, &AtomicBool::new(false), &mut |token, n| {
        out.push((token.to_string(), n))
    });
    out
}
