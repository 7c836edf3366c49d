//! Static exchange evaluation of an avalanche turn: chess's swap algorithm
//! (`variants/chess/see.rs`) on the first part's square, less what the
//! turn's push hands the opponent when it brings one of his pawns to its
//! last rank.
//!
//! The exchange is played on the board as it stands after the whole turn,
//! push included: the push may have moved a defending pawn off its
//! diagonal, brought one onto it, or opened or closed a line. The pushes
//! that come with each recapture later are not looked at (each could do the
//! same once more, for either side), just as pins are not: that keeps the
//! test to a few bitboard operations. A pawn the push brings to its last
//! rank joins the exchange as the queen its owner will choose.

use super::bits::*;
use super::turn::Turn;
use super::AvalanchePosition;
use crate::variants::board8::piece::EXCHANGE_VALUE;

/// What a pawn pushed to its last rank gives the opponent: a queen for it.
const GIFT: i32 = EXCHANGE_VALUE[QUEEN] - EXCHANGE_VALUE[PAWN];

/// The placement bitboards alone, for the board after the turn.
struct Placement {
    color: [u64; 2],
    role: [u64; 6],
}

impl Placement {
    fn moved(&mut self, color: usize, role: usize, from: u32, to: u32, new_role: usize) {
        self.color[color] ^= bit(from) | bit(to);
        self.role[role] ^= bit(from);
        self.role[new_role] |= bit(to);
    }

    /// Pieces of both colours that attack `s` through `occ`.
    fn attackers(&self, s: u32, occ: u64) -> u64 {
        let r = &self.role;
        let diagonal = r[BISHOP] | r[QUEEN];
        let straight = r[ROOK] | r[QUEEN];
        (pawn_attacks(BLACK, s) & r[PAWN] & self.color[WHITE])
            | (pawn_attacks(WHITE, s) & r[PAWN] & self.color[BLACK])
            | (knight_attacks(s) & r[KNIGHT])
            | (king_attacks(s) & r[KING])
            | (bishop_attacks(s, occ) & diagonal)
            | (rook_attacks(s, occ) & straight)
    }

    /// The least valuable of `pieces` (not empty) and its square.
    fn least_valuable(&self, pieces: u64) -> (usize, u32) {
        for role in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING] {
            let mine = pieces & self.role[role];
            if mine != 0 {
                return (role, mine.trailing_zeros());
            }
        }
        unreachable!("least_valuable of an empty set")
    }
}

impl AvalanchePosition {
    /// Whether turn `t` wins at least `threshold` once both sides have
    /// recaptured on its first part's square for as long as it pays.
    pub(super) fn exchange_at_least(&self, t: Turn, threshold: i32) -> bool {
        let us = self.turn;
        let them = 1 - us;
        let promotes_pushed = |s: u32| shift_back(last_rank(them), them) & bit(s) != 0;
        let gift = t
            .push_from()
            .filter(|&s| promotes_pushed(s))
            .map_or(0, |_| GIFT);
        let fp = t.first();
        if fp.is_castle() {
            return -gift >= threshold;
        }
        let (from, to) = (fp.from(), fp.to());
        let mut after = Placement {
            color: self.board.by_color,
            role: self.board.by_role,
        };
        // The pending pawn becomes its chosen piece before the first part.
        let mut mover = self.role_on(from).unwrap_or(PAWN);
        if let (Some(role), Some(s)) = (t.choice(), self.pending) {
            after.role[PAWN] ^= bit(s);
            after.role[role] |= bit(s);
            if s == from {
                mover = role;
            }
        }
        let victim = if fp.is_capture() {
            self.role_on(to)
        } else {
            None
        };
        if let Some(role) = victim {
            after.color[them] ^= bit(to);
            after.role[role] ^= bit(to);
        }
        let on_square = fp.promotion().unwrap_or(mover);
        after.moved(us, mover, from, to, on_square);
        if let Some(s) = t.push_from() {
            let dest = (s as i32 + forward(them)) as u32;
            let role = if promotes_pushed(s) { QUEEN } else { PAWN };
            after.moved(them, PAWN, s, dest, role);
        }

        // What the mover has won if the opponent does not recapture...
        let promotion = fp
            .promotion()
            .map_or(0, |r| EXCHANGE_VALUE[r] - EXCHANGE_VALUE[PAWN]);
        let mut swap = victim.map_or(0, |r| EXCHANGE_VALUE[r]) + promotion - gift - threshold;
        if swap < 0 {
            return false;
        }
        // ...and if the piece now on the square is taken for nothing.
        swap = EXCHANGE_VALUE[on_square] - swap;
        if swap <= 0 {
            return true;
        }
        let mut occupied = after.color[WHITE] | after.color[BLACK];
        let diagonal = after.role[BISHOP] | after.role[QUEEN];
        let straight = after.role[ROOK] | after.role[QUEEN];
        let mut attackers = after.attackers(to, occupied);
        let mut side = us;
        // True while the mover is ahead after the last capture in the sequence.
        let mut result = true;
        loop {
            side = 1 - side;
            attackers &= occupied;
            let ours = attackers & after.color[side];
            if ours == 0 {
                break;
            }
            result = !result;
            let (role, square) = after.least_valuable(ours);
            if role == KING {
                // The king may capture only when nothing can take it back.
                return if attackers & after.color[1 - side] != 0 {
                    !result
                } else {
                    result
                };
            }
            swap = EXCHANGE_VALUE[role] - swap;
            if swap < i32::from(result) {
                break;
            }
            occupied ^= bit(square);
            if matches!(role, PAWN | BISHOP | QUEEN) {
                attackers |= bishop_attacks(to, occupied) & diagonal;
            }
            if matches!(role, ROOK | QUEEN) {
                attackers |= rook_attacks(to, occupied) & straight;
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use crate::variants::avalanche::AvalanchePosition;
    use crate::variants::exchange_value::exchange_value;
    use crate::variants::VariantId;

    /// Exact exchange value of a turn: the largest threshold it meets.
    fn value(fen: &str, token: &str) -> i32 {
        exchange_value::<AvalanchePosition>(VariantId::Avalanche, fen, token)
    }

    // Values worked out by hand with P=100 N=320 B=330 R=500 Q=950. Each
    // turn pushes a black pawn; h7-h6 touches nothing of the exchange.

    #[test]
    fn an_undefended_piece_is_won_whole() {
        assert_eq!(value("4k3/7p/8/3r4/8/8/8/3RK3 w - - 0 1", "d1d5,h7h6"), 500);
    }

    #[test]
    fn a_defended_pawn_taken_by_the_queen_loses_it() {
        // Qxd5 exd5: +100 - 950.
        let fen = "4k3/7p/4p3/3p4/8/8/8/3QK3 w - - 0 1";
        assert_eq!(value(fen, "d1d5,h7h6"), -850);
    }

    #[test]
    fn the_turns_own_push_moves_defenders() {
        // Pushing the defender e6 to e5 takes it off d5's diagonal: +100.
        let fen = "4k3/2p4p/4p3/3p4/8/8/8/3QK3 w - - 0 1";
        assert_eq!(value(fen, "d1d5,e6e5"), 100);
        // Pushing c7 to c6 brings a defender: c6xd5 or e6xd5, -850.
        let fen = "4k3/2p4p/8/3p4/8/8/8/3QK3 w - - 0 1";
        assert_eq!(value(fen, "d1d5,c7c6"), -850);
        assert_eq!(value(fen, "d1d5,h7h6"), 100);
    }

    #[test]
    fn x_rays_join_the_exchange() {
        // Rd2xd5 Rxd5 Rd1xd5: +100 - 500 + 500.
        let fen = "3rk3/7p/8/3p4/8/8/3R4/3RK3 w - - 0 1";
        assert_eq!(value(fen, "d2d5,h7h6"), 100);
        // Without the rook behind: +100 - 500.
        let fen = "3rk3/7p/8/3p4/8/8/3R4/4K3 w - - 0 1";
        assert_eq!(value(fen, "d2d5,h7h6"), -400);
    }

    #[test]
    fn the_side_to_recapture_may_stop() {
        // Nxd5 cxd5: +100 - 320.
        let fen = "4k3/7p/2p5/3p4/8/4N3/8/4K3 w - - 0 1";
        assert_eq!(value(fen, "e3d5,h7h6"), -220);
        // exd5 takes a knight; Qxd5 would lose the queen to the bishop
        // behind the pawn, so Black stops: +320.
        let fen = "4k3/3q3p/8/3n4/4P3/5B2/8/4K3 w - - 0 1";
        assert_eq!(value(fen, "e4d5,h7h6"), 320);
    }

    #[test]
    fn a_king_cannot_recapture_into_a_defended_square() {
        // Rxe7+: Kxe7 only without the bishop on b4.
        let fen = "4k3/4p2p/8/8/1B6/8/8/4RK2 w - - 0 1";
        assert_eq!(value(fen, "e1e7,h7h6"), 100);
        let fen = "4k3/4p2p/8/8/8/8/8/4RK2 w - - 0 1";
        assert_eq!(value(fen, "e1e7,h7h6"), -400);
    }

    #[test]
    fn promotion() {
        assert_eq!(value("4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1", "b7b8q,h7h6"), 850);
        // Capturing a rook while promoting, out of the king's reach.
        let fen = "1r2k3/P6p/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(value(fen, "a7b8q,h7h6"), 500 + 850);
    }

    #[test]
    fn a_push_to_the_last_rank_is_a_gift() {
        // The only push, a2-a1, gives Black a queen: Rxd5 wins a rook,
        // +500 - 850.
        let fen = "4k3/8/8/3r4/7K/8/p7/3R4 w - - 0 1";
        assert_eq!(value(fen, "d1d5,a2a1"), -350);
        // And the queen on a1 takes part: Rxd4 Qxd4, +500 - 500 - 850.
        let fen = "4k3/8/8/8/3r3K/8/p7/3R4 w - - 0 1";
        assert_eq!(value(fen, "d1d4,a2a1"), -850);
    }

    #[test]
    fn a_pending_promotion_recaptures_as_its_chosen_piece() {
        // White's pawn waits on c8 (no choice may check the king g6);
        // chosen as a knight, it defends the rook's capture on d6:
        // Rxd6 exd6 Nxd6 = +330 - 500 + 100.
        let fen = "2P5/4p2p/3b2k1/8/8/8/8/3RK3 w - - 0 1";
        assert_eq!(value(fen, "c8=n,d1d6,h7h6"), -70);
        // Chosen as a queen it does not reach d6: +330 - 500.
        assert_eq!(value(fen, "c8=q,d1d6,h7h6"), -170);
    }
}
