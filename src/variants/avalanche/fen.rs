//! FEN in and out. A pending pawn is written as a pawn on its last rank; the
//! en-passant field is accepted and ignored (avalanche has no en passant).

use super::bits::*;
use super::board::{code_color, code_role, Board, EMPTY};
use super::castling::castles;
use super::{AvalanchePosition, Kind};

impl AvalanchePosition {
    pub(crate) fn parse_fen(kind: Kind, fen: &str) -> Result<AvalanchePosition, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return Err(format!(
                "FEN needs 2 to 6 fields (placement, side, castling, en passant, clocks), got {}",
                fields.len()
            ));
        }
        let board = parse_placement(fields[0])?;
        let turn = match fields[1] {
            "w" => WHITE,
            "b" => BLACK,
            other => return Err(format!("side to move must be w or b, not {other}")),
        };
        let castling = match fields.get(2) {
            None => 0,
            Some(text) => parse_castling(text)?,
        };
        // fields[3]: en passant, accepted and ignored.
        let halfmoves = match fields.get(4) {
            None => 0,
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| format!("halfmove clock {t} is not a number"))?,
        };
        let fullmoves = match fields.get(5) {
            None => 1,
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| format!("fullmove number {t} is not a number"))?
                .max(1),
        };

        let mut pos = AvalanchePosition {
            board,
            turn,
            castling: 0,
            pending: None,
            halfmoves,
            fullmoves,
            kind,
            key: 0,
        };
        pos.validate()?;
        pos.castling = pos.possible_rights(castling);
        pos.key = pos.full_key();
        Ok(pos)
    }

    /// Checks the spec's rejections and finds the pending pawn.
    fn validate(&mut self) -> Result<(), String> {
        for (color, name) in [(WHITE, "White"), (BLACK, "Black")] {
            let kings = self.board.pieces(color, KING).count_ones();
            if kings != 1 {
                return Err(format!(
                    "{name} has {kings} kings; each side needs exactly one"
                ));
            }
            let first_rank = last_rank(1 - color);
            if let Some(s) = squares(self.board.pieces(color, PAWN) & first_rank).next() {
                return Err(format!(
                    "{name} pawn on {}, its own first rank",
                    square_name(s)
                ));
            }
        }
        let us = self.turn;
        let them = 1 - us;
        if self.board.pieces(them, PAWN) & last_rank(them) != 0 {
            return Err(
                "a pawn on its last rank (pending promotion) may only belong to the side to move"
                    .to_string(),
            );
        }
        let pending = self.board.pieces(us, PAWN) & last_rank(us);
        if pending.count_ones() > 1 {
            return Err("more than one pending pawn on the last rank".to_string());
        }
        let occ = self.board.occupied();
        let their_king = self.board.king(them);
        if self.board.attackers(their_king, us, occ) != 0 {
            return Err("the side not to move is in check".to_string());
        }
        if pending != 0 {
            let s = pending.trailing_zeros();
            if (knight_attacks(s) | queen_attacks(s, occ)) & bit(their_king) != 0 {
                return Err(format!(
                    "the pending pawn on {} could be promoted with check to the side not to move",
                    square_name(s)
                ));
            }
            self.pending = Some(s);
        }
        Ok(())
    }

    /// The castling rights of `rights` whose king and rook stand at home.
    fn possible_rights(&self, rights: u8) -> u8 {
        let mut kept = 0;
        for color in [WHITE, BLACK] {
            for c in castles(self.kind, color) {
                if rights & c.right != 0
                    && self.board.pieces(color, KING) & bit(c.king_from) != 0
                    && self.board.pieces(color, ROOK) & bit(c.rook_from) != 0
                {
                    kept |= c.right;
                }
            }
        }
        kept
    }

    pub(crate) fn to_fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u32).rev() {
            let mut gap = 0;
            for file in 0..8u32 {
                let code = self.board.mailbox[(rank * 8 + file) as usize];
                if code == EMPTY {
                    gap += 1;
                    continue;
                }
                if gap > 0 {
                    out.push_str(&gap.to_string());
                    gap = 0;
                }
                let c = role_char(code_role(code));
                out.push(if code_color(code) == WHITE {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
            if gap > 0 {
                out.push_str(&gap.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.turn == WHITE { " w " } else { " b " });
        if self.castling == 0 {
            out.push('-');
        }
        for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if self.castling & bit != 0 {
                out.push(c);
            }
        }
        out.push_str(&format!(" - {} {}", self.halfmoves, self.fullmoves));
        out
    }
}

fn squares(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || (set != 0).then(|| pop(&mut set)))
}

fn parse_placement(text: &str) -> Result<Board, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 8 {
        return Err(format!(
            "board needs 8 ranks separated by /, got {}",
            rows.len()
        ));
    }
    let mut board = Board::empty();
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0u32;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(format!("rank {}: 0 is not a square count", rank + 1));
                }
                file += d;
            } else {
                let role = role_of_char(c)
                    .ok_or_else(|| format!("rank {}: unknown piece letter {c}", rank + 1))?;
                if file >= 8 {
                    return Err(format!("rank {} has more than 8 squares", rank + 1));
                }
                let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
                board.put(rank * 8 + file, color, role);
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

fn parse_castling(text: &str) -> Result<u8, String> {
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
