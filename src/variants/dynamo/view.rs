//! The board view of Dynamo: the mailbox, and a turn as its mover's part
//! and its moved piece's part (`off` when a piece leaves the board).

use super::geometry::OFF;
use super::movegen::after_promotion;
use super::{DynamoMove, DynamoPosition, MoveKind};
use crate::variants::board8::view::{index, piece, place};
use crate::variants::pieces::{
    piece_boards_from_bitboards, pieces_from_mailbox, PieceBoards, PieceOn, Pieces,
};
use crate::variants::view::{BoardView, Grid, Part, Piece, Place, Square, TurnParts};
use crate::variants::VariantId;

/// A square number or [`OFF`] as a place.
fn place_of(sq: u8) -> Place {
    if sq == OFF {
        Place::Off
    } else {
        place(sq)
    }
}

impl DynamoPosition {
    /// The part of the piece on `from` going to `to`, promoted by
    /// `promotion` (a role, 0 for none).
    fn part(&self, from: u8, to: u8, promotion: u8) -> Option<Part> {
        let p = self.board[usize::from(from)];
        Some(Part {
            from: place(from),
            to: place_of(to),
            piece: piece(p)?,
            promotion: if promotion == 0 {
                None
            } else {
                piece(after_promotion(p, promotion))
            },
        })
    }
}

impl BoardView for DynamoPosition {
    fn grid(_variant: VariantId) -> Grid {
        Grid::EIGHT_BY_EIGHT
    }

    fn piece_on(&self, sq: Square) -> Option<Piece> {
        piece(self.board[index(sq)?])
    }

    fn turn_parts(&self, m: DynamoMove) -> TurnParts {
        // Pieces leave the board only by a part going `off`: nothing is
        // captured.
        let mut turn = TurnParts {
            choice: None,
            parts: Vec::new(),
            implied: Vec::new(),
            removed: Vec::new(),
        };
        match m.kind {
            MoveKind::Ordinary => turn.parts.extend(self.part(m.from, m.to, m.promotion)),
            MoveKind::Castle => {
                turn.parts.extend(self.part(m.from, m.to, 0));
                turn.implied.extend(self.part(m.moved_from, m.moved_to, 0));
            }
            MoveKind::Dynamo => {
                turn.parts.extend(self.part(m.from, m.to, 0));
                turn.parts
                    .extend(self.part(m.moved_from, m.moved_to, m.promotion));
            }
        }
        turn
    }

    fn variant_notation(&self, m: DynamoMove) -> Option<String> {
        self.game_score(m)
    }
}

impl Pieces for DynamoPosition {
    fn pieces(&self, out: &mut Vec<PieceOn>) {
        pieces_from_mailbox(&self.board, out);
    }

    fn piece_boards(&self) -> PieceBoards {
        piece_boards_from_bitboards(&self.bits.color, &self.bits.role)
    }
}
