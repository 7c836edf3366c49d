//! Turn generation: ordinary moves, castling and dynamo moves.
//!
//! [`DynamoPosition::pseudo_turns`] produces every turn the piece geometry
//! allows (it already never takes a king off the board); the legal turns
//! are those that neither undo the opponent's last turn (dynamo moves only)
//! nor leave the mover's king in check.

use super::board::{
    color_of, piece, promotes, role_of, Bits, Piece, BISHOP, EMPTY, KING, KNIGHT, PAWN, QUEEN,
    ROOK, WHITE,
};
use super::check::king_in_check;
use super::geometry::{
    bit, distance, nearest, offset, ray, step, EDGE, KING_ATTACKS, KING_LEAPS, KNIGHT_ATTACKS,
    KNIGHT_LEAPS, OFF, RAYN,
};
use super::king_safety::KingSafety;
use super::{DynamoMove, DynamoPosition, MoveKind, KING_HOME, ROOK_HOME};
use crate::variants::{board8, Rules};

/// Promotion choices, in the order they are generated: board8's, as the
/// bytes a [`DynamoMove`] stores.
pub const PROMOTIONS: [u8; 4] = {
    let [a, b, c, d] = board8::piece::PROMOTIONS;
    [a as u8, b as u8, c as u8, d as u8]
};

/// Squares that must be empty to castle, per right (WK, WQ, BK, BQ).
const CASTLE_BETWEEN: [u64; 4] = [
    bit(5) | bit(6),
    bit(1) | bit(2) | bit(3),
    bit(61) | bit(62),
    bit(57) | bit(58) | bit(59),
];
/// King destination, square the king crosses, rook destination per right.
const CASTLE_KING_TO: [u8; 4] = [6, 2, 62, 58];
const CASTLE_CROSSED: [u8; 4] = [5, 3, 61, 59];
const CASTLE_ROOK_TO: [u8; 4] = [5, 3, 61, 59];

/// The piece a moved piece becomes: itself, or the promotion choice.
#[inline]
pub fn after_promotion(p: Piece, promotion: u8) -> Piece {
    if promotion == 0 {
        p
    } else {
        piece(color_of(p), promotion as usize)
    }
}

impl DynamoPosition {
    /// Calls `emit` with every legal turn.
    #[inline]
    pub(crate) fn legal_turns<F: FnMut(DynamoMove)>(&self, emit: &mut F) {
        let Some(safety) = KingSafety::new(self) else {
            return; // only from a broken state; there is no turn without a king
        };
        self.pseudo_turns_of::<true, _>(&mut |m| {
            if !self.undoes(m) && safety.allows(self, m) {
                emit(m);
            }
        });
    }

    /// The legal turns [`Rules::is_tactical`] accepts, in the order of
    /// [`DynamoPosition::legal_turns`]. Ordinary moves other than
    /// promotions, and castling, are never tactical: they are not even
    /// generated, and the others are tested for legality only when tactical.
    ///
    /// [`Rules::is_tactical`]: crate::variants::Rules::is_tactical
    #[inline]
    pub(crate) fn tactical_turns<F: FnMut(DynamoMove)>(&self, emit: &mut F) {
        let Some(safety) = KingSafety::new(self) else {
            return;
        };
        self.pseudo_turns_of::<false, _>(&mut |m| {
            if self.is_tactical(m) && !self.undoes(m) && safety.allows(self, m) {
                emit(m);
            }
        });
    }

    /// Does this dynamo move restore the placement the no-undo rule forbids?
    #[inline]
    pub(crate) fn undoes(&self, m: DynamoMove) -> bool {
        // The placement is computed only when some placement is forbidden.
        m.kind == MoveKind::Dynamo && self.forbidden.is_some_and(|f| self.placement_after(m) == f)
    }

    /// Every turn the geometry allows, before the check and no-undo tests.
    pub(crate) fn pseudo_turns<F: FnMut(DynamoMove)>(&self, emit: &mut F) {
        self.pseudo_turns_of::<true, _>(emit);
    }

    /// [`DynamoPosition::pseudo_turns`], without the ordinary moves that
    /// promote nothing and without castling unless `ORDINARY`.
    #[inline]
    fn pseudo_turns_of<const ORDINARY: bool, F: FnMut(DynamoMove)>(&self, emit: &mut F) {
        let mut own = self.bits.color[self.turn];
        while own != 0 {
            let s = own.trailing_zeros() as u8;
            own &= own - 1;
            self.piece_turns::<ORDINARY, F>(s, emit);
        }
        if ORDINARY {
            self.castling_turns(emit);
        }
    }

    /// The turns whose mover is the piece of the side to move on `s`, but
    /// castling (see [`DynamoPosition::pseudo_turns_of`] for `ORDINARY`).
    #[inline]
    pub(crate) fn piece_turns<const ORDINARY: bool, F: FnMut(DynamoMove)>(
        &self,
        s: u8,
        emit: &mut F,
    ) {
        let us = self.turn;
        match role_of(self.board[s as usize]) {
            PAWN => self.pawn_turns::<ORDINARY, F>(s, us, emit),
            KNIGHT => {
                if ORDINARY {
                    self.quiet_leaps(s, KNIGHT_ATTACKS[s as usize], emit);
                }
                self.leaper_dynamo(s, &KNIGHT_LEAPS[s as usize], true, emit);
            }
            BISHOP => self.slider_turns::<ORDINARY, F>(s, 4..8, emit),
            ROOK => self.slider_turns::<ORDINARY, F>(s, 0..4, emit),
            QUEEN => self.slider_turns::<ORDINARY, F>(s, 0..8, emit),
            _ => {
                if ORDINARY {
                    self.quiet_leaps(s, KING_ATTACKS[s as usize], emit);
                }
                self.leaper_dynamo(s, &KING_LEAPS[s as usize], false, emit);
            }
        }
    }

    #[inline]
    fn quiet_leaps<F: FnMut(DynamoMove)>(&self, s: u8, targets: u64, emit: &mut F) {
        let mut t = targets & !self.bits.occupied();
        while t != 0 {
            emit(DynamoMove::ordinary(s, t.trailing_zeros() as u8, 0));
            t &= t - 1;
        }
    }

    /// Emits a dynamo move, once per promotion choice when the moved piece
    /// is a pawn landing on its last rank. Never takes a king off the board.
    #[inline]
    fn emit_dynamo<F: FnMut(DynamoMove)>(
        &self,
        from: u8,
        to: u8,
        moved_from: u8,
        moved_to: u8,
        emit: &mut F,
    ) {
        let q = self.board[moved_from as usize];
        if moved_to == OFF && role_of(q) == KING {
            return;
        }
        if promotes(q, moved_to) {
            for promo in PROMOTIONS {
                emit(DynamoMove::dynamo(from, to, moved_from, moved_to, promo));
            }
        } else {
            emit(DynamoMove::dynamo(from, to, moved_from, moved_to, 0));
        }
    }

    fn slider_turns<const ORDINARY: bool, F: FnMut(DynamoMove)>(
        &self,
        s: u8,
        dirs: std::ops::Range<usize>,
        emit: &mut F,
    ) {
        let occ = self.bits.occupied();
        for dir in dirs {
            let r = ray(dir, s);
            let blockers = r & occ;
            if blockers == 0 {
                if ORDINARY {
                    self.quiet_leaps(s, r, emit);
                }
                continue;
            }
            let t = nearest(blockers, dir);
            if ORDINARY {
                self.quiet_leaps(s, r & !ray(dir, t) & !bit(t), emit);
            }
            let d = distance(s, t);
            // Push: the slider ends on `t`, the piece there goes `d` further.
            if RAYN[dir][t as usize][d as usize] & occ == 0 {
                let land = if EDGE[dir][t as usize] < d {
                    OFF
                } else {
                    step(t, dir, d)
                };
                self.emit_dynamo(s, t, t, land, emit);
            }
            // Pull: the slider backs away `d`, the piece lands on `s`.
            let back = dir ^ 1;
            if RAYN[back][s as usize][d as usize] & occ == 0 {
                if EDGE[back][s as usize] < d {
                    self.emit_dynamo(s, OFF, t, OFF, emit);
                } else {
                    self.emit_dynamo(s, step(s, back, d), t, s, emit);
                }
            }
        }
    }

    /// Stationary pushes (king, knight) and pulls off the board (knight).
    #[inline]
    fn leaper_dynamo<F: FnMut(DynamoMove)>(
        &self,
        s: u8,
        leaps: &[[u8; 3]; 8],
        can_pull: bool,
        emit: &mut F,
    ) {
        for &[t, beyond, behind] in leaps {
            if t == OFF || self.board[t as usize] == EMPTY {
                continue;
            }
            if beyond == OFF || self.board[beyond as usize] == EMPTY {
                self.emit_dynamo(s, s, t, beyond, emit);
            }
            if can_pull && behind == OFF {
                self.emit_dynamo(s, OFF, t, OFF, emit);
            }
        }
    }

    fn pawn_turns<const ORDINARY: bool, F: FnMut(DynamoMove)>(
        &self,
        s: u8,
        us: usize,
        emit: &mut F,
    ) {
        let (dr, rel_rank) = if us == WHITE {
            (1i8, s >> 3)
        } else {
            (-1i8, 7 - (s >> 3))
        };
        let one = offset(s, 0, dr, 1);
        if one == OFF {
            return; // a pawn on its last rank cannot exist; be safe anyway
        }
        let ahead = self.board[one as usize];
        if ahead == EMPTY {
            if rel_rank == 6 {
                for promo in PROMOTIONS {
                    emit(DynamoMove::ordinary(s, one, promo));
                }
            } else if ORDINARY {
                emit(DynamoMove::ordinary(s, one, 0));
            }
            if rel_rank == 1 {
                let two = offset(s, 0, dr, 2);
                let q = self.board[two as usize];
                if q == EMPTY {
                    if ORDINARY {
                        emit(DynamoMove::ordinary(s, two, 0));
                    }
                } else if color_of(q) == us {
                    // Friendly piece two ahead: pushed two squares.
                    let (three, four) = (offset(s, 0, dr, 3), offset(s, 0, dr, 4));
                    if self.board[three as usize] == EMPTY && self.board[four as usize] == EMPTY {
                        self.emit_dynamo(s, s, two, four, emit);
                    }
                }
            }
        } else if color_of(ahead) == us {
            let dest = offset(one, 0, dr, 1);
            if dest == OFF || self.board[dest as usize] == EMPTY {
                self.emit_dynamo(s, s, one, dest, emit);
            }
        }
        for df in [-1i8, 1] {
            let t = offset(s, df, dr, 1);
            if t == OFF {
                continue;
            }
            let q = self.board[t as usize];
            if q == EMPTY || color_of(q) == us {
                continue;
            }
            let dest = offset(s, df, dr, 2);
            if dest == OFF || self.board[dest as usize] == EMPTY {
                self.emit_dynamo(s, s, t, dest, emit);
            }
        }
    }

    pub(crate) fn castling_turns<F: FnMut(DynamoMove)>(&self, emit: &mut F) {
        let us = self.turn;
        let king = KING_HOME[us];
        if self.board[king as usize] != piece(us, KING) {
            return;
        }
        let mut checked = None;
        for i in [2 * us, 2 * us + 1] {
            if self.castle_rook[i] != ROOK_HOME[i] || CASTLE_BETWEEN[i] & self.bits.occupied() != 0
            {
                continue;
            }
            if *checked.get_or_insert_with(|| king_in_check(&self.bits, us)) {
                return;
            }
            let mut crossing: Bits = self.bits;
            crossing.remove(king, piece(us, KING));
            crossing.put(CASTLE_CROSSED[i], piece(us, KING));
            if king_in_check(&crossing, us) {
                continue;
            }
            emit(DynamoMove {
                from: king,
                to: CASTLE_KING_TO[i],
                moved_from: ROOK_HOME[i],
                moved_to: CASTLE_ROOK_TO[i],
                promotion: 0,
                kind: MoveKind::Castle,
            });
        }
    }

    /// The occupancy after a turn, for the check test.
    #[inline]
    pub(crate) fn bits_after(&self, m: DynamoMove) -> Bits {
        let mut b = self.bits;
        let p = self.board[m.from as usize];
        let q = if m.kind == MoveKind::Ordinary {
            EMPTY
        } else {
            self.board[m.moved_from as usize]
        };
        b.remove(m.from, p);
        if q != EMPTY {
            b.remove(m.moved_from, q);
        }
        match m.kind {
            MoveKind::Ordinary => b.put(m.to, after_promotion(p, m.promotion)),
            MoveKind::Castle => {
                b.put(m.to, p);
                b.put(m.moved_to, q);
            }
            MoveKind::Dynamo => {
                if m.to != OFF {
                    b.put(m.to, p);
                }
                if m.moved_to != OFF {
                    b.put(m.moved_to, after_promotion(q, m.promotion));
                }
            }
        }
        b
    }
}
