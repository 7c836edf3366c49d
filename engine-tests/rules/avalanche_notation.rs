//! Avalanche turn tokens and FEN: accepted forms, emitted forms, and the
//! errors for malformed or illegal input (never a panic).

use chimera::variants::avalanche::AvalanchePosition;
use chimera::variants::{Rules, VariantId};

fn pos(variant: VariantId, fen: &str) -> AvalanchePosition {
    AvalanchePosition::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn round_trip(p: &AvalanchePosition, token: &str) {
    let t = p
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token} rejected: {e}"));
    assert_eq!(p.format_move(t), token);
}

fn rejected(p: &AvalanchePosition, token: &str, why: &str) {
    match p.parse_move(token) {
        Ok(t) => panic!("{token} accepted as {t:?}"),
        Err(e) => assert!(
            e.to_string().contains(why),
            "{token}: error {e:?} should mention {why:?}"
        ),
    }
}

#[test]
fn turn_tokens_are_accepted_and_emitted() {
    let start = AvalanchePosition::start(VariantId::Avalanche);
    round_trip(&start, "e2e4,d7d6");
    round_trip(&start, "g1f3,a7a6");
    // Nothing to push: the first part alone.
    let p = pos(VariantId::Avalanche, "4k3/8/8/8/8/4p3/4P3/R3K3 w Q - 0 1");
    round_trip(&p, "e1c1");
    round_trip(&p, "a1a8");
    // A push onto the last rank has no promotion letter; the owner then
    // starts its turn with the choice.
    let mut p = pos(VariantId::Avalanche, "4k3/8/8/8/8/7P/p3K3/8 w - - 0 1");
    round_trip(&p, "e2f3,a2a1");
    p.play(p.parse_move("e2f3,a2a1").unwrap());
    round_trip(&p, "a1=q,a1a8,h3h4");
    round_trip(&p, "a1=n,e8d7,h3h4");
    // Own promotion by the first part carries its letter.
    let p = pos(VariantId::Avalanche, "4k3/P7/8/8/8/7p/8/4K3 w - - 0 1");
    round_trip(&p, "a7a8q,h3h2");
    round_trip(&p, "a7a8n,h3h2");
    // Balanced: White's first turn has no push.
    let b = AvalanchePosition::start(VariantId::AvalancheBalanced);
    round_trip(&b, "e2e4");
    // Every generated turn formats to a token that parses back to itself.
    for p in [
        start,
        b,
        AvalanchePosition::start(VariantId::AvalancheReversed),
    ] {
        let mut turns = Vec::new();
        p.generate(&mut turns);
        for t in turns {
            assert_eq!(p.parse_move(&p.format_move(t)), Ok(t));
        }
    }
}

#[test]
fn turns_without_their_push_or_with_a_bad_push_are_rejected() {
    let start = AvalanchePosition::start(VariantId::Avalanche);
    rejected(&start, "e2e4", "compulsory push");
    rejected(&start, "e2e4,d7d5", "is not a push");
    rejected(&start, "e2e4,e2e3", "is not a push");
    rejected(&start, "e2e4,e4e5", "is not a push");
    rejected(&start, "e2e4,d2d3", "is not a push");
    rejected(&start, "e2e5,d7d6", "not a legal move");
    rejected(&start, "e2e4,d7d6,a7a6", "malformed");
    rejected(&start, "e2e4,d7d6q", "no promotion letter");
    rejected(&start, "", "malformed");
    rejected(&start, ",", "malformed");
    rejected(&start, "e2", "malformed");
    rejected(&start, "e2e4,", "malformed");
    rejected(&start, "i2i4,d7d6", "malformed");
    rejected(&start, "e2e4é,d7d6", "malformed");
    rejected(&start, "e1=q,e2e4,d7d6", "no pending promotion");
    // A push that exposes the pusher's king.
    let p = pos(VariantId::Avalanche, "4k3/8/8/b7/8/2p5/8/4K3 w - - 0 1");
    rejected(&p, "e1d1,c3c2", "leaves the pusher's king in check");
    // A push onto the last rank where a choice would check the pusher.
    let p = pos(VariantId::Avalanche, "4k3/8/8/8/8/8/7p/4K3 w - - 0 1");
    rejected(&p, "e1d1,h2h1", "promotion choice would give check");
    // A push where none is possible.
    let p = pos(VariantId::Avalanche, "4k3/8/8/8/8/4p3/4P3/R3K3 w Q - 0 1");
    rejected(&p, "e1d1,e3e2", "no opponent pawn can advance");
    // Balanced: no push on White's first turn.
    let b = AvalanchePosition::start(VariantId::AvalancheBalanced);
    rejected(&b, "e2e4,d7d6", "no push on the first turn");
    // A pending pawn must be chosen for first.
    let p = pos(VariantId::Avalanche, "4k3/8/8/8/8/5K1P/8/p7 b - - 0 1");
    rejected(&p, "e8d7,h3h4", "awaits its promotion");
    rejected(&p, "a1=k,e8d7,h3h4", "awaits its promotion");
    rejected(&p, "b1=q,e8d7,h3h4", "awaits its promotion");
    rejected(&p, "a1=q", "malformed");
    round_trip(&p, "a1=r,e8d7,h3h4");
}

#[test]
fn fen_round_trip_and_accepted_forms() {
    for &variant in AvalanchePosition::VARIANTS {
        let fen = AvalanchePosition::start_fen(variant);
        assert_eq!(pos(variant, fen).fen(), fen);
    }
    assert_eq!(
        AvalanchePosition::start_fen(VariantId::AvalancheReversed),
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // Any en-passant value is accepted and ignored.
    let p = pos(
        VariantId::Avalanche,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
    );
    assert!(p.fen().contains(" - 0 2"));
    // A pending pawn of the side to move.
    let p = pos(VariantId::Avalanche, "4k3/8/8/8/8/8/4K3/p7 b - - 0 1");
    assert_eq!(p.pending(), Some(0));
    // Castling rights without king and rook at home are dropped.
    let p = pos(VariantId::Avalanche, "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    // Reversed: Black's rights need the king on d8.
    let p = pos(
        VariantId::AvalancheReversed,
        "r2k3r/8/8/8/8/8/8/4K3 w kq - 0 1",
    );
    assert_eq!(p.fen(), "r2k3r/8/8/8/8/8/8/4K3 w kq - 0 1");
    let p = pos(VariantId::Avalanche, "r2k3r/8/8/8/8/8/8/4K3 w kq - 0 1");
    assert_eq!(p.fen(), "r2k3r/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn broken_fens_are_rejected() {
    let cases = [
        ("", "fields"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8 ranks"),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "more than 8",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "7 squares",
        ),
        (
            "rnbqkbnr/pppppppx/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "unknown piece",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y",
            "fullmove",
        ),
        // A side without exactly one king.
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "Black has 0 kings",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
            "White has 2 kings",
        ),
        // A pawn on its own first rank.
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "own first rank"),
        ("p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "own first rank"),
        // A pending pawn of the side not to move.
        ("4k3/8/8/8/8/8/4K3/p7 w - - 0 1", "side to move"),
        ("P7/7k/8/8/8/8/8/4K3 b - - 0 1", "side to move"),
        // Two pending pawns.
        ("4k3/8/8/8/8/8/4K3/p6p b - - 0 1", "more than one pending"),
        // A pending pawn whose queen or knight would check the side not to move.
        ("4k3/8/8/8/8/8/8/p3K3 b - - 0 1", "promoted with check"),
        ("4k3/8/8/8/8/8/2K5/p7 b - - 0 1", "promoted with check"),
        // The side not to move in check.
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "not to move is in check"),
        ("4k3/8/8/8/8/8/8/4K2r b - - 0 1", "not to move is in check"),
    ];
    for (fen, why) in cases {
        match AvalanchePosition::from_fen(VariantId::Avalanche, fen) {
            Ok(_) => panic!("{fen:?} accepted"),
            Err(e) => assert!(
                e.to_string().contains(why),
                "{fen:?}: error {e:?} should mention {why:?}"
            ),
        }
    }
}

#[test]
fn position_setup_accepts_and_rejects_turn_tokens() {
    use chimera::game::setup;
    use chimera::variants::CastlingMode;
    let moves = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let v = VariantId::Avalanche;
    let g = setup(
        v,
        None,
        CastlingMode::Standard,
        &moves(&["e2e4,d7d6", "d6d5,e4e5"]),
    )
    .unwrap();
    assert!(g
        .display()
        .contains("Fen: rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"));
    // Without its push, with a non-push, with a self-checking push: errors.
    let e = setup(v, None, CastlingMode::Standard, &moves(&["e2e4"]))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("illegal move e2e4") && e.contains("compulsory push"),
        "{e}"
    );
    let e = setup(v, None, CastlingMode::Standard, &moves(&["e2e4,d7d5"]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("is not a push"), "{e}");
    let e = setup(
        v,
        Some("4k3/8/8/b7/8/2p5/8/4K3 w - - 0 1"),
        CastlingMode::Standard,
        &moves(&["e1d1,c3c2"]),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("king in check"), "{e}");
    // A pending promotion.
    let g = setup(
        v,
        Some("4k3/8/8/8/8/7P/p3K3/8 w - - 0 1"),
        CastlingMode::Standard,
        &moves(&["e2f3,a2a1", "a1=q,a1a8,h3h4"]),
    )
    .unwrap();
    let shown = g.display();
    assert!(
        shown.contains("Fen: q3k3/8/8/8/7P/5K2/8/8 w - - 0 2"),
        "{shown}"
    );
    for variant in [VariantId::AvalancheBalanced, VariantId::AvalancheReversed] {
        assert_eq!(
            setup(variant, None, CastlingMode::Standard, &[])
                .unwrap()
                .variant(),
            variant
        );
    }
}

#[test]
fn search_emits_turn_tokens() {
    use chimera::search::{self, Limits, SearchConfig, Shared};
    for &variant in AvalanchePosition::VARIANTS {
        let p = AvalanchePosition::start(variant);
        let shared = std::sync::Arc::new(Shared::new(1));
        shared.start(None, None, false);
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let result = search::search(
            &p,
            &[],
            &limits,
            &SearchConfig::default(),
            &shared,
            &mut |_| {},
        );
        let best = result.best.expect("a best turn");
        let t = p
            .parse_move(&best)
            .unwrap_or_else(|e| panic!("{best}: {e}"));
        assert_eq!(p.format_move(t), best);
        let parts = if variant == VariantId::AvalancheBalanced {
            1
        } else {
            2
        };
        assert_eq!(best.split(',').count(), parts, "{variant}: {best}");
    }
}

/// A tiny deterministic generator for the fuzz inputs.
fn next_random(state: &mut u64) -> usize {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*state >> 33) as usize
}

#[test]
fn mangled_fens_and_tokens_never_panic() {
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ wb-KQkq0e3=,x9é".chars().collect();
    let seeds = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/8/8/8/8/7P/p3K3/8 w - - 0 1",
        "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
        "4k3/8/8/8/8/8/4K3/p7 b - - 0 1",
    ];
    let mut state = 11u64;
    let mut accepted = 0;
    for round in 0..20_000 {
        let mut chars: Vec<char> = seeds[round % seeds.len()].chars().collect();
        for _ in 0..1 + next_random(&mut state) % 3 {
            let i = next_random(&mut state) % chars.len();
            match next_random(&mut state) % 3 {
                0 => chars[i] = alphabet[next_random(&mut state) % alphabet.len()],
                1 => {
                    chars.remove(i);
                }
                _ => chars.insert(i, alphabet[next_random(&mut state) % alphabet.len()]),
            }
            if chars.is_empty() {
                break;
            }
        }
        let fen: String = chars.into_iter().collect();
        for &variant in AvalanchePosition::VARIANTS {
            if let Ok(p) = AvalanchePosition::from_fen(variant, &fen) {
                accepted += 1;
                // An accepted FEN gives a usable position.
                let again = AvalanchePosition::from_fen(variant, &p.fen()).unwrap();
                assert_eq!(again.fen(), p.fen());
                chimera::perft::perft(&p, 2);
                if p.count_moves() == 0 {
                    p.end_without_moves();
                }
            }
        }
    }
    assert!(accepted > 100, "only {accepted} mangled FENs were valid");

    let start = AvalanchePosition::start(VariantId::Avalanche);
    let pending = pos(VariantId::Avalanche, "4k3/8/8/8/8/5K1P/8/p7 b - - 0 1");
    let token_alphabet: Vec<char> = "abcdefgh12345678=,qrbnk xé".chars().collect();
    for _ in 0..20_000 {
        let len = next_random(&mut state) % 16;
        let token: String = (0..len)
            .map(|_| token_alphabet[next_random(&mut state) % token_alphabet.len()])
            .collect();
        let _ = start.parse_move(&token);
        let _ = pending.parse_move(&token);
    }
}
