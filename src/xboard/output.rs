//! What the engine writes in CECP: thinking lines, results, errors.

use crate::game::{GameResult, Verdict};
use crate::search::score::mate_in_moves;
use crate::search::SearchInfo;
use crate::text::shorten;
use crate::variants::{EndReason, MoveError, Reason};

/// A score as CECP wants it: centipawns, mate in N as 100000 + N, mated in
/// N as -100000 - N.
pub fn score(score: i32) -> i64 {
    match mate_in_moves(score) {
        Some(n) if n > 0 => 100_000 + i64::from(n),
        Some(n) => -100_000 + i64::from(n),
        None => i64::from(score),
    }
}

/// A thinking line: `depth score time nodes pv`, time in centiseconds.
pub fn thinking(info: &SearchInfo) -> String {
    format!(
        "{} {} {} {} {}",
        info.depth,
        score(info.score),
        info.time_ms / 10,
        info.nodes,
        info.pv.join(" ")
    )
}

/// The result line: `1-0 {White mates}`, `1/2-1/2 {Stalemate}`.
pub fn result(verdict: &Verdict) -> String {
    let comment = match (verdict.reason, verdict.result) {
        (EndReason::Checkmate, GameResult::WhiteWins) => "White mates".to_string(),
        (EndReason::Checkmate, GameResult::BlackWins) => "Black mates".to_string(),
        // The side that lost its king is the loser.
        (EndReason::KingExploded, GameResult::WhiteWins) => "Black's king exploded".to_string(),
        (EndReason::KingExploded, GameResult::BlackWins) => "White's king exploded".to_string(),
        (EndReason::Stalemate, _) => "Stalemate".to_string(),
        (EndReason::ThreefoldRepetition, _) => "Draw by repetition".to_string(),
        (EndReason::FiftyMoveRule, _) => "Draw by fifty move rule".to_string(),
        (EndReason::InsufficientMaterial, _) => "Insufficient material".to_string(),
        (other, _) => capitalised(other.as_str()),
    };
    format!("{} {{{comment}}}", verdict.result.pgn())
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `Error (<reason>): <command>`, the command cut to a sane length.
pub fn error(reason: &str, command: &str) -> String {
    format!("Error ({}): {}", brief(reason), shorten(command.trim()))
}

/// A reason cut to a sane length: the rules' reasons may quote the input
/// (Omega's `bad promotion piece <p> in move <token>`), which may be huge.
fn brief(reason: &str) -> String {
    crate::text::cut(reason, 200)
}

/// The answer to a refused move: `Illegal move: <move>`, or with the
/// backend's reason in parentheses.
pub fn refused_move(e: &MoveError) -> String {
    let token = e.token();
    match (e, e.reason()) {
        (MoveError::Illegal { .. }, Reason::Unstated) => illegal_move(token, None),
        (MoveError::Malformed { .. }, Reason::Unstated) => {
            illegal_move(token, Some("not a move in this variant"))
        }
        (_, Reason::Detail(r) | Reason::Message(r)) => illegal_move(token, Some(r)),
    }
}

/// `Illegal move: <move>` or `Illegal move (<reason>): <move>`.
pub fn illegal_move(token: &str, reason: Option<&str>) -> String {
    match reason {
        Some(r) => format!("Illegal move ({}): {}", brief(r), shorten(token)),
        None => format!("Illegal move: {}", shorten(token)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::MATE;

    #[test]
    fn mate_scores_count_moves_from_100000() {
        assert_eq!(score(MATE - 1), 100_001);
        assert_eq!(score(MATE - 3), 100_002);
        assert_eq!(score(-(MATE - 2)), -100_001);
        assert_eq!(score(-35), -35);
    }

    #[test]
    fn results_say_why() {
        let v = |result, reason| result_line(Verdict { result, reason });
        fn result_line(v: Verdict) -> String {
            result(&v)
        }
        assert_eq!(
            v(GameResult::WhiteWins, EndReason::Checkmate),
            "1-0 {White mates}"
        );
        assert_eq!(
            v(GameResult::BlackWins, EndReason::Checkmate),
            "0-1 {Black mates}"
        );
        assert_eq!(
            v(GameResult::BlackWins, EndReason::KingExploded),
            "0-1 {White's king exploded}"
        );
        assert_eq!(
            v(GameResult::Draw, EndReason::Stalemate),
            "1/2-1/2 {Stalemate}"
        );
        assert_eq!(
            v(GameResult::Draw, EndReason::ThreefoldRepetition),
            "1/2-1/2 {Draw by repetition}"
        );
        assert_eq!(
            v(GameResult::Draw, EndReason::FiftyMoveRule),
            "1/2-1/2 {Draw by fifty move rule}"
        );
        assert_eq!(
            error("unknown command", " fly "),
            "Error (unknown command): fly"
        );
        assert_eq!(illegal_move("e2e5", None), "Illegal move: e2e5");
        assert_eq!(
            refused_move(&MoveError::illegal("e2e5")),
            "Illegal move: e2e5"
        );
        assert_eq!(
            refused_move(&MoveError::malformed("zz")),
            "Illegal move (not a move in this variant): zz"
        );
    }

    #[test]
    fn a_reason_quoting_huge_input_is_cut() {
        // Omega's reason for a bad promotion piece quotes the token twice;
        // the CECP fuzzer sent a 46 kB one and got a 93 kB line back.
        let token = "e2e4".repeat(10_000);
        let e = MoveError::malformed(&token).saying(format!(
            "bad promotion piece {} in move {token} (q r b n c w)",
            &token[4..]
        ));
        let line = refused_move(&e);
        assert!(line.len() < 400, "{} bytes", line.len());
        assert!(
            line.starts_with("Illegal move (bad promotion piece e2e4"),
            "{line}"
        );
        assert!(line.ends_with("(40000 bytes)"), "{line}");
        let line = error(&"x".repeat(5000), "setboard x");
        assert!(line.len() < 300, "{line}");
        assert!(line.ends_with("(5000 bytes)): setboard x"), "{line}");
    }
}
