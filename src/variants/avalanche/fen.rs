//! FEN in and out. A pending pawn is written as a pawn on its last rank; the
//! en-passant field is accepted and ignored (avalanche has no en passant).

use super::bits::*;
use super::board::Board;
use super::castling::castles;
use super::{AvalanchePosition, Kind};
use crate::variants::board8::fen::{
    parse_castling, parse_counters, parse_placement, parse_side, side_letter, write_castling,
    write_placement,
};
use crate::variants::board8::piece::{color_of, role_of, EMPTY};

impl AvalanchePosition {
    pub(crate) fn parse_fen(kind: Kind, fen: &str) -> Result<AvalanchePosition, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return Err(format!(
                "FEN needs 2 to 6 fields (placement, side, castling, en passant, clocks), got {}",
                fields.len()
            ));
        }
        let board = board_of(fields[0])?;
        let turn = parse_side(fields[1])?;
        let castling = match fields.get(2) {
            None => 0,
            Some(text) => parse_castling(text)?,
        };
        // fields[3]: en passant, accepted and ignored.
        let (halfmoves, fullmoves) =
            parse_counters(fields.get(4).copied(), fields.get(5).copied())?;

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
        format!(
            "{} {} {} - {} {}",
            write_placement(&self.board.mailbox),
            side_letter(self.turn),
            write_castling(self.castling),
            self.halfmoves,
            self.fullmoves
        )
    }
}

fn squares(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || (set != 0).then(|| pop(&mut set)))
}

/// The board of a FEN placement field.
fn board_of(text: &str) -> Result<Board, String> {
    let mailbox = parse_placement(text)?;
    let mut board = Board::empty();
    for (s, &p) in mailbox.iter().enumerate() {
        if p != EMPTY {
            board.put(s as u32, color_of(p), role_of(p));
        }
    }
    Ok(board)
}
