//! Turn generation: legal chess first parts, then the compulsory pushes.
//!
//! A first part is generated legal (pins and check evasions, no en
//! passant). The pushes that may follow it are found from bitboards: every
//! opponent pawn with an empty square ahead. Before the push the mover's king
//! is safe (the first part was legal), so a push can only hurt it by
//! vacating the one square that blocked an enemy slider, by the pushed pawn
//! now attacking the king, or, on the last rank, by a promotion choice that
//! would give check. Those few cases are tested directly; nothing is replayed.

use super::bits::*;
use super::board::Board;
use super::castling::castles;
use super::turn::{FirstPart, Turn};
use super::AvalanchePosition;
use crate::variants::board8::piece::{role_of, EMPTY};

/// The pushes available after one first part.
#[derive(Clone, Copy, Debug)]
pub struct Pushes {
    /// Origins of every opponent pawn that can advance.
    pub all: u64,
    /// Origins of the pushes that leave the mover safe.
    pub legal: u64,
}

impl AvalanchePosition {
    /// The board on which first parts are generated after choosing `role`
    /// for the pending pawn on `s`.
    pub(crate) fn chosen_board(&self, s: u32, role: usize) -> Board {
        let mut board = self.board.clone();
        board.take(s);
        board.put(s, self.turn, role);
        board
    }

    /// Calls `f` for every legal first part on `board` for the side to move.
    #[inline]
    pub(crate) fn for_each_first_part(&self, board: &Board, mut f: impl FnMut(FirstPart)) {
        let us = self.turn;
        let them = 1 - us;
        let occ = board.occupied();
        let ours = board.by_color[us];
        let theirs = board.by_color[them];
        let k = board.king(us);
        let checkers = board.attackers(k, them, occ);

        // King steps: the destination must be safe with the king lifted off.
        let mut steps = king_attacks(k) & !ours;
        while steps != 0 {
            let to = pop(&mut steps);
            if board.attackers(to, them, occ ^ bit(k)) == 0 {
                f(mark_capture(FirstPart::new(k, to), theirs, to));
            }
        }
        if checkers & checkers.wrapping_sub(1) != 0 {
            return; // double check: only the king moves
        }

        let pinned = pinned_pieces(board, us, k, occ);
        let target = if checkers != 0 {
            between(k, checkers.trailing_zeros()) | checkers
        } else {
            !ours
        };

        if checkers == 0 {
            self.castlings(board, occ, &mut f);
        }

        let mut knights = board.pieces(us, KNIGHT) & !pinned;
        while knights != 0 {
            let from = pop(&mut knights);
            emit_all(from, knight_attacks(from) & target, theirs, &mut f);
        }
        let mut diag = ours & (board.by_role[BISHOP] | board.by_role[QUEEN]);
        while diag != 0 {
            let from = pop(&mut diag);
            let mut to = bishop_attacks(from, occ) & target;
            if pinned & bit(from) != 0 {
                to &= line(k, from);
            }
            emit_all(from, to, theirs, &mut f);
        }
        let mut orth = ours & (board.by_role[ROOK] | board.by_role[QUEEN]);
        while orth != 0 {
            let from = pop(&mut orth);
            let mut to = rook_attacks(from, occ) & target;
            if pinned & bit(from) != 0 {
                to &= line(k, from);
            }
            emit_all(from, to, theirs, &mut f);
        }

        let fwd = forward(us);
        let start_rank = if us == WHITE { RANK_2 } else { RANK_7 };
        let mut pawns = board.pieces(us, PAWN);
        while pawns != 0 {
            let from = pop(&mut pawns);
            let mut to = pawn_attacks(us, from) & theirs;
            let one = (from as i32 + fwd) as u32;
            if occ & bit(one) == 0 {
                to |= bit(one);
                let two = (one as i32 + fwd) as u32;
                if start_rank & bit(from) != 0 && occ & bit(two) == 0 {
                    to |= bit(two);
                }
            }
            to &= target;
            if pinned & bit(from) != 0 {
                to &= line(k, from);
            }
            while to != 0 {
                let dest = pop(&mut to);
                let fp = mark_capture(FirstPart::new(from, dest), theirs, dest);
                if last_rank(us) & bit(dest) != 0 {
                    for role in PROMOTIONS {
                        f(fp.with_promotion(role));
                    }
                } else {
                    f(fp);
                }
            }
        }
    }

    fn castlings(&self, board: &Board, occ: u64, f: &mut impl FnMut(FirstPart)) {
        let us = self.turn;
        for c in castles(self.kind, us) {
            if self.castling & c.right == 0
                || occ & c.must_be_empty() != 0
                || board.pieces(us, ROOK) & bit(c.rook_from) == 0
            {
                continue;
            }
            let mut path = c.king_path();
            let mut safe = true;
            while path != 0 {
                let s = pop(&mut path);
                let occ_there = if s == c.king_to {
                    occ ^ bit(c.king_from) ^ bit(c.rook_from) | bit(c.king_to) | bit(c.rook_to)
                } else {
                    occ
                };
                if board.attackers(s, 1 - us, occ_there) != 0 {
                    safe = false;
                    break;
                }
            }
            if safe {
                f(FirstPart::new(c.king_from, c.king_to).castling());
            }
        }
    }

    /// The pushes that may follow `fp` (played on `board`).
    #[inline]
    pub(crate) fn pushes_after(&self, board: &Board, fp: FirstPart) -> Pushes {
        let us = self.turn;
        let them = 1 - us;
        let (from, to) = (fp.from(), fp.to());
        let occ = board.occupied();
        let mut king = board.king(us);
        let occ1 = if fp.is_castle() {
            let c = castle_of(self, fp);
            occ ^ bit(c.king_from) ^ bit(c.rook_from) | bit(c.king_to) | bit(c.rook_to)
        } else {
            occ & !bit(from) | bit(to)
        };
        if from == king {
            king = to;
        }
        // A capture on `to` removes one of their pieces.
        let theirs = board.by_color[them] & !bit(to);
        self.pushes_with(board, occ1, king, theirs)
    }

    /// The pushes available when the first part left the occupancy `occ1`,
    /// our king on `king` (not in check) and their pieces on `theirs` (both
    /// as on `board` apart from a capture and a king move).
    #[inline]
    fn pushes_with(&self, board: &Board, occ1: u64, king: u32, theirs: u64) -> Pushes {
        let us = self.turn;
        let them = 1 - us;
        let pawns = theirs & board.by_role[PAWN];
        let all = pawns & shift_back(!occ1, them);
        if all == 0 {
            return Pushes { all, legal: 0 };
        }

        // The pushed pawn lands next to the king, attacking it.
        let mut bad = all & shift_back(pawn_attacks(us, king), them);

        // The pushed pawn was the only piece between the king and a slider,
        // and it does not stay on that line.
        let orth = theirs & (board.by_role[ROOK] | board.by_role[QUEEN]);
        let diag = theirs & (board.by_role[BISHOP] | board.by_role[QUEEN]);
        let mut snipers = (rook_attacks(king, 0) & orth) | (bishop_attacks(king, 0) & diag);
        while snipers != 0 {
            let sniper = pop(&mut snipers);
            let gap = between(king, sniper);
            let blockers = gap & occ1;
            if blockers & all != 0
                && blockers & blockers.wrapping_sub(1) == 0
                && shift_forward(blockers, them) & gap == 0
            {
                bad |= blockers;
            }
        }

        // A push to the last rank: the owner could choose a checking piece.
        let mut promoting = all & !bad & shift_back(last_rank(them), them);
        while promoting != 0 {
            let s = pop(&mut promoting);
            let t = (s as i32 + forward(them)) as u32;
            let occ2 = occ1 ^ bit(s) ^ bit(t);
            if (knight_attacks(t) | queen_attacks(t, occ2)) & bit(king) != 0 {
                bad |= bit(s);
            }
        }
        Pushes {
            all,
            legal: all & !bad,
        }
    }

    /// The push of a null move (see `null_turn`): `Some(None)` when
    /// no pawn of the opponent can advance, `Some(Some(origin))` for the
    /// push made, `None` when a push is compulsory but every one is illegal
    /// for us (rules 4 and 5), so there is no null move.
    ///
    /// The first part is skipped, so the pushes are those after a first
    /// part that changes nothing (our king is not in check: the search
    /// never tries a null move in check). Of the legal ones the null move
    /// makes the generator's main push (`quiet_push`): the enemy
    /// pawn least advanced towards us, i.e. farthest from promotion. Among
    /// the compulsory pushes this is a cheap, fixed choice of the one that
    /// gives the opponent least (least space, no promotion), and a push to
    /// the last rank, the largest gift, is made only when every legal push
    /// goes there (a pawn one step from promotion is the most advanced
    /// there is). It is also the push the generator pairs first with every
    /// first part, so the null move passes exactly the first part of the
    /// turns the search tries first.
    pub(crate) fn null_push(&self) -> Option<Option<u32>> {
        if self.no_push_turn() {
            return Some(None);
        }
        let b = &self.board;
        let pushes = self.pushes_with(
            b,
            b.occupied(),
            b.king(self.turn),
            b.by_color[1 - self.turn],
        );
        if pushes.all == 0 {
            Some(None)
        } else if pushes.legal != 0 {
            Some(Some(self.quiet_push(pushes.legal)))
        } else {
            None
        }
    }

    /// Is this turn played without a push (avalanche-balanced, White's first)?
    #[inline]
    pub(crate) fn no_push_turn(&self) -> bool {
        self.kind == super::Kind::Balanced && self.turn == WHITE && self.fullmoves == 1
    }

    /// Every legal turn on `board`, generated under the pending choice
    /// `choice`. Each first part's main (quietest) push comes first, in one
    /// pass over the first parts; the other pushes follow in a second pass,
    /// least advanced enemy pawn first. With equal history scores the search
    /// thus tries many different first parts before the second-best pushes.
    fn generate_on(&self, board: &Board, choice: Option<usize>, out: &mut Vec<Turn>) {
        let no_push = self.no_push_turn();
        self.for_each_first_part(board, |fp| {
            out.extend(self.main_turn(board, fp.with_choice(choice), no_push));
        });
        if no_push {
            return;
        }
        self.for_each_first_part(board, |fp| {
            let fp = fp.with_choice(choice);
            let pushes = self.pushes_after(board, fp);
            if pushes.legal == 0 {
                return;
            }
            let mut others = pushes.legal & !bit(self.quiet_push(pushes.legal));
            while others != 0 {
                // Least advanced first: highest square for Black's pawns.
                let s = if self.turn == WHITE {
                    63 - others.leading_zeros()
                } else {
                    others.trailing_zeros()
                };
                others ^= bit(s);
                out.push(self.make_turn(fp, Some(s), pushes.legal));
            }
        });
    }

    fn count_on(&self, board: &Board) -> u64 {
        let mut n = 0u64;
        if self.no_push_turn() {
            self.for_each_first_part(board, |_| n += 1);
            return n;
        }
        self.for_each_first_part(board, |fp| {
            let pushes = self.pushes_after(board, fp);
            n += if pushes.all == 0 {
                1
            } else {
                u64::from(pushes.legal.count_ones())
            };
        });
        n
    }

    pub(crate) fn generate_turns(&self, out: &mut Vec<Turn>) {
        match self.pending {
            None => self.generate_on(&self.board, None, out),
            Some(s) => {
                for role in PROMOTIONS {
                    let board = self.chosen_board(s, role);
                    self.generate_on(&board, Some(role), out);
                }
            }
        }
    }

    pub(crate) fn count_turns(&self) -> u64 {
        match self.pending {
            None => self.count_on(&self.board),
            Some(s) => PROMOTIONS
                .iter()
                .map(|&role| self.count_on(&self.chosen_board(s, role)))
                .sum(),
        }
    }

    /// The push quiescence search pairs with a tactical first part: of the
    /// legal pushes `legal` (non-empty), the enemy pawn that is least
    /// advanced towards us, which usually gives the opponent the least.
    #[inline]
    fn quiet_push(&self, legal: u64) -> u32 {
        if self.turn == WHITE {
            63 - legal.leading_zeros() // Black pawns walk down: highest rank
        } else {
            legal.trailing_zeros()
        }
    }

    /// The turn that pairs `fp` with `push` (or with no push). It is marked
    /// as the main push when the push is the quiet one among `legal` (or
    /// there is none), and for quiescence when it is also a capture or
    /// promotion.
    #[inline]
    pub(crate) fn make_turn(&self, fp: FirstPart, push: Option<u32>, legal: u64) -> Turn {
        let turn = match push {
            Some(s) => fp.with_push(s),
            None => fp.without_push(),
        };
        if push.is_some_and(|s| self.quiet_push(legal) != s) {
            return turn;
        }
        let turn = turn.with_main_push();
        if fp.is_capture() || fp.promotion().is_some() {
            turn.for_quiescence()
        } else {
            turn
        }
    }

    /// The turns marked for quiescence: one per capturing or promoting
    /// first part.
    pub(crate) fn generate_tactical_turns(&self, out: &mut Vec<Turn>) {
        match self.pending {
            None => self.tactical_on(&self.board, None, out),
            Some(s) => {
                for role in PROMOTIONS {
                    let board = self.chosen_board(s, role);
                    self.tactical_on(&board, Some(role), out);
                }
            }
        }
    }

    /// First part `fp` with its main (quietest legal) push, or alone when
    /// no push is possible; `None` when every push would expose the king.
    fn main_turn(&self, board: &Board, fp: FirstPart, no_push: bool) -> Option<Turn> {
        if no_push {
            return Some(self.make_turn(fp, None, 0));
        }
        let pushes = self.pushes_after(board, fp);
        if pushes.all == 0 {
            Some(self.make_turn(fp, None, 0))
        } else if pushes.legal != 0 {
            let main = self.quiet_push(pushes.legal);
            Some(self.make_turn(fp, Some(main), pushes.legal))
        } else {
            None
        }
    }

    fn tactical_on(&self, board: &Board, choice: Option<usize>, out: &mut Vec<Turn>) {
        let no_push = self.no_push_turn();
        self.for_each_first_part(board, |fp| {
            if !fp.is_capture() && fp.promotion().is_none() {
                return;
            }
            out.extend(self.main_turn(board, fp.with_choice(choice), no_push));
        });
    }

    /// Does the side to move have any legal first part (under any choice)?
    pub(crate) fn has_first_part(&self) -> bool {
        let mut any = false;
        match self.pending {
            None => self.for_each_first_part(&self.board, |_| any = true),
            Some(s) => {
                for role in PROMOTIONS {
                    let board = self.chosen_board(s, role);
                    self.for_each_first_part(&board, |_| any = true);
                }
            }
        }
        any
    }

    /// Role of the piece on `s` of the current board, if any.
    pub(crate) fn role_on(&self, s: u32) -> Option<usize> {
        let p = self.board.mailbox[s as usize & 63];
        (p != EMPTY).then(|| role_of(p))
    }
}

/// The castling a castling first part performs.
#[inline]
pub(crate) fn castle_of(
    pos: &AvalanchePosition,
    fp: FirstPart,
) -> &'static super::castling::Castle {
    let [h_side, a_side] = castles(pos.kind, pos.turn);
    if fp.to() == h_side.king_to {
        h_side
    } else {
        a_side
    }
}

/// Own pieces that are the only blocker between the king and an enemy slider.
#[inline]
fn pinned_pieces(board: &Board, us: usize, k: u32, occ: u64) -> u64 {
    let them = 1 - us;
    let orth = board.by_color[them] & (board.by_role[ROOK] | board.by_role[QUEEN]);
    let diag = board.by_color[them] & (board.by_role[BISHOP] | board.by_role[QUEEN]);
    let mut snipers = (rook_attacks(k, 0) & orth) | (bishop_attacks(k, 0) & diag);
    let mut pinned = 0;
    while snipers != 0 {
        let blockers = between(k, pop(&mut snipers)) & occ;
        if blockers & blockers.wrapping_sub(1) == 0 {
            pinned |= blockers & board.by_color[us];
        }
    }
    pinned
}

#[inline]
fn mark_capture(fp: FirstPart, theirs: u64, to: u32) -> FirstPart {
    if theirs & bit(to) != 0 {
        fp.capturing()
    } else {
        fp
    }
}

#[inline]
fn emit_all(from: u32, mut to: u64, theirs: u64, f: &mut impl FnMut(FirstPart)) {
    while to != 0 {
        let dest = pop(&mut to);
        f(mark_capture(FirstPart::new(from, dest), theirs, dest));
    }
}
