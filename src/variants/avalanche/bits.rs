//! Raw `u64` bitboards over shakmaty's attack tables.
//!
//! Squares are indices 0..64 (a1 = 0, h8 = 63) held in `u32`s; colours and
//! roles are small integers so that tables index directly without
//! conversions. The numbering, colours, roles, rank masks and square and
//! piece names are the 8x8 ones of [`crate::variants::board8`], re-exported
//! here so that the backend and its evaluation find them in one place.

use shakmaty::{attacks, Bitboard, Color, Square};

pub use crate::variants::board8::letters::role_char;
pub use crate::variants::board8::piece::{
    BISHOP, BLACK, KING, KNIGHT, PAWN, PROMOTIONS, QUEEN, ROOK, WHITE,
};
pub use crate::variants::board8::square::{last_rank, parse_square, square_name, RANK_2, RANK_7};

/// Forward step of a pawn of `color`, in square indices.
#[inline]
pub const fn forward(color: usize) -> i32 {
    if color == WHITE {
        8
    } else {
        -8
    }
}

/// Moves every square one step forward for a pawn of `color`.
#[inline]
pub const fn shift_forward(b: u64, color: usize) -> u64 {
    if color == WHITE {
        b << 8
    } else {
        b >> 8
    }
}

/// Moves every square one step backward for a pawn of `color`.
#[inline]
pub const fn shift_back(b: u64, color: usize) -> u64 {
    if color == WHITE {
        b >> 8
    } else {
        b << 8
    }
}

#[inline]
pub const fn bit(s: u32) -> u64 {
    1u64 << (s & 63)
}

#[inline]
pub fn square(s: u32) -> Square {
    Square::new(s & 63)
}

#[inline]
pub fn shakmaty_color(color: usize) -> Color {
    if color == WHITE {
        Color::White
    } else {
        Color::Black
    }
}

/// Pops the lowest square of a non-empty set.
#[inline]
pub fn pop(b: &mut u64) -> u32 {
    let s = b.trailing_zeros();
    *b &= b.wrapping_sub(1);
    s
}

#[inline]
pub fn pawn_attacks(color: usize, s: u32) -> u64 {
    attacks::pawn_attacks(shakmaty_color(color), square(s)).0
}

#[inline]
pub fn knight_attacks(s: u32) -> u64 {
    attacks::knight_attacks(square(s)).0
}

#[inline]
pub fn king_attacks(s: u32) -> u64 {
    attacks::king_attacks(square(s)).0
}

#[inline]
pub fn bishop_attacks(s: u32, occ: u64) -> u64 {
    attacks::bishop_attacks(square(s), Bitboard(occ)).0
}

#[inline]
pub fn rook_attacks(s: u32, occ: u64) -> u64 {
    attacks::rook_attacks(square(s), Bitboard(occ)).0
}

#[inline]
pub fn queen_attacks(s: u32, occ: u64) -> u64 {
    bishop_attacks(s, occ) | rook_attacks(s, occ)
}

/// Squares strictly between two aligned squares (empty if not aligned).
#[inline]
pub fn between(a: u32, b: u32) -> u64 {
    attacks::between(square(a), square(b)).0
}

/// The whole line through two aligned squares (empty if not aligned).
#[inline]
pub fn line(a: u32, b: u32) -> u64 {
    attacks::ray(square(a), square(b)).0
}
