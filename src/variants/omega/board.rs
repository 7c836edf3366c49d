//! Squares of the Omega board and the precomputed attack geometry.
//!
//! The 104 squares are numbered so that every line a slider can travel is
//! monotonic in the numbering: `a1` = 0, `l1` = 1, then the 10x10 field
//! `b2`..`k11` row by row (2..=101), then `a12` = 102, `l12` = 103. A set of
//! squares is one `u128` bitboard. The wizard squares sit only on the two long
//! diagonals (`a1`-`l12`, `l1`-`a12`), and both diagonals run through the
//! numbering in order, so "nearest blocker" is always the lowest set bit for
//! the four positive directions and the highest for the other four.

use std::sync::LazyLock;

/// A set of squares.
pub type Bits = u128;

pub const NUM_SQUARES: usize = 104;

/// Every existing square.
pub const ALL: Bits = (1u128 << NUM_SQUARES) - 1;

pub const A1: usize = 0;
pub const L1: usize = 1;
pub const A12: usize = 102;
pub const L12: usize = 103;

/// The four wizard squares.
pub const WIZARD_SQUARES: Bits = 1 << A1 | 1 << L1 | 1 << A12 | 1 << L12;

/// Square of grid file `file` (0 = `a` .. 11 = `l`) and grid rank `rank`
/// (0 = rank 1 .. 11 = rank 12), or `None` for a square that does not exist.
pub const fn square_at(file: i32, rank: i32) -> Option<usize> {
    if file < 0 || file > 11 || rank < 0 || rank > 11 {
        return None;
    }
    match (file, rank) {
        (0, 0) => Some(A1),
        (11, 0) => Some(L1),
        (0, 11) => Some(A12),
        (11, 11) => Some(L12),
        _ if file >= 1 && file <= 10 && rank >= 1 && rank <= 10 => {
            Some(2 + (rank as usize - 1) * 10 + (file as usize - 1))
        }
        _ => None,
    }
}

/// Grid file (0..12) of a square.
pub const fn file_of(sq: usize) -> i32 {
    match sq {
        A1 | A12 => 0,
        L1 | L12 => 11,
        _ => ((sq - 2) % 10) as i32 + 1,
    }
}

/// Grid rank (0..12, rank 1 = 0) of a square.
pub const fn rank_of(sq: usize) -> i32 {
    match sq {
        A1 | L1 => 0,
        A12 | L12 => 11,
        _ => ((sq - 2) / 10) as i32 + 1,
    }
}

/// The squares of one grid rank (0-based).
pub const fn rank_mask(rank: i32) -> Bits {
    let mut m = 0;
    let mut f = 0;
    while f < 12 {
        if let Some(sq) = square_at(f, rank) {
            m |= 1 << sq;
        }
        f += 1;
    }
    m
}

/// The squares of one grid file (0-based).
pub const fn file_mask(file: i32) -> Bits {
    let mut m = 0;
    let mut r = 0;
    while r < 12 {
        if let Some(sq) = square_at(file, r) {
            m |= 1 << sq;
        }
        r += 1;
    }
    m
}

/// Every grid rank (index 0 = rank 1) and file (0 = `a`) as a bitboard.
pub const RANKS: [Bits; 12] = {
    let mut r = [0; 12];
    let mut i = 0;
    while i < 12 {
        r[i] = rank_mask(i as i32);
        i += 1;
    }
    r
};
pub const FILES: [Bits; 12] = {
    let mut r = [0; 12];
    let mut i = 0;
    while i < 12 {
        r[i] = file_mask(i as i32);
        i += 1;
    }
    r
};

/// Field files `b` and `k`: pawn captures must not wrap around them.
pub const FILE_B: Bits = file_mask(1);
pub const FILE_K: Bits = file_mask(10);

/// Direction steps `(file, rank)`. 0..4 run up the numbering, 4..8 down.
pub const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];
pub const ROOK_DIRS: [usize; 4] = [0, 1, 4, 5];
pub const BISHOP_DIRS: [usize; 4] = [2, 3, 6, 7];

/// Marks "not on one line" in [`Geometry::dir`].
pub const NO_DIR: u8 = 255;

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = DIRS;
/// Champion: W (1,0), D (2,0), A (2,2).
const CHAMPION_STEPS: [(i32, i32); 12] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    (2, 2),
    (2, -2),
    (-2, 2),
    (-2, -2),
];
/// Wizard: F (1,1) and camel C (1,3).
const WIZARD_STEPS: [(i32, i32); 12] = [
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];

/// Precomputed attack tables.
pub struct Geometry {
    pub knight: [Bits; NUM_SQUARES],
    pub king: [Bits; NUM_SQUARES],
    pub champion: [Bits; NUM_SQUARES],
    pub wizard: [Bits; NUM_SQUARES],
    /// `pawn[c][sq]`: squares a pawn of colour `c` on `sq` attacks.
    pub pawn: [[Bits; NUM_SQUARES]; 2],
    /// `rays[d][sq]`: squares from `sq` in direction `d` on an empty board,
    /// stopping at the first square that does not exist.
    pub rays: [[Bits; NUM_SQUARES]; 8],
    /// Union of the rook rays / bishop rays of a square.
    pub rook_lines: [Bits; NUM_SQUARES],
    pub bishop_lines: [Bits; NUM_SQUARES],
    /// `dir[a][b]`: direction from `a` to `b` if `b` is on a ray of `a`.
    pub dir: [[u8; NUM_SQUARES]; NUM_SQUARES],
}

fn leaper(steps: &[(i32, i32)]) -> [Bits; NUM_SQUARES] {
    let mut t = [0; NUM_SQUARES];
    for (sq, slot) in t.iter_mut().enumerate() {
        let (f, r) = (file_of(sq), rank_of(sq));
        for &(df, dr) in steps {
            if let Some(to) = square_at(f + df, r + dr) {
                *slot |= 1 << to;
            }
        }
    }
    t
}

fn build() -> Box<Geometry> {
    let mut rays = [[0; NUM_SQUARES]; 8];
    let mut dir = [[NO_DIR; NUM_SQUARES]; NUM_SQUARES];
    for sq in 0..NUM_SQUARES {
        for (d, &(df, dr)) in DIRS.iter().enumerate() {
            let (mut f, mut r) = (file_of(sq) + df, rank_of(sq) + dr);
            while let Some(to) = square_at(f, r) {
                rays[d][sq] |= 1 << to;
                dir[sq][to] = d as u8;
                f += df;
                r += dr;
            }
        }
    }
    let mut rook_lines = [0; NUM_SQUARES];
    let mut bishop_lines = [0; NUM_SQUARES];
    for sq in 0..NUM_SQUARES {
        rook_lines[sq] = ROOK_DIRS.iter().fold(0, |m, &d| m | rays[d][sq]);
        bishop_lines[sq] = BISHOP_DIRS.iter().fold(0, |m, &d| m | rays[d][sq]);
    }
    Box::new(Geometry {
        knight: leaper(&KNIGHT_STEPS),
        king: leaper(&KING_STEPS),
        champion: leaper(&CHAMPION_STEPS),
        wizard: leaper(&WIZARD_STEPS),
        pawn: [leaper(&[(-1, 1), (1, 1)]), leaper(&[(-1, -1), (1, -1)])],
        rays,
        rook_lines,
        bishop_lines,
        dir,
    })
}

static GEOMETRY: LazyLock<Box<Geometry>> = LazyLock::new(build);

/// The attack tables (built on first use).
#[inline]
pub fn geometry() -> &'static Geometry {
    &GEOMETRY
}

impl Geometry {
    /// Squares a slider on `sq` reaches in direction `d`, up to and
    /// including the first occupied square.
    #[inline(always)]
    pub fn ray_attacks(&self, d: usize, sq: usize, occ: Bits) -> Bits {
        let ray = self.rays[d][sq];
        let blockers = ray & occ;
        if blockers == 0 {
            return ray;
        }
        let first = if d < 4 {
            blockers.trailing_zeros() as usize
        } else {
            127 - blockers.leading_zeros() as usize
        };
        ray ^ self.rays[d][first]
    }

    #[inline(always)]
    pub fn rook_attacks(&self, sq: usize, occ: Bits) -> Bits {
        self.ray_attacks(0, sq, occ)
            | self.ray_attacks(1, sq, occ)
            | self.ray_attacks(4, sq, occ)
            | self.ray_attacks(5, sq, occ)
    }

    #[inline(always)]
    pub fn bishop_attacks(&self, sq: usize, occ: Bits) -> Bits {
        self.ray_attacks(2, sq, occ)
            | self.ray_attacks(3, sq, occ)
            | self.ray_attacks(6, sq, occ)
            | self.ray_attacks(7, sq, occ)
    }

    /// Squares strictly between `a` and `b` if they share a line, else empty.
    #[inline(always)]
    pub fn between(&self, a: usize, b: usize) -> Bits {
        let d = self.dir[a][b];
        if d == NO_DIR {
            return 0;
        }
        let d = d as usize;
        self.rays[d][a] & !self.rays[d][b] & !(1 << b)
    }
}

/// Iterates over the squares of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Squares(pub Bits);

impl Iterator for Squares {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_round_trips() {
        let mut seen = 0u128;
        for f in 0..12 {
            for r in 0..12 {
                if let Some(sq) = square_at(f, r) {
                    assert_eq!((file_of(sq), rank_of(sq)), (f, r));
                    seen |= 1 << sq;
                }
            }
        }
        assert_eq!(seen, ALL);
    }

    #[test]
    fn rays_are_monotonic() {
        let g = geometry();
        for sq in 0..NUM_SQUARES {
            for (d, &(df, dr)) in DIRS.iter().enumerate() {
                let squares: Vec<usize> = Squares(g.rays[d][sq]).collect();
                // Walk the ray in travel order and check the numbering order.
                let mut prev = sq;
                let (mut f, mut r) = (file_of(sq) + df, rank_of(sq) + dr);
                let mut n = 0;
                while let Some(to) = square_at(f, r) {
                    assert!(if d < 4 { to > prev } else { to < prev });
                    prev = to;
                    f += df;
                    r += dr;
                    n += 1;
                }
                assert_eq!(n, squares.len());
            }
        }
    }

    #[test]
    fn wizard_corner_geometry() {
        let g = geometry();
        let b2 = square_at(1, 1).unwrap();
        let c3 = square_at(2, 2).unwrap();
        let b4 = square_at(1, 3).unwrap();
        let d2 = square_at(3, 1).unwrap();
        assert_eq!(g.king[A1], 1 << b2);
        assert_eq!(g.champion[A1], 1 << c3);
        assert_eq!(g.wizard[A1], 1 << b2 | 1 << b4 | 1 << d2);
        assert_eq!(g.rook_attacks(A1, 0), 0);
        assert_eq!(g.bishop_attacks(A1, 0).count_ones(), 11);
        assert_eq!(g.bishop_attacks(c3, 0) & (1 << A1), 1 << A1);
        assert_eq!(g.between(A1, L12).count_ones(), 10);
    }
}
