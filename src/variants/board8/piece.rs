//! Colours, roles and the one-byte piece of the 8x8 mailboxes. Colours and
//! roles are small integers so that tables index by them directly
//! (`by_role[ROOK]`, a Zobrist table `[piece][square]`).

pub const WHITE: usize = 0;
pub const BLACK: usize = 1;

pub const PAWN: usize = 0;
pub const KNIGHT: usize = 1;
pub const BISHOP: usize = 2;
pub const ROOK: usize = 3;
pub const QUEEN: usize = 4;
pub const KING: usize = 5;

/// Piece values (pawn .. king) of the static exchange and of the order of
/// tactical turns, in centipawns. They are the rules layer's own fixed
/// scale, as Stockfish keeps exchange values apart from its evaluation: the
/// evaluation's material is tuned in `nets/` and free to differ.
pub const EXCHANGE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 2000];

/// Roles a pawn may become, in the order they are generated (the order
/// moves are tried in, so it is part of what `bench` counts).
pub const PROMOTIONS: [usize; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// A piece as one byte: `colour * 6 + role`, or [`EMPTY`].
pub type Piece = u8;
/// The byte of an empty square: just past the twelve pieces, so that a
/// piece indexes a `[_; 12]` table as it is.
pub const EMPTY: Piece = 12;

#[inline]
pub const fn piece(color: usize, role: usize) -> Piece {
    (color * 6 + role) as Piece
}

/// Colour of a piece (not of [`EMPTY`]).
#[inline]
pub const fn color_of(p: Piece) -> usize {
    (p / 6) as usize
}

/// Role of a piece (not of [`EMPTY`]).
#[inline]
pub const fn role_of(p: Piece) -> usize {
    (p % 6) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_keeps_its_colour_and_role() {
        for color in [WHITE, BLACK] {
            for role in PAWN..=KING {
                let p = piece(color, role);
                assert!(p < EMPTY);
                assert_eq!((color_of(p), role_of(p)), (color, role));
            }
        }
    }
}
