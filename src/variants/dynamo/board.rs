//! Promotion test, the bitboard set used by check detection, and Zobrist
//! keys. Colours, roles and the piece byte are the 8x8 ones of
//! [`crate::variants::board8`], re-exported here for the evaluation and the
//! tests that name them through this module.

use super::geometry::{bit, OFF};
use crate::rng::splitmix64_next;
pub use crate::variants::board8::letters::ROLE_CHARS;
pub use crate::variants::board8::piece::{
    color_of, piece, role_of, Piece, BISHOP, BLACK, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE,
};

/// Is `p` a pawn standing on its promotion rank if it lands on `sq`?
#[inline]
pub fn promotes(p: Piece, sq: u8) -> bool {
    sq < OFF
        && role_of(p) == PAWN
        && if color_of(p) == WHITE {
            sq >= 56
        } else {
            sq < 8
        }
}

/// The occupancy bitboards: all check detection and legality tests work on
/// this small copyable set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Bits {
    pub color: [u64; 2],
    pub role: [u64; 6],
}

impl Bits {
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.color[0] | self.color[1]
    }

    #[inline]
    pub fn pieces(&self, color: usize, role: usize) -> u64 {
        self.color[color] & self.role[role]
    }

    #[inline]
    pub fn put(&mut self, sq: u8, p: Piece) {
        self.color[color_of(p)] |= bit(sq);
        self.role[role_of(p)] |= bit(sq);
    }

    #[inline]
    pub fn remove(&mut self, sq: u8, p: Piece) {
        self.color[color_of(p)] &= !bit(sq);
        self.role[role_of(p)] &= !bit(sq);
    }

    /// Square of `color`'s king, if it has one.
    #[inline]
    pub fn king(&self, color: usize) -> Option<u8> {
        let k = self.pieces(color, KING);
        (k != 0).then(|| k.trailing_zeros() as u8)
    }
}

pub struct Zobrist {
    /// Piece on square, indexed `[piece][square]`.
    pub piece: [[u64; 64]; 12],
    /// A castling right still alive, keyed by where its rook stands now.
    pub castle: [[u64; 64]; 4],
    pub black_to_move: u64,
    /// Mixed with the placement the no-undo rule forbids (see `hash`).
    pub undo: u64,
}

const fn build_zobrist() -> Zobrist {
    let mut z = Zobrist {
        piece: [[0; 64]; 12],
        castle: [[0; 64]; 4],
        black_to_move: 0,
        undo: 0,
    };
    let mut state = 0x4459_4E41_4D4F_u64; // "DYNAMO"
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < 64 {
            let (s, v) = splitmix64_next(state);
            state = s;
            z.piece[p][sq] = v;
            sq += 1;
        }
        p += 1;
    }
    let mut i = 0;
    while i < 4 {
        let mut sq = 0;
        while sq < 64 {
            let (s, v) = splitmix64_next(state);
            state = s;
            z.castle[i][sq] = v;
            sq += 1;
        }
        i += 1;
    }
    let (s, v) = splitmix64_next(state);
    z.black_to_move = v;
    let (_, v) = splitmix64_next(s);
    z.undo = v | 1;
    z
}

pub static ZOBRIST: Zobrist = build_zobrist();
