//! Chess evaluation: the shared 8x8 terms plus king safety. Numbers:
//! `nets/chess.txt`.

use std::sync::OnceLock;

use shakmaty::{attacks, Bitboard, Board, Color, File, Position, Role};

use super::board8::{self, Board8Params, MAX_PHASE};
use super::params::Params;
use super::tapered::S;
use super::win_rate::WinRateModel;
use super::{Evaluate, Tunable};
use crate::variants::chess::ChessPosition;

pub struct KingSafety {
    /// Attack units per attacker: knight, bishop, rook, queen.
    pub attack_weight: [i32; 4],
    pub attack_divisor: i32,
    pub attack_cap: i32,
    pub shield_missing: i32,
    pub open_file: i32,
}

impl KingSafety {
    pub fn load(p: &Params) -> Result<KingSafety, String> {
        Ok(KingSafety {
            attack_weight: p.array("king_attack_weight")?,
            attack_divisor: p.scalar("king_attack_divisor")?.max(1),
            attack_cap: p.scalar("king_attack_cap")?,
            shield_missing: p.scalar("king_shield_missing")?,
            open_file: p.scalar("king_open_file")?,
        })
    }

    /// Middlegame penalty for the king of `color` (positive = bad for it).
    pub fn danger(&self, board: &Board, color: Color) -> i32 {
        let Some(king) = board.king_of(color) else {
            return 0;
        };
        let zone = attacks::king_attacks(king) | Bitboard::from(king);
        let occupied = board.occupied();
        let mut units = 0;
        for sq in board.by_color(!color) & !board.pawns() & !board.kings() {
            let (reach, k) = match board.role_at(sq) {
                Some(Role::Knight) => (attacks::knight_attacks(sq), 0),
                Some(Role::Bishop) => (attacks::bishop_attacks(sq, occupied), 1),
                Some(Role::Rook) => (attacks::rook_attacks(sq, occupied), 2),
                Some(Role::Queen) => (attacks::queen_attacks(sq, occupied), 3),
                _ => continue,
            };
            units += self.attack_weight[k] * (reach & zone).count() as i32;
        }
        let mut penalty = (units * units / self.attack_divisor).min(self.attack_cap);
        // Pawn shield: only for a king still on its first two ranks.
        let home = if color == Color::White {
            king.rank() as u32
        } else {
            7 - king.rank() as u32
        };
        if home <= 1 {
            let our_pawns = board.pawns() & board.by_color(color);
            let file = king.file() as u32;
            for f in file.saturating_sub(1)..=(file + 1).min(7) {
                let on_file = Bitboard::from_file(File::new(f));
                let shield = our_pawns & on_file & shield_ranks(color);
                if shield.is_empty() {
                    penalty += self.shield_missing;
                }
                if (board.pawns() & on_file).is_empty() {
                    penalty += self.open_file;
                }
            }
        }
        penalty
    }
}

/// The two ranks in front of a castled king.
fn shield_ranks(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(0x0000_0000_00ff_ff00),
        Color::Black => Bitboard(0x00ff_ff00_0000_0000),
    }
}

pub struct ChessParams {
    shared: Board8Params,
    king: KingSafety,
}

fn params() -> &'static ChessParams {
    static PARAMS: OnceLock<ChessParams> = OnceLock::new();
    super::builtin::<ChessPosition>(&PARAMS)
}

/// Every term, White minus Black, before blending.
struct Breakdown {
    terms: board8::Terms,
    king: S,
    tempo: S,
    phase: i32,
}

fn breakdown(pos: &ChessPosition, p: &ChessParams) -> Breakdown {
    let board = pos.pos.board();
    let terms = board8::terms(board, &p.shared);
    let king = S(
        p.king.danger(board, Color::Black) - p.king.danger(board, Color::White),
        0,
    );
    let tempo = if pos.pos.turn() == Color::White {
        p.shared.tempo
    } else {
        -p.shared.tempo
    };
    Breakdown {
        terms,
        king,
        tempo,
        phase: board8::phase(board),
    }
}

impl Tunable for ChessPosition {
    type Weights = ChessParams;
    const FILE: &'static str = "chess.txt";
    const TEXT: &'static str = include_str!("../../nets/chess.txt");
    const FIXED: &'static [&'static str] =
        &["mobility_base", "king_attack_divisor", "king_attack_cap"];

    fn weights(p: &Params) -> Result<ChessParams, String> {
        Ok(ChessParams {
            shared: Board8Params::load(p)?,
            king: KingSafety::load(p)?,
        })
    }

    fn evaluate_with(&self, p: &ChessParams) -> i32 {
        let b = breakdown(self, p);
        let white = (b.terms.sum() + b.king + b.tempo).blend(b.phase, MAX_PHASE);
        if self.pos.turn() == Color::White {
            white
        } else {
            -white
        }
    }
}

impl Evaluate for ChessPosition {
    // `chimera fit-wdl` on 53,836 records of 525 games (docs/wdl.md).
    const WIN_RATE: WinRateModel = WinRateModel {
        a: [1203.3, 203.6, 302.3],
        b: [390.9, 111.4, 282.6],
        start_pieces: 32,
    };

    fn evaluate(&self) -> i32 {
        self.evaluate_with(params())
    }

    fn explain(&self) -> String {
        let b = breakdown(self, params());
        let rows = [
            ("Material", b.terms.material),
            ("Placement", b.terms.placement),
            ("Mobility", b.terms.mobility),
            ("Pawns", b.terms.pawns),
            ("Pieces", b.terms.pieces),
            ("King safety", b.king),
            ("Tempo", b.tempo),
        ];
        super::explain_table(
            &rows,
            b.phase,
            MAX_PHASE,
            self.evaluate(),
            self.pos.turn() == Color::White,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Rules;
    use crate::variants::VariantId;

    fn eval(fen: &str) -> i32 {
        ChessPosition::from_fen(VariantId::Chess, fen)
            .unwrap()
            .evaluate()
    }

    #[test]
    fn parameters_load_and_start_is_balanced() {
        let start = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(
            start,
            params().shared.tempo.0,
            "only the tempo bonus differs"
        );
    }

    #[test]
    fn symmetric_and_material_aware() {
        // Mirrored positions score the same for the side to move.
        let a = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(a, b);
        // A queen up is clearly winning, for either side to move.
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 700);
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -700);
    }

    #[test]
    fn passed_pawns_count_in_the_endgame() {
        // Same material; only whether c7 stands in front of d5 differs.
        let passed = eval("4k3/7p/8/3P4/8/8/8/4K3 w - - 0 1");
        let stopped = eval("4k3/2p5/8/3P4/8/8/8/4K3 w - - 0 1");
        assert!(passed > stopped + 30, "{passed} vs {stopped}");
    }
}
