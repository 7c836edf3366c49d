//! Perft: counts the leaves of the legal-move tree, bulk-counting the last ply.

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

/// Perft split by root move, as `go perft` prints it: `(token, count)` pairs.
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
