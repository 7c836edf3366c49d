//! Openings of a few random legal plies from the variant's start position
//! (under Chess960 castling, from one of the 960 chosen at random).

use super::Opening;
use crate::openings::balanced::random_walk;
use crate::rng::SplitMix64;
use crate::variants::{chess960, CastlingMode, Rules, VariantId};

/// `plies` uniformly random legal turns from the start position, such that
/// the game is not over afterwards. Retries a few times; if every try ends
/// the game, it settles for the longest playable prefix.
pub fn random_opening<P: Rules>(
    variant: VariantId,
    castling: CastlingMode,
    plies: u32,
    rng: &mut SplitMix64,
) -> Opening {
    let fen = (castling == CastlingMode::Chess960 && P::CHESS960)
        .then(|| chess960::start_fen(rng.below(usize::from(chess960::STARTS)) as u16));
    let mut best = Opening {
        fen: fen.clone(),
        moves: Vec::new(),
    };
    let start = match P::set_up(variant, fen.as_deref(), castling) {
        Ok(start) => start,
        Err(e) => panic!("{variant} start {fen:?}: {e}"),
    };
    for _ in 0..100 {
        let (played, _) = random_walk(&start, plies, rng);
        if played.len() as u32 == plies {
            return Opening { fen, moves: played };
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
        let a = random_opening::<ChessPosition>(
            VariantId::Chess,
            CastlingMode::Standard,
            8,
            &mut SplitMix64::new(7),
        );
        let b = random_opening::<ChessPosition>(
            VariantId::Chess,
            CastlingMode::Standard,
            8,
            &mut SplitMix64::new(7),
        );
        assert_eq!(a, b);
        assert_eq!(a.moves.len(), 8);
        assert!(a
            .position::<ChessPosition>(VariantId::Chess, CastlingMode::Standard)
            .is_ok());
    }
}
