//! Openings of a few random legal plies from the variant's start position.

use super::Opening;
use crate::balanced::random_walk;
use crate::rng::SplitMix64;
use crate::variants::{Rules, VariantId};

/// `plies` uniformly random legal turns from the start position, such that
/// the game is not over afterwards. Retries a few times; if every try ends
/// the game, it settles for the longest playable prefix.
pub fn random_opening<P: Rules>(variant: VariantId, plies: u32, rng: &mut SplitMix64) -> Opening {
    let mut best = Opening::default();
    let start = P::start(variant);
    for _ in 0..100 {
        let (played, _) = random_walk(&start, plies, rng);
        if played.len() as u32 == plies {
            return Opening {
                fen: None,
                moves: played,
            };
        }
        if played.len() > best.moves.len() {
            best.moves = played;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::ChessPosition;

    #[test]
    fn random_openings_are_legal_and_reproducible() {
        let a = random_opening::<ChessPosition>(VariantId::Chess, 8, &mut SplitMix64::new(7));
        let b = random_opening::<ChessPosition>(VariantId::Chess, 8, &mut SplitMix64::new(7));
        assert_eq!(a, b);
        assert_eq!(a.moves.len(), 8);
        assert!(a.position::<ChessPosition>(VariantId::Chess).is_ok());
    }
}
