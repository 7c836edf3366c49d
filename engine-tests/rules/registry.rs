//! The test registry itself (engine-tests/support/variants/): every
//! registered variant has a perft file with its start position, and every
//! FEN its entry gives is one the variant accepts, so that the suites that
//! draw on them test what they say.

use chimera::variants::{CastlingMode, VariantId};
use chimera::with_variant;
use chimera_test_support::variants::{facts, perft_files, perft_path, read_perft, start_counts};

#[test]
fn every_variant_has_a_perft_file_with_its_start_position() {
    for variant in VariantId::ALL {
        let counts = with_variant!(variant, P => start_counts::<P>(variant));
        assert!(
            counts.iter().any(|&(d, _)| d >= 2),
            "{}: the start position needs counts to depth 2 at least",
            perft_path(variant)
        );
        for file in perft_files(variant) {
            for (fen, counts) in read_perft(&file.path) {
                assert!(!counts.is_empty(), "{}: {fen} has no counts", file.path);
                let read = with_variant!(variant, P => P::from_fen_with(variant, &fen, file.castling).map(|_| ()));
                read.unwrap_or_else(|e| panic!("{}: {variant} refuses {fen}: {e}", file.path));
            }
        }
    }
}

#[test]
fn every_sample_and_special_fen_is_accepted() {
    let mut refused = Vec::new();
    for variant in VariantId::ALL {
        let facts = facts(variant);
        assert!(!facts.sample_fens.is_empty(), "{variant}: no sample FENs");
        assert!(!facts.special_fens.is_empty(), "{variant}: no special FENs");
        for fen in facts.sample_fens.iter().chain(facts.special_fens) {
            let read = with_variant!(variant, P => P::from_fen_with(variant, fen, CastlingMode::Standard).map(|_| ()));
            if let Err(e) = read {
                refused.push(format!("{variant} refuses {fen}: {e}"));
            }
        }
    }
    assert!(refused.is_empty(), "registry FENs:\n{}", refused.join("\n"));
}
