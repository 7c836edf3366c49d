//! Does a pseudo-legal turn leave the mover's king in check? The answer
//! by definition is [`king_in_check`] on the placement after the turn; this
//! file gets the same answer cheaper for most turns of a position.
//!
//! Whether the king can be removed depends only on the squares enemy
//! leapers and pawns remove it from and on the lines through the king that
//! hold an enemy slider moving along them (see `check`). A turn that
//! changes none of those squares, moves neither our king nor an enemy piece
//! onto a line through it, leaves that answer as it was: safe when we were
//! not in check, still in check when we were.

use super::board::{BISHOP, QUEEN, ROOK};
use super::check::{king_in_check, king_threatened_after};
use super::geometry::{ray_const, BISHOP_LINES, ROOK_LINES};
use super::geometry::{KING_THREATS_C, KNIGHT_THREATS_C, PAWN_THREATS_C};
use super::{DynamoMove, DynamoPosition, MoveKind};

/// The bit of a square, or nothing for `OFF`.
#[inline]
fn square_bit(sq: u8) -> u64 {
    (1u128 << sq) as u64
}

const fn build_leaper_danger() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 64 {
            t[c][sq] = KNIGHT_THREATS_C[sq] | KING_THREATS_C[sq] | PAWN_THREATS_C[c ^ 1][sq];
            sq += 1;
        }
        c += 1;
    }
    t
}

/// `LEAPER_DANGER[colour][king square]`: where enemy knights, kings and
/// pawns remove that king from.
static LEAPER_DANGER: [[u64; 64]; 2] = build_leaper_danger();

const fn build_line(d: usize) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = ray_const(sq as u8, d) | ray_const(sq as u8, d ^ 1);
        sq += 1;
    }
    t
}

/// The four lines through a square (the square excluded).
static FILE_LINE: [u64; 64] = build_line(0);
static RANK_LINE: [u64; 64] = build_line(2);
static DIAG_LINE: [u64; 64] = build_line(4);
static ANTI_LINE: [u64; 64] = build_line(6);

/// What one position's legality tests share: computed once per
/// generation, then asked about each pseudo-legal turn.
pub(crate) struct KingSafety {
    us: usize,
    king: u8,
    in_check: bool,
    /// Squares whose change can change whether the king can be removed.
    danger: u64,
    leaper_danger: u64,
    /// Per line through the king holding an enemy slider that moves along
    /// it: the line and its two directions as a mask for `check`.
    line_dirs: [(u64, u8); 4],
    /// All four lines through the king.
    lines: u64,
    theirs: u64,
}

impl KingSafety {
    /// `None` when the side to move has no king (only from a broken state;
    /// then it has no legal turn).
    #[inline]
    pub(crate) fn new(pos: &DynamoPosition) -> Option<KingSafety> {
        let us = pos.turn;
        let king = pos.bits.king(us)?;
        let them = us ^ 1;
        let bits = &pos.bits;
        let k = king as usize;
        let orth = bits.color[them] & (bits.role[ROOK] | bits.role[QUEEN]);
        let diag = bits.color[them] & (bits.role[BISHOP] | bits.role[QUEEN]);
        let leaper_danger = LEAPER_DANGER[us][k];
        let mut danger = leaper_danger;
        let mut line_dirs = [(0u64, 0u8); 4];
        for (i, (line, sliders, axis)) in [
            (FILE_LINE[k], orth, 0b11u8),
            (RANK_LINE[k], orth, 0b1100),
            (DIAG_LINE[k], diag, 0b11_0000),
            (ANTI_LINE[k], diag, 0b1100_0000),
        ]
        .into_iter()
        .enumerate()
        {
            if line & sliders != 0 {
                danger |= line;
                line_dirs[i] = (line, axis);
            }
        }
        Some(KingSafety {
            us,
            king,
            in_check: king_in_check(bits, us),
            danger,
            leaper_danger,
            line_dirs,
            lines: ROOK_LINES[k] | BISHOP_LINES[k],
            theirs: bits.color[them],
        })
    }

    /// Is the king safe after `m`, a pseudo-legal turn of `pos` (the
    /// position this was made for)?
    #[inline]
    pub(crate) fn allows(&self, pos: &DynamoPosition, m: DynamoMove) -> bool {
        let king = self.king;
        let king_moves = (m.from == king && m.to != king) || m.moved_from == king;
        let enemy_onto_line = m.kind == MoveKind::Dynamo
            && self.theirs & square_bit(m.moved_from) != 0
            && square_bit(m.moved_to) & self.lines != 0;
        if king_moves || enemy_onto_line {
            return !king_in_check(&pos.bits_after(m), self.us);
        }
        let changed = square_bit(m.from)
            | square_bit(m.to)
            | square_bit(m.moved_from)
            | square_bit(m.moved_to);
        if changed & self.danger == 0 {
            // Nothing the answer depends on changed.
            return !self.in_check;
        }
        if self.in_check {
            return !king_in_check(&pos.bits_after(m), self.us);
        }
        // Not in check before: only the leaps and the slider lines this
        // turn touched can have become threats.
        let mut dirs = 0u8;
        for &(line, axis) in &self.line_dirs {
            if changed & line != 0 {
                dirs |= axis;
            }
        }
        let leaps = changed & self.leaper_danger != 0;
        !king_threatened_after(&pos.bits_after(m), king, self.us, leaps, dirs)
    }
}
