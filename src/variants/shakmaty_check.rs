//! Whether a move of a shakmaty position may give check, told from the
//! board before the move is played: the squares from which each kind of
//! piece would attack the enemy king, and the pieces first met on each
//! line from that king. The search prunes a turn only if it is not
//! forcing, and a turn this test clears need not be played to find that
//! out (Stockfish's check squares and blockers).

use shakmaty::{attacks, Bitboard, Move, Piece, Position, Role};

/// What [`CheckTest::may_check`] needs, worked out once per position.
#[derive(Clone, Copy, Debug, Default)]
pub struct CheckTest {
    /// No enemy king: the test knows nothing and says yes.
    known: bool,
    /// By role (pawn first): the squares from which a piece of the mover
    /// of that role attacks the enemy king, on the board before the move.
    check_squares: [Bitboard; 6],
    /// The pieces first met on every line from the enemy king: a line to
    /// it can open only where one of them leaves.
    openers: Bitboard,
}

impl CheckTest {
    pub fn of<P: Position>(pos: &P) -> CheckTest {
        let board = pos.board();
        let us = pos.turn();
        let Some(king) = board.king_of(!us) else {
            return CheckTest::default();
        };
        let occupied = board.occupied();
        let mut check_squares = [Bitboard::EMPTY; 6];
        for (slot, role) in check_squares.iter_mut().zip(Role::ALL) {
            // A piece attacks the king from where the king, as that piece
            // of the other colour, would attack it.
            *slot = attacks::attacks(king, Piece { color: !us, role }, occupied);
        }
        CheckTest {
            known: true,
            check_squares,
            openers: attacks::queen_attacks(king, occupied) & occupied,
        }
    }

    /// Whether `m`, a turn of the side to move, may give check: `false`
    /// only when it certainly does not. A piece that lands on a square
    /// that attacks the king, or leaves a square on a line from it, may;
    /// so may every castling, en passant and promotion, which the test
    /// does not follow. The direct test is exact on the board before the
    /// move: a slider moving away from the king along its own line cannot
    /// uncover itself, since the king would then be in check already, on
    /// its opponent's turn.
    pub fn may_check(&self, m: Move) -> bool {
        match m {
            Move::Normal {
                role,
                from,
                to,
                promotion: None,
                ..
            } if self.known => {
                self.openers.contains(from) || self.check_squares[role as usize - 1].contains(to)
            }
            _ => true,
        }
    }
}
