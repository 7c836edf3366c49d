//! The board view of Omega: the 12x12 grid of the FEN, whose squares
//! outside the 10x10 field and its four wizard squares do not exist.

use super::board::{file_of, rank_of, square_at};
use super::xboard;
use super::{castle_squares, san, OmegaMove, OmegaPosition, BLACK, EMPTY, PIECE_LETTERS, WHITE};
use crate::variants::packed::Packed;
use crate::variants::pieces::{PieceBoards, PieceOn, Pieces};
use crate::variants::view::{BoardView, Grid, Part, Piece, Place, Square, TurnParts};
use crate::variants::xboard::XboardVariant;
use crate::variants::Rules;
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

    // Engine-defined: XBoard learns the board and pieces from `setup` and
    // `piece` (omega/xboard.rs) and plays it without a legality test.
    fn xboard(_variant: VariantId) -> Option<XboardVariant> {
        Some(XboardVariant {
            own_rules: false,
            definition: || {
                let start = OmegaPosition::start_fen(VariantId::Omega);
                std::iter::once(xboard::setup_command(start))
                    .chain(xboard::PIECE_COMMANDS.iter().map(|s| s.to_string()))
                    .collect()
            },
            second_reading: |token| Some(xboard::default_promotion(token)),
            ..XboardVariant::known("omega")
        })
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

// Omega's square numbers are the packing order (a1, l1, the field rank by
// rank, a12, l12) and its board codes (kind `P N B R Q K C W`, colour in
// bit 3) are the nibbles, so its pieces read straight off its bitboards.
impl Pieces for OmegaPosition {
    fn pieces(&self, out: &mut Vec<PieceOn>) {
        let mut occupied = self.color_bits(WHITE) | self.color_bits(BLACK);
        while occupied != 0 {
            let square = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            if let Some((kind, color)) = self.piece_at(square) {
                out.push(PieceOn {
                    square: square as u8,
                    nibble: kind as u8 | (color as u8) << 3,
                });
            }
        }
    }

    fn piece_boards(&self) -> PieceBoards {
        let mut boards = PieceBoards::default();
        for color in 0..2 {
            for kind in 0..8 {
                boards.0[kind | color << 3] = self.pieces_of(kind, color);
            }
        }
        boards
    }
}

// The FEN says everything about the position.
impl Packed for OmegaPosition {}
