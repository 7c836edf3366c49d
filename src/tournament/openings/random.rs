//! Openings of a few random legal plies from the variant's start position.

use super::Opening;
use crate::rng::SplitMix64;
use crate::variants::{Rules, VariantId};

/// `plies` uniformly random legal turns from the start position, such that
/// the game is not over afterwards. Retries a few times; if every try ends
/// the game, it settles for the longest playable prefix.
pub fn random_opening<P: Rules>(variant: VariantId, plies: u32, rng: &mut SplitMix64) -> Opening {
    let mut best = Opening::default();
    for _ in 0..100 {
        let mut pos = P::start(variant);
        let mut played = Vec::new();
        let mut moves = Vec::new();
        for _ in 0..plies {
            moves.clear();
            pos.generate(&mut moves);
            if moves.is_empty() || pos.early_end().is_some() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            played.push(pos.format_move(m));
            pos.play(m);
        }
        // Drop trailing plies until the position is still playable.
        while !played.is_empty() && !is_playable::<P>(variant, &played) {
            played.pop();
        }
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

fn is_playable<P: Rules>(variant: VariantId, moves: &[String]) -> bool {
    let opening = Opening {
        fen: None,
        moves: moves.to_vec(),
    };
    opening.position::<P>(variant).is_ok()
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
        assert!(is_playable::<ChessPosition>(VariantId::Chess, &a.moves));
    }
}
