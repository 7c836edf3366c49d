//! Zobrist keys, generated at compile time from fixed seeds by the
//! project's one SplitMix64 ([`crate::rng`]).

use super::board::NUM_SQUARES;
use crate::rng::{splitmix64_keys, splitmix64_next};

const fn piece_keys() -> [[u64; NUM_SQUARES]; 16] {
    let mut keys = [[0; NUM_SQUARES]; 16];
    let mut state = 0x0E6A_C4E5_5EED_0001;
    let mut p = 0;
    while p < 16 {
        let mut sq = 0;
        while sq < NUM_SQUARES {
            let (s, k) = splitmix64_next(state);
            state = s;
            keys[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    keys
}

/// `PIECE[piece code][square]`, piece code = kind | colour << 3.
pub static PIECE: [[u64; NUM_SQUARES]; 16] = piece_keys();
/// Indexed by the 4-bit castling-rights mask.
pub static CASTLING: [u64; 16] = splitmix64_keys::<16>(0xCA57_11E5);
/// By grid file of the pawn that can be taken en passant.
pub static EN_PASSANT: [u64; 12] = splitmix64_keys::<12>(0x0E9A_55A7);
pub const BLACK_TO_MOVE: u64 = 0x7A3F_19C2_D4E8_B561;
