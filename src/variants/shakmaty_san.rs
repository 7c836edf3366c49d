//! SAN of the shakmaty backends (chess and atomic), written and read by
//! shakmaty: its check suffix follows the variant (an atomic capture that
//! explodes the enemy king is `#`, as python-chess writes it).

use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::Move;

use super::shakmaty_backend::{Shakmaty, ShakmatyVariant};
use super::MoveError;

/// The text without the annotation glyphs PGN allows after a move.
pub(super) fn without_annotation(text: &str) -> &str {
    text.trim().trim_end_matches(['!', '?'])
}

impl<P: ShakmatyVariant> Shakmaty<P> {
    /// A legal move in SAN with its check or mate suffix.
    pub(super) fn write_san(&self, m: Move) -> String {
        SanPlus::from_move(self.pos.clone(), m).to_string()
    }

    /// The legal move a SAN text names (suffixes optional).
    pub(super) fn read_san(&self, text: &str) -> Result<Move, MoveError> {
        let san_plus: SanPlus = without_annotation(text)
            .parse()
            .map_err(|_| MoveError::malformed(text).because("not SAN"))?;
        let san: San = san_plus.san;
        san.to_move(&self.pos).map_err(|e| match e {
            SanError::AmbiguousSan => {
                MoveError::illegal(text).because("ambiguous, more than one legal move fits")
            }
            SanError::IllegalSan => MoveError::illegal(text),
        })
    }
}
