//! What a Dynamo position holds beyond its FEN, for the data files
//! (docs/datagen.md): where the rook owning each castling right stands
//! (a pushed rook keeps its right, which a FEN cannot say), and the
//! placement the no-undo rule forbids.

use super::board::{color_of, role_of, BLACK, EMPTY, ROOK, WHITE};
use super::{DynamoPosition, NO_RIGHT};
use crate::variants::packed::Packed;

impl Packed for DynamoPosition {
    /// Four rook squares, a flag and the forbidden placement's key.
    const EXTRA_BYTES: usize = 4 + 1 + 8;

    fn pack_extra(&self, out: &mut [u8]) {
        out[..4].copy_from_slice(&self.castle_rook);
        out[4] = u8::from(self.forbidden.is_some());
        out[5..13].copy_from_slice(&self.forbidden.unwrap_or(0).to_le_bytes());
    }

    fn unpack_extra(&mut self, bytes: &[u8]) -> Result<(), String> {
        let mut rooks = [NO_RIGHT; 4];
        rooks.copy_from_slice(&bytes[..4]);
        for (i, &sq) in rooks.iter().enumerate() {
            if sq == NO_RIGHT {
                continue;
            }
            let color = if i < 2 { WHITE } else { BLACK };
            let p = self.board.get(usize::from(sq)).copied().unwrap_or(EMPTY);
            if p == EMPTY || role_of(p) != ROOK || color_of(p) != color {
                return Err(format!(
                    "castling right {i} names square {sq}, which holds no rook of its side"
                ));
            }
            if rooks[..i].contains(&sq) {
                return Err(format!("two castling rights name the rook on square {sq}"));
            }
        }
        self.castle_rook = rooks;
        let mut key = [0; 8];
        key.copy_from_slice(&bytes[5..13]);
        self.forbidden = match bytes[4] {
            0 => None,
            1 => Some(u64::from_le_bytes(key)),
            flag => return Err(format!("no-undo flag {flag} is neither 0 nor 1")),
        };
        Ok(())
    }
}
