//! Openings files of FEN or EPD lines.

use super::{check_playable, Opening};
use crate::variants::{CastlingMode, FenError, Rules, VariantId};

/// A position from one line of an openings file: a full FEN, or an EPD line
/// (four FEN fields, then operations such as `bm e4; id "x";`), whose move
/// counters are taken as `0 1`.
pub fn position_of_line<P: Rules>(
    variant: VariantId,
    castling: CastlingMode,
    line: &str,
) -> Result<P, FenError> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let mut candidates = Vec::new();
    if fields.len() >= 6 {
        candidates.push(fields[..6].join(" "));
    }
    if fields.len() >= 4 {
        candidates.push(format!("{} 0 1", fields[..4].join(" ")));
    }
    candidates.push(line.trim().to_string());
    let mut first_error = None;
    for fen in candidates {
        match P::set_up(variant, Some(&fen), castling) {
            Ok(pos) => return Ok(pos),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or_else(|| FenError::invalid("empty line")))
}

/// Parses one line of an openings file: a full FEN, or an EPD line
/// ([`position_of_line`]), checked playable.
pub fn parse_line<P: Rules>(
    variant: VariantId,
    castling: CastlingMode,
    line: &str,
) -> Result<Opening, String> {
    let pos = position_of_line::<P>(variant, castling, line).map_err(|e| e.to_string())?;
    let pos = check_playable(pos)?;
    Ok(Opening {
        fen: Some(pos.fen()),
        moves: Vec::new(),
    })
}

/// One FEN or EPD per line; blank lines and lines starting with `#` are
/// skipped. Any other line that does not parse is an error naming its line
/// number.
pub fn read_lines<P: Rules>(
    variant: VariantId,
    castling: CastlingMode,
    text: &str,
) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = parse_line::<P>(variant, castling, line)
            .map_err(|e| format!("line {}: {e}", number + 1))?;
        openings.push(opening);
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::ChessPosition;

    #[test]
    fn reads_fen_and_epd_lines() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let from_fen =
            parse_line::<ChessPosition>(VariantId::Chess, CastlingMode::Standard, fen).unwrap();
        assert_eq!(from_fen.fen.as_deref(), Some(fen));
        let epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"king pawn\";";
        assert_eq!(
            parse_line::<ChessPosition>(VariantId::Chess, CastlingMode::Standard, epd).unwrap(),
            from_fen
        );
        assert!(
            parse_line::<ChessPosition>(VariantId::Chess, CastlingMode::Standard, "not a fen")
                .is_err()
        );
        // Fool's mate: black has mated, nothing left to play.
        let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let err = parse_line::<ChessPosition>(VariantId::Chess, CastlingMode::Standard, mated)
            .unwrap_err();
        assert!(err.contains("checkmate"), "{err}");
        let text = format!("# comment\n\n{fen}\n{epd}\nnot a fen\n");
        let err = read_lines::<ChessPosition>(VariantId::Chess, CastlingMode::Standard, &text)
            .unwrap_err();
        assert!(err.starts_with("line 5:"), "{err}");
    }

    #[test]
    fn chess960_lines_need_chess960_castling() {
        // X-FEN rights of a Chess960 start; kept as Shredder-FEN.
        let line = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
        let opening =
            parse_line::<ChessPosition>(VariantId::Chess, CastlingMode::Chess960, line).unwrap();
        assert_eq!(
            opening.fen.as_deref(),
            Some("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1")
        );
        assert!(
            parse_line::<ChessPosition>(VariantId::Chess, CastlingMode::Standard, line).is_err()
        );
    }
}
