//! Dynamo's "does this turn lose material" test, the variant's stand-in for
//! a static exchange evaluation. Nothing is captured in Dynamo, so there is
//! no square to exchange on; the rule is two plies deep:
//!
//! - the material balance at once ([`Rules::tactical_gain`]): pieces pushed
//!   or pulled off the board, the mover itself when it leaves with a pulled
//!   piece, and promotions;
//! - less what the opponent wins by then removing the piece that made the
//!   turn, if it still stands on the board: its value, less the cheapest
//!   price of removing it. Pushing it off (slider, leaper or pawn) costs
//!   nothing; pulling it off costs the puller, which leaves the board too.
//!   The opponent is free not to: a removal that costs more than it wins
//!   counts as nothing.
//!
//! What we could win back after that removal, the legality of the
//! opponent's removing turn and threats to our other pieces are not looked
//! at. It is cheap: the placement bitboards after the turn and the few
//! candidates that can remove one square (as `check::removable` finds
//! them), only when the turn's gain does not already decide the threshold.

use super::board::{color_of, role_of, Bits, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use super::geometry::{
    bit, distance, file_of, nearest, offset, rank_of, ray, EDGE, KING_THREATS, KNIGHT_THREATS, OFF,
    PAWN_THREATS,
};
use super::movegen::after_promotion;
use super::{DynamoMove, DynamoPosition, MoveKind};
use crate::variants::board8::piece::EXCHANGE_VALUE;
use crate::variants::Rules;

impl DynamoPosition {
    /// Whether turn `m` wins at least `threshold`, the opponent having
    /// removed the piece that made it when that pays for him.
    pub(super) fn turn_wins_at_least(&self, m: DynamoMove, threshold: i32) -> bool {
        let gain = self.tactical_gain(m);
        if gain < threshold {
            return false;
        }
        if m.kind == MoveKind::Castle || m.to == OFF {
            return true;
        }
        let mover = self.board[m.from as usize];
        let mover = if m.kind == MoveKind::Ordinary {
            after_promotion(mover, m.promotion)
        } else {
            mover
        };
        // Our king is never removable after a legal turn.
        let value = EXCHANGE_VALUE[role_of(mover)];
        if role_of(mover) == KING || gain - value >= threshold {
            return true;
        }
        let after = self.bits_after(m);
        let them = color_of(mover) ^ 1;
        let lost = cheapest_removal(&after, m.to, them).map_or(0, |price| (value - price).max(0));
        gain - lost >= threshold
    }
}

/// The least material `by` gives up to remove the enemy piece on `sq` in
/// one dynamo move, or `None` when it cannot be removed.
#[allow(clippy::needless_range_loop)] // `dir` is a direction, not just an index
fn cheapest_removal(bits: &Bits, sq: u8, by: usize) -> Option<i32> {
    let s = sq as usize;
    let theirs = bits.color[by];
    // Stationary pushes by a king or a pawn cost nothing.
    if (KING_THREATS[s] & bits.role[KING] | PAWN_THREATS[by][s] & bits.role[PAWN]) & theirs != 0 {
        return Some(0);
    }
    let mut cheapest = None;
    let mut consider = |price: i32| {
        cheapest = Some(cheapest.map_or(price, |c: i32| c.min(price)));
    };
    let mut knights = KNIGHT_THREATS[s] & bits.role[KNIGHT] & theirs;
    while knights != 0 {
        let n = knights.trailing_zeros() as u8;
        knights &= knights - 1;
        // The knight pushes the piece on by the same leap, or pulls it.
        let (df, dr) = (file_of(sq) - file_of(n), rank_of(sq) - rank_of(n));
        let pushed_off = offset(sq, df, dr, 1) == OFF;
        consider(if pushed_off {
            0
        } else {
            EXCHANGE_VALUE[KNIGHT]
        });
    }
    let occ = bits.occupied();
    let straight = theirs & (bits.role[ROOK] | bits.role[QUEEN]);
    let diagonal = theirs & (bits.role[BISHOP] | bits.role[QUEEN]);
    for dir in 0..8 {
        let sliders = if dir < 4 { straight } else { diagonal };
        let line = ray(dir, sq);
        if line & sliders == 0 {
            continue;
        }
        let a = nearest(line & occ, dir);
        if sliders & bit(a) == 0 {
            continue;
        }
        let d = distance(sq, a);
        let back = dir ^ 1;
        // Push: the slider comes on and sends the piece `d` further.
        if EDGE[back][s] < d && ray(back, sq) & occ == 0 {
            consider(0);
        }
        // Pull: the slider backs off the board, taking the piece along.
        if EDGE[dir][a as usize] < d && ray(dir, a) & occ == 0 {
            let role = if bits.role[QUEEN] & bit(a) != 0 {
                QUEEN
            } else if dir < 4 {
                ROOK
            } else {
                BISHOP
            };
            consider(EXCHANGE_VALUE[role]);
        }
    }
    cheapest
}

#[cfg(test)]
mod tests {
    use crate::variants::dynamo::DynamoPosition;
    use crate::variants::exchange_value::exchange_value;
    use crate::variants::VariantId;

    /// Exact exchange value of a turn: the largest threshold it meets.
    fn value(fen: &str, token: &str) -> i32 {
        exchange_value::<DynamoPosition>(VariantId::Dynamo, fen, token)
    }

    // Values worked out by hand with P=100 N=320 B=330 R=500 Q=950.

    #[test]
    fn a_piece_pushed_off_is_won_whole() {
        // Ra1-a5 pushes the knight four more squares, off the board.
        assert_eq!(value("8/8/4k3/n7/8/3K4/8/R7 w - - 0 1", "a1a5,a5off"), 320);
    }

    #[test]
    fn a_mover_left_where_it_can_be_pushed_off_is_lost() {
        // Qa1-a5 pushes the knight off, then Rh5-a5 pushes the queen off
        // (seven squares, past the a-file): +320 - 950.
        let fen = "8/8/4k3/n6r/8/3K4/8/Q7 w - - 0 1";
        assert_eq!(value(fen, "a1a5,a5off"), -630);
        // A rook pushing a queen off and lost the same way: +950 - 500.
        let fen = "8/8/4k3/q6r/8/3K4/8/R7 w - - 0 1";
        assert_eq!(value(fen, "a1a5,a5off"), 450);
    }

    #[test]
    fn a_pull_off_costs_the_puller() {
        // Qe1-e4: the rook h4 can only pull the queen off by leaving the
        // board itself (three squares east): -950 + 500.
        let fen = "8/8/2k5/8/7r/8/3K4/4Q3 w - - 0 1";
        assert_eq!(value(fen, "e1e4"), -450);
        // For a knight on e4 the rook would give more than it gets, so the
        // opponent lets it be: 0.
        let fen = "8/8/2k5/8/7r/6N1/3K4/8 w - - 0 1";
        assert_eq!(value(fen, "g3e4"), 0);
    }

    #[test]
    fn a_pawn_pushes_diagonally_off() {
        // Rh1-h6: the pawn g7 pushes the rook on to i5, off: -500.
        let fen = "8/6p1/2k5/8/8/3K4/8/7R w - - 0 1";
        assert_eq!(value(fen, "h1h6"), -500);
        // From h5 nothing reaches it: 0.
        assert_eq!(value(fen, "h1h5"), 0);
    }

    #[test]
    fn a_knight_pushes_off_for_free_and_pulls_off_at_its_price() {
        // Rh1-h4: the knight f5 pushes the rook on by (2, -1), off: -500.
        let fen = "8/8/6k1/3K1n2/8/8/8/7R w - - 0 1";
        assert_eq!(value(fen, "h1h4"), -500);
        // Rc1-c3: the knight a2 can only pull it off, leaving with it:
        // -500 + 320.
        let fen = "8/8/6k1/3K4/8/8/n7/2R5 w - - 0 1";
        assert_eq!(value(fen, "c1c3"), -180);
    }

    #[test]
    fn a_slider_pulling_off_leaves_with_its_piece() {
        // Rh3 backs off the board pulling the queen h6 with it: +950 - 500,
        // and no mover is left to lose.
        let fen = "8/8/2k4q/8/8/3K3R/8/8 w - - 0 1";
        assert_eq!(value(fen, "h3off,h6off"), 450);
    }

    #[test]
    fn promotion() {
        // b7-b8=Q: +850, unless the rook h8 pushes the queen off past a8.
        assert_eq!(value("8/1P6/2k5/8/8/3K4/8/8 w - - 0 1", "b7b8q"), 850);
        assert_eq!(value("7r/1P6/2k5/8/8/3K4/8/8 w - - 0 1", "b7b8q"), -100);
    }
}
