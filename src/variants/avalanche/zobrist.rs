//! Zobrist keys, generated at compile time from a fixed seed.

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// 768 piece-square keys, 4 castling-right keys, side, no-push turn.
const N: usize = 2 * 6 * 64 + 4 + 2;

static KEYS: [u64; N] = {
    let mut keys = [0u64; N];
    let mut state = 0x4176_616c_616e_6368; // "Avalanch"
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
};

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
