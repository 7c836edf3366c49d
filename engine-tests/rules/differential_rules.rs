//! Differential rules tests for every variant, in one place:
//!
//! - random games (fixed seed) in chess, atomic, avalanche,
//!   avalanche-balanced, avalanche-reversed, Omega and Dynamo; at sampled
//!   positions along them, perft-divide of Chimera's backend (through the
//!   `Rules` trait, `chimera::perft::divide`) is compared token by token with
//!   an independent generator: shakmaty's own move generation and perft for
//!   chess and atomic, and the deliberately simple reference generators of
//!   `engine-tests/support/reference/` (none of them calls into `src/`);
//! - every variant's sample FENs (its registry entry in
//!   `engine-tests/support/variants/`) against its reference generator;
//! - castling positions with turn lists enumerated by hand: Omega's four
//!   castlings with an enemy rook beyond the castling rook (the landing
//!   square is safe only while the rook still stands at home); for the 8x8
//!   backends, where nothing stands beyond the rook's corner, castling onto a
//!   square attacked (Dynamo: where the king could be removed) or exposed by
//!   the turn's push (avalanche, also reversed);
//! - a fuzz test: each variant's sample FENs, mutated at random; every
//!   mutant the backend accepts must play perft 2 without panicking, write a
//!   FEN that reads back to itself, and only reach positions whose FEN it
//!   accepts again (a child the backend rejects means it allowed a turn
//!   leaving the mover's king capturable).
//!
//! Every expected number here comes from a hand count (reasoning in the
//! comments) or from an independent generator, never from the code under
//! test alone.

use std::panic::{catch_unwind, AssertUnwindSafe};

use chimera::perft::{divide, perft};
use chimera::variants::avalanche::AvalanchePosition;
use chimera::variants::dynamo::DynamoPosition;
use chimera::variants::omega::OmegaPosition;
use chimera::variants::{Rules, VariantId};
use chimera::with_variant;
use shakmaty::{FromSetup, Position};

use chimera_test_support::reference::{
    avalanche as avalanche_reference, avalanche_ref_divide, dynamo as dynamo_reference,
    dynamo_ref_divide, omega as omega_reference, omega_ref_divide, shakmaty_divide, Divide,
};
use chimera_test_support::variants::facts;

use chimera_test_support::rng::Rng as SplitMix;

fn parse<P: Rules>(variant: VariantId, fen: &str) -> P {
    P::from_fen(variant, fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

/// Perft-divide of the engine, keyed by token (tokens must be unique).
fn engine_divide<P: Rules>(pos: &P, depth: u32) -> Divide {
    let list = divide(pos, depth);
    let n = list.len();
    let map: Divide = list.into_iter().collect();
    assert_eq!(map.len(), n, "two turns share a token in {}", pos.fen());
    map
}

fn engine_tokens<P: Rules>(pos: &P) -> Vec<String> {
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let mut tokens: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
    tokens.sort();
    tokens
}

/// The sorted tokens of a reference generator's (token, child) list.
fn sorted_keys<T>(list: Vec<(String, T)>) -> Vec<String> {
    let mut tokens: Vec<String> = list.into_iter().map(|(t, _)| t).collect();
    tokens.sort();
    tokens
}

/// Panics with the differing entries when two divides disagree.
fn assert_same_divide(what: &str, fen: &str, engine: &Divide, reference: &Divide) {
    if engine == reference {
        return;
    }
    let differ = |a: &Divide, b: &Divide| -> Vec<String> {
        a.iter()
            .filter(|(k, v)| b.get(*k) != Some(v))
            .map(|(k, v)| format!("{k}: {v}"))
            .collect()
    };
    panic!(
        "{what} divide differs at {fen}\n  engine only/different: {:?}\n  reference only/different: {:?}",
        differ(engine, reference),
        differ(reference, engine)
    );
}

// ---------------------------------------------------------------------------
// The independent generators, as divides.

// ---------------------------------------------------------------------------
// Random games with sampled divides.

/// Plays `games` random games of at most `plies` plies from each start
/// (engine moves, seeded), calling `check(position, ply)` at every ply before
/// the move; returns how many of those calls compared a divide (returned
/// `true`).
fn random_games<P: Rules>(
    variant: VariantId,
    starts: &[&str],
    games: usize,
    plies: usize,
    seed: u64,
    mut check: impl FnMut(&P, usize) -> bool,
) -> usize {
    let mut rng = SplitMix::new(seed);
    let mut compared = 0;
    for start in starts {
        for _ in 0..games {
            let mut pos: P = parse(variant, start);
            for ply in 0..plies {
                if check(&pos, ply) {
                    compared += 1;
                }
                let mut moves = Vec::new();
                pos.generate(&mut moves);
                if moves.is_empty() || pos.early_end().is_some() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]);
            }
        }
    }
    compared
}

fn shakmaty_games<P: Rules, S: Position + FromSetup + Clone>(variant: VariantId, starts: &[&str]) {
    let compared = random_games::<P>(variant, starts, 8, 60, 0x5EED_0001, |pos, ply| {
        if ply % 6 != 3 {
            return false;
        }
        // Depth 3 is cheap for both sides here.
        let depth = if ply % 12 == 3 { 3 } else { 2 };
        let fen = pos.fen();
        let again: P = parse(variant, &fen);
        assert_eq!(again.fen(), fen, "FEN round trip");
        assert_eq!(
            again.hash(),
            pos.hash(),
            "hash after FEN round trip of {fen}"
        );
        let engine = engine_divide(pos, depth);
        let reference = shakmaty_divide::<S>(&fen, depth);
        assert_same_divide(variant.name(), &fen, &engine, &reference);
        true
    });
    assert!(
        compared >= 100,
        "{variant}: only {compared} positions compared"
    );
}

#[test]
fn chess_random_games_agree_with_shakmaty() {
    shakmaty_games::<chimera::variants::chess::ChessPosition, shakmaty::Chess>(
        VariantId::Chess,
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/1q4b1/8/8/8/8/1Q4B1/R3K2R b KQkq - 0 1",
        ],
    );
}

#[test]
fn atomic_random_games_agree_with_shakmaty() {
    shakmaty_games::<chimera::variants::atomic::AtomicPosition, shakmaty::variant::Atomic>(
        VariantId::Atomic,
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/1q4b1/8/8/8/8/1Q4B1/R3K2R b KQkq - 0 1",
        ],
    );
}

#[test]
fn avalanche_random_games_agree_with_reference() {
    let cases: [(VariantId, &[&str]); 3] = [
        (
            VariantId::Avalanche,
            &[
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
                "r3k2r/p1pp1ppp/8/8/8/8/P1PP1PPP/R3K2R b KQkq - 0 1",
            ],
        ),
        (
            VariantId::AvalancheBalanced,
            &["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
        ),
        (
            VariantId::AvalancheReversed,
            &[
                "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
                "r2k3r/p1pp1ppp/8/8/8/8/P1PP1PPP/R3K2R b KQkq - 0 1",
            ],
        ),
    ];
    for (variant, starts) in cases {
        let compared =
            random_games::<AvalanchePosition>(variant, starts, 4, 40, 0x5EED_0002, |pos, ply| {
                let fen = pos.fen();
                let r = avalanche_reference::RefPos::from_fen(variant.name(), &fen);
                if ply % 8 != 2 {
                    // Depth 1 everywhere, depth 2 at the sampled plies.
                    let tokens = sorted_keys(r.turns());
                    assert_eq!(engine_tokens(pos), tokens, "{variant} turns of {fen}");
                    return false;
                }
                let engine = engine_divide(pos, 2);
                assert_same_divide(variant.name(), &fen, &engine, &avalanche_ref_divide(&r, 2));
                true
            });
        assert!(
            compared >= 10,
            "{variant}: only {compared} positions compared"
        );
    }
}

/// Omega start positions: the real one, one with both sides' rooks and
/// king free to castle and enemy rooks/queens on the squares beyond the
/// castling rooks, and the two positions of issue 10.
const OMEGA_STARTS: &[&str] = &[
    "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1",
    "w**********w/*Rr3k2rQ*/*pppp2pppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPP2PPPP*/*qR3K2Rr*/W**********W w KQkq - 0 1",
    "w**********w/*cr3k2rc*/*p1pppppp1p*/*10*/*10*/*10*/*10*/*10*/*10*/*P1PPPPPP1P*/*CR3K2RC*/W**********W b KQkq - 0 1",
    "w**********w/*Qr3kb1rc*/*9p*/*1p1qn5*/*7p2*/*10*/*3Pp5*/*2p7*/*10*/*P5P2P*/*CRN1BK2RC*/W**********W b KQkq - 0 2",
    "1**********1/*5k2rQ*/*10*/*10*/*5p4*/*5P4*/*10*/*9P*/*10*/*10*/*1R3K2R1*/1**********1 b KQk - 0 1",
];

#[test]
fn omega_random_games_agree_with_reference() {
    let compared = random_games::<OmegaPosition>(
        VariantId::Omega,
        OMEGA_STARTS,
        5,
        60,
        0x5EED_0003,
        |pos, ply| {
            let fen = pos.fen();
            let r = omega_reference::RefPos::from_fen(&fen);
            if ply % 5 != 1 {
                let tokens = sorted_keys(r.legal_moves());
                assert_eq!(engine_tokens(pos), tokens, "omega moves of {fen}");
                return false;
            }
            let engine = engine_divide(pos, 2);
            assert_same_divide("omega", &fen, &engine, &omega_ref_divide(&r, 2));
            true
        },
    );
    assert!(compared >= 100, "omega: only {compared} positions compared");
}

#[test]
fn dynamo_random_games_agree_with_reference() {
    // The reference is played along (not rebuilt from the FEN): the no-undo
    // rule needs the placement before the last turn, and a castling right
    // follows its rook even away from home, which a FEN cannot say.
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/pp3ppp/2n1b3/3q4/3Q4/2N1B3/PP3PPP/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ];
    let mut rng = SplitMix::new(0x5EED_0004);
    let mut compared = 0;
    for start in starts {
        for _ in 0..2 {
            let mut pos: DynamoPosition = parse(VariantId::Dynamo, start);
            let mut r = dynamo_reference::RefPos::from_fen(start);
            for ply in 0..40 {
                let legal = r.legal();
                let mut tokens: Vec<String> = legal.iter().map(|(t, _)| t.clone()).collect();
                tokens.sort();
                assert_eq!(engine_tokens(&pos), tokens, "dynamo turns of {}", pos.fen());
                if ply % 10 == 4 {
                    let engine = engine_divide(&pos, 2);
                    assert_same_divide("dynamo", &pos.fen(), &engine, &dynamo_ref_divide(&r, 2));
                    compared += 1;
                }
                if legal.is_empty() {
                    break;
                }
                let (token, next) = legal[rng.below(legal.len())].clone();
                let m = pos.parse_move(&token).unwrap();
                pos.play(m);
                r = next;
            }
        }
    }
    assert!(compared >= 10, "dynamo: only {compared} positions compared");
}

// ---------------------------------------------------------------------------
// Castling where the landing square is attacked only once the rook has left.

fn sorted(tokens: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
    v.sort();
    v
}

/// Omega: the rooks' home squares c2/j2, c11/j11 have a field square beyond
/// them (b2/k2, b11/k11). An enemy rook there is blocked by the castling rook
/// while it stands at home, and attacks the king's landing square through
/// the square the rook leaves.
///
/// In every case below the castling rook is also pinned along the rank, so
/// it may only slide between the king and the enemy rook or take it, and
/// the king (never in check, since the castling rook blocks) has its five
/// steps: along the rank both ways and the three squares of the next rank
/// inward (the rank behind it does not exist). Rank 2 is White's, 11
/// Black's; the enemy king is far away and attacks none of those squares.
#[test]
fn omega_castling_with_an_enemy_rook_beyond_the_castling_rook() {
    let cases: [(&str, &[&str], &str); 4] = [
        // White kingside: K g2, R j2 against r k2. Castling g2i2 would put
        // the rook on h2 and the king on i2, attacked along j2. King 5
        // (f2 h2 f3 g3 h3), rook pinned: h2 i2 xk2 = 3. Total 8.
        (
            "1**********1/*5k4*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*5K2Rr*/1**********1 w K - 0 1",
            &["g2f2", "g2h2", "g2f3", "g2g3", "g2h3", "j2h2", "j2i2", "j2k2"],
            "g2i2",
        ),
        // White queenside: K g2, R c2 against r b2. Castling g2e2 puts the
        // rook on f2 and the king on e2, attacked along c2 and d2. King 5,
        // rook pinned: d2 e2 f2 xb2 = 4. Total 9.
        (
            "1**********1/*5k4*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*rR3K4*/1**********1 w Q - 0 1",
            &["g2f2", "g2h2", "g2f3", "g2g3", "g2h3", "c2d2", "c2e2", "c2f2", "c2b2"],
            "g2e2",
        ),
        // Black kingside: k g11, r j11 against R k11 (the crash position of
        // issue 10 has a queen there). King 5 (f11 h11 f10 g10 h10), rook
        // pinned: h11 i11 xk11 = 3. Total 8.
        (
            "1**********1/*5k2rR*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*5K4*/1**********1 b k - 0 1",
            &["g11f11", "g11h11", "g11f10", "g11g10", "g11h10", "j11h11", "j11i11", "j11k11"],
            "g11i11",
        ),
        // Black queenside: k g11, r c11 against R b11. King 5, rook pinned:
        // d11 e11 f11 xb11 = 4. Total 9.
        (
            "1**********1/*Rr3k4*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*5K4*/1**********1 b q - 0 1",
            &["g11f11", "g11h11", "g11f10", "g11g10", "g11h10", "c11d11", "c11e11", "c11f11", "c11b11"],
            "g11e11",
        ),
    ];
    for (fen, expected, castling) in cases {
        let pos: OmegaPosition = parse(VariantId::Omega, fen);
        let r = omega_reference::RefPos::from_fen(fen);
        let reference = sorted_keys(r.legal_moves());
        assert_eq!(reference, sorted(expected), "reference moves of {fen}");
        assert_eq!(engine_tokens(&pos), sorted(expected), "moves of {fen}");
        assert_eq!(pos.count_moves(), expected.len() as u64, "count of {fen}");
        assert!(pos.parse_move(castling).is_err(), "{castling} in {fen}");
        // Deeper: the same trees as the reference, no panic.
        for depth in 2..=3 {
            assert_eq!(perft(&pos, depth), r.perft(depth), "perft {depth} of {fen}");
        }
        // The same position with the enemy rook one rank further in: now
        // nothing reaches the landing square and the castling is legal.
        let moved = shift_enemy_rook(fen);
        let pos: OmegaPosition = parse(VariantId::Omega, &moved);
        assert!(pos.parse_move(castling).is_ok(), "{castling} in {moved}");
        let r = omega_reference::RefPos::from_fen(&moved);
        assert_same_divide(
            "omega",
            &moved,
            &engine_divide(&pos, 2),
            &omega_ref_divide(&r, 2),
        );
    }
}

/// The Omega case FENs with the enemy rook moved from the castling rank one
/// rank towards the middle (rank 2 -> 3 for White's castling, 11 -> 10 for
/// Black's).
fn shift_enemy_rook(fen: &str) -> String {
    let rows: Vec<&str> = fen.split(' ').next().unwrap().split('/').collect();
    let rest = &fen[fen.find(' ').unwrap()..];
    let mut rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    let (from, to) = if rest.starts_with(" w") {
        (10, 9)
    } else {
        (1, 2)
    };
    let (row, moved) = match rows[from].as_str() {
        "*5K2Rr*" => ("*5K2R1*", "*9r*"),
        "*rR3K4*" => ("*1R3K4*", "*r9*"),
        "*5k2rR*" => ("*5k2r1*", "*9R*"),
        "*Rr3k4*" => ("*1r3k4*", "*R9*"),
        other => panic!("unexpected row {other}"),
    };
    rows[from] = row.to_string();
    rows[to] = moved.to_string();
    rows.join("/") + rest
}

/// The two positions of issue 10, against the reference.
#[test]
fn omega_issue_10_positions() {
    // Black's g11e11 would leave the king on e11 in check from the queen on
    // b11 along rank 11 (c11 and d11 empty once the rook went to f11).
    let fen = OMEGA_STARTS[3];
    let pos: OmegaPosition = parse(VariantId::Omega, fen);
    assert!(pos.parse_move("g11e11").is_err());
    let r = omega_reference::RefPos::from_fen(fen);
    assert_same_divide(
        "omega",
        fen,
        &engine_divide(&pos, 2),
        &omega_ref_divide(&r, 2),
    );
    // `go perft 3` panicked here: after the illegal g11i11 the queen on k11
    // could take the king.
    let fen = OMEGA_STARTS[4];
    let pos: OmegaPosition = parse(VariantId::Omega, fen);
    assert!(pos.parse_move("g11i11").is_err());
    let r = omega_reference::RefPos::from_fen(fen);
    for depth in 1..=3 {
        assert_eq!(perft(&pos, depth), r.perft(depth), "perft {depth} of {fen}");
    }
}

/// Avalanche (8x8): nothing stands beyond a1/h1/a8/h8, so the rook leaving
/// home never opens a line onto the landing square; what the turn's second
/// part can do is open one (rule 4: a push that exposes the own king makes
/// the turn illegal). Hand count:
///
/// White K e1, R h1 (right K); Black k h8, b a7, p e3, p h7. The black pawn
/// e3 blocks the a7-g1 diagonal and attacks d2 and f2.
/// First parts: king d1 e2 f1 (d2, f2 attacked) = 3; rook h2..h6, xh7, g1,
/// f1 = 8; O-O (f1, g1 safe while e3 blocks) = 1. Pushes: e3e2 (if e2
/// empty; the pawn then attacks d1 and f1, and the diagonal opens onto
/// g1), h7h6 (if h6 empty and the pawn still there).
/// - Kd1, Kf1: e3e2 attacks the king, only h7h6: 1 each.
/// - Ke2: e3 cannot move, h7h6: 1.
/// - Rh2..Rh5, Rg1, Rf1: both pushes: 2 each = 12.
/// - Rh6 (h6 taken), Rxh7 (pawn gone): only e3e2: 1 each.
/// - O-O: e3e2 opens a7-g1 onto the king: only h7h6: 1.
///
/// Total 3 + 12 + 2 + 1 = 18.
#[test]
fn avalanche_castling_then_a_push_that_opens_a_line() {
    let fen = "7k/b6p/8/8/8/4p3/8/4K2R w K - 0 1";
    let expected = sorted(&[
        "e1d1,h7h6",
        "e1e2,h7h6",
        "e1f1,h7h6",
        "h1h2,e3e2",
        "h1h2,h7h6",
        "h1h3,e3e2",
        "h1h3,h7h6",
        "h1h4,e3e2",
        "h1h4,h7h6",
        "h1h5,e3e2",
        "h1h5,h7h6",
        "h1g1,e3e2",
        "h1g1,h7h6",
        "h1f1,e3e2",
        "h1f1,h7h6",
        "h1h6,e3e2",
        "h1h7,e3e2",
        "e1g1,h7h6",
    ]);
    for variant in [VariantId::Avalanche, VariantId::AvalancheReversed] {
        let pos: AvalanchePosition = parse(variant, fen);
        assert_eq!(engine_tokens(&pos), expected, "{variant} {fen}");
        let r = avalanche_reference::RefPos::from_fen(variant.name(), fen);
        let reference = sorted_keys(r.turns());
        assert_eq!(reference, expected, "reference {variant} {fen}");
        assert_same_divide(
            variant.name(),
            fen,
            &engine_divide(&pos, 2),
            &avalanche_ref_divide(&r, 2),
        );
    }
}

/// avalanche-reversed, Black: k d8, r a8, r h8 (rights k, q); White K e1,
/// P e6. Black's only push is e6e7, which puts a white pawn attacking d8
/// and f8. Black is not in check (e6 attacks d7 and f7).
/// - King: c8, e8, c7 (push e6e7 harmless there) = 3 turns; e7 (no white
///   pawn can advance, so no push) = 1; d7 is attacked.
/// - Every rook move leaves the king on d8, where e6e7 attacks it, and that
///   is the only push: none is playable.
/// - d8b8 (rook a8 to c8): squares b8, c8 empty and d8, c8, b8 safe; king
///   on b8 is safe after e6e7: 1.
/// - d8f8 (rook h8 to e8): legal as a first part (d8, e8, f8 safe) but the
///   king on f8 is attacked after the compulsory e6e7: 0.
///
/// Total 5.
#[test]
fn avalanche_reversed_castling_then_push() {
    let fen = "r2k3r/8/4P3/8/8/8/8/4K3 b kq - 0 1";
    let expected = sorted(&["d8c8,e6e7", "d8e8,e6e7", "d8c7,e6e7", "d8e7", "d8b8,e6e7"]);
    let pos: AvalanchePosition = parse(VariantId::AvalancheReversed, fen);
    assert_eq!(engine_tokens(&pos), expected);
    let r = avalanche_reference::RefPos::from_fen("avalanche-reversed", fen);
    let reference = sorted_keys(r.turns());
    assert_eq!(reference, expected);
    assert_same_divide(
        "avalanche-reversed",
        fen,
        &engine_divide(&pos, 2),
        &avalanche_ref_divide(&r, 2),
    );
}

/// Dynamo: check is "a dynamo move could remove the king". White K e1,
/// R h1 (right K); Black k a8, b h2. The bishop is diagonally next to g1:
/// with the king there it pushes it to f0 (off the board), or backs off to
/// i3 pulling it along: check either way, so e1g1 is illegal. (On 8x8
/// nothing stands beyond h1, so the rook leaving home opens no line; the
/// landing square is tested on the board after the turn anyway.)
/// Hand count (no black piece can remove the king on any other square it
/// reaches: the bishop's diagonals are h2-g1 and h2-b8, the black king is
/// far):
/// - king steps d1 d2 e2 f1 f2 = 5; no stationary pushes (no neighbours);
/// - rook: g1 f1 = 2 ordinary; upward the bishop stands at distance 1:
///   push it to h3, or back off the board pulling it along (both leave);
///   westward the own king stands at distance 3: push it to b1 (d1 c1 b1
///   empty); the pull would take the own king off the board: 3 dynamo;
/// - e1g1: illegal (above).
///
/// Total 10.
#[test]
fn dynamo_castling_into_removal() {
    let fen = "k7/8/8/8/8/8/7b/4K2R w K - 0 1";
    let expected = sorted(&[
        "e1d1",
        "e1d2",
        "e1e2",
        "e1f1",
        "e1f2",
        "h1g1",
        "h1f1",
        "h1h2,h2h3",
        "h1off,h2off",
        "h1e1,e1b1",
    ]);
    let pos: DynamoPosition = parse(VariantId::Dynamo, fen);
    assert_eq!(engine_tokens(&pos), expected);
    let r = dynamo_reference::RefPos::from_fen(fen);
    let reference = sorted_keys(r.legal());
    assert_eq!(reference, expected);
    assert_same_divide(
        "dynamo",
        fen,
        &engine_divide(&pos, 2),
        &dynamo_ref_divide(&r, 2),
    );
    // Without the bishop the castling is there.
    let fen = "k7/8/8/8/8/8/8/4K2R w K - 0 1";
    let pos: DynamoPosition = parse(VariantId::Dynamo, fen);
    assert!(pos.parse_move("e1g1").is_ok());
}

/// Chess and atomic (shakmaty): the same 8x8 argument; a rook on the g-file
/// attacks the landing square g1. White K e1, R h1; Black k e8, r g8.
/// King d1 d2 e2 f1 f2 = 5 (none on the g-file); rook h2..h8 = 7, g1, f1
/// = 2; O-O illegal. Total 14, in both variants (no captures available;
/// the kings are far apart).
#[test]
fn chess_and_atomic_castling_onto_an_attacked_square() {
    let fen = "4k1r1/8/8/8/8/8/8/4K2R w K - 0 1";
    let expected = sorted(&[
        "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7",
        "h1h8", "h1g1", "h1f1",
    ]);
    let chess: chimera::variants::chess::ChessPosition = parse(VariantId::Chess, fen);
    assert_eq!(engine_tokens(&chess), expected);
    let atomic: chimera::variants::atomic::AtomicPosition = parse(VariantId::Atomic, fen);
    assert_eq!(engine_tokens(&atomic), expected);
    // The rook on a8 instead: O-O is back.
    let fen = "r3k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let chess: chimera::variants::chess::ChessPosition = parse(VariantId::Chess, fen);
    assert!(chess.parse_move("e1g1").is_ok());
}

// ---------------------------------------------------------------------------
// Fuzz: mutated FENs.

/// A random mutant of `fen`: square-level edits of the board (a piece put,
/// removed or moved, a hole filled), edits of the other fields (side,
/// castling rights, en-passant squares, huge counters), and raw character
/// edits (inserted, deleted, replaced, swapped characters).
fn mutate(fen: &str, rng: &mut SplitMix) -> String {
    let mut fen = fen.to_string();
    for _ in 0..1 + rng.below(3) {
        fen = match rng.below(10) {
            0..=4 => mutate_squares(&fen, rng),
            5..=7 => mutate_fields(&fen, rng),
            _ => mutate_chars(&fen, rng),
        };
    }
    fen
}

const PIECES: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'c', 'w', 'P', 'N', 'B', 'R', 'Q', 'K', 'C', 'W',
];

/// Board edits on the expanded rows (`.` empty, `*` hole), re-compressed.
fn mutate_squares(fen: &str, rng: &mut SplitMix) -> String {
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let mut rows: Vec<Vec<char>> = board
        .split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let mut digits = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                let n: usize = digits.parse().unwrap_or(0).min(20);
                cells.extend(std::iter::repeat_n('.', n));
                digits.clear();
                cells.push(c);
            }
            let n: usize = digits.parse().unwrap_or(0).min(20);
            cells.extend(std::iter::repeat_n('.', n));
            cells
        })
        .collect();
    let cells: Vec<(usize, usize)> = rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| (0..row.len()).map(move |f| (r, f)))
        .collect();
    if cells.is_empty() {
        return fen.to_string();
    }
    let (r, f) = cells[rng.below(cells.len())];
    match rng.below(6) {
        0 | 1 => rows[r][f] = PIECES[rng.below(PIECES.len())],
        2 => rows[r][f] = '.',
        3 => rows[r][f] = if rng.below(2) == 0 { '*' } else { 'K' },
        _ => {
            let (r2, f2) = cells[rng.below(cells.len())];
            let c = rows[r][f];
            rows[r][f] = rows[r2][f2];
            rows[r2][f2] = c;
        }
    }
    let board: Vec<String> = rows
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(c);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {rest}", board.join("/")).trim_end().to_string()
}

/// Edits of the side, castling, en-passant and counter fields.
fn mutate_fields(fen: &str, rng: &mut SplitMix) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if fields.len() < 2 {
        return fen.to_string();
    }
    let square =
        |rng: &mut SplitMix| format!("{}{}", (b'a' + rng.below(13) as u8) as char, rng.below(14));
    let i = 1 + rng.below(fields.len().max(6) - 1);
    while fields.len() <= i {
        fields.push(["-", "0", "1"][fields.len() % 3].to_string());
    }
    fields[i] = match i {
        1 => ["w", "b", "W", "x"][rng.below(4)].to_string(),
        2 => {
            let mut rights: String = "KQkq".chars().filter(|_| rng.below(2) == 0).collect();
            if rights.is_empty() {
                rights.push('-');
            }
            rights
        }
        3 => match rng.below(4) {
            0 => "-".to_string(),
            1 => square(rng),
            2 => square(rng) + &square(rng),
            _ => square(rng) + &square(rng) + &square(rng),
        },
        _ => [
            "0",
            "1",
            "99",
            "100",
            "4294967295",
            "4294967296",
            "-1",
            "1e9",
        ][rng.below(8)]
        .to_string(),
    };
    fields.join(" ")
}

/// Characters the raw edits insert: everything a FEN of any variant uses,
/// plus a few that none does.
const FUZZ_CHARS: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'c', 'w', 'P', 'N', 'B', 'R', 'Q', 'K', 'C', 'W', '*', '/', ' ',
    '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'd', 'e', 'f', 'g', 'h', 'i', 'j',
    'l', 'x', '=', ',', 'é',
];

fn mutate_chars(fen: &str, rng: &mut SplitMix) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    let n = chars.len();
    if n == 0 {
        return String::new();
    }
    let i = rng.below(n);
    match rng.below(6) {
        0 => chars[i] = FUZZ_CHARS[rng.below(FUZZ_CHARS.len())],
        1 => chars.insert(i, FUZZ_CHARS[rng.below(FUZZ_CHARS.len())]),
        2 => {
            chars.remove(i);
        }
        3 => chars.swap(i, rng.below(n)),
        4 => chars.swap(i, (i + 1).min(n - 1)),
        _ => {
            let numbers = [
                "4294967295",
                "4294967296",
                "99999999999999999999",
                "12",
                "10",
            ];
            let s = numbers[rng.below(numbers.len())];
            chars.splice(i..i, s.chars());
        }
    }
    chars.into_iter().collect()
}

/// Characters of mutated move tokens.
const TOKEN_CHARS: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'h', 'i', 'l', 'm', 'o', 'f', 'q', 'n', 'r', 'w', 'k', '0', '1', '2',
    '8', '9', '=', ',', ' ', 'é', '-',
];

/// Garbage tokens (legal tokens with a character edit) must be refused or
/// parse to one of the legal turns, never panic.
fn fuzz_tokens<P: Rules>(pos: &P, moves: &[P::Move], rng: &mut SplitMix) {
    for _ in 0..4 {
        let mut token: Vec<char> = match moves.get(rng.below(moves.len().max(1))) {
            Some(&m) => pos.format_move(m).chars().collect(),
            None => "e2e4".chars().collect(),
        };
        let i = rng.below(token.len() + 1);
        match rng.below(4) {
            0 => token.insert(i, TOKEN_CHARS[rng.below(TOKEN_CHARS.len())]),
            1 if i < token.len() => {
                token.remove(i);
            }
            2 if i < token.len() => token[i] = TOKEN_CHARS[rng.below(TOKEN_CHARS.len())],
            _ => token.truncate(i),
        }
        let token: String = token.into_iter().collect();
        if let Ok(m) = pos.parse_move(&token) {
            assert!(
                moves.contains(&m),
                "{token} parsed to a turn that is not legal"
            );
        }
    }
}

/// Perft 2 with every check of the fuzz test; returns the node count.
fn fuzz_one<P: Rules>(variant: VariantId, fen: &str, pos: &P, rng: &mut SplitMix) -> u64 {
    let written = pos.fen();
    let again = P::from_fen(variant, &written)
        .unwrap_or_else(|e| panic!("its own FEN {written} is refused: {e}"));
    assert_eq!(again.fen(), written, "FEN round trip of {written}");
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    assert_eq!(
        moves.len() as u64,
        pos.count_moves(),
        "count_moves of {fen}"
    );
    fuzz_tokens(pos, &moves, rng);
    let mut nodes = 0;
    for &m in &moves {
        let token = pos.format_move(m);
        assert_eq!(pos.parse_move(&token), Ok(m), "token {token} of {fen}");
        let mut child = pos.clone();
        child.play(m);
        let child_fen = child.fen();
        if let Err(e) = P::from_fen(variant, &child_fen) {
            panic!("after {token}: {child_fen} is refused: {e}");
        }
        let _ = child.in_check();
        let _ = child.early_end();
        let n = child.count_moves();
        if n == 0 {
            let _ = child.end_without_moves();
        }
        nodes += n;
    }
    if moves.is_empty() {
        let _ = pos.end_without_moves();
    }
    nodes
}

/// Mutants tried per variant.
const FUZZ_ROUNDS: usize = 1500;

#[test]
fn fuzzed_fens_never_panic() {
    let mut rng = SplitMix::new(0xF022_0010);
    let mut token_rng = SplitMix::new(0x70CE_0010);
    let mut failures = Vec::new();
    let mut accepted = 0;
    // Panics are caught and reported together; keep their messages quiet.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for variant in VariantId::ALL {
        let seeds = facts(variant).sample_fens;
        let before = accepted;
        for round in 0..FUZZ_ROUNDS {
            let fen = mutate(seeds[round % seeds.len()], &mut rng);
            let outcome = with_variant!(variant, P => {
                catch_unwind(AssertUnwindSafe(|| match P::from_fen(variant, &fen) {
                    Ok(pos) => {
                        fuzz_one(variant, &fen, &pos, &mut token_rng);
                        true
                    }
                    Err(e) => {
                        let e = e.to_string();
                        assert!(
                            !e.to_ascii_lowercase().starts_with("invalid fen"),
                            "message repeats the caller's prefix: {e}"
                        );
                        assert!(!e.is_empty());
                        false
                    }
                }))
            });
            match outcome {
                Ok(true) => accepted += 1,
                Ok(false) => {}
                Err(panic) => {
                    let msg = panic
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    failures.push(format!("{variant} `{fen}`: {msg}"));
                }
            }
        }
        println!(
            "{variant}: {} of {FUZZ_ROUNDS} mutants accepted",
            accepted - before
        );
    }
    std::panic::set_hook(hook);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        accepted > 1000,
        "only {accepted} mutated FENs were accepted"
    );
    println!("{accepted} mutated FENs accepted and played");
}

/// Every variant's start and sample FENs against its independent
/// generator, which its registry entry names.
#[test]
fn sample_fens_agree_with_each_reference() {
    let mut compared = 0;
    for variant in VariantId::ALL {
        let facts = facts(variant);
        let divide_of = facts.reference;
        with_variant!(variant, P => {
            let fens = std::iter::once(P::start_fen(variant)).chain(facts.sample_fens.iter().copied());
            for fen in fens {
                let pos: P = parse(variant, fen);
                let reference = divide_of(variant, fen, 2);
                assert_same_divide(variant.name(), fen, &engine_divide(&pos, 2), &reference);
                compared += 1;
            }
        });
    }
    assert!(
        compared >= 2 * VariantId::ALL.len(),
        "{compared} positions compared"
    );
}
