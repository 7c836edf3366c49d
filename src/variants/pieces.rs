//! The pieces of a position as the network and the data files list them:
//! each piece's square in packing order ([`super::packed`]) and its
//! nibble. Every backend has the listing through its board view; a backend
//! may answer faster from its own boards (in its own folder), which
//! engine-tests/data/nnue.rs holds to the view's answer.

use super::packed::existing_squares;
use super::view::BoardView;

/// The role letters a nibble can name, in nibble order and the network's
/// input order (Omega's champion and wizard last). Bit 3 of a nibble is set
/// for Black.
pub const ROLES: [char; 8] = ['p', 'n', 'b', 'r', 'q', 'k', 'c', 'w'];

/// Most pieces a board holds in any variant (Omega's 44).
pub const MAX_PIECES: usize = 48;

/// One piece: its square (packing order) and its nibble (role in bits
/// 0..2, bit 3 set for Black), as the data files write it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceOn {
    pub square: u8,
    pub nibble: u8,
}

/// The pieces of a position, for the network. Every backend has it through
/// its board view; a backend may answer faster from its own boards, which
/// a test holds to the view's answer.
pub trait Pieces: BoardView {
    /// Appends every piece on the board (the caller clears `out`), in
    /// packing order, as the data files and the trainer list them.
    fn pieces(&self, out: &mut Vec<PieceOn>) {
        pieces_from_view(self, out);
    }

    /// The same pieces as one set of squares per nibble, which the
    /// search's accumulators compare. Every backend of the engine answers
    /// from its own boards; this listing-based answer is the reference a
    /// test holds them to.
    fn piece_boards(&self) -> PieceBoards {
        let mut list = Vec::with_capacity(MAX_PIECES);
        self.pieces(&mut list);
        PieceBoards::from_list(&list)
    }
}

/// The pieces of a position as one set of squares (bit `i` for packing
/// order `i`; no board has more than 128 squares) per nibble. Two
/// positions' pieces differ where their sets differ, found in sixteen
/// word operations rather than by merging two listings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceBoards(pub [u128; 16]);

impl PieceBoards {
    pub fn from_list(pieces: &[PieceOn]) -> PieceBoards {
        let mut boards = PieceBoards::default();
        for p in pieces {
            boards.0[usize::from(p.nibble & 15)] |= 1u128 << p.square;
        }
        boards
    }

    /// How many pieces.
    #[inline]
    pub fn count(&self) -> usize {
        self.0.iter().map(|b| b.count_ones() as usize).sum()
    }

    /// Calls `f` with every piece, nibble by nibble.
    #[inline]
    pub fn for_each(&self, mut f: impl FnMut(PieceOn)) {
        for (nibble, &board) in self.0.iter().enumerate() {
            let mut rest = board;
            while rest != 0 {
                let square = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                f(PieceOn {
                    square,
                    nibble: nibble as u8,
                });
            }
        }
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

/// [`Pieces::piece_boards`] of an 8x8 board kept as colour and role
/// bitboards (roles in nibble order, a1 = bit 0): avalanche's and
/// Dynamo's, whose mailboxes [`pieces_from_mailbox`] reads.
pub fn piece_boards_from_bitboards(by_color: &[u64; 2], by_role: &[u64; 6]) -> PieceBoards {
    let mut boards = PieceBoards::default();
    for (color, &side) in by_color.iter().enumerate() {
        for (role, &kind) in by_role.iter().enumerate() {
            boards.0[role | color << 3] = u128::from(side & kind);
        }
    }
    boards
}
