//! The page's JSON form of what a backend shows ([`BoardView`]): squares by
//! name (`e4`, `l12`, `off`), pieces by FEN letter (uppercase White),
//! promotions and choices by the lowercase letter turn tokens use. The page
//! draws and animates from this and never reads a FEN or a token.

use serde::Serialize;

use crate::variants::view::{BoardView, Place, TurnParts};
use crate::variants::VariantId;

/// One part of a turn: a piece going from one square to another; `off`
/// stands for "off the board".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    pub from: String,
    pub to: String,
    /// Promotion letter (lowercase), if the part promotes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<String>,
}

/// A pending promotion's piece choice that opens a turn (avalanche).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub square: String,
    pub piece: String,
}

/// The parts of a turn its token names, in its order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnShape {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choice: Option<Choice>,
    pub parts: Vec<Part>,
}

/// A piece standing on a square; `piece` is the FEN letter (uppercase white).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceOn {
    pub square: String,
    pub piece: String,
}

/// The shape of a board: a grid of `files` x `ranks` minus `missing` squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Geometry {
    pub files: usize,
    pub ranks: usize,
    pub missing: Vec<String>,
}

/// The board's shape under `variant`, holes listed as a FEN meets them
/// (from the highest rank down).
pub fn geometry<P: BoardView>(variant: VariantId) -> Geometry {
    let grid = P::grid(variant);
    Geometry {
        files: grid.files.into(),
        ranks: grid.ranks.into(),
        missing: grid
            .squares_top_down()
            .filter(|&sq| !P::exists(variant, sq))
            .map(|sq| sq.to_string())
            .collect(),
    }
}

/// Every piece on the board, in the FEN's order.
pub fn board<P: BoardView>(pos: &P) -> Vec<PieceOn> {
    P::grid(pos.variant())
        .squares_top_down()
        .filter_map(|sq| {
            let piece = pos.piece_on(sq)?;
            Some(PieceOn {
                square: sq.to_string(),
                piece: piece.fen_letter().to_string(),
            })
        })
        .collect()
}

/// The parts the turn's token names.
pub fn shape(turn: &TurnParts) -> TurnShape {
    TurnShape {
        choice: turn.choice.map(|c| Choice {
            square: c.square.to_string(),
            piece: c.piece.role.to_string(),
        }),
        parts: turn
            .parts
            .iter()
            .map(|p| Part {
                from: p.from.to_string(),
                to: p.to.to_string(),
                promotion: p.promotion.map(|q| q.role.to_string()),
            })
            .collect(),
    }
}

/// The squares a turn of `pos` leaves empty other than by a part moving
/// away (a capture with no piece landing, en passant's victim, atomic's
/// explosion), in the FEN's order: what the page marks as removed.
pub fn vanished<P: BoardView>(pos: &P, turn: &TurnParts) -> Vec<String> {
    let from = |sq| turn.parts.iter().any(|p| p.from == Place::On(sq));
    // A piece that is not removed itself stays on the square it lands on.
    let landed = |sq| {
        turn.parts.iter().any(|p| {
            p.to == Place::On(sq) && !p.from.square().is_some_and(|f| turn.removed.contains(&f))
        })
    };
    P::grid(pos.variant())
        .squares_top_down()
        .filter(|&sq| turn.removed.contains(&sq) && !from(sq) && !landed(sq))
        .map(|sq| sq.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::atomic::AtomicPosition;
    use crate::variants::chess::ChessPosition;

    fn vanished_by<P: BoardView>(fen: &str, token: &str) -> Vec<String> {
        let variant = P::VARIANTS[0];
        let pos = P::from_fen(variant, fen).expect("a legal FEN");
        let m = pos.parse_move(token).expect("a legal turn");
        vanished(&pos, &pos.turn_parts(m))
    }

    #[test]
    fn only_squares_left_empty_count_as_vanished() {
        // A capture's victim is replaced by the capturer: nothing vanishes.
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert!(
            vanished_by::<ChessPosition>("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5").is_empty()
        );
        // En passant empties the victim's square.
        assert_eq!(vanished_by::<ChessPosition>(fen, "e5d6"), ["d5"]);
        // Atomic: the victim's square and the pieces around, not the
        // capturer's own square (it moved away).
        let fen = "rnbqkbnr/pppppppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
        assert_eq!(
            vanished_by::<AtomicPosition>(fen, "e5d7"),
            ["c8", "d8", "e8", "d7"]
        );
    }
}
