//! FEN of the 12x12 grid: 12 rows, multi-digit empty counts, `*` for each
//! square that does not exist, en-passant field listing every square the
//! last pawn passed over (`e4e5`).

use super::board::{file_of, rank_of, square_at, Squares};
use super::notation::{parse_square, square_name};
use super::{
    OmegaPosition, BLACK, BLACK_KINGSIDE, BLACK_QUEENSIDE, CASTLES, EMPTY, KING, PAWN,
    PIECE_LETTERS, ROOK, WHITE, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};

fn grid_name(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Parses a FEN, checking everything a position needs to be playable.
pub fn parse(fen: &str) -> Result<OmegaPosition, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 4 || fields.len() > 6 {
        return Err(format!(
            "FEN needs 6 fields (board, side, castling, en passant, halfmove, fullmove), got {}",
            fields.len()
        ));
    }
    let mut pos = OmegaPosition::empty();
    parse_board(&mut pos, fields[0])?;

    pos.side = match fields[1] {
        "w" => WHITE as u8,
        "b" => BLACK as u8,
        s => return Err(format!("side to move must be w or b, not {s}")),
    };
    pos.castling = parse_castling(&pos, fields[2])?;
    let halfmove = match fields.get(4) {
        Some(s) => s
            .parse::<u32>()
            .map_err(|_| format!("halfmove clock {s} is not a number"))?,
        None => 0,
    };
    let fullmove = match fields.get(5) {
        Some(s) => s
            .parse::<u32>()
            .map_err(|_| format!("fullmove number {s} is not a number"))?,
        None => 1,
    };
    pos.halfmove = halfmove;
    pos.fullmove = fullmove.max(1);
    parse_en_passant(&mut pos, fields[3])?;

    let them = pos.side as usize ^ 1;
    if pos.square_attacked(pos.king_square(them), them ^ 1) {
        return Err("the side not to move is in check".into());
    }
    pos.key = pos.full_key();
    Ok(pos)
}

fn parse_board(pos: &mut OmegaPosition, board: &str) -> Result<(), String> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 12 {
        return Err(format!("board needs 12 rows, got {}", rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 11 - i as i32;
        let mut file = 0i32;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if file >= 12 {
                return Err(format!("row {} has more than 12 squares", rank + 1));
            }
            if c.is_ascii_digit() {
                let mut digits = c.to_string();
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    digits.push(*d);
                    chars.next();
                }
                let n: i32 = digits
                    .parse()
                    .ok()
                    .filter(|&n| n > 0 && !digits.starts_with('0'))
                    .ok_or_else(|| {
                        format!("bad empty-square count {digits} in row {}", rank + 1)
                    })?;
                for _ in 0..n {
                    if file >= 12 {
                        return Err(format!("row {} has more than 12 squares", rank + 1));
                    }
                    if square_at(file, rank).is_none() {
                        return Err(format!(
                            "row {}: square {} does not exist and must be written *",
                            rank + 1,
                            grid_name(file, rank)
                        ));
                    }
                    file += 1;
                }
            } else if c == '*' {
                if square_at(file, rank).is_some() {
                    return Err(format!(
                        "row {}: * on {}, which is a square of the board",
                        rank + 1,
                        grid_name(file, rank)
                    ));
                }
                file += 1;
            } else {
                let kind = PIECE_LETTERS
                    .iter()
                    .position(|&l| l == c.to_ascii_uppercase())
                    .ok_or_else(|| format!("unknown piece letter {c} in row {}", rank + 1))?;
                let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
                let sq = square_at(file, rank).ok_or_else(|| {
                    format!(
                        "piece {c} on {}, which does not exist",
                        grid_name(file, rank)
                    )
                })?;
                if kind == PAWN {
                    // Pawns stand between their start rank and the last
                    // rank before promotion (grid ranks 3..10).
                    if !(2..=9).contains(&rank) {
                        return Err(format!(
                            "pawn {c} on {} cannot exist",
                            grid_name(file, rank)
                        ));
                    }
                }
                pos.put(sq, (kind | color << 3) as u8);
                file += 1;
            }
        }
        if file != 12 {
            return Err(format!("row {} has {file} squares, expected 12", rank + 1));
        }
    }
    for (color, name) in [(WHITE, "white"), (BLACK, "black")] {
        let kings = pos.pieces_of(KING, color).count_ones();
        if kings != 1 {
            return Err(format!("{name} needs exactly one king, found {kings}"));
        }
    }
    Ok(())
}

fn parse_castling(pos: &OmegaPosition, field: &str) -> Result<u8, String> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for c in field.chars() {
        let (right, color) = match c {
            'K' => (WHITE_KINGSIDE, WHITE),
            'Q' => (WHITE_QUEENSIDE, WHITE),
            'k' => (BLACK_KINGSIDE, BLACK),
            'q' => (BLACK_QUEENSIDE, BLACK),
            _ => return Err(format!("bad castling field {field}")),
        };
        if rights & right != 0 {
            return Err(format!("castling right {c} given twice"));
        }
        let cs = CASTLES[color]
            .iter()
            .find(|(r, _)| *r == right)
            .map(|(_, cs)| *cs)
            .ok_or("castling table")?;
        let king = (KING | color << 3) as u8;
        let rook = (ROOK | color << 3) as u8;
        if pos.board[cs.king_from] != king || pos.board[cs.rook_from] != rook {
            return Err(format!(
                "castling right {c} needs the king on {} and a rook on {}",
                square_name(cs.king_from),
                square_name(cs.rook_from)
            ));
        }
        rights |= right;
    }
    Ok(rights)
}

fn parse_en_passant(pos: &mut OmegaPosition, field: &str) -> Result<(), String> {
    if field == "-" {
        return Ok(());
    }
    let bad = |why: &str| format!("bad en-passant field {field}: {why}");
    let mut squares = Vec::new();
    let mut rest = field;
    while !rest.is_empty() {
        let end = 1 + rest
            .get(1..)
            .unwrap_or("")
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        let end = end.min(rest.len());
        if !rest.is_char_boundary(end) {
            return Err(bad("not a list of squares"));
        }
        let (name, tail) = rest.split_at(end);
        squares.push(parse_square(name).map_err(|e| bad(&e))?);
        rest = tail;
    }
    // The side that just moved advanced a pawn from its start rank by
    // one more square than the number of squares listed.
    let mover = pos.side as usize ^ 1;
    let file = file_of(squares[0]);
    let (start, dir) = if mover == WHITE { (2, 1) } else { (9, -1) };
    let mut expected: Vec<usize> = (1..=squares.len() as i32)
        .filter_map(|i| square_at(file, start + dir * i))
        .collect();
    let mut listed = squares.clone();
    listed.sort_unstable();
    expected.sort_unstable();
    if squares.len() > 2 || listed != expected {
        return Err(bad(
            "must list the one or two squares a pawn just passed over from its start rank",
        ));
    }
    let pawn_sq = square_at(file, start + dir * (squares.len() as i32 + 1))
        .ok_or_else(|| bad("no pawn square"))?;
    let origin = square_at(file, start).ok_or_else(|| bad("no start square"))?;
    let pawn = (PAWN | mover << 3) as u8;
    if pos.board[pawn_sq] != pawn {
        return Err(bad(&format!(
            "no pawn on {} that just advanced",
            square_name(pawn_sq)
        )));
    }
    if pos.board[origin] != EMPTY || squares.iter().any(|&s| pos.board[s] != EMPTY) {
        return Err(bad(
            "the pawn's start square and the passed squares must be empty",
        ));
    }
    let passed = squares.iter().fold(0, |m, &s| m | 1u128 << s);
    pos.set_en_passant(passed, pawn_sq, mover);
    Ok(())
}

/// Writes the FEN of a position.
pub fn write(pos: &OmegaPosition) -> String {
    let mut out = String::new();
    for rank in (0..12).rev() {
        let mut empty = 0;
        for file in 0..12 {
            let cell = square_at(file, rank).map(|sq| pos.piece_at(sq));
            if let Some(None) = cell {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            match cell {
                None => out.push('*'),
                Some(Some((kind, color))) => {
                    let c = PIECE_LETTERS[kind];
                    out.push(if color == WHITE {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
                Some(None) => {}
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(if pos.side as usize == WHITE {
        " w "
    } else {
        " b "
    });
    let mut castling = String::new();
    for (bit, c) in [
        (WHITE_KINGSIDE, 'K'),
        (WHITE_QUEENSIDE, 'Q'),
        (BLACK_KINGSIDE, 'k'),
        (BLACK_QUEENSIDE, 'q'),
    ] {
        if pos.castling & bit != 0 {
            castling.push(c);
        }
    }
    out.push_str(if castling.is_empty() { "-" } else { &castling });
    out.push(' ');
    if pos.ep == 0 {
        out.push('-');
    } else {
        // In the order the pawn passed over them.
        let mut squares: Vec<usize> = Squares(pos.ep).collect();
        let pawn_rank = rank_of(pos.ep_pawn as usize);
        squares.sort_by_key(|&s| std::cmp::Reverse((rank_of(s) - pawn_rank).abs()));
        for s in squares {
            out.push_str(&square_name(s));
        }
    }
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    out
}
