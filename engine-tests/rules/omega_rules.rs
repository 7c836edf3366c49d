//! Omega FEN and UCI notation: round trips, every kind of malformed input,
//! and the end-of-game rulings of shared/spec/omega.md.

use chimera::variants::omega::OmegaPosition;
use chimera::variants::{Outcome, Rules, VariantId};

const START: &str = "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1";

fn pos(fen: &str) -> OmegaPosition {
    OmegaPosition::from_fen(VariantId::Omega, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn after(fen: &str, moves: &[&str]) -> OmegaPosition {
    let mut p = pos(fen);
    for token in moves {
        let m = p
            .parse_move(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        p.play(m);
    }
    p
}

#[test]
fn start_fen_round_trips() {
    assert_eq!(OmegaPosition::start(VariantId::Omega).fen(), START);
}

#[test]
fn bench_and_suite_fens_round_trip() {
    let suite = std::fs::read_to_string("engine-tests/perft/omega.epd").unwrap();
    let suite = suite
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().unwrap().trim());
    for fen in OmegaPosition::bench_fens(VariantId::Omega)
        .iter()
        .copied()
        .chain(suite)
    {
        assert_eq!(pos(fen).fen(), fen);
    }
}

#[test]
fn en_passant_field_lists_every_passed_square() {
    // The spec's examples: e4e5 after e3e6, e4 after e3e5.
    let p = after(START, &["e3e6"]);
    assert!(p.fen().contains(" b KQkq e4e5 0 1"), "{}", p.fen());
    let p = after(START, &["e3e5"]);
    assert!(p.fen().contains(" b KQkq e4 0 1"), "{}", p.fen());
    // Black: in the order the pawn passed them.
    let p = after(START, &["e3e4", "h10h7"]);
    assert!(p.fen().contains(" w KQkq h9h8 0 2"), "{}", p.fen());
    // One step: none.
    let p = after(START, &["e3e4"]);
    assert!(p.fen().contains(" b KQkq - 0 1"), "{}", p.fen());
    // Both orders of the field are read.
    let black_moved = after(START, &["e3e4", "h10h7"]).fen();
    let reversed = black_moved.replace("h9h8", "h8h9");
    assert_eq!(pos(&reversed).fen(), black_moved);
}

#[test]
fn en_passant_captures_remove_the_passed_pawn() {
    // White e3e6 passing e4 and e5; black d5 takes on e4, f6 on e5.
    let fen = "1**********w/*5k3r*/*1b5p2*/*10*/*10*/*10*/*3Pp5*/*p1p7*/*10*/*CP4P3*/*R1N2K4*/W**********1 b - e4e5 0 1";
    let p = after(fen, &["d5e4"]);
    assert!(p.fen().contains("/*10*/*4p5*/*p9*/*3p6*/"), "{}", p.fen());
    let p = after(fen, &["f6e5"]);
    assert!(p.fen().contains("/*10*/*10*/*p1pp6*/*10*/"), "{}", p.fen());
}

#[test]
fn hash_ignores_move_order_and_counts_en_passant_only_when_possible() {
    let a = after(START, &["d2e4", "d11e9", "i2h4", "i11h9"]);
    let b = after(START, &["i2h4", "i11h9", "d2e4", "d11e9"]);
    assert_eq!(a.hash(), b.hash());
    assert_ne!(a.hash(), OmegaPosition::start(VariantId::Omega).hash());
    // A 3-step nobody can take en passant hashes like the same board
    // reached without the step.
    let stepped = after(START, &["e3e6"]);
    let same_board = pos(&stepped.fen().replace("e4e5", "-"));
    assert_eq!(stepped.hash(), same_board.hash());
    // One that can be taken does not.
    let fen = "1**********w/*5k3r*/*1b5p2*/*10*/*10*/*10*/*3Pp5*/*p1p7*/*10*/*CP4P3*/*R1N2K4*/W**********1 b - e4e5 0 1";
    assert_ne!(pos(fen).hash(), pos(&fen.replace("e4e5", "-")).hash());
}

#[test]
fn uci_tokens_with_two_digit_ranks() {
    let p = OmegaPosition::start(VariantId::Omega);
    let m = p.parse_move("g3g6").unwrap();
    assert_eq!(p.format_move(m), "g3g6");
    let p = after(START, &["g3g6", "e10e7", "i2j4", "d11e9"]);
    assert!(p.fen().contains("*3n6*"), "{}", p.fen());
    // Promotion to a champion and a wizard, written with two-digit ranks.
    let fen =
        "w**********1/*5k4*/*3P6*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*2K7*/1**********W w - - 0 1";
    let p = pos(fen);
    for (token, letter) in [
        ("e10e11c", 'C'),
        ("e10e11w", 'W'),
        ("e10e11q", 'Q'),
        ("e10e11n", 'N'),
    ] {
        let m = p.parse_move(token).unwrap();
        assert_eq!(p.format_move(m), token);
        let mut q = p.clone();
        q.play(m);
        assert!(q.fen().contains(&format!("*3{letter}1k4*")), "{}", q.fen());
    }
    // Castling is the king's move.
    let fen = "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CR3K2RC*/W**********W w KQkq - 0 1";
    let p = after(fen, &["g2i2"]);
    assert!(
        p.fen().contains("*CR4RK1C*") && p.fen().contains(" b kq "),
        "{}",
        p.fen()
    );
    let p = after(fen, &["g2e2"]);
    assert!(
        p.fen().contains("*C2KR3RC*") && p.fen().contains(" b kq "),
        "{}",
        p.fen()
    );
}

#[test]
fn bad_move_tokens_are_errors() {
    let p = OmegaPosition::start(VariantId::Omega);
    for (token, why) in [
        ("m1m2", "no such square m1"),
        ("a13a12", "no such square a13"),
        ("b2a2", "a2 is not on the Omega board"),
        ("d2b1", "b1 is not on the Omega board"),
        ("e3e7", "illegal move"),
        ("a1a12", "illegal move"),
        ("e3", "malformed"),
        ("", "malformed"),
        ("e3e4x", "bad promotion piece"),
        ("e3e4qq", "bad promotion piece"),
        ("e03e4", "malformed square"),
        ("3e4e", "malformed"),
        ("é3e4", "malformed"),
        ("e3e4 ", "bad promotion piece"),
        ("e10e11", "illegal move"),
    ] {
        let err = p.parse_move(token).unwrap_err();
        assert!(err.to_string().contains(why), "{token:?}: {err}");
    }
}

#[test]
fn malformed_fens_are_errors() {
    let base = START;
    let cases: Vec<(String, &str)> = vec![
        ("".into(), "6 fields"),
        (base.replace(" w KQkq - 0 1", " w"), "6 fields"),
        (base.replace("/W**********W", ""), "12 rows"),
        (base.replace("*PPPPPPPPPP*/*C", "*PPPPPPPPP*/*C"), "* on k3"),
        (base.replace("*PPPPPPPPPP*/*C", "*PPPPPPPPPPP*/*C"), "piece P on l3, which does not exist"),
        (base.replace("/*10*/*10*/*10*/*10*/", "/*10*/*11*/*10*/*10*/"), "l8 does not exist"),
        (base.replace("/*10*/*10*/*10*/*10*/", "/*10*/*10*/*10*/*10**/"), "more than 12"),
        (base.replace("/*10*/*10*/*10*/*10*/", "/*10*/*10/*10*/*10*/"), "row 8 has 11 squares"),
        (base.replace("W**********W w", "W10W w"), "does not exist and must be written *"),
        (base.replace("W**********W w", "W*K********W w"), "does not exist"),
        (base.replacen("*10*", "10**", 1), "a9 does not exist"),
        (base.replacen("*10*", "**9*", 1), "* on b9"),
        (base.replace("W**********W w", "***********W w"), "* on a1"),
        (base.replacen("*10*", "*0010*", 1), "bad empty-square count"),
        (base.replacen("*10*", "*4X5*", 1), "unknown piece letter X"),
        (base.replace("*CRNBQKBNRC*/W", "*CRNBQQBNRC*/W"), "white needs exactly one king"),
        (base.replace("*crnbqkbnrc*", "*crnbqkknrc*"), "black needs exactly one king"),
        (base.replace(" w KQkq", " x KQkq"), "side to move"),
        (base.replace(" w KQkq", " w KQkqK"), "given twice"),
        (base.replace(" w KQkq", " w KQkz"), "bad castling"),
        (base.replace("*CRNBQKBNRC*/W", "*C1NBQKBNRC*/W"), "castling right Q needs"),
        (base.replace(" - 0 1", " e4 0 1"), "bad en-passant field"),
        (base.replace(" - 0 1", " e9 0 1"), "bad en-passant field"),
        (base.replace(" - 0 1", " m4 0 1"), "bad en-passant field"),
        (base.replace(" - 0 1", " x 0 1"), "bad en-passant field"),
        (base.replace(" - 0 1", " - x 1"), "halfmove clock"),
        (base.replace(" - 0 1", " - 0 y"), "fullmove number"),
        // Pawns on the first or last field rank, or on a wizard square.
        (base.replace("*CRNBQKBNRC*/W", "*CRNBQKBNRP*/W"), "cannot exist"),
        (base.replace("W**********W w", "P**********W w"), "cannot exist"),
        // The side not to move is in check.
        (
            "1**********1/*10*/*5k4*/*5R4*/*10*/*10*/*10*/*10*/*10*/*10*/*5K4*/1**********1 w - - 0 1".into(),
            "not to move is in check",
        ),
    ];
    for (fen, why) in cases {
        match OmegaPosition::from_fen(VariantId::Omega, &fen) {
            Ok(_) => panic!("accepted {fen}"),
            Err(e) => assert!(e.to_string().contains(why), "{fen}: {e} (wanted {why})"),
        }
    }
    // An en-passant field the position does not support.
    let p = after(START, &["e3e6"]).fen();
    for bad in ["e4e6", "e5", "d4d5", "e4e4", "e4e5e6"] {
        assert!(
            OmegaPosition::from_fen(VariantId::Omega, &p.replace("e4e5", bad)).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn game_ends() {
    // Bare kings: the only insufficient material.
    let kk = pos(
        "1**********1/*10*/*5k4*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*5K4*/1**********1 w - - 0 1",
    );
    assert_eq!(kk.early_end().map(|e| e.outcome), Some(Outcome::Draw));
    // A lone knight mates a king on a wizard square (so K+N is not dead).
    let mate = pos(
        "1**********1/*10*/*5k4*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*Nn8*/K**********1 w - - 0 1",
    );
    assert!(mate.early_end().is_none());
    assert_eq!(mate.count_moves(), 0);
    assert!(mate.in_check());
    assert_eq!(mate.end_without_moves().outcome, Outcome::Loss);
    // King on a1, queen on c2 covers b2: stalemate.
    let stale = pos(
        "1**********1/*10*/*5k4*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*1q8*/K**********1 w - - 0 1",
    );
    assert_eq!(stale.count_moves(), 0);
    assert!(!stale.in_check());
    assert_eq!(stale.end_without_moves().outcome, Outcome::Draw);
}

#[test]
fn pretty_shows_holes() {
    let text = OmegaPosition::start(VariantId::Omega).pretty();
    assert_eq!(text.matches("###").count(), 144 - 104);
    assert!(text.contains(" 12 | w |###|"));
}

#[test]
fn null_move_passes_the_turn() {
    let mut p = after(START, &["e3e6"]);
    assert!(p.null_move_allowed());
    let before = p.hash();
    p.play_null();
    assert!(p.white_to_move());
    assert!(p.fen().contains(" w KQkq - "), "{}", p.fen());
    assert_ne!(p.hash(), before);
    assert_eq!(pos(&p.fen()).hash(), p.hash());
}
