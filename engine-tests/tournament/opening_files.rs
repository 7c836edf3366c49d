//! The committed opening files (engine-tests/openings/): one per registered
//! variant, each a few hundred distinct playable positions that the match
//! runner loads, with the command that made it in its header.

use std::collections::HashSet;
use std::path::Path;

use chimera::openings::{read_book, BookFormat};
use chimera::variants::{CastlingMode, VariantId};
use chimera::with_variant;

#[test]
fn every_variant_has_a_file_of_distinct_playable_openings() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/openings");
    for variant in VariantId::ALL {
        let path = dir.join(format!("{variant}.epd"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let command = text.lines().nth(1).unwrap_or_default();
        assert!(
            command.starts_with(&format!("# Made by: chimera openings --variant {variant} ")),
            "{}: {command}",
            path.display()
        );
        let fens: Vec<String> = with_variant!(variant, P => {
            let openings = read_book::<P>(variant, CastlingMode::Standard, &path, BookFormat::Epd, None)
                .unwrap_or_else(|e| panic!("{e}"));
            openings
                .iter()
                .map(|o| {
                    // Loaded positions are checked playable; each is a FEN
                    // with no moves after it.
                    assert!(o.moves.is_empty());
                    let pos: P = o.position(variant, CastlingMode::Standard).unwrap_or_else(|e| panic!("{e}"));
                    pos.fen()
                })
                .collect()
        });
        assert!(fens.len() >= 300, "{variant}: {} openings", fens.len());
        let distinct: HashSet<&String> = fens.iter().collect();
        assert_eq!(distinct.len(), fens.len(), "{variant} repeats an opening");
    }
}
