//! The FEN fields both 8x8 backends read and write alike: the placement
//! (rank 8 first, digits 1-8 for empty squares, `pnbrqk` letters), the side
//! to move, the castling letters `KQkq` and the two counters. How many
//! fields a FEN needs, the en-passant field and the checks of the position
//! are each variant's own.

use super::letters::{piece_char, piece_of_char};
use super::piece::{Piece, BLACK, EMPTY, WHITE};
use super::square::square;

/// The placement field as a mailbox (a1 = 0).
pub fn parse_placement(text: &str) -> Result<[Piece; 64], String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 8 {
        return Err(format!(
            "board needs 8 ranks separated by /, got {}",
            rows.len()
        ));
    }
    let mut board = [EMPTY; 64];
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u32;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(format!("rank {}: 0 is not a square count", rank + 1));
                }
                file += d;
            } else {
                let p = piece_of_char(c)
                    .ok_or_else(|| format!("rank {}: unknown piece letter {c}", rank + 1))?;
                if file >= 8 {
                    return Err(format!("rank {} has more than 8 squares", rank + 1));
                }
                board[square(file as u8, rank) as usize] = p;
                file += 1;
            }
            if file > 8 {
                return Err(format!("rank {} has more than 8 squares", rank + 1));
            }
        }
        if file != 8 {
            return Err(format!("rank {} has {file} squares, not 8", rank + 1));
        }
    }
    Ok(board)
}

/// The placement field of a mailbox.
pub fn write_placement(board: &[Piece; 64]) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        let mut gap = 0;
        for file in 0..8u8 {
            let p = board[square(file, rank) as usize];
            if p == EMPTY {
                gap += 1;
                continue;
            }
            if gap > 0 {
                out.push_str(&gap.to_string());
                gap = 0;
            }
            out.push(piece_char(p));
        }
        if gap > 0 {
            out.push_str(&gap.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// `w` or `b`.
pub fn parse_side(text: &str) -> Result<usize, String> {
    match text {
        "w" => Ok(WHITE),
        "b" => Ok(BLACK),
        other => Err(format!("side to move must be w or b, not {other}")),
    }
}

pub fn side_letter(color: usize) -> &'static str {
    if color == WHITE {
        "w"
    } else {
        "b"
    }
}

/// Castling rights `KQkq` or `-`, as a 4-bit set: bit 0 `K`, 1 `Q`, 2 `k`,
/// 3 `q`. Which rights a position can really have is the variant's call.
pub fn parse_castling(text: &str) -> Result<u8, String> {
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in text.chars() {
        rights |= match c {
            'K' => 1,
            'Q' => 2,
            'k' => 4,
            'q' => 8,
            _ => return Err(format!("castling field {text}: unknown letter {c}")),
        };
    }
    Ok(rights)
}

/// The castling field of a 4-bit set (see [`parse_castling`]).
pub fn write_castling(rights: u8) -> String {
    let out: String = ['K', 'Q', 'k', 'q']
        .iter()
        .enumerate()
        .filter(|&(i, _)| rights & 1 << i != 0)
        .map(|(_, &c)| c)
        .collect();
    if out.is_empty() {
        "-".to_string()
    } else {
        out
    }
}

/// The halfmove clock (default 0) and fullmove number (default 1, at least
/// 1) from the fifth and sixth fields, when present.
pub fn parse_counters(
    halfmoves: Option<&str>,
    fullmoves: Option<&str>,
) -> Result<(u32, u32), String> {
    let halfmoves = match halfmoves {
        None => 0,
        Some(t) => t
            .parse::<u32>()
            .map_err(|_| format!("halfmove clock {t} is not a number"))?,
    };
    let fullmoves = match fullmoves {
        None => 1,
        Some(t) => t
            .parse::<u32>()
            .map_err(|_| format!("fullmove number {t} is not a number"))?
            .max(1),
    };
    Ok((halfmoves, fullmoves))
}

#[cfg(test)]
mod tests {
    use super::super::piece::{piece, KING, ROOK};
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

    #[test]
    fn placement_round_trips() {
        let board = parse_placement(START).unwrap();
        assert_eq!(board[0], piece(WHITE, ROOK));
        assert_eq!(board[60], piece(BLACK, KING));
        assert_eq!(write_placement(&board), START);
        let sparse = "4k3/8/3p4/8/8/4P3/8/4K2R";
        assert_eq!(write_placement(&parse_placement(sparse).unwrap()), sparse);
    }

    #[test]
    fn bad_placements_are_refused() {
        for bad in [
            "8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/7",
            "8/8/8/8/8/8/8/9",
            "8/8/8/8/8/8/8/44k",
            "8/8/8/8/8/8/8/k0k6",
            "8/8/8/8/8/8/8/x7",
            "8/8/8/8/8/8/8/8/8",
        ] {
            assert!(parse_placement(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn fields() {
        assert_eq!(parse_side("b"), Ok(BLACK));
        assert!(parse_side("x").is_err());
        assert_eq!(parse_castling("Kq"), Ok(9));
        assert_eq!(parse_castling("-"), Ok(0));
        assert!(parse_castling("KX").is_err());
        assert_eq!(write_castling(9), "Kq");
        assert_eq!(write_castling(0), "-");
        assert_eq!(write_castling(15), "KQkq");
        assert_eq!(parse_counters(None, None), Ok((0, 1)));
        assert_eq!(parse_counters(Some("7"), Some("0")), Ok((7, 1)));
        assert!(parse_counters(Some("x"), None).is_err());
    }
}
