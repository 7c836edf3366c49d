//! Variant-neutral reading of Chimera's notation, for drawing only.
//!
//! The board page never knows a variant's rules; it draws what the server
//! reports. These parsers read the two generic formats every backend shares
//! (the spec's README): FEN board fields (`/` between rows, multi-digit
//! empties, `*` for squares that do not exist, a letter per piece) and UCI
//! turn tokens (parts joined by `,`, squares `<file><rank>` or `off`, an
//! optional `<square>=<piece>,` choice prefix).

use serde::Serialize;

/// One part of a turn: a piece going from one square to another; `off`
/// stands for "off the board" on either end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    pub from: String,
    pub to: String,
    /// Promotion letter (lowercase), if the part promotes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<String>,
}

/// A pending promotion's piece choice that opens a turn (avalanche).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub square: String,
    pub piece: String,
}

/// What a turn token says, split into drawable pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnShape {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choice: Option<Choice>,
    pub parts: Vec<Part>,
}

/// Reads a square name (`e4`, `l12`) or `off` from the front of `s`;
/// returns it and the rest.
fn take_square(s: &str) -> Option<(String, &str)> {
    if let Some(rest) = s.strip_prefix("off") {
        return Some(("off".to_string(), rest));
    }
    let mut chars = s.char_indices();
    let (_, file) = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits: usize = s[1..].chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let rank: u32 = s[1..1 + digits].parse().ok()?;
    if rank == 0 || rank > 26 || s[1..].starts_with('0') {
        return None;
    }
    Some((s[..1 + digits].to_string(), &s[1 + digits..]))
}

/// Splits a turn token into its choice prefix and parts.
pub fn parse_token(token: &str) -> Result<TurnShape, String> {
    let bad = || format!("cannot read turn token {token:?}");
    let mut pieces: Vec<&str> = token.split(',').collect();
    let mut choice = None;
    if let Some((square, piece)) = pieces.first().and_then(|p| p.split_once('=')) {
        let (sq, rest) = take_square(square).ok_or_else(bad)?;
        if !rest.is_empty() || sq == "off" || piece.chars().count() != 1 {
            return Err(bad());
        }
        choice = Some(Choice {
            square: sq,
            piece: piece.to_string(),
        });
        pieces.remove(0);
    }
    if pieces.is_empty() {
        return Err(bad());
    }
    let mut parts = Vec::with_capacity(pieces.len());
    for text in pieces {
        let (from, rest) = take_square(text).ok_or_else(bad)?;
        let (to, rest) = take_square(rest).ok_or_else(bad)?;
        let promotion = match rest {
            "" => None,
            p if p.len() == 1 && p.chars().all(|c| c.is_ascii_alphabetic()) => Some(p.to_string()),
            _ => return Err(bad()),
        };
        parts.push(Part {
            from,
            to,
            promotion,
        });
    }
    Ok(TurnShape { choice, parts })
}

/// The name of grid square (`file`, `rank`), both from 0.
pub fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// A piece standing on a square; `piece` is the FEN letter (uppercase white).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceOn {
    pub square: String,
    pub piece: String,
}

/// The shape of a board: a grid of `files` x `ranks` minus `missing` squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Geometry {
    pub files: usize,
    pub ranks: usize,
    pub missing: Vec<String>,
}

/// A FEN board field read generically.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardField {
    pub geometry: Geometry,
    pub pieces: Vec<PieceOn>,
}

/// Reads the board field (the first field) of a FEN.
pub fn parse_board(fen: &str) -> Result<BoardField, String> {
    let field = fen.split_whitespace().next().ok_or("empty FEN")?;
    let rows: Vec<&str> = field.split('/').collect();
    let ranks = rows.len();
    if ranks > 26 {
        return Err(format!("too many rows in FEN board field {field:?}"));
    }
    let mut files = None;
    let mut pieces = Vec::new();
    let mut missing = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i;
        let mut file = 0usize;
        let mut empties = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                empties = empties * 10 + d as usize;
                if empties > 26 {
                    return Err(format!("row {row:?} is too wide"));
                }
                continue;
            }
            file += std::mem::take(&mut empties);
            if file >= 26 {
                return Err(format!("row {row:?} is too wide"));
            }
            match c {
                '*' => missing.push(square_name(file, rank)),
                c if c.is_ascii_alphabetic() => pieces.push(PieceOn {
                    square: square_name(file, rank),
                    piece: c.to_string(),
                }),
                '~' => continue, // "promoted" marker of some FEN dialects
                _ => return Err(format!("unexpected {c:?} in FEN row {row:?}")),
            }
            file += 1;
        }
        file += empties;
        match files {
            None => files = Some(file),
            Some(f) if f != file => {
                return Err(format!("FEN rows differ in width ({f} and {file})"));
            }
            _ => {}
        }
    }
    let files = files.unwrap_or(0);
    if files == 0 {
        return Err("FEN board field has no squares".to_string());
    }
    Ok(BoardField {
        geometry: Geometry {
            files,
            ranks,
            missing,
        },
        pieces,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(from: &str, to: &str, promotion: Option<&str>) -> Part {
        Part {
            from: from.into(),
            to: to.into(),
            promotion: promotion.map(String::from),
        }
    }

    #[test]
    fn tokens_of_every_variant_split_into_parts() {
        let t = parse_token("e7e8q").unwrap();
        assert_eq!(t.parts, vec![part("e7", "e8", Some("q"))]);
        assert_eq!(t.choice, None);
        let t = parse_token("e8=q,g1f3,d7d6").unwrap();
        assert_eq!(
            t.choice,
            Some(Choice {
                square: "e8".into(),
                piece: "q".into()
            })
        );
        assert_eq!(
            t.parts,
            vec![part("g1", "f3", None), part("d7", "d6", None)]
        );
        let t = parse_token("h3off,h6off").unwrap();
        assert_eq!(
            t.parts,
            vec![part("h3", "off", None), part("h6", "off", None)]
        );
        let t = parse_token("e10e11c").unwrap();
        assert_eq!(t.parts, vec![part("e10", "e11", Some("c"))]);
        let t = parse_token("l12k11").unwrap();
        assert_eq!(t.parts, vec![part("l12", "k11", None)]);
        for bad in [
            "", ",", "e2", "e2e", "e0e1", "e2e4qq", "E2E4", "e2e4,", "x=q,e2e4", "e123e4",
        ] {
            assert!(parse_token(bad).is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn boards_parse_with_holes_and_wide_rows() {
        let omega = "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1";
        let b = parse_board(omega).unwrap();
        assert_eq!((b.geometry.files, b.geometry.ranks), (12, 12));
        assert_eq!(b.geometry.missing.len(), 144 - 104);
        assert!(b.geometry.missing.contains(&"b1".to_string()));
        assert!(!b.geometry.missing.contains(&"a1".to_string()));
        assert!(b.pieces.contains(&PieceOn {
            square: "a12".into(),
            piece: "w".into()
        }));
        assert!(b.pieces.contains(&PieceOn {
            square: "g2".into(),
            piece: "K".into()
        }));
        // Per side: two wizards, ten back-rank pieces, ten pawns.
        assert_eq!(b.pieces.len(), 2 * (2 + 10 + 10));
        let chess = parse_board("8/8/8/8/8/8/8/4K2k w - - 0 1").unwrap();
        assert_eq!((chess.geometry.files, chess.geometry.ranks), (8, 8));
        assert_eq!(chess.pieces.len(), 2);
        assert!(parse_board("8/8/9/8/8/8/8/8 w - - 0 1").is_err());
        assert!(parse_board("8/8/8/8/8/8/8/7? w - - 0 1").is_err());
        assert!(parse_board("").is_err());
        assert!(parse_board("99999999999/8 w").is_err());
    }
}
