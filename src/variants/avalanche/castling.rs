//! Castling geometry: standard for both sides, except Black in
//! avalanche-reversed (king d8): `d8b8` with the rook a8 to c8 and `d8f8`
//! with the rook h8 to e8 (FIDE's rule as written, see the spec).

use super::bits::{between, bit};
use super::Kind;

/// One castling move of one side.
#[derive(Clone, Copy, Debug)]
pub struct Castle {
    /// Bit of the right in the position's 4-bit set (`K`, `Q`, `k`, `q`).
    pub right: u8,
    pub king_from: u32,
    pub king_to: u32,
    pub rook_from: u32,
    pub rook_to: u32,
}

impl Castle {
    /// Squares that must be empty: everything strictly between king and rook.
    #[inline]
    pub fn must_be_empty(&self) -> u64 {
        between(self.king_from, self.rook_from)
    }

    /// Squares the king crosses or lands on, which must not be attacked
    /// (its origin is covered by "not in check").
    #[inline]
    pub fn king_path(&self) -> u64 {
        between(self.king_from, self.king_to) | bit(self.king_to)
    }
}

const fn castle(right: u8, king_from: u32, king_to: u32, rook_from: u32, rook_to: u32) -> Castle {
    Castle {
        right,
        king_from,
        king_to,
        rook_from,
        rook_to,
    }
}

// Square indices: a1 = 0, e1 = 4, h1 = 7, a8 = 56, d8 = 59, e8 = 60, h8 = 63.
const WHITE_CASTLES: [Castle; 2] = [castle(1, 4, 6, 7, 5), castle(2, 4, 2, 0, 3)];
const BLACK_CASTLES: [Castle; 2] = [castle(4, 60, 62, 63, 61), castle(8, 60, 58, 56, 59)];
const REVERSED_BLACK_CASTLES: [Castle; 2] = [castle(4, 59, 61, 63, 60), castle(8, 59, 57, 56, 58)];

/// The two castlings (h-side first, then a-side) of `color` in `kind`.
#[inline]
pub fn castles(kind: Kind, color: usize) -> &'static [Castle; 2] {
    match (color, kind) {
        (0, _) => &WHITE_CASTLES,
        (_, Kind::Reversed) => &REVERSED_BLACK_CASTLES,
        _ => &BLACK_CASTLES,
    }
}

/// Castling rights that survive a piece leaving or arriving on `s`.
#[inline]
pub fn rights_kept(kind: Kind, s: u32) -> u8 {
    // a1, e1, h1, a8, d8, e8, h8: the only squares that touch a right.
    const TOUCHING: u64 = 1 | 1 << 4 | 1 << 7 | 1 << 56 | 1 << 59 | 1 << 60 | 1 << 63;
    if bit(s) & TOUCHING == 0 {
        return 0xf;
    }
    let mut kept = 0xf;
    for color in 0..2 {
        for c in castles(kind, color) {
            if s == c.king_from || s == c.rook_from {
                kept &= !c.right;
            }
        }
    }
    kept
}
