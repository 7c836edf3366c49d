//! The board view of the shakmaty backends (chess and atomic), from
//! shakmaty's board and moves.

use shakmaty::{attacks, Bitboard, CastlingMode, Color, Move, Role, Square as ShakSquare};

use super::packed::Packed;
use super::pieces::{PieceBoards, PieceOn, Pieces};
use super::shakmaty_backend::{Shakmaty, ShakmatyVariant};
use super::view::{BoardView, Grid, Part, Piece, Place, Square, TurnParts};
use super::xboard::XboardVariant;
use super::{MoveError, VariantId};

fn square(sq: ShakSquare) -> Square {
    Square::new(u8::from(sq.file()), u8::from(sq.rank()))
}

fn place(sq: ShakSquare) -> Place {
    Place::On(square(sq))
}

fn piece(color: Color, role: Role) -> Piece {
    Piece {
        white: color.is_white(),
        role: role.char(),
    }
}

impl<P: ShakmatyVariant> BoardView for Shakmaty<P> {
    fn grid(_variant: VariantId) -> Grid {
        Grid::EIGHT_BY_EIGHT
    }

    fn xboard(_variant: VariantId) -> Option<XboardVariant> {
        Some(P::XBOARD)
    }

    fn piece_on(&self, sq: Square) -> Option<Piece> {
        let file = shakmaty::File::try_from(u32::from(sq.file)).ok()?;
        let rank = shakmaty::Rank::try_from(u32::from(sq.rank)).ok()?;
        let p = self
            .pos
            .board()
            .piece_at(ShakSquare::from_coords(file, rank))?;
        Some(piece(p.color, p.role))
    }

    fn turn_parts(&self, m: Move) -> TurnParts {
        let us = self.pos.turn();
        let mut turn = TurnParts {
            choice: None,
            parts: Vec::new(),
            implied: Vec::new(),
            removed: Vec::new(),
        };
        match m {
            Move::Castle { king, rook } => {
                // The part is what the token names: the king's move
                // (`e1g1`), or in Chess960 the king taking its rook
                // (`e1h1`; its landing square may be one a plain king move
                // also reaches).
                let Some(side) = m.castling_side() else {
                    return turn;
                };
                let chess960 = self.pos.castles().mode() == CastlingMode::Chess960;
                turn.parts.push(Part {
                    from: place(king),
                    to: place(if chess960 { rook } else { side.king_to(us) }),
                    piece: piece(us, Role::King),
                    promotion: None,
                });
                turn.implied.push(Part {
                    from: place(rook),
                    to: place(side.rook_to(us)),
                    piece: piece(us, Role::Rook),
                    promotion: None,
                });
            }
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => turn.parts.push(Part {
                from: place(from),
                to: place(to),
                piece: piece(us, role),
                promotion: promotion.map(|r| piece(us, r)),
            }),
            Move::EnPassant { from, to } => turn.parts.push(Part {
                from: place(from),
                to: place(to),
                piece: piece(us, Role::Pawn),
                promotion: None,
            }),
            // Crazyhouse drops: no variant Chimera plays has them.
            Move::Put { .. } => {}
        }
        turn.removed = self.removed_by(m);
        turn
    }

    fn san(&self, m: Move) -> Option<String> {
        Some(self.write_san(m))
    }

    fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        self.read_san(text)
    }
}

impl<P: ShakmatyVariant> Shakmaty<P> {
    /// The squares whose pieces a capture takes off: the victim, and under
    /// atomic rules the capturer and every piece but pawns next to the
    /// capture square.
    fn removed_by(&self, m: Move) -> Vec<Square> {
        let (Some(from), true) = (m.from(), m.is_capture()) else {
            return Vec::new();
        };
        let to = m.to();
        let victim = if m.is_en_passant() {
            ShakSquare::from_coords(to.file(), from.rank())
        } else {
            to
        };
        let mut removed = Bitboard::from(victim);
        if P::EXPLOSIVE {
            let board = self.pos.board();
            let around = attacks::king_attacks(to) & board.occupied() & !board.pawns();
            removed |= around | Bitboard::from(from);
        }
        removed.into_iter().map(square).collect()
    }
}

/// The pieces straight from shakmaty's board (its squares count from a1 =
/// 0, as the packing order does on 8x8).
impl<P: ShakmatyVariant> Pieces for Shakmaty<P> {
    fn pieces(&self, out: &mut Vec<PieceOn>) {
        for (sq, piece) in shakmaty::Position::board(&self.pos).iter() {
            out.push(PieceOn {
                square: sq as u8,
                nibble: (piece.role as u8 - 1) | u8::from(piece.color == Color::Black) << 3,
            });
        }
    }

    fn piece_boards(&self) -> PieceBoards {
        let board = shakmaty::Position::board(&self.pos);
        let mut boards = PieceBoards::default();
        for color in [Color::White, Color::Black] {
            let side = board.by_color(color);
            for role in Role::ALL {
                let nibble = (role as usize - 1) | usize::from(color == Color::Black) << 3;
                boards.0[nibble] = u128::from((board.by_role(role) & side).0);
            }
        }
        boards
    }
}

// The FEN says everything about the position.
impl<P: ShakmatyVariant> Packed for Shakmaty<P> {}
