//! Writing games as PGN: the seven standard tags plus `Variant`,
//! `SetUp`/`FEN`, `TimeControl`, `Termination` and `PlyCount`; moves are the
//! variant's UCI tokens with move numbers; the reason ends the movetext as a
//! comment.

use std::fmt::Write as _;
use std::time::Duration;

use super::engine::Score;
use super::record::GameRecord;

/// What an engine said about its move, as cutechess-cli writes it: the
/// score in pawns from the mover's side (`+0.31`, `-M3` when being mated)
/// over the depth, then the time used (`+0.31/12 0.052s`).
pub fn move_comment(score: Option<Score>, depth: Option<u32>, elapsed: Duration) -> String {
    let time = format!("{:.3}s", elapsed.as_secs_f64());
    let Some(score) = score else {
        return time;
    };
    let value = match score {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(n) if n > 0 => format!("+M{n}"),
        Score::Mate(n) => format!("-M{}", n.unsigned_abs()),
    };
    match depth {
        Some(depth) => format!("{value}/{depth} {time}"),
        None => format!("{value} {time}"),
    }
}

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

/// Appends `{text}` as words (so the movetext can wrap inside it); `false`
/// for an empty text, which adds nothing.
fn push_comment(words: &mut Vec<String>, text: &str) -> bool {
    let text = text.replace(['{', '}'], "");
    let mut parts = text.split_whitespace();
    let Some(first) = parts.next() else {
        return false;
    };
    words.push(format!("{{{first}"));
    words.extend(parts.map(str::to_string));
    if let Some(last) = words.last_mut() {
        last.push('}');
    }
    true
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
    let mut after_comment = false;
    for (ply, token) in game.moves.iter().enumerate() {
        if white {
            words.push(format!("{number}."));
        } else if ply == 0 || after_comment {
            words.push(format!("{number}..."));
        }
        words.push(token.clone());
        let note = if ply + 1 == game.opening_plies {
            "opening"
        } else {
            game.annotations.get(ply).map_or("", String::as_str)
        };
        after_comment = push_comment(&mut words, note);
        if !white {
            number += 1;
        }
        white = !white;
    }
    push_comment(&mut words, &game.reason);
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
            annotations: vec![String::new(), "+0.50/3 0.010s".into(), String::new()],
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
12... e8d7 {opening} 13. h1h7 {+0.50/3 0.010s} 13... d7d6 {White makes an\nillegal move: h1h9} 0-1\n\n";
        assert_eq!(pgn, expected);
    }

    #[test]
    fn move_comments_like_cutechess() {
        let ms = Duration::from_millis;
        assert_eq!(
            move_comment(Some(Score::Cp(31)), Some(12), ms(52)),
            "+0.31/12 0.052s"
        );
        assert_eq!(
            move_comment(Some(Score::Cp(-5)), None, ms(1500)),
            "-0.05 1.500s"
        );
        assert_eq!(
            move_comment(Some(Score::Mate(3)), Some(9), ms(0)),
            "+M3/9 0.000s"
        );
        assert_eq!(
            move_comment(Some(Score::Mate(-2)), Some(9), ms(7)),
            "-M2/9 0.007s"
        );
        assert_eq!(move_comment(None, Some(4), ms(7)), "0.007s");
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
            annotations: Vec::new(),
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
