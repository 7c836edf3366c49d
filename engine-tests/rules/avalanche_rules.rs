//! Avalanche rules (the start positions' spec perft is in
//! engine-tests/perft/avalanche*.epd, run by `perft.rs`): the reference
//! generator against the spec, and special positions whose turn lists and counts are checked against a
//! separate, deliberately simple generator (`support/reference/avalanche.rs`)
//! and, where small, against hand enumeration.

use chimera::perft::perft;
use chimera::variants::avalanche::AvalanchePosition;
use chimera::variants::{EndReason, Outcome, Rules, VariantId};
use chimera_test_support::reference::avalanche::RefPos;

fn pos(variant: VariantId, fen: &str) -> AvalanchePosition {
    AvalanchePosition::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn engine_tokens(p: &AvalanchePosition) -> Vec<String> {
    let mut turns = Vec::new();
    p.generate(&mut turns);
    let mut tokens: Vec<String> = turns.iter().map(|&t| p.format_move(t)).collect();
    tokens.sort();
    tokens
}

fn reference_tokens(r: &RefPos) -> Vec<String> {
    let mut tokens: Vec<String> = r.turns().into_iter().map(|(t, _)| t).collect();
    tokens.sort();
    tokens
}

/// Same turn list at depth 1 and same perft up to `depth` as the reference.
fn cross_check(variant: VariantId, fen: &str, depth: u32) -> Vec<u64> {
    let p = pos(variant, fen);
    let r = RefPos::from_fen(variant.name(), fen);
    assert_eq!(
        engine_tokens(&p),
        reference_tokens(&r),
        "turn list of {fen}"
    );
    assert_eq!(p.count_moves(), r.perft(1), "count_moves of {fen}");
    (1..=depth)
        .map(|d| {
            let n = perft(&p, d);
            assert_eq!(n, r.perft(d), "{variant} perft {d} of {fen}");
            n
        })
        .collect()
}

#[test]
fn reference_generator_matches_the_spec() {
    // The reference itself reproduces the spec's numbers to depth 3, and the
    // engine's turn lists agree with it along the way.
    let cases = [
        (VariantId::Avalanche, 5077103),
        (VariantId::AvalancheBalanced, 577471),
        (VariantId::AvalancheReversed, 5089702),
    ];
    for (variant, n) in cases {
        let fen = AvalanchePosition::start_fen(variant);
        assert_eq!(
            RefPos::from_fen(variant.name(), fen).perft(3),
            n,
            "{variant}"
        );
        cross_check(variant, fen, 2);
    }
}

#[test]
fn no_pushable_pawn() {
    // e3 is blocked by e2: every turn is a first part alone. King d1, f1
    // (d2, f2 are covered by e3), rook a2-a8 and b1-d1, castling e1c1: 13.
    let fen = "4k3/8/8/8/8/4p3/4P3/R3K3 w Q - 0 1";
    let counts = cross_check(VariantId::Avalanche, fen, 3);
    assert_eq!(counts[0], 13);
    let tokens = engine_tokens(&pos(VariantId::Avalanche, fen));
    assert!(tokens.contains(&"e1c1".to_string()) && tokens.iter().all(|t| !t.contains(',')));
}

#[test]
fn push_that_discovers_check_on_the_pusher() {
    // Pushing c3-c2 opens a5-e1; c2 also covers d1. King e2, f1, f2 may push,
    // after Kd1 the only push attacks the king, so Kd1 is no turn: 3.
    let fen = "4k3/8/8/b7/8/2p5/8/4K3 w - - 0 1";
    let counts = cross_check(VariantId::Avalanche, fen, 3);
    assert_eq!(counts[0], 3);
    assert_eq!(
        engine_tokens(&pos(VariantId::Avalanche, fen)),
        ["e1e2,c3c2", "e1f1,c3c2", "e1f2,c3c2"]
    );
    // Along a file the pushed pawn keeps blocking: e4-e3 is fine.
    let fen = "4k3/4r3/8/8/4p3/8/8/4K3 w - - 0 1";
    let tokens = engine_tokens(&pos(VariantId::Avalanche, fen));
    assert!(tokens.contains(&"e1d1,e4e3".to_string()));
    cross_check(VariantId::Avalanche, fen, 3);
}

#[test]
fn push_to_the_last_rank_with_a_checking_choice() {
    // h2-h1 is the only push. Q/R on h1 would check d1 or f1 along the rank,
    // N on h1 would check f2: only Kd2 and Ke2 remain.
    let fen = "4k3/8/8/8/8/8/7p/4K3 w - - 0 1";
    let counts = cross_check(VariantId::Avalanche, fen, 3);
    assert_eq!(counts[0], 2);
    assert_eq!(
        engine_tokens(&pos(VariantId::Avalanche, fen)),
        ["e1d2,h2h1", "e1e2,h2h1"]
    );
}

#[test]
fn push_to_the_last_rank_without_a_checking_choice() {
    // After a2-a1 a queen there covers the first rank and the a1-h8
    // diagonal, a knight b3 and c2: Kd2, Kd3, Ke3, Kf2, Kf3 stay legal.
    let fen = "4k3/8/8/8/8/8/p3K3/8 w - - 0 1";
    let counts = cross_check(VariantId::Avalanche, fen, 3);
    assert_eq!(counts[0], 5);
    let mut p = pos(VariantId::Avalanche, fen);
    let t = p.parse_move("e2f3,a2a1").unwrap();
    p.play(t);
    assert_eq!(p.fen(), "4k3/8/8/8/8/5K2/8/p7 b - - 0 1");
    assert_eq!(p.pending(), Some(0));
}

#[test]
fn pending_pawn_turns_start_with_the_choice() {
    let fen = "4k3/8/8/8/8/7P/4K3/p7 b - - 0 1";
    let counts = cross_check(VariantId::Avalanche, fen, 3);
    let tokens = engine_tokens(&pos(VariantId::Avalanche, fen));
    assert!(tokens.iter().all(|t| t.starts_with("a1=")));
    assert!(tokens.contains(&"a1=q,a1h8,h3h4".to_string()));
    assert!(tokens.contains(&"a1=n,a1b3,h3h4".to_string()));
    assert!(counts[0] > 0);
    // A white pending pawn, and one whose owner's first part is a capture.
    cross_check(VariantId::Avalanche, "P7/7k/8/3p4/8/8/8/4K3 w - - 0 1", 3);
    cross_check(VariantId::Avalanche, "4k3/8/8/8/8/8/3PK3/1p6 b - - 0 1", 3);
}

#[test]
fn castling_then_push() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    cross_check(VariantId::Avalanche, fen, 2);
    let tokens = engine_tokens(&pos(VariantId::Avalanche, fen));
    assert!(tokens.contains(&"e1g1,h7h6".to_string()));
    assert!(tokens.contains(&"e1c1,a7a6".to_string()));
    // Reversed: Black castles d8b8 (rook a8-c8) and d8f8 (rook h8-e8).
    let fen = "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1";
    cross_check(VariantId::AvalancheReversed, fen, 2);
    let p = pos(VariantId::AvalancheReversed, fen);
    let tokens = engine_tokens(&p);
    assert!(tokens.contains(&"d8b8,a2a3".to_string()));
    assert!(tokens.contains(&"d8f8,h2h3".to_string()));
    let mut after = p.clone();
    after.play(p.parse_move("d8b8,a2a3").unwrap());
    assert_eq!(
        after.fen(),
        "1kr4r/pppppppp/8/8/8/P7/1PPPPPPP/R3K2R w KQ - 0 2"
    );
    let mut after = p.clone();
    after.play(p.parse_move("d8f8,h2h3").unwrap());
    assert_eq!(
        after.fen(),
        "r3rk2/pppppppp/8/8/8/7P/PPPPPPP1/R3K2R w KQ - 0 2"
    );
    // A crossed square under attack forbids castling (c8 by the bishop f5).
    let fen = "r2k3r/ppp1pppp/8/5B2/8/8/PPPPPPPP/R3K2R b KQkq - 0 1";
    let tokens = engine_tokens(&pos(VariantId::AvalancheReversed, fen));
    assert!(!tokens.iter().any(|t| t.starts_with("d8b8")));
    cross_check(VariantId::AvalancheReversed, fen, 2);
}

#[test]
fn checkmate() {
    let p = pos(VariantId::Avalanche, "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    assert_eq!(p.count_moves(), 0);
    assert!(p.in_check());
    assert_eq!(p.end_without_moves().outcome, Outcome::Loss);
    assert_eq!(p.end_without_moves().reason, EndReason::Checkmate);
}

#[test]
fn every_push_self_checks_loses() {
    // White's only first parts are g2-g3 and g2-g4 (the king is boxed by a3
    // and the b8 rook); each forces d4-d3, which opens h8-a1 onto the king.
    let fen = "1r2k2q/8/8/8/3p4/p7/P5P1/K7 w - - 0 1";
    let p = pos(VariantId::Avalanche, fen);
    let r = RefPos::from_fen("avalanche", fen);
    assert_eq!(p.count_moves(), 0);
    assert_eq!(r.perft(1), 0);
    assert!(!p.in_check() && r.has_legal_first_part());
    let end = p.end_without_moves();
    assert_eq!(end.outcome, Outcome::Loss);
    assert_eq!(end.reason, EndReason::ForcedSelfCheck);
}

#[test]
fn stalemate() {
    let fen = "1r2k3/8/8/8/8/p7/P7/K7 w - - 0 1";
    let p = pos(VariantId::Avalanche, fen);
    assert_eq!(p.count_moves(), 0);
    assert!(!RefPos::from_fen("avalanche", fen).has_legal_first_part());
    assert_eq!(p.end_without_moves().outcome, Outcome::Draw);
}

#[test]
fn side_in_check() {
    // The b4 bishop checks e1: block on c3/d2 or step aside, then push.
    let fen = "4k3/pppp1ppp/8/8/1b6/8/PPP2PPP/RNBQK1NR w KQ - 0 1";
    let p = pos(VariantId::Avalanche, fen);
    assert!(p.in_check());
    cross_check(VariantId::Avalanche, fen, 3);
    // A push that uncovers a check on the opponent is legal: c3-c4 opens b4-e1.
    let fen = "4k3/8/8/8/1b6/2P5/8/4K3 b - - 0 1";
    let p = pos(VariantId::Avalanche, fen);
    let mut after = p.clone();
    after.play(p.parse_move("e8e7,c3c4").unwrap());
    assert!(after.in_check());
    cross_check(VariantId::Avalanche, fen, 3);
}

#[test]
fn middlegame_positions() {
    for (variant, fen, depth) in [
        (
            VariantId::Avalanche,
            "r1bqkb1r/pp3ppp/2n2n2/2ppp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5",
            3,
        ),
        (
            VariantId::Avalanche,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        (
            VariantId::Avalanche,
            "r3k2r/p1p2p1p/8/1pPpP3/8/2p2Pp1/P6P/R3K2R b KQkq - 0 1",
            3,
        ),
        (
            VariantId::AvalancheReversed,
            "r1bk1b1r/pp2qppp/2n2n2/2ppp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5",
            2,
        ),
    ] {
        cross_check(variant, fen, depth);
    }
}

/// `generate_tactical` yields exactly the generated turns `is_tactical`
/// accepts, at most one per first part.
fn check_tactical_generator(p: &AvalanchePosition) {
    let mut all = Vec::new();
    p.generate(&mut all);
    let mut expected: Vec<u32> = all
        .iter()
        .filter(|&&t| p.is_tactical(t))
        .map(|&t| AvalanchePosition::encode(t))
        .collect();
    let mut tactical = Vec::new();
    p.generate_tactical(&mut tactical);
    let mut got: Vec<u32> = tactical
        .iter()
        .map(|&t| AvalanchePosition::encode(t))
        .collect();
    expected.sort();
    got.sort();
    assert_eq!(got, expected, "tactical turns of {}", p.fen());
    let mut firsts: Vec<u32> = tactical.iter().map(|t| t.first().0).collect();
    firsts.dedup();
    assert_eq!(
        firsts.len(),
        tactical.len(),
        "one quiescence turn per first part"
    );
}

/// A tiny deterministic generator for random games.
fn next_random(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
}

#[test]
fn random_games_agree_with_the_reference() {
    // Every position along random games: same turns, incremental hash equal
    // to the recomputed one, FEN round trip, same game end.
    let starts = [
        (
            VariantId::Avalanche,
            AvalanchePosition::start_fen(VariantId::Avalanche),
        ),
        (
            VariantId::AvalancheBalanced,
            AvalanchePosition::start_fen(VariantId::AvalancheBalanced),
        ),
        (
            VariantId::AvalancheReversed,
            AvalanchePosition::start_fen(VariantId::AvalancheReversed),
        ),
        (
            VariantId::Avalanche,
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        ),
        (
            VariantId::AvalancheReversed,
            "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        ),
        (
            VariantId::Avalanche,
            "4k3/pp4pp/8/8/8/8/PP4PP/4K3 w - - 0 1",
        ),
    ];
    let mut seed = 7u64;
    let (mut ends, mut pending) = (0, 0);
    for game in 0..300 {
        let (variant, fen) = starts[game % starts.len()];
        let mut p = pos(variant, fen);
        let mut r = RefPos::from_fen(variant.name(), fen);
        for _ in 0..120 {
            assert_eq!(p.hash(), p.recomputed_hash(), "hash at {}", p.fen());
            pending += usize::from(p.pending().is_some());
            let again = pos(variant, &p.fen());
            assert_eq!(again.fen(), p.fen());
            assert_eq!(
                again.hash(),
                p.hash(),
                "hash after FEN round trip of {}",
                p.fen()
            );
            let turns = r.turns();
            let mut ref_tokens: Vec<String> = turns.iter().map(|(t, _)| t.clone()).collect();
            ref_tokens.sort();
            assert_eq!(engine_tokens(&p), ref_tokens, "turns of {}", p.fen());
            check_tactical_generator(&p);
            if turns.is_empty() {
                let end = p.end_without_moves();
                let expected = if r.in_check() || r.has_legal_first_part() {
                    Outcome::Loss
                } else {
                    Outcome::Draw
                };
                assert_eq!(end.outcome, expected, "end of {}", p.fen());
                ends += 1;
                break;
            }
            let pick = next_random(&mut seed) as usize % turns.len();
            let (token, next_ref) = &turns[pick];
            let t = p
                .parse_move(token)
                .unwrap_or_else(|e| panic!("{token} at {}: {e}", p.fen()));
            assert_eq!(&p.format_move(t), token);
            p.play(t);
            r = next_ref.clone();
        }
    }
    assert!(ends > 0, "no random game reached a game end");
    assert!(pending > 0, "no random game had a pending pawn");
    println!("{ends} game ends, {pending} positions with a pending pawn");
}
