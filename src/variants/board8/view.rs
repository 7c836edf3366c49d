//! The 8x8 squares and piece bytes in the terms of the board view
//! ([`crate::variants::view`]), for avalanche's and Dynamo's views.

use super::letters::role_char;
use super::piece::{color_of, role_of, Piece as Byte, EMPTY, WHITE};
use crate::variants::view::{Piece, Place, Square};

/// The view's square of square number `sq` (`0..64`, a1 = 0).
pub fn square(sq: impl Into<u32>) -> Square {
    let sq = sq.into();
    Square::new((sq % 8) as u8, (sq / 8 % 8) as u8)
}

/// The view's place of square number `sq` (`0..64`).
pub fn place(sq: impl Into<u32>) -> Place {
    Place::On(square(sq))
}

/// The square number of a view's square, `None` off the 8x8 grid.
pub fn index(sq: Square) -> Option<usize> {
    (sq.file < 8 && sq.rank < 8).then_some(usize::from(sq.rank) * 8 + usize::from(sq.file))
}

/// The view's piece of a mailbox byte, `None` for [`EMPTY`].
pub fn piece(p: Byte) -> Option<Piece> {
    (p != EMPTY).then(|| Piece {
        white: color_of(p) == WHITE,
        role: role_char(role_of(p)),
    })
}

/// The view's piece of a colour and a role.
pub fn piece_of(color: usize, role: usize) -> Piece {
    Piece {
        white: color == WHITE,
        role: role_char(role),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::board8::piece::{piece as byte, BLACK, KNIGHT};

    #[test]
    fn numbers_and_view_squares_agree() {
        for sq in 0..64u8 {
            assert_eq!(index(square(sq)), Some(usize::from(sq)));
            assert_eq!(
                square(sq).to_string(),
                super::super::square::square_name(sq)
            );
        }
        assert_eq!(index(Square::new(8, 0)), None);
        assert_eq!(piece(EMPTY), None);
        assert_eq!(piece(byte(BLACK, KNIGHT)), Some(piece_of(BLACK, KNIGHT)));
        assert_eq!(piece_of(WHITE, KNIGHT).fen_letter(), 'N');
    }
}
