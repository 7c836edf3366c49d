//! Search tests through the library: forced wins are found, and every
//! position of every variant's perft files gets a legal move.

use chimera::eval::Variant;
use chimera::search::score::uci_score;
use chimera::search::{self, Limits, SearchConfig, SearchResult, Shared};
use chimera::variants::atomic::AtomicPosition;
use chimera::variants::chess::ChessPosition;
use chimera::variants::VariantId;
use chimera::with_variant;
use chimera_test_support::variants::perft_fens;

fn search_depth<P: Variant>(variant: VariantId, fen: &str, depth: i32) -> (P, SearchResult) {
    let pos = P::from_fen(variant, fen).unwrap();
    let shared = std::sync::Arc::new(Shared::new(16));
    shared.start(None, None, false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let result = search::search(
        &pos,
        &[],
        &limits,
        &SearchConfig::default(),
        &shared,
        &mut |_| {},
    );
    (pos, result)
}

#[test]
fn chess_mate_in_two() {
    // Nf6+ gxf6 Bxf7# (a classic).
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    let (_, r) = search_depth::<ChessPosition>(VariantId::Chess, fen, 6);
    assert_eq!(r.best.as_deref(), Some("d5f6"));
    assert_eq!(uci_score(r.score), "mate 2");
}

#[test]
fn chess_rook_ladder_mate_in_two() {
    // Hand-checked: no mate in one (Ra8+ Kg7, Rb8+ Kh7); 1.Rb7 leaves only
    // Kg8, then Ra8#.
    let fen = "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1";
    let (_, r) = search_depth::<ChessPosition>(VariantId::Chess, fen, 6);
    assert_eq!(uci_score(r.score), "mate 2");
}

#[test]
fn atomic_explodes_the_king_at_once() {
    // Nxf7 explodes f7 and the king on e8 next to it.
    let fen = "rnbqkb1r/pppppppp/5n2/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
    let (_, r) = search_depth::<AtomicPosition>(VariantId::Atomic, fen, 4);
    assert_eq!(r.best.as_deref(), Some("g5f7"));
    assert_eq!(uci_score(r.score), "mate 1");
}

#[test]
fn atomic_finds_a_forced_explosion_in_two() {
    // Hand-checked: 1.Ng5 (threat Nxh7, whose explosion reaches h8 and g8)
    // leaves Black only Kg8 (g7 is covered by the h6 pawn, h7 is blocked),
    // and 2.Nxh7 explodes the king. No explosion is possible at once.
    let fen = "7k/7p/7P/8/4N3/8/8/1K6 w - - 0 1";
    let (_, r) = search_depth::<AtomicPosition>(VariantId::Atomic, fen, 6);
    assert_eq!(r.best.as_deref(), Some("e4g5"));
    assert_eq!(uci_score(r.score), "mate 2");
}

fn legal_move_everywhere<P: Variant>(variant: VariantId) {
    for fen in perft_fens(variant) {
        let fen = fen.as_str();
        let (pos, r) = search_depth::<P>(variant, fen, 4);
        if pos.count_moves() == 0 {
            assert_eq!(r.best, None, "{fen} has no legal move");
            continue;
        }
        let best = r.best.unwrap_or_else(|| panic!("no move in {fen}"));
        pos.parse_move(&best)
            .unwrap_or_else(|e| panic!("{fen}: {best} {e}"));
    }
}

#[test]
fn a_legal_move_in_every_perft_position() {
    for variant in VariantId::ALL {
        with_variant!(variant, P => legal_move_everywhere::<P>(variant));
    }
}
