//! Legal move generation: checkers and pins first, then only legal moves.
//!
//! `gen::<true>` counts without storing (bulk-counting perft), `gen::<false>`
//! pushes the moves; both run the same code so they cannot disagree.

use super::board::{geometry, Bits, Geometry, Squares, ALL, FILE_B, FILE_K, NO_DIR};
use super::{
    castle_squares, OmegaMove, OmegaPosition, BISHOP, CHAMPION, KING, KNIGHT, PAWN,
    PROMOTION_KINDS, QUEEN, RANKS, ROOK, WHITE, WIZARD,
};

#[inline(always)]
fn emit<const COUNT: bool>(out: &mut Vec<OmegaMove>, n: &mut u64, from: usize, targets: Bits) {
    if COUNT {
        *n += targets.count_ones() as u64;
    } else {
        for to in Squares(targets) {
            out.push(OmegaMove::normal(from, to));
        }
    }
}

/// Pawn moves to `targets`, each coming from `to - delta` (delta may be
/// negative); moves onto the last rank become six promotions.
#[inline(always)]
fn emit_pawns<const COUNT: bool>(
    out: &mut Vec<OmegaMove>,
    n: &mut u64,
    targets: Bits,
    delta: isize,
    promo_rank: Bits,
) {
    if COUNT {
        *n += (targets & !promo_rank).count_ones() as u64
            + PROMOTION_KINDS.len() as u64 * (targets & promo_rank).count_ones() as u64;
        return;
    }
    for to in Squares(targets) {
        let from = (to as isize - delta) as usize;
        if promo_rank & (1 << to) != 0 {
            for &kind in PROMOTION_KINDS.iter() {
                out.push(OmegaMove::promotion(from, to, kind));
            }
        } else {
            out.push(OmegaMove::normal(from, to));
        }
    }
}

impl OmegaPosition {
    /// Pieces of the colour `by` (restricted to `mask`) that attack `sq`
    /// when the board is occupied by `occ`.
    #[inline(always)]
    pub(super) fn attackers(
        &self,
        g: &Geometry,
        sq: usize,
        occ: Bits,
        by: usize,
        mask: Bits,
    ) -> Bits {
        let them = self.colors[by] & mask;
        let p = &self.pieces;
        let diag = (p[BISHOP] | p[QUEEN]) & them;
        let orth = (p[ROOK] | p[QUEEN]) & them;
        let mut a = (g.knight[sq] & p[KNIGHT]
            | g.king[sq] & p[KING]
            | g.champion[sq] & p[CHAMPION]
            | g.wizard[sq] & p[WIZARD]
            | g.pawn[by ^ 1][sq] & p[PAWN])
            & them;
        if g.bishop_lines[sq] & diag != 0 {
            a |= g.bishop_attacks(sq, occ) & diag;
        }
        if g.rook_lines[sq] & orth != 0 {
            a |= g.rook_attacks(sq, occ) & orth;
        }
        a
    }

    #[inline(always)]
    pub(super) fn is_attacked(&self, g: &Geometry, sq: usize, occ: Bits, by: usize) -> bool {
        self.attackers(g, sq, occ, by, ALL) != 0
    }

    #[inline(always)]
    pub(super) fn king_square(&self, color: usize) -> usize {
        (self.pieces[KING] & self.colors[color]).trailing_zeros() as usize
    }

    /// Generates (or, with `COUNT`, only counts) every legal move.
    pub(super) fn gen<const COUNT: bool>(&self, out: &mut Vec<OmegaMove>) -> u64 {
        let g = geometry();
        let us = self.side as usize;
        let them = us ^ 1;
        let ours = self.colors[us];
        let theirs = self.colors[them];
        let occ = ours | theirs;
        let ksq = self.king_square(us);
        let mut n = 0u64;

        // King steps: the king must not stand in its own shadow, so test
        // with the king lifted off the board.
        let lifted = occ ^ (1 << ksq);
        for to in Squares(g.king[ksq] & !ours) {
            if !self.is_attacked(g, to, lifted, them) {
                emit::<COUNT>(out, &mut n, ksq, 1 << to);
            }
        }

        let checkers = self.attackers(g, ksq, occ, them, ALL);
        if checkers & (checkers.wrapping_sub(1)) != 0 {
            return n; // double check: only the king moves
        }
        // Squares a non-king move may go to: anywhere not ours, or, in
        // check, onto the checker or between it and the king.
        let target = if checkers == 0 {
            self.castling_moves::<COUNT>(g, out, &mut n, occ);
            ALL & !ours
        } else {
            // A leaper's check (champion, wizard, knight: all jump) can
            // only be answered by capturing it, never by blocking.
            let c = checkers.trailing_zeros() as usize;
            let sliders = self.pieces[BISHOP] | self.pieces[ROOK] | self.pieces[QUEEN];
            if sliders & checkers != 0 {
                g.between(ksq, c) | checkers
            } else {
                checkers
            }
        };

        // Pinned pieces: ours, alone between the king and an enemy slider.
        let p = &self.pieces;
        let snipers = (g.rook_lines[ksq] & (p[ROOK] | p[QUEEN])
            | g.bishop_lines[ksq] & (p[BISHOP] | p[QUEEN]))
            & theirs;
        let mut pinned = 0;
        for s in Squares(snipers) {
            let b = g.between(ksq, s) & occ;
            if b != 0 && b & (b - 1) == 0 && b & ours != 0 {
                pinned |= b;
            }
        }

        // Pieces other than king and pawns.
        let movers = ours & !p[KING] & !p[PAWN];
        for from in Squares(movers & !pinned) {
            let dest = self.piece_attacks(g, from, occ) & target;
            emit::<COUNT>(out, &mut n, from, dest);
        }
        for from in Squares(movers & pinned) {
            let dest = self.piece_attacks(g, from, occ) & target & pin_ray(g, ksq, from, occ);
            emit::<COUNT>(out, &mut n, from, dest);
        }

        self.pawn_moves::<COUNT>(g, out, &mut n, occ, target, pinned, ksq);
        n
    }

    /// Attacks of the (non-pawn) piece on `from`.
    #[inline(always)]
    fn piece_attacks(&self, g: &Geometry, from: usize, occ: Bits) -> Bits {
        match self.board[from] & 7 {
            k if k == KNIGHT as u8 => g.knight[from],
            k if k == BISHOP as u8 => g.bishop_attacks(from, occ),
            k if k == ROOK as u8 => g.rook_attacks(from, occ),
            k if k == QUEEN as u8 => g.bishop_attacks(from, occ) | g.rook_attacks(from, occ),
            k if k == CHAMPION as u8 => g.champion[from],
            k if k == WIZARD as u8 => g.wizard[from],
            k if k == KING as u8 => g.king[from],
            _ => 0,
        }
    }

    /// Castling, when not in check (the caller tests that). The crossed
    /// square is tested with the rook still home; the landing square on the
    /// board after the turn, with king and rook both moved: the rook's home
    /// square (`c2`/`j2`, `c11`/`j11`) has a field square beyond it
    /// (`b2`/`k2`, `b11`/`k11`), so an enemy rook or queen there reaches the
    /// landing square through the square the rook leaves.
    #[inline(always)]
    fn castling_moves<const COUNT: bool>(
        &self,
        g: &Geometry,
        out: &mut Vec<OmegaMove>,
        n: &mut u64,
        occ: Bits,
    ) {
        let us = self.side as usize;
        let rook = (ROOK | us << 3) as u8;
        for (right, cs) in castle_squares(us) {
            if self.castling & right == 0 || occ & cs.empty != 0 || self.board[cs.rook_from] != rook
            {
                continue;
            }
            let after = occ ^ (1 << cs.king_from) ^ (1 << cs.rook_from)
                | (1 << cs.king_to)
                | (1 << cs.rook_to);
            if !self.is_attacked(g, cs.crossed, occ, us ^ 1)
                && !self.is_attacked(g, cs.king_to, after, us ^ 1)
            {
                if COUNT {
                    *n += 1;
                } else {
                    out.push(OmegaMove::castle(cs.king_from, cs.king_to));
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn pawn_moves<const COUNT: bool>(
        &self,
        g: &Geometry,
        out: &mut Vec<OmegaMove>,
        n: &mut u64,
        occ: Bits,
        target: Bits,
        pinned: Bits,
        ksq: usize,
    ) {
        let us = self.side as usize;
        let them = us ^ 1;
        let pawns = self.pieces[PAWN] & self.colors[us];
        let theirs = self.colors[them];
        let empty = ALL & !occ;
        let free = pawns & !pinned;
        let (step, promo, mid1, mid2) = if us == WHITE {
            (10isize, RANKS[10], RANKS[3], RANKS[4])
        } else {
            (-10isize, RANKS[1], RANKS[8], RANKS[7])
        };
        let shift = |b: Bits, d: isize| if d > 0 { b << d } else { b >> -d };

        // Pushes of one, two and three squares through empty squares; the
        // ranks just past the start rank can only be reached from it.
        let one = shift(free, step) & empty;
        let two = shift(one & mid1, step) & empty;
        let three = shift(two & mid2, step) & empty;
        emit_pawns::<COUNT>(out, n, one & target, step, promo);
        emit_pawns::<COUNT>(out, n, two & target, 2 * step, promo);
        emit_pawns::<COUNT>(out, n, three & target, 3 * step, promo);

        // Captures, without wrapping around the b and k files.
        let (left, right) = if us == WHITE { (9, 11) } else { (-11, -9) };
        let caps = theirs & target;
        emit_pawns::<COUNT>(out, n, shift(free & !FILE_B, left) & caps, left, promo);
        emit_pawns::<COUNT>(out, n, shift(free & !FILE_K, right) & caps, right, promo);

        // Pinned pawns move only along their pin line.
        for from in Squares(pawns & pinned) {
            let ray = pin_ray(g, ksq, from, occ) & target;
            let bit = 1 << from;
            let one = shift(bit, step) & empty;
            let two = shift(one & mid1, step) & empty;
            let three = shift(two & mid2, step) & empty;
            for (dest, d) in [(one, step), (two, 2 * step), (three, 3 * step)] {
                emit_pawns::<COUNT>(out, n, dest & ray, d, promo);
            }
            let caps = g.pawn[us][from] & theirs & ray;
            for to in Squares(caps) {
                emit_pawns::<COUNT>(out, n, 1 << to, to as isize - from as isize, promo);
            }
        }

        // En passant: rare, so tested by trying it on the occupancy.
        if self.ep != 0 {
            let victim = self.ep_pawn as usize;
            for to in Squares(self.ep) {
                for from in Squares(g.pawn[them][to] & pawns) {
                    let occ2 = (occ ^ (1 << from) ^ (1 << victim)) | (1 << to);
                    let mask = !(1u128 << victim);
                    if self.attackers(g, ksq, occ2, them, mask) == 0 {
                        if COUNT {
                            *n += 1;
                        } else {
                            out.push(OmegaMove::en_passant(from, to));
                        }
                    }
                }
            }
        }
    }
}

/// The squares a piece pinned on `from` may move to: between the king and
/// the pinner, and the pinner itself. (A leaper such as the champion could
/// otherwise jump past the pinner along the line.)
#[inline(always)]
fn pin_ray(g: &Geometry, ksq: usize, from: usize, occ: Bits) -> Bits {
    let d = g.dir[ksq][from];
    debug_assert!(d != NO_DIR);
    g.ray_attacks(d as usize, ksq, occ ^ (1 << from))
}
