//! Zobrist keys, generated at compile time from a fixed seed by the
//! project's one SplitMix64 ([`crate::rng`]).

use crate::rng::splitmix64_keys;

/// 768 piece-square keys, 4 castling-right keys, side, no-push turn.
const N: usize = 2 * 6 * 64 + 4 + 2;

static KEYS: [u64; N] = splitmix64_keys::<N>(0x4176_616c_616e_6368); // "Avalanch"

#[inline]
pub fn piece(color: usize, role: usize, s: u32) -> u64 {
    KEYS[(color * 6 + role) * 64 + (s as usize & 63)]
}

/// XOR of the keys of the castling rights set in `rights` (4 bits).
#[inline]
pub fn castling(rights: u8) -> u64 {
    let mut key = 0;
    let mut i = 0;
    while i < 4 {
        if rights & (1 << i) != 0 {
            key ^= KEYS[768 + i];
        }
        i += 1;
    }
    key
}

/// Key of "Black to move".
#[inline]
pub fn black_to_move() -> u64 {
    KEYS[772]
}

/// Key of "this turn has no push" (avalanche-balanced, White's first turn).
#[inline]
pub fn no_push_turn() -> u64 {
    KEYS[773]
}
