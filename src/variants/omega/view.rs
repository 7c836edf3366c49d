//! The board view of Omega: the 12x12 grid of the FEN, whose squares
//! outside the 10x10 field and its four wizard squares do not exist.

use super::board::{file_of, rank_of, square_at};
use super::{castle_squares, san, OmegaMove, OmegaPosition, EMPTY, PIECE_LETTERS, WHITE};
use crate::variants::view::{BoardView, Grid, Part, Piece, Place, Square, TurnParts};
use crate::variants::{MoveError, VariantId};

/// The view's square of a square number.
fn square(sq: usize) -> Square {
    Square::new(file_of(sq) as u8, rank_of(sq) as u8)
}

fn place(sq: usize) -> Place {
    Place::On(square(sq))
}

/// The square number of a grid square, `None` for a hole.
fn index(sq: Square) -> Option<usize> {
    square_at(i32::from(sq.file), i32::from(sq.rank))
}

fn piece(kind: usize, color: usize) -> Piece {
    Piece {
        white: color == WHITE,
        role: PIECE_LETTERS[kind].to_ascii_lowercase(),
    }
}

impl OmegaPosition {
    /// The part of the piece on `from` going to `to`, if there is one.
    fn part(&self, from: usize, to: usize, promotion: Option<usize>) -> Option<Part> {
        let (kind, color) = self.piece_at(from)?;
        Some(Part {
            from: place(from),
            to: place(to),
            piece: piece(kind, color),
            promotion: promotion.map(|k| piece(k, color)),
        })
    }
}

impl BoardView for OmegaPosition {
    fn grid(_variant: VariantId) -> Grid {
        Grid {
            files: 12,
            ranks: 12,
        }
    }

    fn exists(_variant: VariantId, sq: Square) -> bool {
        index(sq).is_some()
    }

    fn piece_on(&self, sq: Square) -> Option<Piece> {
        let (kind, color) = self.piece_at(index(sq)?)?;
        Some(piece(kind, color))
    }

    fn turn_parts(&self, m: OmegaMove) -> TurnParts {
        let (from, to) = (m.from(), m.to());
        let mut turn = TurnParts {
            choice: None,
            parts: self
                .part(from, to, m.promotion_kind())
                .into_iter()
                .collect(),
            implied: Vec::new(),
            removed: Vec::new(),
        };
        if m.is_castle() {
            let us = self.side();
            if let Some((_, cs)) = castle_squares(us)
                .into_iter()
                .find(|(_, cs)| cs.king_to == to)
            {
                turn.implied
                    .extend(self.part(cs.rook_from, cs.rook_to, None));
            }
        } else if m.is_en_passant() {
            turn.removed.push(square(usize::from(self.ep_pawn)));
        } else if self.board[to] != EMPTY {
            turn.removed.push(square(to));
        }
        turn
    }

    fn san(&self, m: OmegaMove) -> Option<String> {
        Some(san::write(self, m))
    }

    fn parse_san(&self, text: &str) -> Result<OmegaMove, MoveError> {
        san::parse(self, text)
    }
}
