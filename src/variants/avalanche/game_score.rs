//! A turn in the notation of the seed's game scores: the chess part in SAN,
//! `/`, the square the pushed pawn lands on (`Nf3/c6`, `Bxd2/f3`), or `//`
//! when no pawn can be pushed (`Qc3//`). A pending promotion's choice
//! comes first as the token writes it (`e8=Q,Nf3/c6`). Check marks are
//! left out.

use super::turn::Turn;
use super::AvalanchePosition;
use crate::variants::board8::game_score;
use crate::variants::view::{BoardView, Place, Square};
use crate::variants::Rules;

impl AvalanchePosition {
    pub(super) fn game_score(&self, t: Turn) -> Option<String> {
        let turn = self.turn_parts(t);
        let first = turn.parts.first()?;
        let mut text = String::new();
        if let Some(c) = turn.choice {
            let letter = c.piece.role.to_ascii_uppercase();
            text.push_str(&format!("{}={letter},", c.square));
        }
        match turn.implied.first() {
            Some(rook) => text.push_str(game_score::castling(first, rook)),
            None => {
                let capture = first
                    .to
                    .square()
                    .is_some_and(|to| turn.removed.contains(&to));
                text.push_str(&game_score::san(first, capture, &self.rivals(t)));
            }
        }
        match turn.parts.get(1) {
            Some(push) => text.push_str(&format!("/{}", game_score::place_text(push.to))),
            None => text.push_str("//"),
        }
        Some(text)
    }

    /// The squares of the other pieces of the kind that the same choice
    /// lets go to the same square as `t`'s chess part.
    fn rivals(&self, t: Turn) -> Vec<Square> {
        let turn = self.turn_parts(t);
        let Some(first) = turn.parts.first() else {
            return Vec::new();
        };
        let mut legal = Vec::new();
        self.generate(&mut legal);
        let mut rivals: Vec<Square> = legal
            .into_iter()
            .map(|other| self.turn_parts(other))
            .filter(|other| other.choice == turn.choice && other.implied.is_empty())
            .filter_map(|other| {
                let part = *other.parts.first()?;
                (part.piece == first.piece && part.to == first.to && part.from != first.from)
                    .then_some(part.from)
            })
            .filter_map(Place::square)
            .collect();
        rivals.sort();
        rivals.dedup();
        rivals
    }
}
