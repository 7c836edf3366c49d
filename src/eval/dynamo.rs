//! Dynamo evaluation: material (removal is the only capture), danger near
//! the edges and on open lines (the king above all), what can be removed
//! right now, mobility counting dynamo options, pawn structure. Numbers in
//! `nets/dynamo.txt`.

use std::sync::OnceLock;

use super::params::Params;
use super::win_rate::WinRateModel;
use super::{Evaluate, Tunable};
use crate::variants::dynamo::board::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::variants::dynamo::geometry::{bit, distance, nearest, ray, EDGE, KNIGHT_ATTACKS};
use crate::variants::dynamo::DynamoPosition;
use crate::variants::Rules;
use shakmaty::{attacks, Bitboard, Square};

pub struct DynamoParams {
    material: [i32; 6],
    /// Per role, distance 0 .. 2 to the nearest edge; the centre (3) is the
    /// zero point, so these and `material` do not describe the same thing
    /// twice (the tuner would drift along the difference).
    piece_edge: [i32; 15],
    /// Distance 0 .. 2; the centre is 0 (each side has one king, so only
    /// differences between the distances count).
    king_edge: [i32; 3],
    king_open_ray: [i32; 8],
    king_slider_line: i32,
    hanging_stm: i32,
    hanging_other: i32,
    hanging_more: i32,
    mobility: i32,
    passed: [i32; 8],
    doubled: i32,
    isolated: i32,
    tempo: i32,
}

fn build(p: &Params) -> Result<DynamoParams, String> {
    Ok(DynamoParams {
        material: p.array("material")?,
        piece_edge: p.array("piece_edge")?,
        king_edge: p.array("king_edge")?,
        king_open_ray: p.array("king_open_ray")?,
        king_slider_line: p.scalar("king_slider_line")?,
        hanging_stm: p.scalar("hanging_stm")?,
        hanging_other: p.scalar("hanging_other")?,
        hanging_more: p.scalar("hanging_more")?,
        mobility: p.scalar("mobility")?,
        passed: p.array("passed")?,
        doubled: p.scalar("doubled")?,
        isolated: p.scalar("isolated")?,
        tempo: p.scalar("tempo")?,
    })
}

fn params() -> &'static DynamoParams {
    static P: OnceLock<DynamoParams> = OnceLock::new();
    super::builtin::<DynamoPosition>(&P)
}

/// Distance from a square to the nearest edge (0 .. 3).
#[inline]
fn edge_distance(sq: u8) -> usize {
    let f = (sq & 7) as usize;
    let r = (sq >> 3) as usize;
    f.min(7 - f).min(r).min(7 - r)
}

/// Evaluation terms, each White minus Black (White's view).
#[derive(Default, Debug)]
struct Terms {
    material: i32,
    edges: i32,
    king: i32,
    threats: i32,
    mobility: i32,
    pawns: i32,
    tempo: i32,
}

impl Terms {
    fn total(&self) -> i32 {
        self.material
            + self.edges
            + self.king
            + self.threats
            + self.mobility
            + self.pawns
            + self.tempo
    }
}

fn sign(white: bool) -> i32 {
    if white {
        1
    } else {
        -1
    }
}

fn terms(pos: &DynamoPosition, p: &DynamoParams) -> Terms {
    let mut t = Terms::default();
    let occ = pos.occupied();
    let white_to_move = pos.white_to_move();
    // Most valuable removable pieces, per owner: (best, sum of the rest).
    let mut hanging = [(0i32, 0i32); 2];
    for white in [true, false] {
        let s = sign(white);
        for role in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN] {
            let mut bb = pos.pieces(white, role);
            while bb != 0 {
                let sq = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                t.material += s * p.material[role];
                t.edges -= s * at_distance(&p.piece_edge[role * 3..][..3], edge_distance(sq));
                if pos.can_remove(sq, !white) {
                    let v = p.material[role];
                    let h = &mut hanging[usize::from(!white)];
                    if v > h.0 {
                        h.1 += h.0;
                        h.0 = v;
                    } else {
                        h.1 += v;
                    }
                }
            }
        }
        t.king += s * king_safety(pos, white, occ, p);
        t.pawns += s * pawn_structure(pos, white, p);
    }
    // The side to move removes its best target; the other side's threats
    // against it can mostly be parried, one at a time.
    let (stm, other) = if white_to_move { (1, 0) } else { (0, 1) };
    let stm_sign = sign(white_to_move);
    let gain = hanging[other].0 * p.hanging_stm / 1000;
    let loss = hanging[stm].0 * p.hanging_other / 1000 + hanging[stm].1 * p.hanging_more / 1000;
    t.threats = stm_sign * (gain - loss);
    t.mobility = (mobility(pos, true, occ) - mobility(pos, false, occ)) * p.mobility;
    t.tempo = stm_sign * p.tempo;
    t
}

/// Mobility of one side's knights and sliders: empty squares they reach
/// (ordinary moves) and the first piece on each line or leap (push and pull
/// options).
fn mobility(pos: &DynamoPosition, white: bool, occ: u64) -> i32 {
    let occupied = Bitboard(occ);
    let mut n = 0;
    let mut add = |role: usize, attacks: fn(u8, Bitboard) -> u64| {
        let mut bb = pos.pieces(white, role);
        while bb != 0 {
            let sq = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            n += attacks(sq, occupied).count_ones() as i32;
        }
    };
    add(KNIGHT, |sq, _| KNIGHT_ATTACKS[sq as usize]);
    add(BISHOP, |sq, occ| {
        attacks::bishop_attacks(Square::new(sq as u32), occ).0
    });
    add(ROOK, |sq, occ| {
        attacks::rook_attacks(Square::new(sq as u32), occ).0
    });
    add(QUEEN, |sq, occ| {
        attacks::queen_attacks(Square::new(sq as u32), occ).0
    });
    n
}

/// An edge table's value at distance `d` (0 .. 3): the centre, 3, is the
/// tables' zero point and has no column.
fn at_distance(table: &[i32], d: usize) -> i32 {
    table.get(d).copied().unwrap_or(0)
}

/// Danger to one king (returned as a score for its side, so negative).
#[allow(clippy::needless_range_loop)] // `dir` is a direction, not just an index
fn king_safety(pos: &DynamoPosition, white: bool, occ: u64, p: &DynamoParams) -> i32 {
    let kings = pos.pieces(white, KING);
    if kings == 0 {
        return 0;
    }
    let k = kings.trailing_zeros() as u8;
    let enemy_orth = pos.pieces(!white, ROOK) | pos.pieces(!white, QUEEN);
    let enemy_diag = pos.pieces(!white, BISHOP) | pos.pieces(!white, QUEEN);
    let mut score = -at_distance(&p.king_edge, edge_distance(k));
    for dir in 0..8 {
        let sliders = if dir < 4 { enemy_orth } else { enemy_diag };
        if sliders == 0 {
            continue;
        }
        // An empty ray to the edge: a push that way needs only a clear line
        // on the other side longer than this ray.
        if ray(dir, k) & occ == 0 {
            score -= p.king_open_ray[EDGE[dir][k as usize] as usize];
        }
        // An enemy slider looking at the king along this line.
        let r = ray(dir, k) & occ;
        if r != 0 && sliders & bit(nearest(r, dir)) != 0 {
            let a = nearest(r, dir);
            score -= p.king_slider_line * (8 - distance(a, k) as i32) / 4;
        }
    }
    score
}

fn pawn_structure(pos: &DynamoPosition, white: bool, p: &DynamoParams) -> i32 {
    let ours = pos.pieces(white, PAWN);
    let theirs = pos.pieces(!white, PAWN);
    let mut score = 0;
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    for file in 0..8 {
        let on_file = (ours & (FILE_A << file)).count_ones() as i32;
        if on_file > 1 {
            score -= p.doubled * (on_file - 1);
        }
        if on_file > 0 {
            let left = if file > 0 { FILE_A << (file - 1) } else { 0 };
            let right = if file < 7 { FILE_A << (file + 1) } else { 0 };
            if ours & (left | right) == 0 {
                score -= p.isolated * on_file;
            }
        }
    }
    let mut bb = ours;
    while bb != 0 {
        let sq = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        let file = (sq & 7) as u32;
        let rank = (sq >> 3) as u32;
        let files = (FILE_A << file)
            | if file > 0 { FILE_A << (file - 1) } else { 0 }
            | if file < 7 { FILE_A << (file + 1) } else { 0 };
        let ahead = if white {
            files & (!0u64).checked_shl(8 * (rank + 1)).unwrap_or(0)
        } else {
            files & ((1u64 << (8 * rank)) - 1)
        };
        if theirs & ahead == 0 {
            let rel = if white { rank } else { 7 - rank };
            score += p.passed[rel as usize];
        }
    }
    score
}

impl Tunable for DynamoPosition {
    type Weights = DynamoParams;
    const FILE: &'static str = "dynamo.txt";
    const TEXT: &'static str = include_str!("../../nets/dynamo.txt");

    fn weights(p: &Params) -> Result<DynamoParams, String> {
        build(p)
    }

    fn evaluate_with(&self, p: &DynamoParams) -> i32 {
        let white = terms(self, p).total();
        if self.white_to_move() {
            white
        } else {
            -white
        }
    }
}

/// No endgame tables exist for dynamo.
impl crate::tablebase::Endgames for DynamoPosition {}

impl Evaluate for DynamoPosition {
    // `chimera fit-wdl` on 51,341 records of 386 games (docs/wdl.md).
    const WIN_RATE: WinRateModel = WinRateModel {
        a: [1469.1, 322.3, 306.5],
        b: [236.3, 201.8, 279.7],
        start_pieces: 32,
    };

    fn evaluate(&self) -> i32 {
        self.evaluate_with(params())
    }

    fn explain(&self) -> String {
        let t = terms(self, params());
        let mut out = String::from("Dynamo evaluation (centipawns, White's view)\n");
        for (name, v) in [
            ("material", t.material),
            ("edges", t.edges),
            ("king safety", t.king),
            ("threats", t.threats),
            ("mobility", t.mobility),
            ("pawns", t.pawns),
            ("tempo", t.tempo),
        ] {
            out.push_str(&format!("  {name:<12} {v:>6}\n"));
        }
        out.push_str(&format!("  {:<12} {:>6}\n", "total", t.total()));
        let stm = if self.white_to_move() {
            "White"
        } else {
            "Black"
        };
        out.push_str(&format!("Side to move ({stm}): {}\n", self.evaluate()));
        if self.in_check() {
            out.push_str("(in check)\n");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::VariantId;

    fn pos(fen: &str) -> DynamoPosition {
        DynamoPosition::from_fen(VariantId::Dynamo, fen).unwrap()
    }

    #[test]
    fn parameters_load() {
        let p = params();
        // The material values stay in their order (the removal threats
        // read them alone).
        assert!(0 < p.material[PAWN] && p.material[PAWN] < p.material[KNIGHT]);
        assert!(p.material[BISHOP] < p.material[ROOK] && p.material[ROOK] < p.material[QUEEN]);
        assert_eq!((p.piece_edge.len(), p.king_edge.len()), (15, 3));
    }

    #[test]
    fn start_position_is_balanced_up_to_tempo() {
        let s = DynamoPosition::start(VariantId::Dynamo);
        assert_eq!(s.evaluate(), params().tempo);
        assert!(s.explain().contains("material"));
    }

    #[test]
    fn evaluation_is_symmetric() {
        let a = pos("r3k2r/pp3ppp/2n1b3/3q4/8/2N1B3/PP3PPP/R2QK2R w KQkq - 0 1");
        let b = pos("r2qk2r/pp3ppp/2n1b3/8/3Q4/2N1B3/PP3PPP/R3K2R b KQkq - 0 1");
        assert_eq!(a.evaluate(), b.evaluate());
    }

    #[test]
    fn extra_material_and_a_safe_king_count() {
        let up = pos("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
        assert!(up.evaluate() > 500);
        // A king in the centre beats a king on the edge.
        let centre = pos("8/8/4k3/8/8/3K4/8/8 w - - 0 1");
        let edge = pos("8/8/4k3/8/8/8/8/K7 w - - 0 1");
        assert!(centre.evaluate() > edge.evaluate());
    }
}
