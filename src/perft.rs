//! Perft: counts the leaves of the legal-move tree, bulk-counting the last ply.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::variants::Rules;

/// Number of turn sequences of length `depth` from `pos`.
pub fn perft<P: Rules>(pos: &P, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<P::Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_with(pos, depth, &mut buffers)
}

fn perft_with<P: Rules>(pos: &P, depth: u32, buffers: &mut [Vec<P::Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
            moves.clear();
            pos.generate(moves);
            let mut nodes = 0;
            for &m in moves.iter() {
                let mut child = pos.clone();
                child.play(m);
                nodes += perft_with(&child, depth - 1, rest);
            }
            nodes
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
    let mut buffers: Vec<Vec<P::Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    for m in moves {
        let mut child = pos.clone();
        child.play(m);
        let n = if depth <= 1 {
            Some(1)
        } else {
            stoppable(&child, depth - 1, stop, &mut buffers)
        };
        match n {
            Some(n) => emit(&pos.format_move(m), n),
            None => return false,
        }
    }
    !stop.load(Ordering::Relaxed)
}

/// [`perft`] that gives up (`None`) once `stop` is set.
fn stoppable<P: Rules>(
    pos: &P,
    depth: u32,
    stop: &AtomicBool,
    buffers: &mut [Vec<P::Move>],
) -> Option<u64> {
    // A subtree of depth 2 is small: look at the flag above it only.
    if depth <= 2 {
        return Some(perft_with(pos, depth, buffers));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    pos.generate(moves);
    let mut nodes = 0;
    for &m in moves.iter() {
        let mut child = pos.clone();
        child.play(m);
        nodes += stoppable(&child, depth - 1, stop, rest)?;
    }
    Some(nodes)
}

/// Perft split by root move: `(token, count)` pairs.
pub fn divide<P: Rules>(pos: &P, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play(m);
            let n = if depth <= 1 {
                1
            } else {
                perft(&child, depth - 1)
            };
            (pos.format_move(m), n)
        })
        .collect()
}
