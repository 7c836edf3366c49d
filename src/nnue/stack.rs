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

/// What a slot holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// Nothing of this search.
    Empty,
    /// Only the pieces of its position: the node did not evaluate (in
    /// check, or its evaluation came from the table), and the accumulator
    /// is computed if a node below asks.
    Pieces,
    /// The pieces and their accumulator.
    Ready,
}

pub struct AccumulatorStack {
    net: Arc<Network>,
    space: InputSpace,
    accumulators: Vec<Accumulator>,
    /// The pieces of the position each slot's accumulator is of.
    pieces: Vec<PieceBoards>,
    slots: Vec<Slot>,
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
            slots: vec![Slot::Empty; plies],
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
        self.slots.fill(Slot::Empty);
    }

    /// The network's evaluation of `pos`, the node at `ply`, for the side
    /// to move.
    pub fn evaluate<P: Pieces>(&mut self, pos: &P, ply: usize) -> i32 {
        let ply = self.note(pos, ply);
        self.fill(ply);
        let bucket = self
            .space
            .output_bucket(self.pieces[ply].count(), self.net.buckets);
        self.net
            .evaluate(&self.accumulators[ply], pos.white_to_move(), bucket)
    }

    /// The node at `ply`, `pos`, does not evaluate (in check, or its
    /// evaluation came from the table): its slot keeps the pieces, and the
    /// accumulator waits until a node below wants it (most such nodes end
    /// with no evaluation below them).
    pub fn skip<P: Pieces>(&mut self, pos: &P, ply: usize) {
        self.note(pos, ply);
    }

    /// Puts the pieces of `pos` in the slot of `ply`; the slot.
    fn note<P: Pieces>(&mut self, pos: &P, ply: usize) -> usize {
        let ply = ply.min(self.slots.len() - 1);
        self.pieces[ply] = pos.piece_boards();
        self.slots[ply] = Slot::Pieces;
        ply
    }

    /// Computes the accumulator of slot `ply`, which holds pieces, from the
    /// nearest slot above that holds any (computing that one first when it
    /// holds only pieces), or afresh.
    fn fill(&mut self, ply: usize) {
        let from = (ply.saturating_sub(MAX_DISTANCE)..ply)
            .rev()
            .find(|&k| self.slots[k] != Slot::Empty);
        match from {
            Some(k) => {
                if self.slots[k] == Slot::Pieces {
                    self.fill(k);
                }
                let (above, below) = self.accumulators.split_at_mut(ply);
                let (pieces_above, pieces) = self.pieces.split_at(ply);
                self.net.update(
                    &self.space,
                    &above[k],
                    &mut below[0],
                    &pieces_above[k],
                    &pieces[0],
                );
                self.updates += 1;
            }
            None => {
                self.net.refresh_boards(
                    &self.space,
                    &self.pieces[ply],
                    &mut self.accumulators[ply],
                );
                self.refreshes += 1;
            }
        }
        self.slots[ply] = Slot::Ready;
    }
}
