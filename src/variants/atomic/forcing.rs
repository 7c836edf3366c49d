//! Whether an atomic turn may be forcing, told before it is played: it may
//! give check ([`CheckTest`]), or leave a piece beside the enemy king that
//! the mover could capture next, exploding that king
//! ([`ShakmatyVariant::king_threatened`](super::ShakmatyVariant::king_threatened)).
//! Only quiet turns of pieces other than the king are followed; every
//! capture (an explosion changes too much), king step, castling, en passant
//! and promotion may be forcing.

use shakmaty::variant::Atomic;
use shakmaty::{attacks, Bitboard, Color, Move, Piece, Position, Role};

use crate::variants::shakmaty_check::CheckTest;

/// What [`ForcingTest::may_force`] needs, worked out once per position;
/// the default knows nothing and says every turn may be forcing.
#[derive(Clone, Copy, Debug, Default)]
pub struct ForcingTest(Option<Known>);

#[derive(Clone, Copy, Debug)]
struct Known {
    check: CheckTest,
    mover: Color,
    occupied: Bitboard,
    /// The enemy pieces beside the enemy king and not beside the mover's:
    /// capturing one would explode that king alone. A quiet turn of a
    /// piece other than the king changes neither king nor enemy piece, so
    /// the targets after it are these.
    targets: Bitboard,
    /// The mover's pieces other than its king that attack a target now.
    attackers: Bitboard,
    /// The pieces first met on every line from a target: another line to
    /// a target opens only where one of them leaves.
    openers: Bitboard,
}

impl ForcingTest {
    pub fn of(pos: &Atomic) -> ForcingTest {
        let board = pos.board();
        let us = pos.turn();
        let (Some(king), Some(enemy_king)) = (board.king_of(us), board.king_of(!us)) else {
            return ForcingTest(None);
        };
        let occupied = board.occupied();
        let targets =
            attacks::king_attacks(enemy_king) & board.by_color(!us) & !attacks::king_attacks(king);
        let mut attackers = Bitboard::EMPTY;
        let mut openers = Bitboard::EMPTY;
        for target in targets {
            attackers |= board.attacks_to(target, us, occupied);
            openers |= attacks::queen_attacks(target, occupied) & occupied;
        }
        ForcingTest(Some(Known {
            check: CheckTest::of(pos),
            mover: us,
            occupied,
            targets,
            attackers: attackers & board.by_color(us) & !board.kings(),
            openers,
        }))
    }

    /// Whether `m`, a legal turn of the position, may give check or leave
    /// a target capturable: `false` only when it certainly does neither.
    /// After a quiet turn, a target is attacked by the moved piece from its
    /// new square, or by another piece that attacks it now (the turn can
    /// only block that), or by one whose line opened where the piece left.
    pub fn may_force(&self, m: Move) -> bool {
        let (
            Some(known),
            Move::Normal {
                role,
                from,
                capture: None,
                to,
                promotion: None,
            },
        ) = (&self.0, m)
        else {
            return true;
        };
        if role == Role::King || known.check.may_check(m) {
            return true;
        }
        let piece = Piece {
            color: known.mover,
            role,
        };
        known.attackers.without(from).any()
            || known.openers.contains(from)
            || (attacks::attacks(to, piece, known.occupied ^ from) & known.targets).any()
    }
}
