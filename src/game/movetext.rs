//! A game's turns as PGN movetext writes them: SAN where the backend has it
//! (chess, atomic, Omega), else the UCI token with the variant's own
//! notation beside it (avalanche's `Nf3/c6`, Dynamo's `Ra1a5/Ba5E`).

use super::pgn::PgnMove;
use super::Game;
use crate::variants::view::BoardView;

impl<P: BoardView> Game<P> {
    /// Every turn played, from the start, as the PGN writer takes it.
    pub fn pgn_moves(&self) -> Vec<PgnMove> {
        self.positions
            .iter()
            .zip(&self.moves)
            .zip(&self.tokens)
            .map(|((pos, &m), token)| PgnMove::of(pos, m, token))
            .collect()
    }
}

impl PgnMove {
    /// The turn `m` of `pos`, whose token is `token`: SAN, or the token
    /// with the variant's own notation.
    pub fn of<P: BoardView>(pos: &P, m: P::Move, token: &str) -> PgnMove {
        PgnMove {
            text: pos.san(m).unwrap_or_else(|| token.to_string()),
            notation: pos.variant_notation(m),
        }
    }
}
