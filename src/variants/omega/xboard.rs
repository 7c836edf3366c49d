//! Omega for XBoard (CECP): the `setup` and `piece` commands that define
//! the game to the GUI, which knows no Omega of its own.
//!
//! XBoard 4.9 takes an engine-defined variant as a `fairy` board of the
//! size the engine gives: a 12x12 board whose `*` squares do not exist,
//! exactly the grid and FEN Chimera uses. For a board of more than 10
//! ranks it writes ranks as numbers (`e10e11c`), files `a`..`l`, and
//! promotion pieces as the lower-case letters of the `setup` piece table,
//! so its moves are Chimera's grid tokens and its FEN is Chimera's FEN
//! (checked against XBoard 4.9.1 in engine-tests/xboard/run.sh), except
//! for promotions ([`default_promotion`]).

use super::PIECE_LETTERS;

/// XBoard's piece table (`-pieceToCharTable`): one letter per XBoard piece
/// type in its order, `.` for types not in the game, the king last, White
/// then Black. The champion takes the archbishop's slot (index 7, as Sjaak
/// II has it), the wizard XBoard's own wizard (index 35), so both get an
/// image of their own.
fn piece_table() -> String {
    let mut white = vec!['.'; 36];
    for (slot, letter) in [(0, 'P'), (1, 'N'), (2, 'B'), (3, 'R'), (4, 'Q')] {
        white[slot] = letter;
    }
    white[7] = PIECE_LETTERS[super::CHAMPION];
    white[35] = PIECE_LETTERS[super::WIZARD];
    white.push(PIECE_LETTERS[super::KING]);
    let black: String = white.iter().map(char::to_ascii_lowercase).collect();
    white.into_iter().collect::<String>() + &black
}

/// The `setup` command: piece table, board size (12x12, no holdings,
/// rules of XBoard's `fairy`), start FEN with its `*` holes.
pub fn setup_command(start_fen: &str) -> String {
    format!("setup ({}) 12x12+0_fairy {start_fen}", piece_table())
}

/// The `piece` commands (Betza notation, `&` = both colours), so that the
/// GUI generates, highlights and checks every piece's moves on the grid.
/// King: a step, plus castling as a two-square move to the rook one file
/// in from the board's edge (`isj`: initial, sideways, skipping the
/// champion in the corner). Pawn: a step forward, captures (also en
/// passant) diagonally forward, and up to three steps from its start.
pub const PIECE_COMMANDS: [&str; 8] = [
    "piece N& N",
    "piece B& B",
    "piece R& R",
    "piece Q& Q",
    "piece C& WAD",
    "piece W& CF",
    "piece K& KisjO2",
    "piece P& fmWfceFifmW3",
];

/// XBoard 4.9 knows no promotion zone but the board's last rank (rank
/// 12 here, the wizards' rank), so with its legality test on it refuses
/// every Omega promotion, and with it off a user's pawn move to rank 11
/// (or 2) comes without a piece. Such a move, if it is no legal move as
/// it stands, promotes to a queen: the token to try then.
pub fn default_promotion(token: &str) -> String {
    format!("{token}q")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_piece_table_names_every_omega_piece_once() {
        let table = piece_table();
        assert_eq!(table.len(), 74);
        assert_eq!(&table[..8], "PNBRQ..C");
        assert_eq!(&table[35..37], "WK");
        assert_eq!(&table[37..45], "pnbrq..c");
        assert_eq!(&table[72..], "wk");
        assert_eq!(table.chars().filter(|c| *c != '.').count(), 16);
    }

    #[test]
    fn setup_carries_the_start_fen() {
        let fen = "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1";
        let line = setup_command(fen);
        assert!(line.starts_with("setup (PNBRQ..C."), "{line}");
        assert!(line.ends_with(&format!(") 12x12+0_fairy {fen}")), "{line}");
    }
}
