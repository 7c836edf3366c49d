//! Square numbering: a1 = 0, b1 = 1, .., h1 = 7, a2 = 8, .., h8 = 63, so a
//! square is `rank * 8 + file` and bit `sq` of a `u64` is that square. This
//! is shakmaty's numbering too, which avalanche's attack tables rely on.

/// The square on a file and a rank (both `0..8`).
#[inline]
pub const fn square(file: u8, rank: u8) -> u8 {
    rank * 8 + file
}

/// File `0..8` (a..h); signed so that callers can step past an edge.
#[inline]
pub const fn file_of(sq: u8) -> i8 {
    (sq & 7) as i8
}

/// Rank `0..8` (1..8); signed so that callers can step past an edge.
#[inline]
pub const fn rank_of(sq: u8) -> i8 {
    (sq >> 3) as i8
}

pub const RANK_1: u64 = 0xff;
pub const RANK_2: u64 = RANK_1 << 8;
pub const RANK_7: u64 = RANK_1 << 48;
pub const RANK_8: u64 = RANK_1 << 56;

/// The rank on which a pawn of `color` ends its travel (and promotes).
#[inline]
pub const fn last_rank(color: usize) -> u64 {
    if color == super::piece::WHITE {
        RANK_8
    } else {
        RANK_1
    }
}

/// `a1`-style name of a square. Takes avalanche's `u32` squares as well as
/// Dynamo's `u8` ones.
pub fn square_name(sq: impl Into<u32>) -> String {
    let sq = sq.into();
    let file = (b'a' + (sq % 8) as u8) as char;
    let rank = (b'1' + (sq / 8 % 8) as u8) as char;
    format!("{file}{rank}")
}

/// Parses `a1`..`h8` (lowercase file, as UCI writes it).
pub fn parse_square(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(square(b[0] - b'a', b[1] - b'1'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_agree() {
        assert_eq!(square(4, 3), 28);
        assert_eq!((file_of(28), rank_of(28)), (4, 3));
        assert_eq!(square_name(28u8), "e4");
        assert_eq!(square_name(63u32), "h8");
        assert_eq!(parse_square("e4"), Some(28));
        assert_eq!(parse_square("a1"), Some(0));
        assert_eq!(parse_square("i1"), None);
        assert_eq!(parse_square("E4"), None);
        assert_eq!(parse_square("e44"), None);
        for sq in 0..64u8 {
            assert_eq!(parse_square(&square_name(sq)), Some(sq));
        }
        assert_eq!(last_rank(0), RANK_8);
        assert_eq!(last_rank(1), RANK_1);
    }
}
