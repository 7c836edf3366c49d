//! Perft through the staged move picker equals plain perft, for every
//! variant: the picker hands out every legal turn exactly once whatever
//! the table says (its right turn, a stale code, nothing), and in
//! quiescence exactly the tactical turns. Counts: the start-position
//! perft of each variant's spec page (../shared/spec/, as its
//! engine-tests/perft/<name>.epd gives it), and plain perft along random
//! games.

use chimera::rng::SplitMix64;
use chimera::search::movepick::{perft_through_picker, tactical_through_picker};
use chimera::variants::{Rules, VariantId};
use chimera::with_variant;
use chimera_test_support::variants::start_counts;

/// The picker is slower than plain perft: depths up to this many nodes.
const PICKER_NODES: u64 = 600_000;

/// The start position's deepest count within [`PICKER_NODES`].
fn spec_count<P: Rules>(variant: VariantId) -> (u32, u64) {
    start_counts::<P>(variant)
        .into_iter()
        .filter(|&(_, n)| n <= PICKER_NODES)
        .max()
        .unwrap_or_else(|| panic!("{variant}: no start-position count within {PICKER_NODES}"))
}

/// The table's turn at a node, varied by the position's key: none, a code
/// no turn has, or one of the legal turns.
fn table_turn<P: Rules>(pos: &P, legal: &[P::Move]) -> u32 {
    let key = pos.hash();
    match key % 4 {
        0 => 0,
        1 => 0x7FFF_FFFF,
        _ if legal.is_empty() => 0,
        _ => P::encode(legal[(key >> 8) as usize % legal.len()]),
    }
}

#[test]
fn start_position_perft_through_the_picker_matches_the_spec() {
    for variant in VariantId::ALL {
        with_variant!(variant, P => {
            let (depth, expected) = spec_count::<P>(variant);
            let pos = P::start(variant);
            assert_eq!(
                perft_through_picker(&pos, depth, &table_turn::<P>),
                expected,
                "{variant} perft {depth} through the picker"
            );
        });
    }
}

fn codes<P: Rules>(moves: &[P::Move]) -> Vec<u32> {
    let mut codes: Vec<u32> = moves.iter().map(|&m| P::encode(m)).collect();
    codes.sort_unstable();
    codes
}

#[test]
fn the_picker_matches_plain_perft_along_random_games() {
    for variant in VariantId::ALL {
        with_variant!(variant, P => {
            let mut rng = SplitMix64::new(0xC0FFEE ^ variant as u64);
            for game in 0..4 {
                let mut pos = P::start(variant);
                for ply in 0..40 {
                    let mut legal = Vec::new();
                    pos.generate(&mut legal);
                    if legal.is_empty() || pos.early_end().is_some() {
                        break;
                    }
                    let ctx = || format!("{variant} game {game} ply {ply}: {}", pos.fen());
                    assert_eq!(
                        perft_through_picker(&pos, 2, &table_turn::<P>),
                        chimera::perft::perft(&pos, 2),
                        "{}",
                        ctx()
                    );
                    let mut tactical = Vec::new();
                    pos.generate_tactical(&mut tactical);
                    for code in [0, 0x7FFF_FFFF, P::encode(legal[ply % legal.len()])] {
                        assert_eq!(
                            codes::<P>(&tactical_through_picker(&pos, code)),
                            codes::<P>(&tactical),
                            "{} (table code {code:#x})",
                            ctx()
                        );
                    }
                    let m = legal[rng.below(legal.len())];
                    pos.play(m);
                }
            }
        });
    }
}
