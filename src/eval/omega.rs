//! Omega evaluation: material, piece-square tables over the 10x10 field
//! plus the wizard squares, mobility, king safety and pawn structure,
//! tapered between middlegame and endgame. Numbers: `nets/omega.txt`.

use std::sync::OnceLock;

use super::params::Params;
use super::tapered::S;
use super::win_rate::WinRateModel;
use super::{Evaluate, Tunable};
use crate::variants::omega::board::{
    file_of, geometry, rank_of, Bits, Squares, FILES, NUM_SQUARES, RANKS, WIZARD_SQUARES,
};
use crate::variants::omega::{OmegaPosition, BISHOP, BLACK, KING, PAWN, WHITE};

pub struct Weights {
    material_mg: [i32; 8],
    material_eg: [i32; 8],
    phase: [i32; 8],
    wizard_square_mg: [i32; 8],
    wizard_square_eg: [i32; 8],
    mobility_mg: [i32; 8],
    mobility_eg: [i32; 8],
    bishop_pair: [i32; 2],
    tempo: i32,
    doubled: [i32; 2],
    isolated: [i32; 2],
    passed_mg: [i32; 10],
    passed_eg: [i32; 10],
    king_shield: i32,
    king_zone_attack: [i32; 8],
    /// `pst[kind]` = (mg, eg) tables over the field, White's view.
    pst: [([i32; 100], [i32; 100]); 8],
}

fn build(p: &Params) -> Result<Weights, String> {
    let t = |name: &str| p.array::<100>(name);
    let (knight, bishop, rook, queen) = (
        t("pst_knight")?,
        t("pst_bishop")?,
        t("pst_rook")?,
        t("pst_queen")?,
    );
    let (champion, wizard) = (t("pst_champion")?, t("pst_wizard")?);
    Ok(Weights {
        material_mg: p.array("material_mg")?,
        material_eg: p.array("material_eg")?,
        phase: p.array("phase")?,
        wizard_square_mg: p.array("wizard_square_mg")?,
        wizard_square_eg: p.array("wizard_square_eg")?,
        mobility_mg: p.array("mobility_mg")?,
        mobility_eg: p.array("mobility_eg")?,
        bishop_pair: p.array("bishop_pair")?,
        tempo: p.scalar("tempo")?,
        doubled: p.array("doubled")?,
        isolated: p.array("isolated")?,
        passed_mg: p.array("passed_mg")?,
        passed_eg: p.array("passed_eg")?,
        king_shield: p.scalar("king_shield")?,
        king_zone_attack: p.array("king_zone_attack")?,
        pst: [
            (t("pst_pawn_mg")?, t("pst_pawn_eg")?),
            (knight, knight),
            (bishop, bishop),
            (rook, rook),
            (queen, queen),
            (t("pst_king_mg")?, t("pst_king_eg")?),
            (champion, champion),
            (wizard, wizard),
        ],
    })
}

fn weights() -> &'static Weights {
    static W: OnceLock<Weights> = OnceLock::new();
    super::builtin::<OmegaPosition>(&W)
}

/// `FIELD_INDEX[c][sq]`: index (0..100) into a piece-square table of a field
/// square seen from colour `c`'s side (wizard squares: unused 0).
const FIELD_INDEX: [[u8; NUM_SQUARES]; 2] = {
    let mut t = [[0; NUM_SQUARES]; 2];
    let mut sq = 0;
    while sq < NUM_SQUARES {
        let (f, r) = (file_of(sq), rank_of(sq));
        if f >= 1 && f <= 10 && r >= 1 && r <= 10 {
            t[WHITE][sq] = ((r - 1) * 10 + f - 1) as u8;
            t[BLACK][sq] = ((10 - r) * 10 + f - 1) as u8;
        }
        sq += 1;
    }
    t
};

/// Rank of a field square counted from `color`'s back rank (0..9).
#[inline]
fn relative_rank(sq: usize, color: usize) -> usize {
    FIELD_INDEX[color][sq] as usize / 10
}

/// `front_span[c][sq]`: squares on `sq`'s file and the adjacent files
/// strictly in front of it from `c`'s side (a pawn with no enemy pawn
/// there is passed).
fn front_spans() -> &'static [[Bits; NUM_SQUARES]; 2] {
    static SPANS: OnceLock<[[Bits; NUM_SQUARES]; 2]> = OnceLock::new();
    #[allow(clippy::needless_range_loop)]
    SPANS.get_or_init(|| {
        let mut spans = [[0; NUM_SQUARES]; 2];
        for sq in 0..NUM_SQUARES {
            let f = file_of(sq) as usize;
            let files = FILES[f] | FILES[f.saturating_sub(1)] | FILES[(f + 1).min(11)];
            let r = rank_of(sq) as usize;
            let above: Bits = RANKS[r + 1..].iter().fold(0, |m, &b| m | b);
            let below: Bits = RANKS[..r].iter().fold(0, |m, &b| m | b);
            spans[WHITE][sq] = files & above;
            spans[BLACK][sq] = files & below;
        }
        spans
    })
}

/// The evaluation split by term, each from White's side.
#[derive(Default)]
struct Terms {
    material: S,
    placement: S,
    mobility: S,
    king_safety: S,
    pawns: S,
    bishop_pair: S,
    phase: i32,
}

const MAX_PHASE: i32 = 36;

fn side_terms(pos: &OmegaPosition, color: usize, w: &Weights, t: &mut Terms, sign: i32) {
    let g = geometry();
    let them = color ^ 1;
    let ours = pos.color_bits(color);
    let occ = ours | pos.color_bits(them);
    let s = |a: i32, b: i32| S(sign * a, sign * b);

    // Squares guarded by enemy pawns do not count for mobility.
    let mut pawn_guarded: Bits = 0;
    for sq in Squares(pos.pieces_of(PAWN, them)) {
        pawn_guarded |= g.pawn[them][sq];
    }
    let enemy_king = pos.pieces_of(KING, them).trailing_zeros() as usize;
    let king_zone = g.king[enemy_king] | 1 << enemy_king;
    let mut zone_attack = 0;

    for kind in 0..8 {
        for sq in Squares(pos.pieces_of(kind, color)) {
            t.material += s(w.material_mg[kind], w.material_eg[kind]);
            t.phase += w.phase[kind];
            if WIZARD_SQUARES & 1 << sq != 0 {
                t.placement += s(w.wizard_square_mg[kind], w.wizard_square_eg[kind]);
            } else {
                let i = FIELD_INDEX[color][sq] as usize;
                t.placement += s(w.pst[kind].0[i], w.pst[kind].1[i]);
            }
            if kind == PAWN || kind == KING {
                continue;
            }
            let attacks = OmegaPosition::attacks_from(kind, color, sq, occ);
            let reach = (attacks & !ours & !pawn_guarded).count_ones() as i32;
            t.mobility += s(w.mobility_mg[kind] * reach, w.mobility_eg[kind] * reach);
            zone_attack += w.king_zone_attack[kind] * (attacks & king_zone).count_ones() as i32;
        }
    }
    // Our attacks on their king's neighbourhood: a middlegame term.
    t.king_safety += s(zone_attack, 0);

    // Pawn shield: own pawns on the three squares in front of our king.
    let ksq = pos.pieces_of(KING, color).trailing_zeros() as usize;
    if WIZARD_SQUARES & 1 << ksq == 0 {
        let ahead = if color == WHITE {
            rank_of(ksq) + 1
        } else {
            rank_of(ksq) - 1
        };
        let front = g.king[ksq] & RANKS[ahead as usize];
        let shield = (front & pos.pieces_of(PAWN, color)).count_ones() as i32;
        t.king_safety += s(w.king_shield * shield, 0);
    }

    // Pawn structure.
    let pawns = pos.pieces_of(PAWN, color);
    let enemy_pawns = pos.pieces_of(PAWN, them);
    for f in 1..=10 {
        let n = (pawns & FILES[f]).count_ones() as i32;
        if n > 1 {
            t.pawns += s(w.doubled[0] * (n - 1), w.doubled[1] * (n - 1));
        }
        if n > 0 && pawns & (FILES[f - 1] | FILES[f + 1]) == 0 {
            t.pawns += s(w.isolated[0] * n, w.isolated[1] * n);
        }
    }
    let spans = &front_spans()[color];
    for sq in Squares(pawns) {
        if spans[sq] & enemy_pawns == 0 {
            let r = relative_rank(sq, color);
            t.pawns += s(w.passed_mg[r], w.passed_eg[r]);
        }
    }
    if pos.pieces_of(BISHOP, color).count_ones() >= 2 {
        t.bishop_pair += s(w.bishop_pair[0], w.bishop_pair[1]);
    }
}

fn terms(pos: &OmegaPosition, w: &Weights) -> Terms {
    let mut t = Terms::default();
    side_terms(pos, WHITE, w, &mut t, 1);
    side_terms(pos, BLACK, w, &mut t, -1);
    t
}

impl Tunable for OmegaPosition {
    type Weights = Weights;
    const FILE: &'static str = "omega.txt";
    const TEXT: &'static str = include_str!("../../nets/omega.txt");
    const FIXED: &'static [&'static str] = &["phase"];

    fn weights(p: &Params) -> Result<Weights, String> {
        build(p)
    }

    fn evaluate_with(&self, w: &Weights) -> i32 {
        let t = terms(self, w);
        let mut total = t.material;
        for s in [
            t.placement,
            t.mobility,
            t.king_safety,
            t.pawns,
            t.bishop_pair,
        ] {
            total += s;
        }
        let white = total.blend(t.phase, MAX_PHASE);
        let from_mover = if self.side() == WHITE { white } else { -white };
        from_mover + w.tempo
    }
}

/// No endgame tables exist for omega.
impl crate::tablebase::Endgames for OmegaPosition {}

impl Evaluate for OmegaPosition {
    // `chimera fit-wdl` on 52,967 records of 331 games (docs/wdl.md).
    const WIN_RATE: WinRateModel = WinRateModel {
        a: [1115.4, 269.4, 271.8],
        b: [205.2, 263.5, 314.8],
        start_pieces: 44,
    };

    fn evaluate(&self) -> i32 {
        self.evaluate_with(weights())
    }

    fn explain(&self) -> String {
        let t = terms(self, weights());
        let mut out = String::from("term            mg      eg   blended  (White's view)\n");
        let mut total = S::default();
        for (name, s) in [
            ("material", t.material),
            ("placement", t.placement),
            ("mobility", t.mobility),
            ("king safety", t.king_safety),
            ("pawns", t.pawns),
            ("bishop pair", t.bishop_pair),
        ] {
            total += s;
            out.push_str(&format!(
                "{name:<12} {:>7} {:>7} {:>9}\n",
                s.0,
                s.1,
                s.blend(t.phase, MAX_PHASE)
            ));
        }
        out.push_str(&format!(
            "{:<12} {:>7} {:>7} {:>9}\n",
            "total",
            total.0,
            total.1,
            total.blend(t.phase, MAX_PHASE)
        ));
        out.push_str(&format!(
            "phase {} of {MAX_PHASE}, tempo {}\nevaluation {} (side to move)\n",
            t.phase.min(MAX_PHASE),
            weights().tempo,
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
    fn parameters_load() {
        let _ = weights();
    }

    #[test]
    fn start_position_is_balanced_and_mirrored() {
        let start = OmegaPosition::start(VariantId::Omega);
        assert_eq!(start.evaluate(), weights().tempo);
        let t = terms(&start, weights());
        assert_eq!(t.material, S(0, 0));
        assert_eq!(t.phase, MAX_PHASE);
        assert!(start.explain().contains("material"));
    }

    /// The same position with colours swapped and the board mirrored
    /// top to bottom (the grid and its holes are symmetric).
    fn mirrored(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let rows: Vec<String> = f[0].split('/').rev().map(swap).collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        let castling = if f[2] == "-" {
            "-".to_string()
        } else {
            let s = swap(f[2]);
            let mut v: Vec<char> = s.chars().collect();
            v.sort_by_key(|c| "KQkq".find(*c));
            v.into_iter().collect()
        };
        format!("{} {side} {castling} - {} {}", rows.join("/"), f[4], f[5])
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in OmegaPosition::bench_fens(VariantId::Omega) {
            let p = OmegaPosition::from_fen(VariantId::Omega, fen).unwrap();
            let m = OmegaPosition::from_fen(VariantId::Omega, &mirrored(fen)).unwrap();
            assert_eq!(p.evaluate(), m.evaluate(), "{fen}");
        }
    }

    #[test]
    fn extra_queen_wins_and_cornered_king_is_bad() {
        let up_queen = OmegaPosition::from_fen(
            VariantId::Omega,
            "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1",
        )
        .unwrap();
        let down = OmegaPosition::from_fen(
            VariantId::Omega,
            "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNB1KBNRC*/W**********W w kq - 0 1",
        )
        .unwrap();
        assert!(up_queen.evaluate() > down.evaluate() + 900);
        let centre = OmegaPosition::from_fen(
            VariantId::Omega,
            "1**********1/*10*/*10*/*10*/*4k5*/*10*/*10*/*4K5*/*10*/*10*/*10*/1**********1 w - - 0 1",
        )
        .unwrap();
        let corner = OmegaPosition::from_fen(
            VariantId::Omega,
            "1**********1/*10*/*10*/*10*/*4k5*/*10*/*10*/*10*/*10*/*10*/*10*/K**********1 w - - 0 1",
        )
        .unwrap();
        assert!(centre.evaluate() > corner.evaluate() + 50);
    }
}
