//! Avalanche evaluation: material and piece-square tables as in chess, plus
//! what the compulsory push changes. Every turn the opponent advances one of
//! our pawns towards promotion and we advance one of theirs towards our own
//! back rank, so pawns travel fast: advanced pawns (and passed ones) are
//! worth much more, an enemy pawn next to our king breaks the shelter, and a
//! pending pawn is almost a queen for its owner. Numbers: `nets/avalanche.txt`.

use std::sync::OnceLock;

use super::params::Params;
use super::tapered::S;
use super::win_rate::WinRateModel;
use super::{Evaluate, Tunable};
use crate::variants::avalanche::bits::*;
use crate::variants::avalanche::AvalanchePosition;

pub struct Weights {
    value_mg: [i32; 5],
    value_eg: [i32; 5],
    pending_pawn: i32,
    pawn_rank_mg: [i32; 8],
    pawn_rank_eg: [i32; 8],
    passed_mg: [i32; 8],
    passed_eg: [i32; 8],
    shield_pawn: i32,
    storm_pawn: i32,
    pawn_attacks_king_zone: i32,
    mobility: [i32; 4],
    tempo: i32,
    /// Middlegame tables for pawn..king, endgame table for the king; indexed
    /// by White's square (a1 = 0).
    pst: [[i32; 64]; 6],
    king_eg: [i32; 64],
}

fn board_table(p: &Params, name: &str) -> Result<[i32; 64], String> {
    let written: [i32; 64] = p.array(name)?;
    // Written rank 8 first; store by square index (a1 = 0).
    let mut t = [0; 64];
    for (i, v) in written.iter().enumerate() {
        let (row, file) = (i / 8, i % 8);
        t[(7 - row) * 8 + file] = *v;
    }
    Ok(t)
}

fn weights() -> &'static Weights {
    static W: OnceLock<Weights> = OnceLock::new();
    super::builtin::<AvalanchePosition>(&W)
}

fn build(p: &Params) -> Result<Weights, String> {
    Ok(Weights {
        value_mg: p.array("value_mg")?,
        value_eg: p.array("value_eg")?,
        pending_pawn: p.scalar("pending_pawn")?,
        pawn_rank_mg: p.array("pawn_rank_mg")?,
        pawn_rank_eg: p.array("pawn_rank_eg")?,
        passed_mg: p.array("passed_mg")?,
        passed_eg: p.array("passed_eg")?,
        shield_pawn: p.scalar("shield_pawn")?,
        storm_pawn: p.scalar("storm_pawn")?,
        pawn_attacks_king_zone: p.scalar("pawn_attacks_king_zone")?,
        mobility: p.array("mobility")?,
        tempo: p.scalar("tempo")?,
        pst: [
            board_table(p, "pst_pawn")?,
            board_table(p, "pst_knight")?,
            board_table(p, "pst_bishop")?,
            board_table(p, "pst_rook")?,
            board_table(p, "pst_queen")?,
            board_table(p, "pst_king_mg")?,
        ],
        king_eg: board_table(p, "pst_king_eg")?,
    })
}

/// The terms of one side, for `explain`.
#[derive(Default)]
struct Terms {
    material: S,
    placement: S,
    pawns: S,
    king_safety: S,
    mobility: S,
    pending: S,
}

impl Terms {
    fn total(&self) -> S {
        let mut s = S::default();
        for t in [
            self.material,
            self.placement,
            self.pawns,
            self.king_safety,
            self.mobility,
            self.pending,
        ] {
            s += t;
        }
        s
    }
}

/// Squares ahead of a pawn of each colour on each square, on its file and
/// the two neighbouring files (where an enemy pawn stops it being passed).
static FRONT_SPAN: [[u64; 64]; 2] = {
    let mut t = [[0u64; 64]; 2];
    let mut s = 0;
    while s < 64 {
        let file = s % 8;
        let rank = s / 8;
        let mut files = 0x0101_0101_0101_0101u64 << file;
        if file > 0 {
            files |= files >> 1;
        }
        if file < 7 {
            files |= files << 1;
        }
        let white_ahead = if rank == 7 {
            0
        } else {
            !0u64 << ((rank + 1) * 8)
        };
        let black_ahead = (1u64 << (rank * 8)) - 1;
        t[0][s] = files & white_ahead;
        t[1][s] = files & black_ahead;
        s += 1;
    }
    t
};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Squares from which a pawn of `color` attacks some square of `targets`.
#[inline]
fn pawn_attack_sources(targets: u64, color: usize) -> u64 {
    let behind = shift_back(targets, color);
    ((behind << 1) & !FILE_A) | ((behind >> 1) & !FILE_H)
}

/// Relative rank of `s` for `color` (0 = own first rank).
#[inline]
fn relative_rank(color: usize, s: u32) -> usize {
    let r = (s / 8) as usize;
    if color == WHITE {
        r
    } else {
        7 - r
    }
}

/// Table square for `color`: Black reads White's table mirrored.
#[inline]
fn table_square(color: usize, s: u32) -> usize {
    if color == WHITE {
        s as usize
    } else {
        (s ^ 56) as usize
    }
}

fn side_terms(pos: &AvalanchePosition, color: usize, w: &Weights) -> Terms {
    let b = pos.board();
    let them = 1 - color;
    let occ = b.occupied();
    let own = b.by_color[color];
    let mut t = Terms::default();

    // Mobility counts squares not held by own pieces or enemy pawns.
    let enemy_pawn_attacks = {
        let ahead = shift_forward(b.pieces(them, PAWN), them);
        ((ahead << 1) & !FILE_A) | ((ahead >> 1) & !FILE_H)
    };
    let mobility_area = !own & !enemy_pawn_attacks;

    // A pending pawn (only ever the side to move's) counts as almost a queen.
    let pending = pos.pending().filter(|_| pos.side() == color);

    for role in PAWN..=QUEEN {
        let mut set = b.pieces(color, role);
        while set != 0 {
            let s = pop(&mut set);
            if role == PAWN && pending == Some(s) {
                t.pending += S(w.pending_pawn, w.pending_pawn);
                continue;
            }
            t.material += S(w.value_mg[role], w.value_eg[role]);
            let pst = w.pst[role][table_square(color, s)];
            t.placement += S(pst, pst);
            let reach = match role {
                KNIGHT => knight_attacks(s),
                BISHOP => bishop_attacks(s, occ),
                ROOK => rook_attacks(s, occ),
                QUEEN => queen_attacks(s, occ),
                _ => 0,
            };
            if role != PAWN {
                let m = (reach & mobility_area).count_ones() as i32 * w.mobility[role - 1];
                t.mobility += S(m, m);
            }
        }
    }
    let k = b.king(color);
    let ks = table_square(color, k);
    t.placement += S(w.pst[KING][ks], w.king_eg[ks]);

    // Pawn advancement and passed pawns.
    let enemy_pawns = b.pieces(them, PAWN);
    let mut pawns = b.pieces(color, PAWN) & !pending.map_or(0, bit);
    while pawns != 0 {
        let s = pop(&mut pawns);
        let r = relative_rank(color, s);
        t.pawns += S(w.pawn_rank_mg[r], w.pawn_rank_eg[r]);
        if FRONT_SPAN[color][s as usize] & enemy_pawns == 0 {
            t.pawns += S(w.passed_mg[r], w.passed_eg[r]);
        }
    }

    // King shelter: own pawns just ahead, enemy pawns pushed next to us.
    let zone = king_attacks(k) | bit(k);
    let ahead = shift_forward(zone, color) | shift_forward(shift_forward(zone, color), color);
    let shield = (ahead & !zone & b.pieces(color, PAWN)).count_ones() as i32;
    let near = zone | ahead | shift_forward(zone, them);
    let storm = (near & enemy_pawns).count_ones() as i32;
    let attacks = (pawn_attack_sources(zone, them) & enemy_pawns).count_ones() as i32;
    let mg = shield * w.shield_pawn - storm * w.storm_pawn - attacks * w.pawn_attacks_king_zone;
    t.king_safety += S(mg, mg / 3);
    t
}

/// Game phase from 24 (all pieces) down to 0 (pawns and kings).
fn phase(pos: &AvalanchePosition) -> i32 {
    let b = pos.board();
    let p = (b.by_role[KNIGHT] | b.by_role[BISHOP]).count_ones()
        + 2 * b.by_role[ROOK].count_ones()
        + 4 * b.by_role[QUEEN].count_ones();
    (p as i32).min(24)
}

impl Tunable for AvalanchePosition {
    type Weights = Weights;
    const FILE: &'static str = "avalanche.txt";
    const TEXT: &'static str = include_str!("../../nets/avalanche.txt");

    fn weights(p: &Params) -> Result<Weights, String> {
        build(p)
    }

    fn evaluate_with(&self, w: &Weights) -> i32 {
        let white = side_terms(self, WHITE, w).total();
        let black = side_terms(self, BLACK, w).total();
        let score = (white - black).blend(phase(self), 24);
        let from_mover = if self.side() == WHITE { score } else { -score };
        from_mover + w.tempo
    }
}

/// No endgame tables exist for avalanche.
impl crate::tablebase::Endgames for AvalanchePosition {}

impl Evaluate for AvalanchePosition {
    // `chimera fit-wdl` on 54,287 records of 1,452 games (docs/wdl.md).
    const WIN_RATE: WinRateModel = WinRateModel {
        a: [966.7, 237.6, 106.9],
        b: [143.1, 194.1, 295.2],
        start_pieces: 32,
    };

    fn evaluate(&self) -> i32 {
        self.evaluate_with(weights())
    }

    fn explain(&self) -> String {
        let ph = phase(self);
        let white = side_terms(self, WHITE, weights());
        let black = side_terms(self, BLACK, weights());
        let mut out = format!("Avalanche evaluation (White's view, phase {ph}/24)\n");
        out.push_str("term            white    black    total\n");
        let rows = [
            ("material", white.material, black.material),
            ("placement", white.placement, black.placement),
            ("pawns", white.pawns, black.pawns),
            ("king safety", white.king_safety, black.king_safety),
            ("mobility", white.mobility, black.mobility),
            ("pending pawn", white.pending, black.pending),
        ];
        for (name, ws, bs) in rows {
            let (wt, bt) = (ws.blend(ph, 24), bs.blend(ph, 24));
            out.push_str(&format!("{name:<14} {wt:>7}  {bt:>7}  {:>7}\n", wt - bt));
        }
        let total = (white.total() - black.total()).blend(ph, 24);
        out.push_str(&format!(
            "tempo          {:>7} for the side to move\n",
            weights().tempo
        ));
        out.push_str(&format!(
            "total {} (side to move {})\n",
            total,
            self.evaluate()
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Rules;
    use crate::variants::VariantId;

    #[test]
    fn parameters_load_and_start_is_balanced() {
        let p = AvalanchePosition::start(VariantId::Avalanche);
        assert_eq!(p.evaluate(), weights().tempo);
        assert!(p.explain().contains("pending pawn"));
    }

    /// The same position with colours swapped and the board flipped.
    fn mirrored(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let swap = |c: char| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        };
        let rows: Vec<String> = f[0]
            .split('/')
            .rev()
            .map(|r| r.chars().map(swap).collect())
            .collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        format!("{} {side} - - {} {}", rows.join("/"), f[4], f[5])
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        let mut state = 3u64;
        for _ in 0..40 {
            let mut p = AvalanchePosition::start(VariantId::Avalanche);
            for _ in 0..60 {
                let m =
                    AvalanchePosition::from_fen(VariantId::Avalanche, &mirrored(&p.fen())).unwrap();
                assert_eq!(p.evaluate(), m.evaluate(), "{} vs {}", p.fen(), m.fen());
                let mut turns = Vec::new();
                p.generate(&mut turns);
                if turns.is_empty() {
                    break;
                }
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                p.play(turns[(state >> 33) as usize % turns.len()]);
            }
        }
    }

    #[test]
    fn knows_pending_pawns_and_advanced_pawns() {
        // Black to move with a pending pawn on a1: Black is far better.
        let p = AvalanchePosition::from_fen(VariantId::Avalanche, "4k3/8/8/8/8/8/4K3/p7 b - - 0 1")
            .unwrap();
        assert!(p.evaluate() > 600, "{}", p.explain());
        // A white pawn on the seventh beats one on the third.
        let far =
            AvalanchePosition::from_fen(VariantId::Avalanche, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
                .unwrap();
        let near =
            AvalanchePosition::from_fen(VariantId::Avalanche, "4k3/8/8/8/8/P7/8/4K3 w - - 0 1")
                .unwrap();
        assert!(far.evaluate() > near.evaluate() + 100);
        // An enemy pawn next to the king costs shelter.
        let storm =
            AvalanchePosition::from_fen(VariantId::Avalanche, "4k3/8/8/8/8/8/5p2/6K1 w - - 0 1")
                .unwrap();
        let calm =
            AvalanchePosition::from_fen(VariantId::Avalanche, "4k3/5p2/8/8/8/8/8/6K1 w - - 0 1")
                .unwrap();
        assert!(storm.explain().contains("king safety"));
        let ks = |p: &AvalanchePosition| side_terms(p, WHITE, weights()).king_safety.0;
        assert!(ks(&storm) < ks(&calm));
    }
}
