//! FEN reading and writing.
//!
//! Standard six fields (the two counters may be left out). The en-passant
//! field is accepted and ignored; castling rights are `KQkq` letters or `-`.
//! A right whose home square holds no rook of its colour has no owner and is
//! dropped. Rejected: not exactly one king per side, a pawn on its last rank,
//! the side not to move in check.

use super::board::{color_of, role_of, BLACK, EMPTY, KING, PAWN, ROOK, WHITE};
use super::check::king_in_check;
use super::{DynamoPosition, NO_RIGHT, ROOK_HOME};
use crate::variants::board8::fen::{
    parse_castling, parse_counters, parse_placement, parse_side, side_letter, write_castling,
    write_placement,
};
use crate::variants::board8::square::last_rank;

pub fn parse(fen: &str) -> Result<DynamoPosition, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 4 || fields.len() > 6 {
        return Err(format!("expected 4 to 6 fields, found {}", fields.len()));
    }
    let mut pos = DynamoPosition::empty();
    for (sq, &p) in parse_placement(fields[0])?.iter().enumerate() {
        if p != EMPTY {
            pos.put(sq as u8, p);
        }
    }
    pos.turn = parse_side(fields[1])?;
    let rights = parse_castling(fields[2])?;
    for (i, &home) in ROOK_HOME.iter().enumerate() {
        let p = pos.board[home as usize];
        let color = if i < 2 { WHITE } else { BLACK };
        if rights & 1 << i != 0 && p != EMPTY && role_of(p) == ROOK && color_of(p) == color {
            pos.castle_rook[i] = home;
        }
    }
    // fields[3], en passant: ignored (there is none in Dynamo).
    (pos.halfmoves, pos.fullmoves) =
        parse_counters(fields.get(4).copied(), fields.get(5).copied())?;
    for (color, name) in [(WHITE, "White"), (BLACK, "Black")] {
        let kings = pos.bits.pieces(color, KING).count_ones();
        if kings != 1 {
            return Err(format!(
                "illegal position: {name} has {kings} kings, must have exactly one"
            ));
        }
    }
    let pawns = pos.bits.role[PAWN];
    if pawns & pos.bits.color[WHITE] & last_rank(WHITE) != 0
        || pawns & pos.bits.color[BLACK] & last_rank(BLACK) != 0
    {
        return Err("illegal position: a pawn stands on its last rank".to_string());
    }
    if king_in_check(&pos.bits, pos.turn ^ 1) {
        return Err("illegal position: the side not to move is in check".to_string());
    }
    Ok(pos)
}

pub fn write(pos: &DynamoPosition) -> String {
    let rights = (0..4)
        .filter(|&i| pos.castle_rook[i] != NO_RIGHT)
        .fold(0u8, |set, i| set | 1 << i);
    format!(
        "{} {} {} - {} {}",
        write_placement(&pos.board),
        side_letter(pos.turn),
        write_castling(rights),
        pos.halfmoves,
        pos.fullmoves
    )
}
