//! The table's turn checked without generating the others: most nodes
//! that have one end with it, so the full list would be wasted there.

use super::check::king_in_check;
use super::geometry::bit;
use super::{DynamoMove, DynamoPosition, KING_HOME};
use crate::variants::Rules;

impl DynamoPosition {
    /// The legal turn whose code is `code`, if any: the same answer as
    /// finding it among [`DynamoPosition::legal_turns`]. Only the pieces
    /// on the code's mover square are asked for turns, and the one found
    /// is tested by the definition of legality.
    pub(crate) fn legal_turn_from_code(&self, code: u32) -> Option<DynamoMove> {
        let us = self.turn;
        let from = (code & 0x7F) as u8;
        if from >= 64 || self.bits.color[us] & bit(from) == 0 {
            return None;
        }
        // Without a king there is no legal turn (only from a broken state).
        self.bits.king(us)?;
        let mut found = None;
        let mut find = |m: DynamoMove| {
            if Self::encode(m) == code {
                found = Some(m);
            }
        };
        self.piece_turns::<true, _>(from, &mut find);
        if from == KING_HOME[us] {
            self.castling_turns(&mut find);
        }
        let m = found?;
        (!self.undoes(m) && !king_in_check(&self.bits_after(m), us)).then_some(m)
    }
}
