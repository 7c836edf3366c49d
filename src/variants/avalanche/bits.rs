//! Raw `u64` bitboards over shakmaty's attack tables.
//!
//! Squares are indices 0..64 (a1 = 0, h8 = 63); colours and roles are small
//! integers so that tables index directly without conversions.

use shakmaty::{attacks, Bitboard, Color, Square};

pub const WHITE: usize = 0;
pub const BLACK: usize = 1;

pub const PAWN: usize = 0;
pub const KNIGHT: usize = 1;
pub const BISHOP: usize = 2;
pub const ROOK: usize = 3;
pub const QUEEN: usize = 4;
pub const KING: usize = 5;

/// Roles a pawn may become, in the order they are generated.
pub const PROMOTIONS: [usize; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

pub const RANK_1: u64 = 0xff;
pub const RANK_2: u64 = RANK_1 << 8;
pub const RANK_7: u64 = RANK_1 << 48;
pub const RANK_8: u64 = RANK_1 << 56;

/// The rank on which a pawn of `color` ends its travel.
#[inline]
pub const fn last_rank(color: usize) -> u64 {
    if color == WHITE {
        RANK_8
    } else {
        RANK_1
    }
}

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

/// `a1`-style name of a square.
pub fn square_name(s: u32) -> String {
    let file = (b'a' + (s % 8) as u8) as char;
    let rank = (b'1' + (s / 8 % 8) as u8) as char;
    format!("{file}{rank}")
}

/// Parses `a1`..`h8`.
pub fn parse_square(text: &str) -> Option<u32> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(u32::from(b[1] - b'1') * 8 + u32::from(b[0] - b'a'))
}

/// Lowercase letter of a role.
pub const fn role_char(role: usize) -> char {
    match role {
        PAWN => 'p',
        KNIGHT => 'n',
        BISHOP => 'b',
        ROOK => 'r',
        QUEEN => 'q',
        _ => 'k',
    }
}

/// Role of a lowercase or uppercase letter.
pub fn role_of_char(c: char) -> Option<usize> {
    match c.to_ascii_lowercase() {
        'p' => Some(PAWN),
        'n' => Some(KNIGHT),
        'b' => Some(BISHOP),
        'r' => Some(ROOK),
        'q' => Some(QUEEN),
        'k' => Some(KING),
        _ => None,
    }
}
