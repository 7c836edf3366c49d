//! The accumulators of one search worker: one slot per ply. A node that
//! wants its evaluation takes the nearest filled slot above it, copies it
//! and applies the pieces that differ between that slot's position and its
//! own (compared as one set of squares per kind of piece). The slot
//! usually holds an ancestor on the current path (a few pieces differ);
//! when it holds a position of a subtree already left (a sibling's, where
//! the node on the path did not evaluate), the difference is larger but
//! the result is the same: an accumulator is a sum over pieces, so the
//! update from any position's pieces to another's is exact.
//! With no filled slot close by, the node computes its accumulator afresh.

use std::sync::Arc;

use super::features::InputSpace;
use super::network::{Accumulator, Network};
use crate::variants::pieces::{PieceBoards, Pieces};

/// How far up a node looks for an accumulator to start from; further than
/// this, a fresh one is as cheap.
const MAX_DISTANCE: usize = 4;

pub struct AccumulatorStack {
    net: Arc<Network>,
    space: InputSpace,
    accumulators: Vec<Accumulator>,
    /// The pieces of the position each slot's accumulator is of.
    pieces: Vec<PieceBoards>,
    valid: Vec<bool>,
    /// Accumulators computed afresh, and brought from another slot.
    pub refreshes: u64,
    pub updates: u64,
}

impl AccumulatorStack {
    pub fn new(net: Arc<Network>, space: InputSpace, plies: usize) -> AccumulatorStack {
        let empty = Accumulator {
            views: [vec![0; net.hidden], vec![0; net.hidden]],
        };
        AccumulatorStack {
            accumulators: vec![empty; plies],
            pieces: vec![PieceBoards::default(); plies],
            valid: vec![false; plies],
            net,
            space,
            refreshes: 0,
            updates: 0,
        }
    }

    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// Forgets every slot (a new search).
    pub fn clear(&mut self) {
        self.valid.fill(false);
    }

    /// The network's evaluation of `pos`, the node at `ply`, for the side
    /// to move.
    pub fn evaluate<P: Pieces>(&mut self, pos: &P, ply: usize) -> i32 {
        let ply = ply.min(self.valid.len() - 1);
        let pieces = pos.piece_boards();
        let from = (ply.saturating_sub(MAX_DISTANCE)..ply)
            .rev()
            .find(|&k| self.valid[k]);
        match from {
            Some(k) => {
                let (above, below) = self.accumulators.split_at_mut(ply);
                self.net.update(
                    &self.space,
                    &above[k],
                    &mut below[0],
                    &self.pieces[k],
                    &pieces,
                );
                self.updates += 1;
            }
            None => {
                self.net
                    .refresh_boards(&self.space, &pieces, &mut self.accumulators[ply]);
                self.refreshes += 1;
            }
        }
        let bucket = self.space.output_bucket(pieces.count(), self.net.buckets);
        self.pieces[ply] = pieces;
        self.valid[ply] = true;
        self.net
            .evaluate(&self.accumulators[ply], pos.white_to_move(), bucket)
    }
}
