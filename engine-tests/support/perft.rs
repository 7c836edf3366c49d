//! The perft-file runner (engine-tests/perft/, `FEN ;D1 n ;D2 n ...`).

use chimera::perft::perft;
use chimera::variants::{CastlingMode, Rules, VariantId};

use crate::variants::read_perft;

/// Checks every line of a perft file at each depth whose expected count is
/// at most `max_nodes`, the FENs read under `castling`.
pub fn run_perft_suite_with<P: Rules>(
    variant: VariantId,
    path: &str,
    max_nodes: u64,
    castling: CastlingMode,
) {
    let mut checked = 0;
    for (fen, counts) in read_perft(path) {
        let pos =
            P::from_fen_with(variant, &fen, castling).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, expected) in counts {
            if expected > max_nodes {
                continue;
            }
            assert_eq!(
                perft(&pos, depth),
                expected,
                "{variant} perft {depth} of {fen}"
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "{path} checked nothing");
}
