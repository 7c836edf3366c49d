//! Copy-make: playing a turn updates the board and the Zobrist key in step.

use super::bits::*;
use super::castling::rights_kept;
use super::movegen::castle_of;
use super::turn::Turn;
use super::{zobrist, AvalanchePosition};
use crate::variants::board8::piece::{role_of, EMPTY};

impl AvalanchePosition {
    /// Plays a turn produced by the generator for this position.
    #[inline]
    pub(crate) fn play_turn(&mut self, t: Turn) {
        let us = self.turn;
        let them = 1 - us;
        let mut key = self.key ^ zobrist::castling(self.castling);
        if self.no_push_turn() {
            key ^= zobrist::no_push_turn();
        }
        let mut irreversible = false;

        if let (Some(role), Some(s)) = (t.choice(), self.pending) {
            key ^= self.board.take(s);
            key ^= self.board.put(s, us, role);
        }
        self.pending = None;

        let fp = t.first();
        let (from, to) = (fp.from(), fp.to());
        if fp.is_castle() {
            let c = castle_of(self, fp);
            key ^= self.board.take(c.king_from);
            key ^= self.board.take(c.rook_from);
            key ^= self.board.put(c.king_to, us, KING);
            key ^= self.board.put(c.rook_to, us, ROOK);
        } else {
            let role = role_of(self.board.mailbox[from as usize & 63]);
            if self.board.mailbox[to as usize & 63] != EMPTY {
                key ^= self.board.take(to);
                irreversible = true;
            }
            key ^= self.board.take(from);
            key ^= self.board.put(to, us, fp.promotion().unwrap_or(role));
            irreversible |= role == PAWN;
        }
        self.castling &= rights_kept(self.kind, from) & rights_kept(self.kind, to);

        if let Some(s) = t.push_from() {
            let dest = (s as i32 + forward(them)) as u32;
            key ^= self.board.take(s);
            key ^= self.board.put(dest, them, PAWN);
            irreversible = true;
            if last_rank(them) & bit(dest) != 0 {
                self.pending = Some(dest);
            }
        }

        self.halfmoves = if irreversible {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == BLACK {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        key ^= zobrist::black_to_move() ^ zobrist::castling(self.castling);
        if self.no_push_turn() {
            key ^= zobrist::no_push_turn();
        }
        self.key = key;
    }

    /// Passes the turn (null move for the search).
    pub(crate) fn pass(&mut self) {
        let mut key = self.key;
        if self.no_push_turn() {
            key ^= zobrist::no_push_turn();
        }
        if self.turn == BLACK {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.halfmoves = self.halfmoves.saturating_add(1);
        self.turn = 1 - self.turn;
        key ^= zobrist::black_to_move();
        if self.no_push_turn() {
            key ^= zobrist::no_push_turn();
        }
        self.key = key;
    }

    /// The key computed from scratch (FEN parsing, tests).
    pub(crate) fn full_key(&self) -> u64 {
        let mut key = self.board.placement_key() ^ zobrist::castling(self.castling);
        if self.turn == BLACK {
            key ^= zobrist::black_to_move();
        }
        if self.no_push_turn() {
            key ^= zobrist::no_push_turn();
        }
        key
    }
}
