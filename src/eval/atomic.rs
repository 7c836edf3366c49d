//! Atomic evaluation: the shared 8x8 terms with atomic values, plus the
//! king's exposure to explosions. Numbers: `nets/atomic.txt`.

use std::sync::OnceLock;

use shakmaty::{attacks, Bitboard, Board, Color, Position, Square};

use super::board8::{self, Board8Params, MAX_PHASE};
use super::params::Params;
use super::tapered::S;
use super::win_rate::WinRateModel;
use super::{Evaluate, Tunable};
use crate::variants::atomic::AtomicPosition;

struct Explosions {
    target_attacked: S,
    target: S,
    zone_attacker: S,
    adjacent_kings_scale: i32,
}

impl Explosions {
    fn load(p: &Params) -> Result<Explosions, String> {
        let pair = |name: &str| -> Result<S, String> {
            let [mg, eg] = p.array(name)?;
            Ok(S(mg, eg))
        };
        Ok(Explosions {
            target_attacked: pair("king_target_attacked")?,
            target: pair("king_target")?,
            zone_attacker: pair("king_zone_attacker")?,
            adjacent_kings_scale: p.scalar("adjacent_kings_scale")?,
        })
    }

    /// Penalty (positive = bad) for how exposed `color`'s king is to an
    /// explosion: its own neighbours are what the enemy would capture.
    fn exposure(&self, board: &Board, color: Color) -> S {
        let Some(king) = board.king_of(color) else {
            return S::default();
        };
        let ring = attacks::king_attacks(king);
        let occupied = board.occupied();
        let targets = ring & board.by_color(color);
        let mut s = self.target * targets.count() as i32;
        for sq in targets {
            if attacked_by(board, sq, !color, occupied) {
                s += self.target_attacked;
            }
        }
        let zone_attackers = ring
            .into_iter()
            .map(|sq| board.attacks_to(sq, !color, occupied) & !board.kings())
            .fold(Bitboard::EMPTY, |a, b| a | b);
        s + self.zone_attacker * zone_attackers.count() as i32
    }
}

/// Whether a non-king piece of `by` attacks `sq` (kings never capture).
fn attacked_by(board: &Board, sq: Square, by: Color, occupied: Bitboard) -> bool {
    (board.attacks_to(sq, by, occupied) & !board.kings()).any()
}

pub struct AtomicParams {
    shared: Board8Params,
    explosions: Explosions,
}

fn params() -> &'static AtomicParams {
    static PARAMS: OnceLock<AtomicParams> = OnceLock::new();
    super::builtin::<AtomicPosition>(&PARAMS)
}

struct Breakdown {
    terms: board8::Terms,
    exposure: S,
    tempo: S,
    phase: i32,
    kings_touch: bool,
}

fn breakdown(pos: &AtomicPosition, p: &AtomicParams) -> Breakdown {
    let board = pos.pos.board();
    let kings_touch = match (board.king_of(Color::White), board.king_of(Color::Black)) {
        (Some(w), Some(b)) => attacks::king_attacks(w).contains(b),
        _ => false,
    };
    // While the kings touch, neither can be exploded.
    let exposure = if kings_touch {
        S::default()
    } else {
        p.explosions.exposure(board, Color::Black) - p.explosions.exposure(board, Color::White)
    };
    Breakdown {
        terms: board8::terms(board, &p.shared),
        exposure,
        tempo: if pos.pos.turn() == Color::White {
            p.shared.tempo
        } else {
            -p.shared.tempo
        },
        phase: board8::phase(board),
        kings_touch,
    }
}

impl Tunable for AtomicPosition {
    type Weights = AtomicParams;
    const FILE: &'static str = "atomic.txt";
    const TEXT: &'static str = include_str!("../../nets/atomic.txt");
    const FIXED: &'static [&'static str] = &["mobility_base", "adjacent_kings_scale"];

    fn weights(p: &Params) -> Result<AtomicParams, String> {
        Ok(AtomicParams {
            shared: Board8Params::load(p)?,
            explosions: Explosions::load(p)?,
        })
    }

    fn evaluate_with(&self, p: &AtomicParams) -> i32 {
        let b = breakdown(self, p);
        let mut white = (b.terms.sum() + b.exposure + b.tempo).blend(b.phase, MAX_PHASE);
        if b.kings_touch {
            white = white * p.explosions.adjacent_kings_scale / 100;
        }
        if self.pos.turn() == Color::White {
            white
        } else {
            -white
        }
    }
}

impl Evaluate for AtomicPosition {
    // `chimera fit-wdl` on 400,000 of 1.21M records (docs/wdl.md).
    const WIN_RATE: WinRateModel = WinRateModel {
        a: [1066.1, 249.3, 157.3],
        b: [214.5, 196.8, 270.7],
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
            ("Explosions", b.exposure),
            ("Tempo", b.tempo),
        ];
        let mut out = super::explain_table(
            &rows,
            b.phase,
            MAX_PHASE,
            self.evaluate(),
            self.pos.turn() == Color::White,
        );
        if b.kings_touch {
            out.push_str(&format!(
                "\nKings touch: score scaled to {}%",
                params().explosions.adjacent_kings_scale
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Rules;
    use crate::variants::VariantId;

    fn eval(fen: &str) -> i32 {
        AtomicPosition::from_fen(VariantId::Atomic, fen)
            .unwrap()
            .evaluate()
    }

    #[test]
    fn start_is_balanced_up_to_tempo() {
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            params().shared.tempo.0
        );
    }

    #[test]
    fn an_attacked_neighbour_of_the_king_is_a_danger() {
        // White's f2 pawn next to its king is hit by the h4 queen in the
        // first position; on g6 the queen hits nothing next to the king.
        let hit = eval("rnb1kbnr/pppp1ppp/8/4p3/4P2q/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
        let quiet = eval("rnb1kbnr/pppp1ppp/6q1/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
        // Half a pawn or so: the tuned numbers (nets/README.md) weigh the
        // threat less than the hand-written ones did (over a pawn).
        assert!(hit < quiet - 40, "{hit} vs {quiet}");
    }

    #[test]
    fn touching_kings_damp_the_score() {
        let apart = eval("8/8/8/8/8/2k5/8/K6Q w - - 0 1");
        let touching = eval("8/8/8/8/8/8/1k6/K6Q w - - 0 1");
        assert!(apart > 500);
        assert!(touching < apart * 3 / 4, "{touching} vs {apart}");
    }
}
