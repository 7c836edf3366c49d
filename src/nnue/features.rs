//! The network's inputs: one per (piece, square) seen from each side.
//!
//! A piece is its role (`p n b r q k`, Omega's `c w` after them) and whether
//! it belongs to the side the view is taken from; a square is its index in
//! the data files' packing order (docs/datagen.md), mirrored rank for rank
//! for Black's view, so that both sides see the board from their own first
//! rank. Input number: `(role + roles * theirs) * squares + square`. The
//! trainer reads the same pieces from packed records, the engine from its
//! positions; a test checks that they agree.

use crate::variants::packed::{existing_squares, Layout};
use crate::variants::view::{BoardView, Square};
use crate::variants::VariantId;

/// Role letters in input order (as the packed nibbles number them).
pub const ROLES: [char; 8] = ['p', 'n', 'b', 'r', 'q', 'k', 'c', 'w'];

/// Most pieces a board holds in any variant (Omega's 44).
pub const MAX_PIECES: usize = 48;

/// Most output layers a network may choose from.
pub const MAX_OUTPUT_BUCKETS: usize = 16;

/// One piece: its square (packing order) and its nibble (role in bits
/// 0..2, bit 3 set for Black), as the data files write it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceOn {
    pub square: u8,
    pub nibble: u8,
}

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

/// The pieces of a position, for the network. Every backend has it through
/// its board view; a backend may answer faster from its own boards, which
/// a test holds to the view's answer.
pub trait Pieces: BoardView {
    /// Appends every piece on the board (the caller clears `out`).
    fn pieces(&self, out: &mut Vec<PieceOn>) {
        pieces_from_view(self, out);
    }
}

/// [`Pieces::pieces`] through the board view.
pub fn pieces_from_view<P: BoardView>(pos: &P, out: &mut Vec<PieceOn>) {
    let variant = pos.variant();
    for (i, sq) in existing_squares::<P>(variant).into_iter().enumerate() {
        if let Some(piece) = pos.piece_on(sq) {
            let role = ROLES.iter().position(|&r| r == piece.role).unwrap_or(0) as u8;
            out.push(PieceOn {
                square: i as u8,
                nibble: role | u8::from(!piece.white) << 3,
            });
        }
    }
}

/// The pieces of a packed position (docs/datagen.md) and whether White is
/// to move, read straight from the bytes.
pub fn pieces_from_packed(layout: &Layout, bytes: &[u8], out: &mut Vec<PieceOn>) -> bool {
    let occupancy = &bytes[..layout.squares.div_ceil(8)];
    let nibbles = &bytes[occupancy.len()..];
    let mut count = 0;
    for square in 0..layout.squares {
        if occupancy[square / 8] & 1 << (square % 8) != 0 && count < layout.max_pieces {
            out.push(PieceOn {
                square: square as u8,
                nibble: nibbles[count / 2] >> (4 * (count % 2)) & 15,
            });
            count += 1;
        }
    }
    let flags = bytes[occupancy.len() + layout.max_pieces.div_ceil(2)];
    flags & 1 == 0
}

/// The pieces of an 8x8 mailbox (`colour * 6 + role`, 12 for empty, a1 =
/// 0): avalanche's and Dynamo's boards.
pub fn pieces_from_mailbox(mailbox: &[u8; 64], out: &mut Vec<PieceOn>) {
    for (sq, &p) in mailbox.iter().enumerate() {
        if p < 12 {
            out.push(PieceOn {
                square: sq as u8,
                nibble: (p % 6) | ((p / 6) << 3),
            });
        }
    }
}

/// The pieces of a shakmaty board (its squares count from a1 = 0).
fn pieces_from_shakmaty(board: &shakmaty::Board, out: &mut Vec<PieceOn>) {
    for (sq, piece) in board.iter() {
        out.push(PieceOn {
            square: sq as u8,
            nibble: (piece.role as u8 - 1) | u8::from(piece.color == shakmaty::Color::Black) << 3,
        });
    }
}

// Each backend's listing is held to the board view's by engine-tests/nnue.rs.
impl Pieces for crate::variants::chess::ChessPosition {
    fn pieces(&self, out: &mut Vec<PieceOn>) {
        pieces_from_shakmaty(shakmaty::Position::board(&self.pos), out);
    }
}

impl Pieces for crate::variants::atomic::AtomicPosition {
    fn pieces(&self, out: &mut Vec<PieceOn>) {
        pieces_from_shakmaty(shakmaty::Position::board(&self.pos), out);
    }
}

impl Pieces for crate::variants::avalanche::AvalanchePosition {
    fn pieces(&self, out: &mut Vec<PieceOn>) {
        pieces_from_mailbox(&self.board().mailbox, out);
    }
}

impl Pieces for crate::variants::dynamo::DynamoPosition {
    fn pieces(&self, out: &mut Vec<PieceOn>) {
        pieces_from_mailbox(&self.board, out);
    }
}

// Omega's square numbers are the packing order (a1, l1, the field rank by
// rank, a12, l12) and its board codes (kind `P N B R Q K C W`, colour in
// bit 3) are the nibbles, so its pieces read straight off its bitboards.
impl Pieces for crate::variants::omega::OmegaPosition {
    fn pieces(&self, out: &mut Vec<PieceOn>) {
        use crate::variants::omega::{BLACK, WHITE};
        let mut occupied = self.color_bits(WHITE) | self.color_bits(BLACK);
        while occupied != 0 {
            let square = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            if let Some((kind, color)) = self.piece_at(square) {
                out.push(PieceOn {
                    square: square as u8,
                    nibble: kind as u8 | (color as u8) << 3,
                });
            }
        }
    }
}
