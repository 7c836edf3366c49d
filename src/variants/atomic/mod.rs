//! Atomic chess (lichess rules), backed by shakmaty's `variant::Atomic`,
//! with a generator of its own (`movegen`) for speed.

mod forcing;
pub mod movegen;

use shakmaty::variant::Atomic;
use shakmaty::{attacks, Move, Position, Role, Square};

use super::shakmaty_backend::{role_value, Shakmaty, ShakmatyVariant};
use super::xboard::XboardVariant;
use super::{EndReason, GameEnd, Outcome, VariantId};

/// An atomic position.
pub type AtomicPosition = Shakmaty<Atomic>;

impl ShakmatyVariant for Atomic {
    const ID: VariantId = VariantId::Atomic;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const EXPLOSIVE: bool = true;
    const QUIETS_APART: bool = true;
    type ForcingTest = forcing::ForcingTest;
    const BENCH_DEPTH: i32 = 12;
    // XBoard 4.9.1's atomic lets a king capture and counts any piece as
    // mating material: a mate or stalemate only a king capture would break
    // looks to it like a position with a move, and a draw by material like
    // a live game. The side left without a move announces the end on its
    // turn (a loss it reports is accepted as it stands), and a draw by
    // material is played on.
    const XBOARD: XboardVariant = XboardVariant {
        unseen_ends: &[
            EndReason::Checkmate,
            EndReason::Stalemate,
            EndReason::InsufficientMaterial,
        ],
        played_on: &[EndReason::InsufficientMaterial],
        ..XboardVariant::known("atomic")
    };
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
        // The victim, or en passant's pawn.
        gain += role_value(board.role_at(to).unwrap_or(Role::Pawn));
        // The pieces around, counted role by role.
        let blast = attacks::king_attacks(to).without(from) & !board.pawns();
        let ours = board.by_color(us);
        for role in [
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ] {
            let here = blast & board.by_role(role);
            let v = if role == Role::King {
                20000
            } else {
                role_value(role)
            };
            gain += v * ((here & !ours).count() as i32 - (here & ours).count() as i32);
        }
        gain
    }

    /// A capture explodes its square: nothing can recapture there, so the
    /// explosion's balance is the whole exchange. Other turns score 0.
    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        self.tactical_gain(m) >= threshold
    }

    fn early_end(&self) -> Option<GameEnd> {
        if self.is_variant_end() {
            let mover_king_gone = (self.board().kings() & self.us()).is_empty();
            return Some(if mover_king_gone {
                GameEnd::new(Outcome::Loss, EndReason::KingExploded)
            } else {
                GameEnd::new(Outcome::Win, EndReason::KingExploded)
            });
        }
        if self.is_insufficient_material() {
            return Some(GameEnd::new(Outcome::Draw, EndReason::InsufficientMaterial));
        }
        None
    }

    fn legal_into(&self, out: &mut Vec<Move>) {
        movegen::legal_moves(self, out);
    }

    fn tactical_into(&self, out: &mut Vec<Move>) {
        movegen::tactical_moves(self, out);
    }

    fn quiet_into(&self, out: &mut Vec<Move>) {
        movegen::quiet_moves(self, out);
    }

    fn count_legal(&self) -> u64 {
        let mut moves = Vec::with_capacity(64);
        movegen::legal_moves(self, &mut moves);
        moves.len() as u64
    }

    fn is_legal_with(&self, m: Move, scratch: &mut Vec<Move>) -> bool {
        movegen::is_legal(self, m, scratch)
    }

    fn ep_square_if_legal(&self) -> Option<Square> {
        movegen::legal_ep_square(self)
    }

    fn forcing_test(&self) -> forcing::ForcingTest {
        forcing::ForcingTest::of(self)
    }

    fn may_force(&self, test: &forcing::ForcingTest, m: Move) -> bool {
        test.may_force(m)
    }

    /// A piece of the side to move beside its king that the opponent can
    /// capture (not beside the opponent's own king, which would explode
    /// too): the capture would explode the king.
    fn king_threatened(&self) -> bool {
        let board = self.board();
        let us = self.turn();
        let (Some(king), Some(enemy_king)) = (board.king_of(us), board.king_of(!us)) else {
            return false;
        };
        let targets =
            attacks::king_attacks(king) & board.by_color(us) & !attacks::king_attacks(enemy_king);
        let capturers = board.by_color(!us) & !board.kings();
        targets
            .into_iter()
            .any(|t| (board.attacks_to(t, !us, board.occupied()) & capturers).any())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Rules;

    fn threatened(fen: &str) -> bool {
        AtomicPosition::from_fen(VariantId::Atomic, fen)
            .unwrap()
            .king_threatened()
    }

    fn gain(fen: &str, token: &str) -> i32 {
        let pos = AtomicPosition::from_fen(VariantId::Atomic, fen).unwrap();
        pos.tactical_gain(pos.parse_move(token).unwrap())
    }

    #[test]
    fn a_capture_gains_what_its_explosion_removes() {
        // Nb5xd6 (-320 + 330) also explodes the knight on c6 (+320), the
        // queen on e6 (+950), its own rook on e5 (-500) and bishop on c5
        // (-330); the pawn on d7 survives: 450.
        assert_eq!(gain("7k/3p4/2nbq3/1NB1R3/8/8/8/7K w - - 0 1", "b5d6"), 450);
        // The black king beside d6 explodes: 10 + 20000.
        assert_eq!(gain("8/4k3/3b4/1N6/8/8/8/4K3 w - - 0 1", "b5d6"), 20010);
        // En passant: a pawn for a pawn, the knight beside d6 explodes.
        assert_eq!(gain("4k3/8/2n5/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 320);
    }

    #[test]
    fn a_capture_beside_the_king_is_a_threat_unless_it_explodes_the_capturer_too() {
        // The bishop takes d2, beside e1: the white king explodes.
        assert!(threatened("4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1"));
        // The knight takes e2 (a pawn: the blast still reaches the king).
        assert!(threatened("4k3/8/8/8/8/2n5/4P3/4K3 w - - 0 1"));
        // Nothing attacks d2.
        assert!(!threatened("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1"));
        // d2 is beside the black king as well: taking it is illegal.
        assert!(!threatened("8/8/8/8/1b6/4k3/3N4/4K3 w - - 0 1"));
        // The side to move's own threat does not count.
        assert!(!threatened("4k3/8/8/8/1b6/8/3P4/4K3 b - - 0 1"));
    }
}
