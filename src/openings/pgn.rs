//! Openings from PGN games: each game's moves (UCI tokens, or SAN where the
//! backend reads it: chess, atomic, Omega) from its `FEN` tag or the
//! variant's start position.
//! Comments, variations, NAGs, move numbers and results are skipped.

use super::{check_playable, Opening};
use crate::variants::{CastlingMode, Rules, VariantId};

/// One game as the PGN text has it: its tags in order, the moves of its
/// main line as written (move numbers, comments, variations and NAGs
/// dropped; `!`/`?` suffixes cut), its result, and what was wrong with its
/// text, if anything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnRecord {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`, if the movetext ends with one.
    pub result: Option<String>,
    /// A broken tag (`[Event "open` with no end on its line).
    pub problem: Option<String>,
    has_content: bool,
}

impl PgnRecord {
    /// The value of tag `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// The `FEN` tag.
    pub fn fen(&self) -> Option<&str> {
        self.tag("FEN")
    }
}

/// Reads one tag pair's text after its `[`: up to the `]` outside quotes
/// on the same line. `Err` holds what was read of a tag with no end.
fn read_tag(chars: &mut std::iter::Peekable<std::str::Chars>) -> Result<String, String> {
    let mut tag = String::new();
    let mut quoted = false;
    while let Some(&c) = chars.peek() {
        if c == '\n' {
            return Err(tag);
        }
        chars.next();
        match c {
            '\\' if quoted => {
                if let Some(escaped) = chars.next() {
                    tag.push(escaped);
                }
            }
            '"' => {
                quoted = !quoted;
                tag.push(c);
            }
            ']' if !quoted => return Ok(tag),
            _ => tag.push(c),
        }
    }
    Err(tag)
}

/// A tag pair's name and unquoted value (`Event "x"`), if well formed.
fn tag_pair(tag: &str) -> Option<(String, String)> {
    let (name, value) = tag.trim().split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.to_string(), value.to_string()))
}

/// Splits PGN text into games.
pub fn split_games(text: &str) -> Vec<PgnRecord> {
    let mut games = Vec::new();
    let mut game = PgnRecord::default();
    let mut in_movetext = false;
    let mut token = String::new();
    let mut depth = 0usize; // inside `( ... )` variations
    let mut chars = text.chars().peekable();
    let mut at_line_start = true;

    // Ends the current token: a move of the main line, or nothing; `true`
    // for a result, which ends the game.
    fn flush(
        token: &mut String,
        depth: usize,
        game: &mut PgnRecord,
        in_movetext: &mut bool,
    ) -> bool {
        let word = std::mem::take(token);
        if word.is_empty() || depth > 0 {
            return false;
        }
        *in_movetext = true;
        game.has_content = true;
        if matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
            game.result = Some(word);
            return true;
        }
        if word.starts_with('$') {
            return false;
        }
        // `12.`, `12...`, or a number glued to the move (`12.e4`); a bare
        // number without dots is no move either.
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let word = match word[digits..].strip_prefix('.') {
            Some(rest) if digits > 0 => rest.trim_start_matches('.'),
            _ if digits == word.len() => "",
            _ => word.as_str(),
        };
        let word = word.trim_end_matches(['!', '?']);
        if !word.is_empty() {
            game.moves.push(word.to_string());
        }
        false
    }

    while let Some(c) = chars.next() {
        let line_start = at_line_start;
        at_line_start = c == '\n';
        match c {
            '%' if line_start => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        at_line_start = true;
                        break;
                    }
                }
            }
            '{' => {
                flush(&mut token, depth, &mut game, &mut in_movetext);
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            ';' => {
                flush(&mut token, depth, &mut game, &mut in_movetext);
                for c in chars.by_ref() {
                    if c == '\n' {
                        at_line_start = true;
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut token, depth, &mut game, &mut in_movetext);
                depth += 1;
            }
            ')' => {
                flush(&mut token, depth, &mut game, &mut in_movetext);
                depth = depth.saturating_sub(1);
            }
            '[' if depth == 0 && token.is_empty() => {
                if in_movetext {
                    games.push(std::mem::take(&mut game));
                    in_movetext = false;
                }
                game.has_content = true;
                let pair = read_tag(&mut chars).map(|tag| (tag_pair(&tag), tag));
                match pair {
                    Ok((Some(pair), _)) => game.tags.push(pair),
                    Ok((None, tag)) | Err(tag) => {
                        game.problem.get_or_insert_with(|| {
                            format!("broken tag [{}", crate::text::cut(tag.trim(), 60))
                        });
                    }
                }
            }
            c if c.is_whitespace() => {
                if flush(&mut token, depth, &mut game, &mut in_movetext) {
                    games.push(std::mem::take(&mut game));
                    in_movetext = false;
                }
            }
            _ => token.push(c),
        }
    }
    flush(&mut token, depth, &mut game, &mut in_movetext);
    if game.has_content {
        games.push(game);
    }
    games
}

/// Every game of `text` as an opening, each cut to `plies` plies when given.
/// A move that is not legal, or a game over at its end, is an error naming
/// the game.
pub fn read_games<P: Rules>(
    variant: VariantId,
    castling: CastlingMode,
    text: &str,
    plies: Option<usize>,
) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (i, game) in split_games(text).into_iter().enumerate() {
        let number = i + 1;
        if let Some(problem) = &game.problem {
            return Err(format!("game {number}: {problem}"));
        }
        let start =
            P::set_up(variant, game.fen(), castling).map_err(|e| format!("game {number}: {e}"))?;
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for token in game.moves.iter().take(plies.unwrap_or(usize::MAX)) {
            let m = pos
                .parse_pgn_move(token)
                .map_err(|e| format!("game {number}, ply {}: {e}", moves.len() + 1))?;
            moves.push(pos.format_move(m));
            pos.play(m);
        }
        check_playable(pos).map_err(|e| format!("game {number}: {e}"))?;
        openings.push(Opening {
            fen: game.fen().map(|_| start.fen()),
            moves,
        });
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::atomic::AtomicPosition;
    use crate::variants::chess::ChessPosition;
    use crate::variants::omega::OmegaPosition;

    const GAMES: &str = r#"[Event "one"]
[Site "a [bracket] \"quoted\""]

1. e4 {a comment (not a variation)} e5 2.Nf3 (2. f4 exf4 {inside} 3. Nf3) 2... Nc6!? $1
3. Bb5 a6 ; rest of line 4. Ba4
% escaped line 4. Ba4
4. O-O 1-0

[Event "two"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[SetUp "1"]

1. e2e4 Kd7 2. e5 *
[Event "three"]
1. d4 d5 1/2-1/2
"#;

    #[test]
    fn reads_moves_of_every_game_in_uci() {
        let openings =
            read_games::<ChessPosition>(VariantId::Chess, CastlingMode::Standard, GAMES, None)
                .unwrap();
        assert_eq!(openings.len(), 3);
        assert_eq!(openings[0].fen, None);
        assert_eq!(
            openings[0].moves,
            ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"]
        );
        assert_eq!(
            openings[1].fen.as_deref(),
            Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
        );
        assert_eq!(openings[1].moves, ["e2e4", "e8d7", "e4e5"]);
        assert_eq!(openings[2].moves, ["d2d4", "d7d5"]);
        let cut =
            read_games::<ChessPosition>(VariantId::Chess, CastlingMode::Standard, GAMES, Some(2))
                .unwrap();
        assert_eq!(cut[0].moves, ["e2e4", "e7e5"]);
        assert_eq!(cut[1].moves, ["e2e4", "e8d7"]);
    }

    #[test]
    fn names_the_game_and_ply_of_a_bad_move() {
        let err = read_games::<ChessPosition>(
            VariantId::Chess,
            CastlingMode::Standard,
            "1. e4 e5 2. Ke3 *
",
            None,
        )
        .unwrap_err();
        assert!(err.starts_with("game 1, ply 3:"), "{err}");
        // Fool's mate: the game is over, so it opens nothing.
        let err = read_games::<ChessPosition>(
            VariantId::Chess,
            CastlingMode::Standard,
            "1. f3 e5 2. g4 Qh4# 0-1",
            None,
        )
        .unwrap_err();
        assert!(err.contains("checkmate"), "{err}");
        assert!(read_games::<ChessPosition>(
            VariantId::Chess,
            CastlingMode::Standard,
            "[FEN \"bad\"]
*",
            None
        )
        .is_err());
    }

    #[test]
    fn atomic_games_read_san_too() {
        // exd5 explodes both pawns; the game goes on.
        let text = "1. e4 d5 2. exd5 Qd6 3. Nc3 *";
        let openings =
            read_games::<AtomicPosition>(VariantId::Atomic, CastlingMode::Standard, text, None)
                .unwrap();
        assert_eq!(openings[0].moves, ["e2e4", "d7d5", "e4d5", "d8d6", "b1c3"]);
        let pos = openings[0]
            .position::<AtomicPosition>(VariantId::Atomic, CastlingMode::Standard)
            .unwrap();
        assert!(pos
            .fen()
            .starts_with("rnb1kbnr/ppp1pppp/3q4/8/8/2N5/PPPP1PPP/R1BQKBNR b"));
    }

    #[test]
    fn omega_games_read_omega_san() {
        // Wizards leave their wizard squares, then two triple steps.
        let text = "[Variant \"omega\"]\n\n1. Wb4 Wk9 2. e6 e7 {triple} 3. Nde4 *";
        let openings =
            read_games::<OmegaPosition>(VariantId::Omega, CastlingMode::Standard, text, None)
                .unwrap();
        assert_eq!(
            openings[0].moves,
            ["a1b4", "l12k9", "e3e6", "e10e7", "d2e4"]
        );
        let err =
            read_games::<OmegaPosition>(VariantId::Omega, CastlingMode::Standard, "1. Wb5 *", None)
                .unwrap_err();
        assert_eq!(err, "game 1, ply 1: illegal move Wb5");
    }
}
