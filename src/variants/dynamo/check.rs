//! Can a side remove a given piece from the board with one dynamo move?
//!
//! This is check detection (the king is the piece) and a threat test for the
//! evaluation. It never generates moves: a piece can only leave the board as
//! the pushed or pulled piece, so the candidates are few and fixed per square:
//! - a leaper one leap `v` away whose push sends it off (`sq + v` off), or a
//!   knight whose pull takes it off (`sq - 2v` off): precomputed masks;
//! - an enemy pawn diagonally behind it pushing it over the edge: a mask;
//! - the nearest piece on each line through the square, when it is a slider
//!   moving along that line at distance `d`: it pushes the piece off when
//!   the ray behind the piece is empty and shorter than `d`, and pulls it off
//!   when the ray behind the slider is empty and shorter than `d`. A piece
//!   far from every edge is therefore only in danger from a clear line long
//!   enough to reach the edge.
//!
//! Whether the removing move would itself be legal does not matter (spec).

use super::board::{Bits, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use super::geometry::{
    bit, distance, nearest, ray, BISHOP_LINES, EDGE, KING_THREATS, KNIGHT_THREATS, PAWN_THREATS,
    ROOK_LINES,
};

/// Can `by` remove the piece on `sq` (owned by `owner`) in one dynamo move?
#[inline]
pub fn removable(bits: &Bits, sq: u8, owner: usize, by: usize) -> bool {
    let s = sq as usize;
    let theirs = bits.color[by];
    if KNIGHT_THREATS[s] & theirs & bits.role[KNIGHT] != 0
        || KING_THREATS[s] & theirs & bits.role[KING] != 0
    {
        return true;
    }
    if owner != by {
        // Diagonal push of an enemy piece.
        if PAWN_THREATS[by][s] & theirs & bits.role[PAWN] != 0 {
            return true;
        }
    } else if friendly_pawn_pushes_off(bits, sq, by) {
        return true;
    }
    slider_removes(bits, sq, by, 0xFF)
}

/// Check test after a turn that did not move the king from `k` and was not
/// made in check: only the threats the turn's changed squares can create
/// are looked at (leaps when `leaps`, lines in the direction mask `dirs`).
#[inline]
pub fn king_threatened_after(bits: &Bits, k: u8, us: usize, leaps: bool, dirs: u8) -> bool {
    let s = k as usize;
    let them = us ^ 1;
    let theirs = bits.color[them];
    if leaps
        && (KNIGHT_THREATS[s] & theirs & bits.role[KNIGHT] != 0
            || KING_THREATS[s] & theirs & bits.role[KING] != 0
            || PAWN_THREATS[them][s] & theirs & bits.role[PAWN] != 0)
    {
        return true;
    }
    dirs != 0 && slider_removes(bits, k, them, dirs)
}

/// Is `color`'s king in check? (A side without a king is never in check.)
#[inline]
pub fn king_in_check(bits: &Bits, color: usize) -> bool {
    match bits.king(color) {
        Some(k) => removable(bits, k, color, color ^ 1),
        None => false,
    }
}

/// A pawn of `by` pushing its own piece on `sq` forward off the board: the
/// piece stands on `by`'s last rank with the pawn right behind it.
#[inline]
fn friendly_pawn_pushes_off(bits: &Bits, sq: u8, by: usize) -> bool {
    let pawns = bits.pieces(by, PAWN);
    if by == 0 {
        sq >= 56 && pawns & bit(sq - 8) != 0
    } else {
        sq < 8 && pawns & bit(sq + 8) != 0
    }
}

#[inline]
#[allow(clippy::needless_range_loop)] // `dir` is a direction, not just an index
fn slider_removes(bits: &Bits, sq: u8, by: usize, dirs: u8) -> bool {
    let s = sq as usize;
    let theirs = bits.color[by];
    let queens = bits.role[QUEEN];
    let orth = theirs & (bits.role[ROOK] | queens);
    let diag = theirs & (bits.role[BISHOP] | queens);
    if orth & ROOK_LINES[s] == 0 && diag & BISHOP_LINES[s] == 0 {
        return false;
    }
    let occ = bits.occupied();
    for dir in 0..8 {
        if dirs & (1 << dir) == 0 {
            continue;
        }
        let sliders = if dir < 4 { orth } else { diag };
        let r = ray(dir, sq);
        if r & sliders == 0 {
            continue;
        }
        let a = nearest(r & occ, dir);
        if sliders & bit(a) == 0 {
            continue;
        }
        let d = distance(sq, a);
        let back = dir ^ 1;
        // Push: the slider comes towards the piece and sends it on by `d`.
        if EDGE[back][s] < d && ray(back, sq) & occ == 0 {
            return true;
        }
        // Pull: the slider backs away by `d` and leaves the board.
        if EDGE[dir][a as usize] < d && ray(dir, a) & occ == 0 {
            return true;
        }
    }
    false
}
