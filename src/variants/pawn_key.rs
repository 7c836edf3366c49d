//! A key of the pawn structure, for the search's correction history: the
//! static evaluation errs alike in positions that share their pawns, so the
//! search learns its error by this key. Not a Zobrist key: two multiplicative
//! hashes of the pawn sets, cheap enough to compute at every node.

/// The key of White's and Black's pawn sets (any board up to 128 squares).
#[inline]
pub fn pawn_key(white: u128, black: u128) -> u64 {
    let mix = |b: u128, k: u64| {
        let folded = (b as u64) ^ ((b >> 64) as u64).rotate_left(29);
        folded.wrapping_mul(k).rotate_left(32)
    };
    mix(white, 0x9E37_79B9_7F4A_7C15) ^ mix(black, 0xC2B2_AE3D_27D4_EB4F).wrapping_add(1)
}

#[cfg(test)]
mod tests {
    use super::pawn_key;

    #[test]
    fn colours_and_squares_tell_apart() {
        let a = pawn_key(0xff00, 0x00ff_0000_0000_0000);
        assert_ne!(a, pawn_key(0x00ff_0000_0000_0000, 0xff00));
        assert_ne!(a, pawn_key(0xfe00, 0x00ff_0000_0000_0000));
        assert_ne!(pawn_key(1 << 100, 0), pawn_key(1 << 101, 0));
        assert_eq!(a, pawn_key(0xff00, 0x00ff_0000_0000_0000));
    }
}
