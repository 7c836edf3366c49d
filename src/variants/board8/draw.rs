//! The text drawing of an 8x8 board that UCI's `d` prints, rank 8 on top.

use super::letters::piece_char;
use super::piece::{Piece, EMPTY};
use super::square::square;

const RULE: &str = " +---+---+---+---+---+---+---+---+\n";

/// The board framed in ASCII with rank numbers and file letters.
pub fn pretty(board: &[Piece; 64]) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        out.push_str(RULE);
        for file in 0..8u8 {
            let p = board[square(file, rank) as usize];
            let c = if p == EMPTY { ' ' } else { piece_char(p) };
            out.push_str(&format!(" | {c}"));
        }
        out.push_str(&format!(" | {}\n", rank + 1));
    }
    out.push_str(RULE);
    out.push_str("   a   b   c   d   e   f   g   h\n");
    out
}
