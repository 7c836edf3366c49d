//! The page's JSON form of what a backend shows ([`BoardView`]): squares by
//! name (`e4`, `l12`, `off`), pieces by FEN letter (uppercase White),
//! promotions and choices by the lowercase letter turn tokens use. The page
//! draws and animates from this and never reads a FEN or a token.

use serde::Serialize;

use crate::variants::view::{Diagram, Grid, Place, TurnParts};

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
pub struct ChoiceView {
    pub square: String,
    pub piece: String,
}

/// The parts of a turn its token names, in its order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnShape {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choice: Option<ChoiceView>,
    pub parts: Vec<Part>,
}

/// A piece standing on a square; `piece` is the FEN letter (uppercase white).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
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

/// The board's shape, holes listed as a FEN meets them (from the highest
/// rank down).
pub fn geometry(board: &Diagram) -> Geometry {
    Geometry {
        files: board.grid.files.into(),
        ranks: board.grid.ranks.into(),
        missing: board.holes().map(|sq| sq.to_string()).collect(),
    }
}

/// Every piece on the board, in the FEN's order.
pub fn board(board: &Diagram) -> Vec<PieceView> {
    board
        .pieces()
        .map(|(sq, piece)| PieceView {
            square: sq.to_string(),
            piece: piece.fen_letter().to_string(),
        })
        .collect()
}

/// The parts the turn's token names.
pub fn shape(turn: &TurnParts) -> TurnShape {
    TurnShape {
        choice: turn.choice.map(|c| ChoiceView {
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

/// The squares a turn on a board of `grid` leaves empty other than by a
/// part moving away (a capture with no piece landing, en passant's victim,
/// atomic's explosion), in the FEN's order: what the page marks as removed.
pub fn vanished(grid: Grid, turn: &TurnParts) -> Vec<String> {
    let from = |sq| turn.parts.iter().any(|p| p.from == Place::On(sq));
    // A piece that is not removed itself stays on the square it lands on.
    let landed = |sq| {
        turn.parts.iter().any(|p| {
            p.to == Place::On(sq) && !p.from.square().is_some_and(|f| turn.removed.contains(&f))
        })
    };
    grid.squares_top_down()
        .filter(|&sq| turn.removed.contains(&sq) && !from(sq) && !landed(sq))
        .map(|sq| sq.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::new_game;
    use crate::variants::VariantId;

    fn vanished_by(variant: VariantId, fen: &str, token: &str) -> Vec<String> {
        let game = new_game(variant, Some(fen)).expect("a legal FEN");
        let (_, turns) = game.verdict_and_turns();
        let turn = turns
            .iter()
            .find(|t| t.token == token)
            .expect("a legal turn");
        vanished(Grid::EIGHT_BY_EIGHT, &turn.parts)
    }

    #[test]
    fn only_squares_left_empty_count_as_vanished() {
        // A capture's victim is replaced by the capturer: nothing vanishes.
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert!(vanished_by(
            VariantId::Chess,
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
            "e4d5"
        )
        .is_empty());
        // En passant empties the victim's square.
        assert_eq!(vanished_by(VariantId::Chess, fen, "e5d6"), ["d5"]);
        // Atomic: the victim's square and the pieces around, not the
        // capturer's own square (it moved away).
        let fen = "rnbqkbnr/pppppppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
        assert_eq!(
            vanished_by(VariantId::Atomic, fen, "e5d7"),
            ["c8", "d8", "e8", "d7"]
        );
    }
}
