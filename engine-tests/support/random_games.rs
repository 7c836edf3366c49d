//! Seeded random games from a variant's start and bench positions, for the
//! tests that check something in every position along them.

use chimera::variants::{Rules, VariantId};

use crate::rng::Rng;

/// Calls `check` on every position of `games` random games (at most
/// `plies` turns each) from every start and bench position of `variant`.
pub fn for_each_position<P: Rules>(
    variant: VariantId,
    seed: u64,
    games: u64,
    plies: usize,
    mut check: impl FnMut(&P),
) {
    let mut starts = vec![P::start_fen(variant)];
    starts.extend(P::bench_fens(variant));
    for (i, fen) in starts.iter().enumerate() {
        for game in 0..games {
            let mut rng = Rng::new(seed ^ (i as u64) << 16 ^ game);
            let mut pos = P::from_fen(variant, fen).expect("a start or bench FEN");
            for _ in 0..plies {
                check(&pos);
                let mut moves = Vec::new();
                pos.generate(&mut moves);
                if moves.is_empty() || pos.early_end().is_some() {
                    break;
                }
                pos.play(*rng.pick(&moves));
            }
        }
    }
}
