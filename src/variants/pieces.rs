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
    /// packing order: the accumulators diff two listings as sorted lists.
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
