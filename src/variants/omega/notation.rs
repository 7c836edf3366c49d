//! Square names, UCI move tokens and the `d` board drawing.
//!
//! Squares use the 12x12 grid names of the spec (`a1`..`l12`, two-digit
//! ranks above 9); squares off the board are rejected by name.

use super::board::{file_of, rank_of, square_at};
use super::{OmegaMove, OmegaPosition, Rules, PIECE_LETTERS, WHITE};
use crate::variants::MoveError;

/// Grid name of a square, e.g. `b2`, `l12`.
pub fn square_name(sq: usize) -> String {
    let file = (b'a' + file_of(sq) as u8) as char;
    format!("{file}{}", rank_of(sq) + 1)
}

/// Parses a whole string as one existing square.
pub fn parse_square(s: &str) -> Result<usize, String> {
    let mut chars = s.chars();
    let file = chars.next().ok_or("empty square name")?;
    let digits = chars.as_str();
    if !file.is_ascii_lowercase()
        || digits.is_empty()
        || digits.len() > 2
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.starts_with('0')
    {
        return Err(format!("malformed square {s}"));
    }
    let rank: i32 = digits
        .parse()
        .map_err(|_| format!("malformed square {s}"))?;
    let file = file as i32 - 'a' as i32;
    if file > 11 || !(1..=12).contains(&rank) {
        return Err(format!("no such square {s} (files a-l, ranks 1-12)"));
    }
    square_at(file, rank - 1).ok_or_else(|| format!("square {s} is not on the Omega board"))
}

/// Splits `<letter><digits>` off the front of `s`.
fn split_square(s: &str) -> Option<(&str, &str)> {
    let first = s.chars().next()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let end = 1 + s[1..].bytes().take_while(u8::is_ascii_digit).count();
    (end > 1).then(|| s.split_at(end))
}

/// The UCI token of a move (castling as the king's move).
pub fn move_token(m: OmegaMove) -> String {
    let mut t = square_name(m.from()) + &square_name(m.to());
    if let Some(kind) = m.promotion_kind() {
        t.push(PIECE_LETTERS[kind].to_ascii_lowercase());
    }
    t
}

/// Parses a UCI token into a legal move of `pos`.
pub fn parse_move(pos: &OmegaPosition, token: &str) -> Result<OmegaMove, MoveError> {
    let malformed = || MoveError::malformed(token);
    let (from, rest) = split_square(token).ok_or_else(malformed)?;
    let (to, promo) = split_square(rest).ok_or_else(malformed)?;
    let bad_square = |e: String| malformed().saying(format!("{e} in move {token}"));
    let from = parse_square(from).map_err(bad_square)?;
    let to = parse_square(to).map_err(bad_square)?;
    let promo = match promo {
        "" => None,
        p => {
            let kind = ["q", "r", "b", "n", "c", "w"]
                .iter()
                .position(|&l| l == p)
                .ok_or_else(|| {
                    malformed().saying(format!(
                        "bad promotion piece {p} in move {token} (q r b n c w)"
                    ))
                })?;
            Some(super::PROMOTION_KINDS[kind])
        }
    };
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    moves
        .into_iter()
        .find(|m| m.from() == from && m.to() == to && m.promotion_kind() == promo)
        .ok_or_else(|| MoveError::illegal(token))
}

/// The board as text: 12 rows of 12 cells, `#` for squares that do not
/// exist, `.` for empty squares.
pub fn pretty(pos: &OmegaPosition) -> String {
    let mut out = String::new();
    let border = "    +---+---+---+---+---+---+---+---+---+---+---+---+\n";
    for rank in (0..12).rev() {
        out.push_str(border);
        out.push_str(&format!(" {:>2} ", rank + 1));
        for file in 0..12 {
            let cell = match square_at(file, rank) {
                None => "###".to_string(),
                Some(sq) => match pos.piece_at(sq) {
                    None => "   ".to_string(),
                    Some((kind, color)) => {
                        let c = PIECE_LETTERS[kind];
                        let c = if color == WHITE {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        };
                        format!(" {c} ")
                    }
                },
            };
            out.push('|');
            out.push_str(&cell);
        }
        out.push_str("|\n");
    }
    out.push_str(border);
    out.push_str("      a   b   c   d   e   f   g   h   i   j   k   l\n");
    out
}
