//! A match game as PGN (through the one writer, [`crate::game::pgn`]): the
//! seven standard tags plus `Variant`, `SetUp`/`FEN`, `TimeControl`,
//! `Termination` and `PlyCount`; moves in SAN for chess, atomic and Omega,
//! the UCI tokens followed by the variant's own notation as a comment for
//! avalanche and Dynamo, with move numbers and the engines' reports as
//! comments; the reason ends the movetext as a comment.

use std::time::Duration;

use crate::game::pgn::{self, PgnGame};

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
    /// Chess960 games: the Variant tag is `chess960` (as python-chess and
    /// lichess read it) or `atomic960`.
    pub chess960: bool,
}

/// The whole game as PGN text, ending with a blank line.
pub fn write_game(header: &PgnHeader, names: &[String], game: &GameRecord) -> String {
    let name = |i: usize| names.get(i).map_or("?", String::as_str).to_string();
    let mut tags = vec![
        ("Event", header.event.clone()),
        ("Site", header.site.clone()),
        ("Date", header.date.clone()),
        ("Round", game.number.to_string()),
        ("White", name(game.white)),
        ("Black", name(game.black)),
        ("Result", game.result.pgn().to_string()),
        ("Variant", pgn::variant_tag(game.variant, header.chess960)),
    ];
    if let Some(fen) = &game.start_fen {
        tags.push(("SetUp", "1".into()));
        tags.push(("FEN", fen.clone()));
    }
    tags.push(("TimeControl", header.time_control.clone()));
    tags.push(("Termination", game.termination.pgn().into()));
    tags.push(("PlyCount", game.moves.len().to_string()));
    let mut comments = game.annotations.clone();
    comments.resize(game.moves.len(), String::new());
    if let Some(last) = game.opening_plies.checked_sub(1) {
        if let Some(note) = comments.get_mut(last) {
            *note = "opening".into();
        }
    }
    pgn::write(&PgnGame {
        tags,
        start_fen: game.start_fen.as_deref(),
        moves: &game.movetext,
        comments,
        final_comment: Some(&game.reason),
        result: game.result.pgn(),
        ..PgnGame::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::record::{GameResult, PgnMove, Termination};

    #[test]
    fn writes_tags_moves_and_result() {
        let header = PgnHeader {
            event: "Test".into(),
            site: "here".into(),
            date: "2026.11.22".into(),
            time_control: "1+0.01".into(),
            chess960: false,
        };
        let names = vec!["alpha".to_string(), "be\"ta".to_string()];
        let game = GameRecord {
            number: 3,
            white: 1,
            black: 0,
            variant: crate::variants::VariantId::Chess,
            start_fen: Some("4k3/8/8/8/8/8/8/4K2R b K - 0 12".into()),
            moves: vec!["e8d7".into(), "h1h7".into(), "d7d6".into()],
            movetext: ["Kd7", "Rh7+", "Kd6"].map(PgnMove::plain).to_vec(),
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
12... Kd7 {opening} 13. Rh7+ {+0.50/3 0.010s} 13... Kd6 {White makes an illegal\nmove: h1h9} 0-1\n\n";
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
            chess960: false,
        };
        let game = GameRecord {
            number: 1,
            white: 0,
            black: 1,
            variant: crate::variants::VariantId::Chess,
            start_fen: None,
            moves: ["g1f3", "g8f6", "f3g1", "f6g8"]
                .repeat(10)
                .iter()
                .map(|s| s.to_string())
                .collect(),
            movetext: ["Nf3", "Nf6", "Ng1", "Ng8"]
                .repeat(10)
                .into_iter()
                .map(PgnMove::plain)
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
        assert!(movetext.lines().all(|l| l.len() <= 79));
        assert!(movetext.starts_with("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3"));
        assert!(movetext.lines().count() > 2, "{movetext}");
        let words: Vec<&str> = movetext.split_whitespace().collect();
        assert!(words
            .join(" ")
            .ends_with("20. Ng1 Ng8 {Draw by threefold repetition} 1/2-1/2"));
    }
}
