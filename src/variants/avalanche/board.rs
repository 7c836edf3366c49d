//! Piece placement: bitboards per colour and role plus a mailbox of
//! [`Piece`] bytes for "what stands on this square" lookups, kept in step by
//! `put`/`take`.

use super::bits::*;
use super::zobrist;
use crate::variants::board8::piece::{color_of, piece, role_of, Piece, EMPTY};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub by_color: [u64; 2],
    pub by_role: [u64; 6],
    pub mailbox: [Piece; 64],
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            by_color: [0; 2],
            by_role: [0; 6],
            mailbox: [EMPTY; 64],
        }
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.by_color[WHITE] | self.by_color[BLACK]
    }

    #[inline]
    pub fn pieces(&self, color: usize, role: usize) -> u64 {
        self.by_color[color] & self.by_role[role]
    }

    #[inline]
    pub fn king(&self, color: usize) -> u32 {
        self.pieces(color, KING).trailing_zeros() & 63
    }

    /// Puts a piece on an empty square; returns the Zobrist change.
    #[inline]
    pub fn put(&mut self, s: u32, color: usize, role: usize) -> u64 {
        let b = bit(s);
        self.by_color[color] |= b;
        self.by_role[role] |= b;
        self.mailbox[s as usize & 63] = piece(color, role);
        zobrist::piece(color, role, s)
    }

    /// Removes the piece on an occupied square; returns the Zobrist change.
    #[inline]
    pub fn take(&mut self, s: u32) -> u64 {
        let p = self.mailbox[s as usize & 63];
        debug_assert!(p != EMPTY);
        let (color, role) = (color_of(p), role_of(p));
        let b = !bit(s);
        self.by_color[color] &= b;
        self.by_role[role] &= b;
        self.mailbox[s as usize & 63] = EMPTY;
        zobrist::piece(color, role, s)
    }

    /// Pieces of `by` that attack `s` when `occ` is the occupancy.
    #[inline]
    pub fn attackers(&self, s: u32, by: usize, occ: u64) -> u64 {
        let them = self.by_color[by];
        let diag = self.by_role[BISHOP] | self.by_role[QUEEN];
        let orth = self.by_role[ROOK] | self.by_role[QUEEN];
        them & ((pawn_attacks(1 - by, s) & self.by_role[PAWN])
            | (knight_attacks(s) & self.by_role[KNIGHT])
            | (king_attacks(s) & self.by_role[KING])
            | (bishop_attacks(s, occ) & diag)
            | (rook_attacks(s, occ) & orth))
    }

    /// Zobrist key of the placement alone.
    pub fn placement_key(&self) -> u64 {
        let mut key = 0;
        for s in 0..64u32 {
            let p = self.mailbox[s as usize];
            if p != EMPTY {
                key ^= zobrist::piece(color_of(p), role_of(p), s);
            }
        }
        key
    }
}
