//! A turn in the notation of the seed (`shared/seeds/dynamo-ja.txt`): an
//! ordinary move in SAN (`Nf3`, `e8=Q`), castling `O-O`/`O-O-O`, a push or
//! pull as the mover's move, `/`, the moved piece's move, both written long
//! with `E` for off the board and a stationary mover's square once:
//! `Ra1a5/Ba5E`, `Nb1/Bc3d5`, `Pe6/Pe7e8=Q`. Check marks are left out.

use std::collections::BTreeSet;

use super::{DynamoMove, DynamoPosition, MoveKind};
use crate::variants::board8::game_score;
use crate::variants::board8::view::square;
use crate::variants::view::{BoardView, Square};
use crate::variants::Rules;

impl DynamoPosition {
    pub(super) fn game_score(&self, m: DynamoMove) -> Option<String> {
        let turn = self.turn_parts(m);
        let first = turn.parts.first()?;
        Some(match m.kind {
            MoveKind::Castle => game_score::castling(first, turn.implied.first()?).to_string(),
            MoveKind::Ordinary => game_score::san(first, false, &self.rivals(m)),
            MoveKind::Dynamo => format!(
                "{}/{}",
                game_score::long(first),
                game_score::long(turn.parts.get(1)?)
            ),
        })
    }

    /// The squares of the other pieces of the kind that an ordinary move
    /// takes to the same square as `m`.
    fn rivals(&self, m: DynamoMove) -> Vec<Square> {
        let mut legal = Vec::new();
        self.generate(&mut legal);
        let piece = self.board[usize::from(m.from)];
        legal
            .into_iter()
            .filter(|o| {
                o.kind == MoveKind::Ordinary
                    && o.to == m.to
                    && o.from != m.from
                    && self.board[usize::from(o.from)] == piece
            })
            .map(|o| square(o.from))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect()
    }
}
