//! The board view of avalanche: the mailbox, and a turn as its pending
//! choice, its chess part (with the castling rook) and its push.

use super::bits::forward;
use super::movegen::castle_of;
use super::turn::Turn;
use super::AvalanchePosition;
use crate::variants::board8::piece::{piece as byte, EMPTY, PAWN};
use crate::variants::board8::view::{index, piece, piece_of, place, square};
use crate::variants::packed::Packed;
use crate::variants::pieces::{
    piece_boards_from_bitboards, pieces_from_mailbox, PieceBoards, PieceOn, Pieces,
};
use crate::variants::view::{BoardView, Choice, Grid, Part, Piece, Square, TurnParts};
use crate::variants::VariantId;

impl BoardView for AvalanchePosition {
    fn grid(_variant: VariantId) -> Grid {
        Grid::EIGHT_BY_EIGHT
    }

    fn piece_on(&self, sq: Square) -> Option<Piece> {
        piece(self.board.mailbox[index(sq)?])
    }

    fn turn_parts(&self, t: Turn) -> TurnParts {
        let us = self.turn;
        let them = 1 - us;
        let mut turn = TurnParts {
            choice: None,
            parts: Vec::new(),
            implied: Vec::new(),
            removed: Vec::new(),
        };
        // The first part moves on the board as the choice leaves it.
        let mut board = self.board.mailbox;
        if let (Some(role), Some(s)) = (t.choice(), self.pending) {
            let chosen = piece_of(us, role);
            turn.choice = Some(Choice {
                square: square(s),
                piece: chosen,
            });
            board[s as usize & 63] = byte(us, role);
        }
        let fp = t.first();
        let (from, to) = (fp.from(), fp.to());
        if let Some(mover) = piece(board[from as usize & 63]) {
            turn.parts.push(Part {
                from: place(from),
                to: place(to),
                piece: mover,
                promotion: fp.promotion().map(|role| piece_of(us, role)),
            });
        }
        if fp.is_castle() {
            let c = castle_of(self, fp);
            if let Some(rook) = piece(board[c.rook_from as usize & 63]) {
                turn.implied.push(Part {
                    from: place(c.rook_from),
                    to: place(c.rook_to),
                    piece: rook,
                    promotion: None,
                });
            }
        } else if board[to as usize & 63] != EMPTY {
            turn.removed.push(square(to));
        }
        if let Some(s) = t.push_from() {
            let dest = (s as i32 + forward(them)) as u32;
            turn.parts.push(Part {
                from: place(s),
                to: place(dest),
                piece: piece_of(them, PAWN),
                promotion: None,
            });
        }
        turn
    }

    fn variant_notation(&self, t: Turn) -> Option<String> {
        self.game_score(t)
    }
}

impl Pieces for AvalanchePosition {
    fn pieces(&self, out: &mut Vec<PieceOn>) {
        pieces_from_mailbox(&self.board().mailbox, out);
    }

    fn piece_boards(&self) -> PieceBoards {
        let board = self.board();
        piece_boards_from_bitboards(&board.by_color, &board.by_role)
    }
}

// The FEN says everything about the position (the pending pawn included).
impl Packed for AvalanchePosition {}
