//! Zobrist keys, generated at compile time from a fixed seed.

use super::board::NUM_SQUARES;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn piece_keys() -> [[u64; NUM_SQUARES]; 16] {
    let mut keys = [[0; NUM_SQUARES]; 16];
    let mut state = 0x0E6A_C4E5_5EED_0001;
    let mut p = 0;
    while p < 16 {
        let mut sq = 0;
        while sq < NUM_SQUARES {
            let (s, k) = splitmix(state);
            state = s;
            keys[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    keys
}

const fn small_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
}

/// `PIECE[piece code][square]`, piece code = kind | colour << 3.
pub static PIECE: [[u64; NUM_SQUARES]; 16] = piece_keys();
/// Indexed by the 4-bit castling-rights mask.
pub static CASTLING: [u64; 16] = small_keys::<16>(0xCA57_11E5);
/// By grid file of the pawn that can be taken en passant.
pub static EN_PASSANT: [u64; 12] = small_keys::<12>(0x0E9A_55A7);
pub const BLACK_TO_MOVE: u64 = 0x7A3F_19C2_D4E8_B561;
