//! Standard chess, backed by shakmaty's `Chess`.

pub mod see;

use shakmaty::{Move, Position};

use super::shakmaty_backend::{role_value, Shakmaty, ShakmatyVariant};
use super::shakmaty_check::CheckTest;
use super::xboard::XboardVariant;
use super::{EndReason, GameEnd, Outcome, VariantId};

/// A chess position.
pub type ChessPosition = Shakmaty<shakmaty::Chess>;

impl ShakmatyVariant for shakmaty::Chess {
    const ID: VariantId = VariantId::Chess;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const EXPLOSIVE: bool = false;
    type ForcingTest = CheckTest;
    const BENCH_DEPTH: i32 = 11;
    const XBOARD: XboardVariant = XboardVariant {
        chess960: Some("fischerandom"),
        ..XboardVariant::known("normal")
    };
    const BENCH: &'static [&'static str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    ];

    fn tactical_gain(&self, m: Move) -> i32 {
        let victim = m.capture().map_or(0, role_value);
        let promo = m.promotion().map_or(0, |r| role_value(r) - 100);
        // Most valuable victim first, least valuable attacker as tie-break.
        victim * 8 + promo * 8 - role_value(m.role()) / 10
    }

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        see::see_ge(self.board(), self.turn(), m, threshold)
    }

    fn early_end(&self) -> Option<GameEnd> {
        if self.is_insufficient_material() {
            Some(GameEnd::new(Outcome::Draw, EndReason::InsufficientMaterial))
        } else {
            None
        }
    }

    fn forcing_test(&self) -> CheckTest {
        CheckTest::of(self)
    }

    /// Chess threatens the king only by check.
    fn may_force(&self, test: &CheckTest, m: Move) -> bool {
        test.may_check(m)
    }
}
