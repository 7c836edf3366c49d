//! FEN reading and writing.
//!
//! Standard six fields (the two counters may be left out). The en-passant
//! field is accepted and ignored; castling rights are `KQkq` letters or `-`.
//! A right whose home square holds no rook of its colour has no owner and is
//! dropped. Rejected: not exactly one king per side, a pawn on its last rank,
//! the side not to move in check.

use super::board::{piece_char, piece_from_char, role_of, BLACK, EMPTY, KING, PAWN, ROOK, WHITE};
use super::check::king_in_check;
use super::{DynamoPosition, NO_RIGHT, ROOK_HOME};

pub fn parse(fen: &str) -> Result<DynamoPosition, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 4 || fields.len() > 6 {
        return Err(format!("expected 4 to 6 fields, found {}", fields.len()));
    }
    let mut pos = DynamoPosition::empty();
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 8 {
        return Err(format!("expected 8 board rows, found {}", rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u8 = 0;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10) {
                if n == 0 {
                    return Err(format!("digit 0 in row {}", i + 1));
                }
                file += n as u8;
            } else {
                let p = piece_from_char(c).ok_or_else(|| format!("unknown piece letter '{c}'"))?;
                if file >= 8 {
                    return Err(format!("row {} is too long", i + 1));
                }
                pos.put(rank * 8 + file, p);
                file += 1;
            }
            if file > 8 {
                return Err(format!("row {} is too long", i + 1));
            }
        }
        if file != 8 {
            return Err(format!("row {} has {file} squares", i + 1));
        }
    }
    pos.turn = match fields[1] {
        "w" => WHITE,
        "b" => BLACK,
        s => return Err(format!("side to move '{s}' is not w or b")),
    };
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let i = match c {
                'K' => 0,
                'Q' => 1,
                'k' => 2,
                'q' => 3,
                _ => return Err(format!("castling right '{c}' is not one of KQkq")),
            };
            let home = ROOK_HOME[i];
            let p = pos.board[home as usize];
            let color = if i < 2 { WHITE } else { BLACK };
            if p != EMPTY && role_of(p) == ROOK && super::board::color_of(p) == color {
                pos.castle_rook[i] = home;
            }
        }
    }
    // fields[3], en passant: ignored (there is none in Dynamo).
    if let Some(h) = fields.get(4) {
        pos.halfmoves = h
            .parse()
            .map_err(|_| format!("halfmove clock '{h}' is not a number"))?;
    }
    if let Some(f) = fields.get(5) {
        pos.fullmoves = f
            .parse()
            .map_err(|_| format!("fullmove number '{f}' is not a number"))?;
        pos.fullmoves = pos.fullmoves.max(1);
    }
    for (color, name) in [(WHITE, "White"), (BLACK, "Black")] {
        let kings = pos.bits.pieces(color, KING).count_ones();
        if kings != 1 {
            return Err(format!(
                "illegal position: {name} has {kings} kings, must have exactly one"
            ));
        }
    }
    let pawns = pos.bits.role[PAWN];
    if pawns & pos.bits.color[WHITE] & 0xFF00_0000_0000_0000 != 0
        || pawns & pos.bits.color[BLACK] & 0xFF != 0
    {
        return Err("illegal position: a pawn stands on its last rank".to_string());
    }
    if king_in_check(&pos.bits, pos.turn ^ 1) {
        return Err("illegal position: the side not to move is in check".to_string());
    }
    Ok(pos)
}

pub fn write(pos: &DynamoPosition) -> String {
    let mut board = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let p = pos.board[(rank * 8 + file) as usize];
            if p == EMPTY {
                empty += 1;
            } else {
                if empty > 0 {
                    board.push_str(&empty.to_string());
                    empty = 0;
                }
                board.push(piece_char(p));
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let side = if pos.turn == WHITE { "w" } else { "b" };
    let mut rights: String = ['K', 'Q', 'k', 'q']
        .iter()
        .zip(pos.castle_rook.iter())
        .filter(|(_, &sq)| sq != NO_RIGHT)
        .map(|(c, _)| *c)
        .collect();
    if rights.is_empty() {
        rights.push('-');
    }
    format!(
        "{board} {side} {rights} - {} {}",
        pos.halfmoves, pos.fullmoves
    )
}
