//! Writing games as PGN: the seven standard tags plus `Variant`,
//! `SetUp`/`FEN`, `TimeControl`, `Termination` and `PlyCount`; moves are the
//! variant's UCI tokens with move numbers; the reason ends the movetext as a
//! comment.

use std::fmt::Write as _;

use super::record::GameRecord;

/// Game-independent tag values.
#[derive(Clone, Debug)]
pub struct PgnHeader {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    pub time_control: String,
}

/// Today's date in UTC as PGN writes it (`2026.11.22`).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// A tag value with `\` and `"` escaped.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Side to move and full move number written in a FEN's last fields
/// (white to move on move 1 when they are missing).
fn fen_move_state(fen: Option<&str>) -> (bool, u32) {
    let Some(fen) = fen else {
        return (true, 1);
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let white = fields.get(1).is_none_or(|&side| side != "b");
    let number = fields
        .get(5)
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    (white, number)
}

/// The whole game as PGN text, ending with a blank line.
pub fn write_game(header: &PgnHeader, names: &[String], game: &GameRecord) -> String {
    let mut out = String::new();
    let name = |i: usize| names.get(i).map_or("?", String::as_str);
    let mut tag = |key: &str, value: &str| {
        let _ = writeln!(out, "[{key} \"{}\"]", escape(value));
    };
    tag("Event", &header.event);
    tag("Site", &header.site);
    tag("Date", &header.date);
    tag("Round", &game.number.to_string());
    tag("White", name(game.white));
    tag("Black", name(game.black));
    tag("Result", game.result.pgn());
    tag("Variant", &game.variant);
    if let Some(fen) = &game.start_fen {
        tag("SetUp", "1");
        tag("FEN", fen);
    }
    tag("TimeControl", &header.time_control);
    tag("Termination", game.termination.pgn());
    tag("PlyCount", &game.moves.len().to_string());
    out.push('\n');

    let (mut white, mut number) = fen_move_state(game.start_fen.as_deref());
    let mut words: Vec<String> = Vec::new();
    for (ply, token) in game.moves.iter().enumerate() {
        if white {
            words.push(format!("{number}."));
        } else if ply == 0 || (ply == game.opening_plies && ply > 0) {
            words.push(format!("{number}..."));
        }
        words.push(token.clone());
        if ply + 1 == game.opening_plies {
            words.push("{opening}".to_string());
        }
        if !white {
            number += 1;
        }
        white = !white;
    }
    let reason = game.reason.replace(['{', '}'], "");
    let mut comment = reason.split_whitespace();
    if let Some(first) = comment.next() {
        words.push(format!("{{{first}"));
        words.extend(comment.map(str::to_string));
        if let Some(last) = words.last_mut() {
            last.push('}');
        }
    }
    words.push(game.result.pgn().to_string());

    // Wrap the movetext at 80 columns, as the PGN export format asks.
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::record::{GameResult, Termination};

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_414), (2025, 11, 22));
    }

    #[test]
    fn writes_tags_moves_and_result() {
        let header = PgnHeader {
            event: "Test".into(),
            site: "here".into(),
            date: "2026.11.22".into(),
            time_control: "1+0.01".into(),
        };
        let names = vec!["alpha".to_string(), "be\"ta".to_string()];
        let game = GameRecord {
            number: 3,
            white: 1,
            black: 0,
            variant: "chess".into(),
            start_fen: Some("4k3/8/8/8/8/8/8/4K2R b K - 0 12".into()),
            moves: vec!["e8d7".into(), "h1h7".into(), "d7d6".into()],
            opening_plies: 1,
            result: GameResult::BlackWins,
            termination: Termination::IllegalMove,
            reason: "White makes an illegal move: h1h9".into(),
            healthy: [true, true],
        };
        let pgn = write_game(&header, &names, &game);
        let expected = "[Event \"Test\"]\n[Site \"here\"]\n[Date \"2026.11.22\"]\n[Round \"3\"]\n\
[White \"be\\\"ta\"]\n[Black \"alpha\"]\n[Result \"0-1\"]\n[Variant \"chess\"]\n[SetUp \"1\"]\n\
[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 12\"]\n[TimeControl \"1+0.01\"]\n\
[Termination \"rules infraction\"]\n[PlyCount \"3\"]\n\n\
12... e8d7 {opening} 13. h1h7 d7d6 {White makes an illegal move: h1h9} 0-1\n\n";
        assert_eq!(pgn, expected);
    }

    #[test]
    fn wraps_long_movetext() {
        let header = PgnHeader {
            event: "e".into(),
            site: "s".into(),
            date: "d".into(),
            time_control: "-".into(),
        };
        let game = GameRecord {
            number: 1,
            white: 0,
            black: 1,
            variant: "chess".into(),
            start_fen: None,
            moves: ["g1f3", "g8f6", "f3g1", "f6g8"]
                .repeat(10)
                .iter()
                .map(|s| s.to_string())
                .collect(),
            opening_plies: 0,
            result: GameResult::Draw,
            termination: Termination::Normal,
            reason: "Draw by threefold repetition".into(),
            healthy: [true, true],
        };
        let pgn = write_game(&header, &["a".into(), "b".into()], &game);
        let movetext = pgn.split("\n\n").nth(1).unwrap();
        assert!(movetext.lines().all(|l| l.len() <= 80));
        assert!(movetext.starts_with("1. g1f3 g8f6 2. f3g1 f6g8 3. g1f3"));
        assert!(movetext
            .trim_end()
            .ends_with("20. f3g1 f6g8 {Draw by threefold repetition} 1/2-1/2"));
    }
}
