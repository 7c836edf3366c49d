//! Pieces, the bitboard set used by check detection, and Zobrist keys.

use super::geometry::{bit, OFF};
use crate::rng::splitmix64_next;

pub const WHITE: usize = 0;
pub const BLACK: usize = 1;

pub const PAWN: usize = 0;
pub const KNIGHT: usize = 1;
pub const BISHOP: usize = 2;
pub const ROOK: usize = 3;
pub const QUEEN: usize = 4;
pub const KING: usize = 5;

/// A piece as one byte: `colour * 6 + role`; [`EMPTY`] for no piece.
pub type Piece = u8;
pub const EMPTY: Piece = 12;

#[inline]
pub const fn piece(color: usize, role: usize) -> Piece {
    (color * 6 + role) as Piece
}

#[inline]
pub const fn color_of(p: Piece) -> usize {
    (p / 6) as usize
}

#[inline]
pub const fn role_of(p: Piece) -> usize {
    (p % 6) as usize
}

pub const ROLE_CHARS: [char; 6] = ['p', 'n', 'b', 'r', 'q', 'k'];

pub fn piece_char(p: Piece) -> char {
    let c = ROLE_CHARS[role_of(p)];
    if color_of(p) == WHITE {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

pub fn piece_from_char(c: char) -> Option<Piece> {
    let role = ROLE_CHARS
        .iter()
        .position(|&r| r == c.to_ascii_lowercase())?;
    let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
    Some(piece(color, role))
}

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
