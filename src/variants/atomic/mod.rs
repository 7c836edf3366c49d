//! Atomic chess (lichess rules), backed by shakmaty's `variant::Atomic`.

use shakmaty::variant::Atomic;
use shakmaty::{attacks, Bitboard, Board, Color, Move, Position, Role, Square};

use super::shakmaty_backend::{role_value, Shakmaty, ShakmatyVariant};
use super::{GameEnd, Outcome, VariantId};

/// An atomic position.
pub type AtomicPosition = Shakmaty<Atomic>;

/// Whether a piece of `by` other than its king (kings never capture in
/// atomic) attacks `sq`.
pub fn capturable(board: &Board, sq: Square, by: Color, occupied: Bitboard) -> bool {
    (board.attacks_to(sq, by, occupied) & !board.kings()).any()
}

impl ShakmatyVariant for Atomic {
    const ID: VariantId = VariantId::Atomic;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const EXPLOSIVE: bool = true;
    const BENCH: &'static [&'static str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4",
        "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1",
        "r4b1r/2kb1N2/p2Bpnp1/8/2Pp3p/1P1PPP2/P5PP/R3K2R b KQ - 0 1",
        "8/8/8/8/3K4/3k4/8/8 b - - 0 1",
        "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    ];

    fn tactical_gain(&self, m: Move) -> i32 {
        let (Some(_), Some(from)) = (m.capture(), m.from()) else {
            return m.promotion().map_or(0, |r| role_value(r) - 100);
        };
        // Everything the explosion removes: the capturer, the victim on the
        // target square (or beside it for en passant), non-pawns around.
        let board = self.board();
        let us = self.turn();
        let to = m.to();
        let mut gain = -role_value(m.role());
        if let Some(victim) = board.piece_at(to) {
            gain += role_value(victim.role);
        } else {
            gain += role_value(Role::Pawn); // en passant
        }
        for sq in attacks::king_attacks(to) & !board.pawns() {
            if sq == from {
                continue;
            }
            if let Some(p) = board.piece_at(sq) {
                let v = if p.role == Role::King {
                    20000
                } else {
                    role_value(p.role)
                };
                gain += if p.color == us { -v } else { v };
            }
        }
        gain
    }

    /// A capture explodes its square: nothing can recapture there, so the
    /// explosion's balance is the whole exchange. Other turns score 0.
    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        self.tactical_gain(m) >= threshold
    }

    /// A capture next to our king explodes it: a piece of ours beside the
    /// king that an enemy piece other than the king attacks is a threat to
    /// end the game, unless the explosion would take the enemy king too.
    fn threatened(&self) -> bool {
        let board = self.board();
        let us = self.turn();
        let (Some(king), Some(their_king)) = (board.king_of(us), board.king_of(!us)) else {
            return false;
        };
        let occupied = board.occupied();
        (attacks::king_attacks(king) & board.by_color(us))
            .into_iter()
            .any(|sq| {
                !attacks::king_attacks(sq).contains(their_king)
                    && capturable(board, sq, !us, occupied)
            })
    }

    fn early_end(&self) -> Option<GameEnd> {
        if self.is_variant_end() {
            let mover_king_gone = (self.board().kings() & self.us()).is_empty();
            return Some(if mover_king_gone {
                GameEnd::new(Outcome::Loss, "king exploded")
            } else {
                GameEnd::new(Outcome::Win, "king exploded")
            });
        }
        if self.is_insufficient_material() {
            return Some(GameEnd::new(Outcome::Draw, "insufficient material"));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Rules;

    fn threatened(fen: &str) -> bool {
        AtomicPosition::from_fen(VariantId::Atomic, fen)
            .expect("test FEN")
            .threatened()
    }

    #[test]
    fn a_capture_next_to_the_king_is_a_threat() {
        // Bxe2 explodes the white king on e1.
        assert!(threatened("4k3/8/8/1b6/8/8/4N3/4K3 w - - 0 1"));
        // Nothing attacks the knight.
        assert!(!threatened("4k3/8/8/8/8/8/4N3/4K3 w - - 0 1"));
        // Only the black king touches it, and kings do not capture.
        assert!(!threatened("8/8/8/8/8/5k2/4N3/4K3 w - - 0 1"));
        // Bxe2 would explode the black king on f3 as well: not playable.
        assert!(!threatened("8/8/8/1b6/8/5k2/4N3/4K3 w - - 0 1"));
    }
}
