//! Perft of every registered variant: each perft file its registry entry
//! names (engine-tests/perft/<name>.epd, and the Chess960 files), every
//! line at every depth whose count is within the file's node cap. The
//! counts come from the spec pages and published sources (each file's
//! header), never from the engine.

use chimera::variants::VariantId;
use chimera::with_variant;
use chimera_test_support::perft::run_perft_suite_with;
use chimera_test_support::variants::perft_files;

#[test]
fn every_variant_matches_its_perft_files() {
    let files: Vec<_> = VariantId::ALL
        .into_iter()
        .flat_map(|v| perft_files(v).into_iter().map(move |f| (v, f)))
        .collect();
    // One thread per file; a failure names its variant and file.
    let failed: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .iter()
            .map(|(v, f)| {
                let handle = scope.spawn(move || {
                    with_variant!(*v, P => run_perft_suite_with::<P>(*v, &f.path, f.max_nodes, f.castling))
                });
                (v, f, handle)
            })
            .collect();
        handles
            .into_iter()
            .filter_map(|(v, f, h)| h.join().is_err().then(|| format!("{v}: {}", f.path)))
            .collect()
    });
    assert!(
        failed.is_empty(),
        "perft failed (messages above): {failed:?}"
    );
}
