//! Piece letters, as FEN and UCI write them: `pnbrqk`, uppercase for White.

use super::piece::{color_of, piece, role_of, Piece, BISHOP, BLACK, KNIGHT, QUEEN, ROOK, WHITE};

/// Lowercase letter of each role, indexed by role.
pub const ROLE_CHARS: [char; 6] = ['p', 'n', 'b', 'r', 'q', 'k'];

/// Lowercase letter of a role.
#[inline]
pub const fn role_char(role: usize) -> char {
    ROLE_CHARS[role]
}

/// Role of a lowercase or uppercase letter.
pub fn role_of_char(c: char) -> Option<usize> {
    let lower = c.to_ascii_lowercase();
    ROLE_CHARS.iter().position(|&r| r == lower)
}

/// FEN letter of a piece: uppercase for White.
pub fn piece_char(p: Piece) -> char {
    let c = role_char(role_of(p));
    if color_of(p) == WHITE {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// Piece of a FEN letter: uppercase is White.
pub fn piece_of_char(c: char) -> Option<Piece> {
    let role = role_of_char(c)?;
    let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
    Some(piece(color, role))
}

/// Role named by a UCI promotion suffix (`q`, `r`, `b`, `n`; lowercase only).
pub fn promotion_role(letter: &str) -> Option<usize> {
    match letter {
        "q" => Some(QUEEN),
        "r" => Some(ROOK),
        "b" => Some(BISHOP),
        "n" => Some(KNIGHT),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::piece::{KING, PAWN};
    use super::*;

    #[test]
    fn letters_round_trip() {
        for color in [WHITE, BLACK] {
            for role in PAWN..=KING {
                let p = piece(color, role);
                assert_eq!(piece_of_char(piece_char(p)), Some(p));
            }
        }
        assert_eq!(piece_char(piece(WHITE, KNIGHT)), 'N');
        assert_eq!(piece_of_char('x'), None);
        assert_eq!(role_of_char('Q'), Some(QUEEN));
        assert_eq!(promotion_role("q"), Some(QUEEN));
        assert_eq!(promotion_role("Q"), None);
        assert_eq!(promotion_role("k"), None);
    }
}
