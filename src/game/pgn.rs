//! The one PGN writer: tags in the order given, the movetext numbered from
//! the start FEN's side and move number, comments after moves, a final
//! comment and the result, wrapped at 79 columns as the PGN export format
//! asks. The match runner and the web board both write through it; the
//! moves come from [`crate::game::Game::pgn_moves`] (SAN where the variant
//! has it).

use std::fmt::Write as _;

use crate::variants::VariantId;

/// A turn as movetext writes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// SAN, or the UCI token for a variant without SAN.
    pub text: String,
    /// The variant's own notation of the turn (avalanche, Dynamo), written
    /// as a comment of its own right after the move.
    pub notation: Option<String>,
}

impl PgnMove {
    /// A move written as it is, with no notation comment.
    pub fn plain(text: impl Into<String>) -> PgnMove {
        PgnMove {
            text: text.into(),
            notation: None,
        }
    }
}

/// A variation: its moves, and the variations of those in turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnLine {
    pub moves: Vec<PgnMove>,
    /// The variations instead of each move (missing or empty: none).
    pub variations: Vec<Vec<PgnLine>>,
}

impl PgnLine {
    /// A variation with none of its own.
    pub fn plain(moves: Vec<PgnMove>) -> PgnLine {
        PgnLine {
            moves,
            variations: Vec::new(),
        }
    }
}

/// A game ready to be written.
#[derive(Clone, Debug, Default)]
pub struct PgnGame<'a> {
    /// Tag pairs in order (the seven standard tags first, by convention).
    pub tags: Vec<(&'a str, String)>,
    /// The start FEN when not the variant's start position (sets the first
    /// move number and side).
    pub start_fen: Option<&'a str>,
    pub moves: &'a [PgnMove],
    /// A comment after each move, after its notation comment (missing or
    /// empty: none).
    pub comments: Vec<String>,
    /// A numeric annotation glyph after each move (`$2` for `?`; missing
    /// or `None`: none).
    pub nags: Vec<Option<u8>>,
    /// The variations instead of each move, written after its comment
    /// (missing or empty: none).
    pub variations: Vec<Vec<PgnLine>>,
    /// A comment before the result (why the game ended).
    pub final_comment: Option<&'a str>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
}

/// Longest movetext line, as the PGN export format asks.
const LINE_WIDTH: usize = 79;

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

/// Appends `{text}` as words (so the movetext can wrap inside it, but not
/// inside a command such as `[%eval 0.35]`); `false` for an empty text,
/// which adds nothing.
fn push_comment(words: &mut Vec<String>, text: &str) -> bool {
    let text = text.replace(['{', '}'], "");
    let mut parts: Vec<String> = Vec::new();
    let mut in_command = false;
    for word in text.split_whitespace() {
        match parts.last_mut() {
            Some(last) if in_command => {
                last.push(' ');
                last.push_str(word);
            }
            _ => parts.push(word.to_string()),
        }
        let last = parts.last().map_or("", String::as_str);
        in_command = (in_command || word.starts_with("[%")) && !last.ends_with(']');
    }
    let Some(first) = parts.first_mut() else {
        return false;
    };
    first.insert(0, '{');
    if let Some(last) = parts.last_mut() {
        last.push('}');
    }
    words.extend(parts);
    true
}

/// The Variant tag's value: the variant's name, with `960` after it for a
/// Chess960 game (`chess960`, as python-chess and lichess read it, and
/// `atomic960`).
pub fn variant_tag(variant: VariantId, chess960: bool) -> String {
    if chess960 {
        format!("{variant}960")
    } else {
        variant.to_string()
    }
}

/// The whole game as PGN text, ending with a blank line.
pub fn write(game: &PgnGame) -> String {
    let mut out = String::new();
    for (key, value) in &game.tags {
        let _ = writeln!(out, "[{key} \"{}\"]", escape(value));
    }
    out.push('\n');

    let (white, number) = fen_move_state(game.start_fen);
    let mut words: Vec<String> = Vec::new();
    let mut turn = Turn {
        white,
        number,
        first: true,
        after_comment: false,
    };
    for (ply, mv) in game.moves.iter().enumerate() {
        let here = turn;
        turn.push_move(&mut words, mv);
        if let Some(Some(nag)) = game.nags.get(ply) {
            words.push(format!("${nag}"));
        }
        let note = game.comments.get(ply).map_or("", String::as_str);
        turn.after_comment |= push_comment(&mut words, note);
        for line in game.variations.get(ply).into_iter().flatten() {
            push_variation(&mut words, here, line);
            turn.after_comment = true;
        }
        turn.next();
    }
    if let Some(text) = game.final_comment {
        push_comment(&mut words, text);
    }
    words.push(game.result.to_string());

    let words = glue_parentheses(words);
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > LINE_WIDTH {
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

/// Writes `line` in parentheses: it replaces the move at `here`, so it is
/// numbered from that turn; its own variations nest inside it.
fn push_variation(words: &mut Vec<String>, here: Turn, line: &PgnLine) {
    if line.moves.is_empty() {
        return;
    }
    let mut inside = Turn {
        first: true,
        ..here
    };
    words.push("(".to_string());
    for (ply, mv) in line.moves.iter().enumerate() {
        let at = inside;
        inside.push_move(words, mv);
        for sub in line.variations.get(ply).into_iter().flatten() {
            push_variation(words, at, sub);
            inside.after_comment = true;
        }
        inside.next();
    }
    words.push(")".to_string());
}

/// Where the movetext is: whose turn, its number, and whether the next
/// black move needs its number written (`12...`).
#[derive(Clone, Copy)]
struct Turn {
    white: bool,
    number: u32,
    /// The first move written (of the game or of a variation).
    first: bool,
    /// A comment or a variation came since the last move.
    after_comment: bool,
}

impl Turn {
    /// Writes a move with its number where one is due, and its notation
    /// comment.
    fn push_move(&mut self, words: &mut Vec<String>, mv: &PgnMove) {
        if self.white {
            words.push(format!("{}.", self.number));
        } else if self.first || self.after_comment {
            words.push(format!("{}...", self.number));
        }
        words.push(mv.text.clone());
        let notation = mv.notation.as_deref().unwrap_or("");
        self.after_comment = push_comment(words, notation);
        self.first = false;
    }

    /// To the next turn.
    fn next(&mut self) {
        if !self.white {
            self.number += 1;
        }
        self.white = !self.white;
    }
}

/// `(` joined to the word after it and `)` to the word before it, as PGN
/// writes variations: `(12. Nf3 Bg4)`.
fn glue_parentheses(words: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut open = false;
    for word in words {
        if word == ")" {
            if let Some(last) = out.last_mut() {
                last.push(')');
                continue;
            }
        }
        if open {
            open = false;
            out.push(format!("({word}"));
            continue;
        }
        if word == "(" {
            open = true;
            continue;
        }
        out.push(word);
    }
    out
}

/// Today's date in UTC as PGN writes it (`2026.11.22`).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The time now in UTC, ISO 8601 to the second (`2026-11-22T14:05:09Z`).
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let s = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        s / 3600,
        s % 3600 / 60,
        s % 60
    )
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_414), (2025, 11, 22));
    }

    #[test]
    fn numbers_moves_from_the_fen_and_after_comments() {
        let moves = ["Kd7", "Rh7+", "Kd6"].map(PgnMove::plain);
        let game = PgnGame {
            tags: vec![("Event", "a \"b\" \\".into()), ("Result", "0-1".into())],
            start_fen: Some("4k3/8/8/8/8/8/8/4K2R b K - 0 12"),
            moves: &moves,
            comments: vec!["opening".into(), "{+0.50/3}".into()],
            final_comment: Some("White makes an illegal move: h1h9"),
            result: "0-1",
            ..PgnGame::default()
        };
        assert_eq!(
            write(&game),
            "[Event \"a \\\"b\\\" \\\\\"]\n[Result \"0-1\"]\n\n\
             12... Kd7 {opening} 13. Rh7+ {+0.50/3} 13... Kd6 {White makes an illegal move:\n\
             h1h9} 0-1\n\n"
        );
    }

    #[test]
    fn wraps_long_movetext() {
        let moves: Vec<PgnMove> = ["Nf3", "Nf6", "Ng1", "Ng8"]
            .repeat(10)
            .into_iter()
            .map(PgnMove::plain)
            .collect();
        let game = PgnGame {
            moves: &moves,
            final_comment: Some("Draw by threefold repetition"),
            result: "1/2-1/2",
            ..PgnGame::default()
        };
        let pgn = write(&game);
        let movetext = pgn.trim_start();
        assert!(movetext.lines().all(|l| l.len() <= LINE_WIDTH), "{pgn}");
        assert!(movetext.starts_with("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3"));
        assert!(movetext.lines().count() > 2, "{movetext}");
        let words: Vec<&str> = movetext.split_whitespace().collect();
        assert!(words
            .join(" ")
            .ends_with("20. Ng1 Ng8 {Draw by threefold repetition} 1/2-1/2"));
    }

    #[test]
    fn writes_the_variant_notation_as_its_own_comment() {
        let moves = [
            PgnMove {
                text: "g1f3,c7c6".into(),
                notation: Some("Nf3/c6".into()),
            },
            PgnMove {
                text: "d7d5,g2g3".into(),
                notation: Some("d5/g3".into()),
            },
            PgnMove {
                text: "d2d4,h7h6".into(),
                notation: Some("d4/h6".into()),
            },
        ];
        let game = PgnGame {
            moves: &moves,
            comments: vec![String::new(), "-0.20/5".into()],
            result: "*",
            ..PgnGame::default()
        };
        assert_eq!(
            write(&game),
            "\n1. g1f3,c7c6 {Nf3/c6} 1... d7d5,g2g3 {d5/g3} {-0.20/5} 2. d2d4,h7h6 {d4/h6} *\n\n"
        );
    }

    #[test]
    fn writes_nags_and_variations_numbered_from_their_turn() {
        let moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"].map(PgnMove::plain);
        let line = PgnLine::plain(["d6", "Bc4"].map(PgnMove::plain).to_vec());
        let game = PgnGame {
            moves: &moves,
            comments: vec![
                String::new(),
                String::new(),
                String::new(),
                "[%eval 0.3]".into(),
            ],
            nags: vec![None, None, None, None, None, Some(4)],
            variations: vec![vec![], vec![], vec![], vec![], vec![], vec![line]],
            result: "1-0",
            ..PgnGame::default()
        };
        assert_eq!(
            write(&game),
            "\n1. e4 e5 2. Qh5 Nc6 {[%eval 0.3]} 3. Bc4 Nf6 $4 (3... d6 4. Bc4) 4. Qxf7# 1-0\n\n"
        );
        // From a FEN with Black to move: the variation of the first move.
        let moves = ["Kd7", "Rh7+"].map(PgnMove::plain);
        let game = PgnGame {
            start_fen: Some("4k3/8/8/8/8/8/8/4K2R b K - 0 12"),
            moves: &moves,
            nags: vec![Some(2)],
            variations: vec![vec![PgnLine::plain(vec![PgnMove::plain("Kf8")])]],
            result: "*",
            ..PgnGame::default()
        };
        assert_eq!(write(&game), "\n12... Kd7 $2 (12... Kf8) 13. Rh7+ *\n\n");
    }

    #[test]
    fn writes_several_variations_of_a_move_and_variations_inside_them() {
        let plain = |moves: &[&str]| moves.iter().copied().map(PgnMove::plain).collect();
        // 1. e4 e5 2. Nf3, with 1... c5 (in which 2. c3 instead of 2. Nf3)
        // and 1... e6 instead of 1... e5.
        let moves: Vec<PgnMove> = plain(&["e4", "e5", "Nf3"]);
        let sicilian = PgnLine {
            moves: plain(&["c5", "Nf3"]),
            variations: vec![vec![], vec![PgnLine::plain(plain(&["c3"]))]],
        };
        let game = PgnGame {
            moves: &moves,
            variations: vec![vec![], vec![sicilian, PgnLine::plain(plain(&["e6"]))]],
            result: "*",
            ..PgnGame::default()
        };
        assert_eq!(
            write(&game),
            "\n1. e4 e5 (1... c5 2. Nf3 (2. c3)) (1... e6) 2. Nf3 *\n\n"
        );
    }

    #[test]
    fn a_comment_wraps_between_words_but_not_inside_a_command() {
        let moves = vec![PgnMove::plain("e4"); 12];
        let comments =
            vec!["[%eval -10.25] (0.35 -> -10.25) Blunder. Nf3 was best.".to_string(); 12];
        let pgn = write(&PgnGame {
            moves: &moves,
            comments,
            result: "*",
            ..PgnGame::default()
        });
        assert_eq!(pgn.matches("[%eval -10.25]").count(), 12, "{pgn}");
        assert!(pgn.lines().all(|l| l.len() <= LINE_WIDTH), "{pgn}");
        assert!(pgn.lines().count() > 6, "{pgn}");
    }
}
