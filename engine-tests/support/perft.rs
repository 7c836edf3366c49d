//! The perft-file runner: `FEN ;D1 n ;D2 n ...` lines (engine-tests/perft/).

use chimera::perft::perft;
use chimera::variants::{CastlingMode, Rules, VariantId};

/// Runs every line of an EPD perft file (`FEN ;D1 20 ;D2 400 ...`), checking
/// each depth whose expected count is at most `max_nodes`.
pub fn run_perft_suite<P: Rules>(variant: VariantId, path: &str, max_nodes: u64) {
    run_perft_suite_with::<P>(variant, path, max_nodes, CastlingMode::Standard);
}

/// [`run_perft_suite`] with the FENs read under `castling`.
pub fn run_perft_suite_with<P: Rules>(
    variant: VariantId,
    path: &str,
    max_nodes: u64,
    castling: CastlingMode,
) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let pos = P::from_fen_with(variant, fen, castling).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for part in parts {
            let mut words = part.split_whitespace();
            let depth: u32 = words.next().unwrap()[1..].parse().unwrap();
            let expected: u64 = words.next().unwrap().parse().unwrap();
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
