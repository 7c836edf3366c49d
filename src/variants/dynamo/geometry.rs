//! Board geometry as compile-time tables: rays, edge distances, leaps.
//!
//! Squares are board8's `0..64` (a1 = 0, h1 = 7, a8 = 56); [`OFF`] stands for
//! "off the board". Directions come in opposite pairs (`d ^ 1` is the
//! opposite of `d`); the first four are orthogonal (rook lines), the last
//! four diagonal (bishop lines).

use crate::variants::board8;
pub use crate::variants::board8::square::{file_of, parse_square, rank_of};

/// "Off the board" as a square value in moves.
pub const OFF: u8 = 64;

/// File and rank step of each direction: N, S, E, W, NE, SW, NW, SE.
pub const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

pub const KNIGHT_VECTORS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

pub const KING_VECTORS: [(i8, i8); 8] = DIRS;

#[inline]
pub const fn bit(sq: u8) -> u64 {
    1u64 << sq
}

/// The square `n` steps of `(df, dr)` from `sq`, or [`OFF`].
pub const fn offset(sq: u8, df: i8, dr: i8, n: i8) -> u8 {
    let f = file_of(sq) + df * n;
    let r = rank_of(sq) + dr * n;
    if f < 0 || f > 7 || r < 0 || r > 7 {
        OFF
    } else {
        (r * 8 + f) as u8
    }
}

/// Chebyshev distance (the number of steps along a shared line).
#[inline]
pub fn distance(a: u8, b: u8) -> u8 {
    let df = (file_of(a) - file_of(b)).unsigned_abs();
    let dr = (rank_of(a) - rank_of(b)).unsigned_abs();
    df.max(dr)
}

/// Nearest set square of `bb` (non-empty) seen from a square looking in
/// direction `dir`: directions with a positive square delta (N, E, NE, NW)
/// find the lowest bit, the others the highest.
#[inline]
pub fn nearest(bb: u64, dir: usize) -> u8 {
    if matches!(dir, 0 | 2 | 4 | 6) {
        bb.trailing_zeros() as u8
    } else {
        63 - bb.leading_zeros() as u8
    }
}

/// Square `n` steps from `sq` in `dir`; the caller knows it is on the board.
#[inline]
pub fn step(sq: u8, dir: usize, n: u8) -> u8 {
    let (df, dr) = DIRS[dir];
    (sq as i16 + (df as i16 + 8 * dr as i16) * n as i16) as u8
}

const fn build_edge() -> [[u8; 64]; 8] {
    let mut t = [[0u8; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut n = 0;
            while offset(sq as u8, DIRS[d].0, DIRS[d].1, n + 1) != OFF {
                n += 1;
            }
            t[d][sq] = n as u8;
            sq += 1;
        }
        d += 1;
    }
    t
}

/// Number of on-board squares from a square to the edge in a direction.
pub static EDGE: [[u8; 64]; 8] = build_edge();

const fn build_rayn() -> [[[u64; 9]; 64]; 8] {
    let mut t = [[[0u64; 9]; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut n = 1;
            while n < 9 {
                let s = offset(sq as u8, DIRS[d].0, DIRS[d].1, n as i8);
                t[d][sq][n] = if s == OFF {
                    t[d][sq][n - 1]
                } else {
                    t[d][sq][n - 1] | bit(s)
                };
                n += 1;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `RAYN[dir][sq][n]`: the first `n` squares from `sq` in `dir` (fewer at
/// the edge; `sq` itself excluded). `RAYN[dir][sq][8]` is the whole ray.
pub static RAYN: [[[u64; 9]; 64]; 8] = build_rayn();

/// The whole ray from `sq` in `dir`, `sq` excluded.
#[inline]
pub fn ray(dir: usize, sq: u8) -> u64 {
    RAYN[dir][sq as usize][8]
}

const fn build_leaps(v: &[(i8, i8); 8]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 8 {
            let s = offset(sq as u8, v[i].0, v[i].1, 1);
            if s != OFF {
                t[sq] |= bit(s);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

pub static KNIGHT_ATTACKS: [u64; 64] = build_leaps(&KNIGHT_VECTORS);
pub static KING_ATTACKS: [u64; 64] = build_leaps(&KING_VECTORS);

/// For each square and each vector `v`: `[sq+v, sq+2v, sq-v]` (each may be
/// [`OFF`]): the leap target, where a stationary push sends it, and where
/// the leaper goes when it pulls.
const fn build_leap_table(v: &[(i8, i8); 8]) -> [[[u8; 3]; 8]; 64] {
    let mut t = [[[OFF; 3]; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 8 {
            t[sq][i] = [
                offset(sq as u8, v[i].0, v[i].1, 1),
                offset(sq as u8, v[i].0, v[i].1, 2),
                offset(sq as u8, v[i].0, v[i].1, -1),
            ];
            i += 1;
        }
        sq += 1;
    }
    t
}

pub static KNIGHT_LEAPS: [[[u8; 3]; 8]; 64] = build_leap_table(&KNIGHT_VECTORS);
pub static KING_LEAPS: [[[u8; 3]; 8]; 64] = build_leap_table(&KING_VECTORS);

/// Squares from which a leaper removes a piece standing on the square:
/// a stationary push off the board (`sq - v` on board, `sq + v` off) and,
/// when `pull`, a pull off the board (`sq - v` on board, `sq - 2v` off).
const fn build_leap_threats(v: &[(i8, i8); 8], pull: bool) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 8 {
            let (df, dr) = v[i];
            let from = offset(sq as u8, df, dr, -1);
            if from != OFF
                && (offset(sq as u8, df, dr, 1) == OFF
                    || (pull && offset(sq as u8, df, dr, -2) == OFF))
            {
                t[sq] |= bit(from);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

pub const KNIGHT_THREATS_C: [u64; 64] = build_leap_threats(&KNIGHT_VECTORS, true);
pub const KING_THREATS_C: [u64; 64] = build_leap_threats(&KING_VECTORS, false);
pub static KNIGHT_THREATS: [u64; 64] = KNIGHT_THREATS_C;
pub static KING_THREATS: [u64; 64] = KING_THREATS_C;

/// `PAWN_THREATS[c][sq]`: squares of a pawn of colour `c` that pushes a
/// piece on `sq` diagonally off the board.
const fn build_pawn_threats() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let dr: i8 = if c == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 64 {
            let mut df: i8 = -1;
            while df <= 1 {
                let from = offset(sq as u8, df, dr, -1);
                if from != OFF && offset(sq as u8, df, dr, 1) == OFF {
                    t[c][sq] |= bit(from);
                }
                df += 2;
            }
            sq += 1;
        }
        c += 1;
    }
    t
}

pub const PAWN_THREATS_C: [[u64; 64]; 2] = build_pawn_threats();
pub static PAWN_THREATS: [[u64; 64]; 2] = PAWN_THREATS_C;

/// The whole ray from `sq` in `dir` (for the table builders).
pub const fn ray_const(sq: u8, dir: usize) -> u64 {
    let mut bb = 0;
    let mut n = 1;
    loop {
        let s = offset(sq, DIRS[dir].0, DIRS[dir].1, n);
        if s == OFF {
            return bb;
        }
        bb |= bit(s);
        n += 1;
    }
}

/// All squares on a rook line (resp. bishop line) through `sq`.
const fn build_lines(first_dir: usize) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = first_dir;
        while d < first_dir + 4 {
            t[sq] |= ray_const(sq as u8, d);
            d += 1;
        }
        sq += 1;
    }
    t
}

pub const ROOK_LINES_C: [u64; 64] = build_lines(0);
pub const BISHOP_LINES_C: [u64; 64] = build_lines(4);
pub static ROOK_LINES: [u64; 64] = ROOK_LINES_C;
pub static BISHOP_LINES: [u64; 64] = BISHOP_LINES_C;

/// Squares as text: the 8x8 names, or `off`.
pub fn square_name(sq: u8) -> String {
    if sq >= OFF {
        "off".to_string()
    } else {
        board8::square::square_name(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_coordinates() {
        assert_eq!(EDGE[0][0], 7);
        assert_eq!(EDGE[1][0], 0);
        assert_eq!(ray(0, 0).count_ones(), 7);
        assert_eq!(RAYN[0][0][3], bit(8) | bit(16) | bit(24));
        assert_eq!(step(0, 4, 2), 18);
        assert_eq!(nearest(bit(16) | bit(40), 0), 16);
        assert_eq!(nearest(bit(16) | bit(40), 1), 40);
        // King on a1: pushed off by a king on b2 (diagonal), a2, b1.
        assert_eq!(KING_THREATS[0], bit(1) | bit(8) | bit(9));
        assert_eq!(parse_square("e4"), Some(28));
        assert_eq!(square_name(28), "e4");
    }
}
