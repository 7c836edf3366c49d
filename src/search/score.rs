//! Score scale: centipawns, with mate scores near the ends.

use crate::eval::win_rate::{Wdl, WinRate};
use crate::tablebase::TbValue;

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

/// The score shown for a root the endgame tables hold, as Stockfish shows
/// it: a win `TB_WIN` less the plies to the next zeroing move (beyond any
/// evaluation, short of a mate), a loss its negation, a win or loss the
/// 50-move rule spoils a point either side of a draw.
pub fn tb_root_score(value: TbValue, plies: u32) -> i32 {
    let plies = plies.min(MAX_PLY as u32 * 4) as i32;
    match value {
        TbValue::Win => TB_WIN - plies,
        TbValue::CursedWin => DRAW + 1,
        TbValue::Draw => DRAW,
        TbValue::BlessedLoss => DRAW - 1,
        TbValue::Loss => -TB_WIN + plies,
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
    fn a_tablebase_win_shows_beyond_any_evaluation_and_short_of_a_mate() {
        assert_eq!(tb_root_score(TbValue::Win, 19), 19_981);
        assert_eq!(uci_score(tb_root_score(TbValue::Win, 19)), "cp 19981");
        assert_eq!(tb_root_score(TbValue::Loss, 1), -19_999);
        assert_eq!(tb_root_score(TbValue::Draw, 0), 0);
        assert_eq!(tb_root_score(TbValue::CursedWin, 40), 1);
        assert!(!is_mate(tb_root_score(TbValue::Win, 0)));
        let rate = WinRate { a: 300.0, b: 80.0 };
        assert_eq!(wdl(tb_root_score(TbValue::Win, 30), &rate), Wdl::WON);
    }

    #[test]
    fn mate_scores_print_in_moves() {
        assert_eq!(uci_score(MATE - 1), "mate 1");
        assert_eq!(uci_score(MATE - 3), "mate 2");
        assert_eq!(uci_score(-(MATE - 2)), "mate -1");
        assert_eq!(uci_score(-MATE), "mate 0");
        assert_eq!(uci_score(-35), "cp -35");
    }
}
