//! Games of a PGN file as the pass takes them: the variant from the
//! `Variant` tag, the start from the `FEN` tag, and each move (SAN where
//! the variant writes it, a token otherwise) checked and turned into a
//! token. A game that cannot be read says which and where.

use super::pass::GameLine;
use crate::openings::pgn::PgnRecord;
use crate::variants::{CastlingMode, Rules, VariantId};
use crate::with_variant;

/// A game ready to analyse, with what its PGN said of it.
#[derive(Clone, Debug)]
pub struct ReadGame {
    pub tags: Vec<(String, String)>,
    pub line: GameLine,
    pub result: String,
}

/// The variant and castling a `Variant` tag names: a `UCI_Variant` name
/// in any case, lichess's `Standard` and `From Position` for chess, and
/// `chess960`, `fischerandom` or a name with `960` after it for a
/// Chess960 form.
pub fn variant_of_tag(tag: &str) -> Result<(VariantId, CastlingMode), String> {
    let name = tag.trim().to_ascii_lowercase();
    let unknown = || {
        format!(
            "unknown variant \"{tag}\" (known: {})",
            VariantId::known_names()
        )
    };
    let (base, castling) = match name.as_str() {
        "" | "standard" | "from position" => ("chess", CastlingMode::Standard),
        "fischerandom" | "fischer random" => ("chess", CastlingMode::Chess960),
        _ => match name.strip_suffix("960") {
            Some(base) => (base.trim_end_matches([' ', '-']), CastlingMode::Chess960),
            None => (name.as_str(), CastlingMode::Standard),
        },
    };
    let variant = VariantId::parse_ignore_case(base).map_err(|_| unknown())?;
    if castling == CastlingMode::Chess960 && !with_variant!(variant, P => P::CHESS960) {
        return Err(format!("{variant} has no Chess960 form"));
    }
    Ok((variant, castling))
}

/// Reads `record` (its variant `default` when it has no `Variant` tag).
/// The error names the ply where a move is not legal.
pub fn read_game(
    record: &PgnRecord,
    default: (VariantId, CastlingMode),
) -> Result<ReadGame, String> {
    if let Some(problem) = &record.problem {
        return Err(problem.clone());
    }
    let (variant, castling) = match record.tag("Variant") {
        Some(tag) => variant_of_tag(tag)?,
        None => default,
    };
    let fen = record.fen();
    let tokens =
        with_variant!(variant, P => tokens_of::<P>(variant, castling, fen, &record.moves))?;
    Ok(ReadGame {
        tags: record.tags.clone(),
        line: GameLine {
            variant,
            castling,
            start_fen: fen.map(str::to_string),
            tokens,
        },
        result: record.result.clone().unwrap_or_else(|| "*".to_string()),
    })
}

/// The moves as tokens, each checked in its position.
fn tokens_of<P: Rules>(
    variant: VariantId,
    castling: CastlingMode,
    fen: Option<&str>,
    moves: &[String],
) -> Result<Vec<String>, String> {
    let mut pos = P::set_up(variant, fen, castling).map_err(|e| e.to_string())?;
    let mut tokens = Vec::with_capacity(moves.len());
    for (ply, text) in moves.iter().enumerate() {
        let m = pos
            .parse_pgn_move(text)
            .map_err(|e| format!("ply {}: {e}", ply + 1))?;
        tokens.push(pos.format_move(m));
        pos.play(m);
    }
    Ok(tokens)
}

/// `game 3 (Alice - Bob)`: which game, for messages.
pub fn game_label(number: usize, record: &PgnRecord) -> String {
    match (record.tag("White"), record.tag("Black")) {
        (Some(white), Some(black)) => format!("game {number} ({white} - {black})"),
        _ => format!("game {number}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openings::pgn::split_games;

    const CHESS: (VariantId, CastlingMode) = (VariantId::Chess, CastlingMode::Standard);

    #[test]
    fn variant_tags_name_variants_and_chess960_forms() {
        assert_eq!(variant_of_tag("Standard"), Ok(CHESS));
        assert_eq!(variant_of_tag("From Position"), Ok(CHESS));
        assert_eq!(
            variant_of_tag("Atomic"),
            Ok((VariantId::Atomic, CastlingMode::Standard))
        );
        assert_eq!(
            variant_of_tag("chess960"),
            Ok((VariantId::Chess, CastlingMode::Chess960))
        );
        assert_eq!(
            variant_of_tag("atomic960"),
            Ok((VariantId::Atomic, CastlingMode::Chess960))
        );
        assert_eq!(
            variant_of_tag("avalanche-balanced"),
            Ok((VariantId::AvalancheBalanced, CastlingMode::Standard))
        );
        assert!(variant_of_tag("omega960")
            .unwrap_err()
            .contains("no Chess960"));
        assert!(variant_of_tag("xiangqi")
            .unwrap_err()
            .starts_with("unknown variant \"xiangqi\""));
    }

    #[test]
    fn games_read_to_tokens_or_say_where_they_break() {
        let text = "[White \"A\"]\n[Black \"B\"]\n[Variant \"Atomic\"]\n\n1. Nf3 d5 2. Ng5 *\n\n\
                    [Event \"e\"]\n\n1. e4 e5 2. Ke3 1-0\n\n\
                    [Event \"open\n[Black \"C\"]\n\n1. e4 *\n";
        let records = split_games(text);
        assert_eq!(records.len(), 3);
        let game = read_game(&records[0], CHESS).unwrap();
        assert_eq!(game.line.variant, VariantId::Atomic);
        assert_eq!(game.line.tokens, ["g1f3", "d7d5", "f3g5"]);
        assert_eq!(game.result, "*");
        assert_eq!(game_label(1, &records[0]), "game 1 (A - B)");
        assert_eq!(
            read_game(&records[1], CHESS).unwrap_err(),
            "ply 3: illegal move Ke3"
        );
        assert!(read_game(&records[2], CHESS)
            .unwrap_err()
            .starts_with("broken tag [Event \"open"));
    }
}
