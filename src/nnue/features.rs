//! The network's inputs: one per (piece, square) seen from each side.
//!
//! A piece is its role (`p n b r q k`, Omega's `c w` after them) and whether
//! it belongs to the side the view is taken from; a square is its index in
//! the data files' packing order (docs/datagen.md), mirrored rank for rank
//! for Black's view, so that both sides see the board from their own first
//! rank. Input number: `(role + roles * theirs) * squares + square`. The
//! trainer reads the same pieces from packed records, the engine from its
//! positions; a test checks that they agree.

use crate::variants::packed::existing_squares;
use crate::variants::pieces::{PieceOn, ROLES};
use crate::variants::view::{BoardView, Square};
use crate::variants::VariantId;

/// Most output layers a network may choose from.
pub const MAX_OUTPUT_BUCKETS: usize = 16;

/// The geometry of one variant's inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputSpace {
    pub squares: usize,
    /// Roles the variant has (6, Omega 8).
    pub roles: usize,
    /// Pieces on the board at the start (32, Omega 44): the span the
    /// output buckets divide.
    pub start_pieces: usize,
    /// Square index seen from Black's side, by square index.
    mirror: Vec<u8>,
    /// Square index of the square on the same rank, files mirrored (a to
    /// h), by square index: the trainer's mirror images.
    file_mirror: Vec<u8>,
}

impl InputSpace {
    pub fn of<P: BoardView>(variant: VariantId) -> InputSpace {
        let squares = existing_squares::<P>(variant);
        let grid = P::grid(variant);
        let index_of = |sq: Square| {
            squares
                .iter()
                .position(|&s| s == sq)
                .expect("every board is symmetric across its ranks and its files") as u8
        };
        let mirror = squares
            .iter()
            .map(|sq| index_of(Square::new(sq.file, grid.ranks - 1 - sq.rank)))
            .collect();
        let file_mirror = squares
            .iter()
            .map(|sq| index_of(Square::new(grid.files - 1 - sq.file, sq.rank)))
            .collect();
        let start = P::start(variant);
        let start_pieces = squares
            .iter()
            .filter(|&&sq| start.piece_on(sq).is_some())
            .count();
        let roles = squares
            .iter()
            .filter_map(|&sq| start.piece_on(sq))
            .map(|p| ROLES.iter().position(|&r| r == p.role).unwrap_or(0) + 1)
            .max()
            .unwrap_or(6);
        InputSpace {
            squares: squares.len(),
            roles,
            start_pieces,
            mirror,
            file_mirror,
        }
    }

    /// `piece` on the square across the board's middle file (a to h):
    /// the mirror image the trainer adds with `--mirror`.
    pub fn file_mirrored(&self, piece: PieceOn) -> PieceOn {
        PieceOn {
            square: self.file_mirror[usize::from(piece.square)],
            ..piece
        }
    }

    /// The output layer, of `buckets`, for a position with `pieces` on
    /// the board: the span from two kings to the full board cut in equal
    /// parts (8x8 with 8 buckets: 2-5 pieces, 6-9, ..., 29-32), more
    /// pieces than at the start in the last.
    #[inline]
    pub fn output_bucket(&self, pieces: usize, buckets: usize) -> usize {
        let span = self.start_pieces.saturating_sub(2).max(1);
        (pieces.saturating_sub(2) * buckets / span).min(buckets.max(1) - 1)
    }

    /// Inputs per view.
    pub fn inputs(&self) -> usize {
        2 * self.roles * self.squares
    }

    /// The input of `piece` seen by White (`white_view`) or Black.
    #[inline]
    pub fn input(&self, piece: PieceOn, white_view: bool) -> usize {
        let black_piece = piece.nibble & 8 != 0;
        let role = usize::from(piece.nibble & 7);
        let theirs = usize::from(black_piece == white_view);
        let square = if white_view {
            piece.square
        } else {
            self.mirror[usize::from(piece.square)]
        };
        (role + self.roles * theirs) * self.squares + usize::from(square)
    }
}
