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
            key ^= self.push_pawn(s);
            irreversible = true;
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

    /// Advances the opponent's pawn on `s` one square towards us (the
    /// push, rule 1), making it the pending pawn when it reaches its last
    /// rank (rule 5); returns the Zobrist change. Called before the side
    /// to move changes.
    #[inline]
    fn push_pawn(&mut self, s: u32) -> u64 {
        let them = 1 - self.turn;
        let dest = (s as i32 + forward(them)) as u32;
        let key = self.board.take(s) ^ self.board.put(dest, them, PAWN);
        if last_rank(them) & bit(dest) != 0 {
            self.pending = Some(dest);
        }
        key
    }

    /// The null move for the search: a turn whose first part is skipped
    /// but whose push is still made when one is compulsory (rule 3), as
    /// `null_push` chooses it. Only for a position without a pending pawn,
    /// not in check, where `null_push` is `Some` (`null_move_allowed`).
    pub(crate) fn null_turn(&mut self) {
        debug_assert!(self.pending.is_none());
        let push = self.null_push();
        debug_assert!(push.is_some(), "no legal null move");
        let mut key = self.key;
        if self.no_push_turn() {
            key ^= zobrist::no_push_turn();
        }
        if let Some(s) = push.flatten() {
            key ^= self.push_pawn(s);
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        if self.turn == BLACK {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
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

#[cfg(test)]
mod tests {
    use crate::variants::avalanche::AvalanchePosition;
    use crate::variants::{Rules, VariantId};

    fn position(fen: &str) -> AvalanchePosition {
        AvalanchePosition::from_fen(VariantId::Avalanche, fen).unwrap()
    }

    /// The position after the null move from `fen`, whose key must be the
    /// one recomputed and the one of its FEN read back.
    fn null(fen: &str) -> AvalanchePosition {
        let mut pos = position(fen);
        assert!(!pos.in_check(), "{fen}");
        assert!(pos.null_move_allowed(), "{fen}");
        let before = pos.hash();
        pos.play_null();
        assert_ne!(pos.hash(), before, "{fen}");
        assert_eq!(pos.hash(), pos.recomputed_hash(), "{fen}");
        assert_eq!(pos.hash(), position(&pos.fen()).hash(), "{fen}");
        pos
    }

    // FENs after the null move worked out by hand from the rules: the first
    // part is skipped, the push is the legal one of the least advanced enemy
    // pawn (see `null_push`), a push resets the halfmove clock.

    #[test]
    fn null_move_pushes_the_least_advanced_pawn() {
        // White pushes Black's pawns down: a7 (rank 7) before d5.
        let pos = null("4k3/p7/8/3p4/8/8/8/R3K3 w - - 7 20");
        assert_eq!(pos.fen(), "4k3/8/p7/3p4/8/8/8/R3K3 b - - 0 20");
        // Black pushes White's pawns up, one square also from the start
        // rank: g2 (rank 2) before a5; the fullmove number advances.
        let pos = null("r3k3/8/8/P7/8/8/6P1/4K3 b - - 3 20");
        assert_eq!(pos.fen(), "r3k3/8/8/P7/8/6P1/8/4K3 w - - 0 21");
    }

    #[test]
    fn null_move_skips_pushes_illegal_for_the_mover() {
        // b6-b5 would attack the king on a4, d4-d3 would open the rook h4
        // onto it (rule 4): the push left is f3-f2.
        let pos = null("7k/8/1p6/8/K2p3r/5p2/8/6N1 w - - 3 10");
        assert_eq!(pos.fen(), "7k/8/1p6/8/K2p3r/8/5p2/6N1 b - - 0 10");
        assert_eq!(pos.pending(), None);
    }

    #[test]
    fn null_move_pushes_to_the_last_rank_only_when_nothing_else_is_legal() {
        // a2-a1 and h7-h6 are legal (c4 is blocked by c3): h7-h6.
        let pos = null("4k3/7p/8/8/2p5/2P4K/p7/7N w - - 0 1");
        assert_eq!(pos.fen(), "4k3/8/7p/8/2p5/2P4K/p7/7N b - - 0 1");
        assert_eq!(pos.pending(), None);
        // a2-a1 alone: the pawn on a1 waits for Black's choice, which no
        // piece makes a check on h3 (rule 5).
        let pos = null("4k3/8/8/8/2p5/2P4K/p7/7N w - - 0 1");
        assert_eq!(pos.fen(), "4k3/8/8/8/2p5/2P4K/8/p6N b - - 0 1");
        assert_eq!(pos.pending(), Some(0));
        assert!(pos.parse_move("a1=q,e8d8").is_ok());
        assert!(pos.parse_move("e8d8").is_err());
    }

    #[test]
    fn null_move_passes_when_no_pawn_can_advance() {
        let pos = null("4k3/8/8/8/2p5/2P4K/8/7N w - - 5 12");
        assert_eq!(pos.fen(), "4k3/8/8/8/2p5/2P4K/8/7N b - - 6 12");
        let pos = null("r3k3/8/8/8/8/8/8/4K3 b - - 5 12");
        assert_eq!(pos.fen(), "r3k3/8/8/8/8/8/8/4K3 w - - 6 13");
    }

    #[test]
    fn no_null_move_when_every_compulsory_push_loses() {
        // a2-a1 is the only push and a knight chosen on a1 would check the
        // king on c2 (rule 5): only a turn that first moves the king is
        // legal, and a pass may not skip the push.
        let pos = position("4k3/8/8/8/2p5/2P5/p1K5/7N w - - 0 1");
        assert!(!pos.in_check());
        assert!(!pos.null_move_allowed());
        let mut turns = Vec::new();
        pos.generate(&mut turns);
        assert!(!turns.is_empty());
        assert!(turns.iter().all(|&t| pos.format_move(t).starts_with("c2")));
        // d4-d3 is the only push and it would open the rook h4 onto a4.
        let pos = position("7k/8/8/8/K2p3r/8/8/6N1 w - - 0 1");
        assert!(!pos.null_move_allowed());
    }
}
