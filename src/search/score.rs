//! Score scale: centipawns, with mate scores near the ends.

use crate::eval::win_rate::{Wdl, WinRate};

pub const INFINITY: i32 = 32_000;
/// Score of delivering mate at the root; mate in `n` plies is `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
pub const DRAW: i32 = 0;
/// What a win the endgame tables prove is worth, short of a mate the
/// search finds.
pub const TB_WIN: i32 = 20_000;
pub const MAX_PLY: usize = 128;

pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Mate in this many moves for a mate score (negative when the side to
/// move is mated), `None` for any other score.
pub fn mate_in_moves(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-((MATE + score) / 2))
    } else {
        None
    }
}

/// Win, draw and loss per mille for a search score under `rate`: certain
/// for a mate score.
pub fn wdl(score: i32, rate: &WinRate) -> Wdl {
    if score >= MATE_BOUND {
        Wdl::WON
    } else if score <= -MATE_BOUND {
        Wdl::LOST
    } else {
        rate.wdl(score)
    }
}

/// A score as UCI writes it: `cp N` or `mate N` (N in moves, negative when
/// the side to move is mated).
pub fn uci_score(score: i32) -> String {
    match mate_in_moves(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {score}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_print_in_moves() {
        assert_eq!(uci_score(MATE - 1), "mate 1");
        assert_eq!(uci_score(MATE - 3), "mate 2");
        assert_eq!(uci_score(-(MATE - 2)), "mate -1");
        assert_eq!(uci_score(-MATE), "mate 0");
        assert_eq!(uci_score(-35), "cp -35");
    }
}
