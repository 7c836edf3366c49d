//! SAN ([`BoardView::san`] and [`BoardView::parse_san`]) of chess, atomic
//! and Omega:
//!
//! - along seeded random games from the start position and the variant's
//!   `bench_fens`, every legal turn's SAN reads back as that turn (through
//!   `parse_san` and through `parse_pgn_move`, the PGN openings reader's
//!   entry), no two turns of a position share a SAN, and the suffix says
//!   what the position after the turn is: `#` a decided game, `+` a check;
//! - hand-checked SAN of chosen positions: disambiguation by file, rank and
//!   square, promotion, castling, en passant, check and mate, atomic's
//!   exploding mate, Omega's champion and wizard and its wizard squares;
//! - bad SAN is refused as malformed or illegal, never read as some turn;
//! - avalanche and Dynamo have no SAN (their PGN keeps the UCI token) and
//!   their own notation, written after the token, names one turn.

use std::collections::HashSet;

use chimera::variants::atomic::AtomicPosition;
use chimera::variants::chess::ChessPosition;
use chimera::variants::omega::OmegaPosition;
use chimera::variants::view::BoardView;
use chimera::variants::{MoveError, Outcome, Rules, VariantId};
use chimera::with_variant;

use chimera_test_support::random_games;
use chimera_test_support::rng::Rng;
use chimera_test_support::variants::facts;

const GAMES_PER_START: u64 = 2;
const MAX_PLIES: usize = 80;

/// Whether the game is decided (not drawn) right after a turn.
fn decided<P: Rules>(pos: &P) -> bool {
    if let Some(end) = pos.early_end() {
        return end.outcome != Outcome::Draw;
    }
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    moves.is_empty() && pos.end_without_moves().outcome != Outcome::Draw
}

/// Every legal turn of `pos`: SAN written, read back, unique, suffixed.
fn check_position<P: BoardView>(pos: &P) {
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let mut seen = HashSet::new();
    for &m in &moves {
        let token = pos.format_move(m);
        let what = format!("{token} in {}", pos.fen());
        let san = pos.san(m).unwrap_or_else(|| panic!("{what}: no SAN"));
        assert!(seen.insert(san.clone()), "{what}: {san} twice");
        assert_eq!(pos.parse_san(&san), Ok(m), "{what}: {san}");
        assert_eq!(pos.parse_pgn_move(&san), Ok(m), "{what}: {san} in PGN");
        let mut after = pos.clone();
        after.play(m);
        let suffix = match () {
            _ if decided(&after) => "#",
            _ if after.in_check() => "+",
            _ => "",
        };
        let body = san.trim_end_matches(['+', '#']);
        assert_eq!(&san[body.len()..], suffix, "{what}: {san}");
        // The suffix is optional when reading.
        assert_eq!(pos.parse_san(body), Ok(m), "{what}: {body}");
    }
}

fn check_variant<P: BoardView>(variant: VariantId) {
    random_games::for_each_position::<P>(variant, 0x5A9, GAMES_PER_START, MAX_PLIES, |pos| {
        check_position(pos)
    });
}

#[test]
fn san_round_trips_along_random_games() {
    for variant in san_variants() {
        with_variant!(variant, P => check_variant::<P>(variant));
    }
}

/// Avalanche's and Dynamo's own notation (the PGN comment after the
/// token) names one turn: no two legal turns of a position share it.
fn check_variant_notation<P: BoardView>(variant: VariantId) {
    for game in 0..GAMES_PER_START {
        let mut rng = Rng::new(0x5A9 ^ game);
        let mut pos = P::start(variant);
        for _ in 0..MAX_PLIES {
            let mut moves = Vec::new();
            pos.generate(&mut moves);
            let mut seen = HashSet::new();
            for &m in &moves {
                let text = pos.variant_notation(m).expect("a notation");
                assert!(seen.insert(text.clone()), "{text} twice in {}", pos.fen());
            }
            if moves.is_empty() || pos.early_end().is_some() {
                break;
            }
            pos.play(*rng.pick(&moves));
        }
    }
}

/// The variants whose registry entry says they write SAN.
fn san_variants() -> impl Iterator<Item = VariantId> {
    VariantId::ALL.into_iter().filter(|&v| facts(v).san)
}

#[test]
fn variant_notation_is_unique_along_random_games() {
    for variant in VariantId::ALL {
        if !facts(variant).san {
            with_variant!(variant, P => check_variant_notation::<P>(variant));
        }
    }
}

#[test]
fn avalanche_and_dynamo_have_no_san() {
    for variant in VariantId::ALL {
        if facts(variant).san {
            continue;
        }
        with_variant!(variant, P => {
            let pos = P::start(variant);
            let mut moves = Vec::new();
            pos.generate(&mut moves);
            assert!(!moves.is_empty());
            for m in moves {
                assert_eq!(pos.san(m), None, "{variant}");
            }
            assert!(matches!(pos.parse_san("e4"), Err(MoveError::Malformed { .. })));
        });
    }
}

/// The SAN of the turn a UCI token names.
fn san_of<P: BoardView>(fen: &str, token: &str) -> String {
    let pos = P::from_fen(P::VARIANTS[0], fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = pos
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token} in {fen}: {e}"));
    let san = pos.san(m).expect("SAN");
    assert_eq!(pos.parse_san(&san), Ok(m), "{san}");
    san
}

#[test]
fn chess_san_by_hand() {
    let san = san_of::<ChessPosition>;
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(san(start, "g1f3"), "Nf3");
    assert_eq!(san(start, "e2e4"), "e4");
    // Knights b1 and f1 both reach d2: by file; rooks a1 and a5 both
    // reach a3: by rank; queens e4, h4 and h1 all reach e1: h4 needs the
    // whole square.
    let fen = "4k3/8/8/R7/8/8/8/RN2KN2 w - - 0 1";
    assert_eq!(san(fen, "a1a3"), "R1a3");
    assert_eq!(san(fen, "b1d2"), "Nbd2");
    assert_eq!(san(fen, "f1d2"), "Nfd2");
    let fen = "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
    assert_eq!(san(fen, "h4e1"), "Qh4e1");
    assert_eq!(san(fen, "e4e1"), "Qee1");
    assert_eq!(san(fen, "h1e1"), "Q1e1");
    // Promotion with check, castling both ways, en passant.
    assert_eq!(san("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q+");
    assert_eq!(san("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n"), "e8=N");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san(fen, "e1g1"), "O-O");
    assert_eq!(san(fen, "e1c1"), "O-O-O");
    assert_eq!(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), "exd6");
    // Fool's mate.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    assert_eq!(san(fen, "d8h4"), "Qh4#");
}

#[test]
fn atomic_san_by_hand() {
    let san = san_of::<AtomicPosition>;
    // 1. Nf3 e6 2. Ng5 a6: Nxf7 explodes the king on e8.
    let fen = "rnbqkbnr/1ppp1ppp/p3p3/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 3";
    assert_eq!(san(fen, "g5f7"), "Nxf7#");
    // A capture that explodes only the capturer and its victim.
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(san(fen, "e4d5"), "exd5");
    // Kings side by side: the rook on the king's file gives no check.
    assert_eq!(san("8/8/8/8/8/3kK3/8/7R w - - 0 1", "h1d1"), "Rd1");
    assert_eq!(san("8/8/8/8/8/3k4/8/K6R w - - 0 1", "h1d1"), "Rd1+");
}

/// An Omega FEN with these pieces (square name, FEN letter), the rest of
/// the field empty, and these side, castling and en-passant fields.
fn omega_fen(pieces: &[(&str, char)], rest: &str) -> String {
    let exists = |file: usize, rank: usize| {
        let edge = |i: usize| i == 0 || i == 11;
        (!edge(file) && !edge(rank)) || (edge(file) && edge(rank))
    };
    let mut rows = Vec::new();
    for rank in (0..12).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..12 {
            let name = format!("{}{}", (b'a' + file as u8) as char, rank + 1);
            let piece = pieces.iter().find(|(sq, _)| *sq == name).map(|p| p.1);
            let cell = match piece {
                Some(letter) => Some(letter),
                None if !exists(file, rank) => Some('*'),
                None => None,
            };
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {rest}", rows.join("/"))
}

#[test]
fn omega_san_by_hand() {
    let san = san_of::<OmegaPosition>;
    let start = OmegaPosition::start_fen(VariantId::Omega);
    // Wizard from its wizard square (camel leap), champion's two-square
    // jump to the same square, the pawn's three-square first step.
    assert_eq!(san(start, "a1b4"), "Wb4");
    assert_eq!(san(start, "l1k4"), "Wk4");
    assert_eq!(san(start, "b2b4"), "Cb4");
    assert_eq!(san(start, "b3b6"), "b6");
    assert_eq!(san(start, "d2e4"), "Ne4");

    let kings = [("j2", 'K'), ("k11", 'k')];
    let with = |extra: &[(&'static str, char)]| {
        let mut pieces = kings.to_vec();
        pieces.extend_from_slice(extra);
        omega_fen(&pieces, "w - - 0 1")
    };
    // Rooks c5 and j5 both reach f5: by file; c5 and c9 both reach c7: by
    // rank (two digits above 9: R10...).
    let fen = with(&[("c5", 'R'), ("j5", 'R'), ("c9", 'R')]);
    assert_eq!(san(&fen, "c5f5"), "Rcf5");
    assert_eq!(san(&fen, "c5c7"), "R5c7");
    assert_eq!(san(&fen, "c9c7"), "R9c7");
    let fen = with(&[("c10", 'R'), ("c3", 'R')]);
    assert_eq!(san(&fen, "c10c6"), "R10c6");
    // Queens c4, c8 and g4 all reach g8: the whole square.
    let fen = with(&[("c4", 'Q'), ("c8", 'Q'), ("g4", 'Q')]);
    assert_eq!(san(&fen, "c4g8"), "Qc4g8");
    assert_eq!(san(&fen, "c8g8"), "Q8g8");
    assert_eq!(san(&fen, "g4g8"), "Qgg8");
    // Wizards onto a wizard square, and capturing on l12 with check (the
    // wizard's ferz step to k11).
    let fen = with(&[("b4", 'W'), ("k9", 'W'), ("l12", 'r')]);
    assert_eq!(san(&fen, "b4a1"), "Wa1");
    assert_eq!(san(&fen, "k9l12"), "Wxl12+");
    // Champion: wazir step, alfil and dabbaba jumps.
    let fen = with(&[("e5", 'C')]);
    assert_eq!(san(&fen, "e5e6"), "Ce6");
    assert_eq!(san(&fen, "e5g7"), "Cg7");
    assert_eq!(san(&fen, "e5e7"), "Ce7");
    // Promotion on rank 11 to a champion that checks g11 (dabbaba), to a
    // wizard, to a queen.
    let fen = omega_fen(&[("j2", 'K'), ("g11", 'k'), ("e10", 'P')], "w - - 0 1");
    assert_eq!(san(&fen, "e10e11c"), "e11=C+");
    assert_eq!(san(&fen, "e10e11w"), "e11=W");
    assert_eq!(san(&fen, "e10e11q"), "e11=Q+");
    // Mate in the field's corner: the wizard on d11 guards a12 and c10.
    let fen = omega_fen(
        &[
            ("j2", 'K'),
            ("b11", 'k'),
            ("d11", 'W'),
            ("c3", 'R'),
            ("e5", 'R'),
        ],
        "w - - 0 1",
    );
    assert_eq!(san(&fen, "e5b5"), "Rb5#");
    // Castling: king g2 to i2 with the rook j2, to e2 with the rook c2.
    let fen = omega_fen(
        &[("g2", 'K'), ("j2", 'R'), ("c2", 'R'), ("g11", 'k')],
        "w KQ - 0 1",
    );
    assert_eq!(san(&fen, "g2i2"), "O-O");
    assert_eq!(san(&fen, "g2e2"), "O-O-O");
}

#[test]
fn omega_san_reads_variants_of_the_written_form() {
    let start = OmegaPosition::start(VariantId::Omega);
    let token = |text: &str| {
        start
            .parse_san(text)
            .map(|m| start.format_move(m))
            .map_err(|e| e.to_string())
    };
    assert_eq!(token("Wb4"), Ok("a1b4".into()));
    assert_eq!(token("Wa1b4"), Ok("a1b4".into()));
    assert_eq!(token("Wa1-b4!?"), Ok("a1b4".into()));
    assert_eq!(token("Nde4"), Ok("d2e4".into()));
    assert_eq!(token("b6"), Ok("b3b6".into()));
    assert_eq!(token("Pb6"), Ok("b3b6".into()));
    let fen = omega_fen(&[("j2", 'K'), ("g11", 'k'), ("e10", 'P')], "w - - 0 1");
    let pos = OmegaPosition::from_fen(VariantId::Omega, &fen).unwrap();
    let promo = |text: &str| pos.parse_san(text).map(|m| pos.format_move(m));
    assert_eq!(promo("e11=C+"), Ok("e10e11c".into()));
    assert_eq!(promo("e11W"), Ok("e10e11w".into()));
    assert_eq!(promo("O-O"), Err(MoveError::illegal("O-O")));
}

fn is_malformed<M>(r: Result<M, MoveError>) -> bool {
    matches!(r, Err(MoveError::Malformed { .. }))
}

fn is_illegal<M>(r: Result<M, MoveError>) -> bool {
    matches!(r, Err(MoveError::Illegal { .. }))
}

#[test]
fn bad_san_is_refused() {
    let omega = OmegaPosition::start(VariantId::Omega);
    for text in [
        "", "x", "Q", "Zb4", "Wb", "W4", "Wm4", "Wb13", "Wb0", "Wa2", "é4", "b4=", "b4=K", "b4=QQ",
        "W0b4", "Wa13b4", "++", "O-O-O-O",
    ] {
        let r = omega.parse_san(text);
        assert!(r.is_err(), "{text}: {r:?}");
        assert!(
            omega.parse_pgn_move(text).is_err(),
            "{text} read as a PGN move"
        );
    }
    assert!(is_malformed(omega.parse_san("Wm4")));
    assert!(is_illegal(omega.parse_san("Wc4")));
    assert!(is_illegal(omega.parse_san("O-O")));
    // Two knights reach e4 in no position of the start, but two rooks do.
    let fen = omega_fen(
        &[("j2", 'K'), ("k11", 'k'), ("c5", 'R'), ("j5", 'R')],
        "w - - 0 1",
    );
    let pos = OmegaPosition::from_fen(VariantId::Omega, &fen).unwrap();
    assert_eq!(
        pos.parse_san("Rf5").unwrap_err().to_string(),
        "illegal move Rf5: ambiguous, more than one legal move fits"
    );

    let chess = ChessPosition::start(VariantId::Chess);
    assert!(is_malformed(chess.parse_san("Zf3")));
    assert!(is_illegal(chess.parse_san("Nf4")));
    assert_eq!(
        chess.parse_pgn_move("e5").unwrap_err(),
        MoveError::illegal("e5")
    );
}

/// Random texts from SAN's alphabet (and a few bytes outside it) never
/// panic, and whatever they read as is a legal turn whose own SAN reads
/// back as it.
fn fuzz<P: BoardView>(pos: &P, rng: &mut Rng) {
    const ALPHABET: &[&str] = &[
        "a", "b", "c", "d", "e", "f", "h", "k", "l", "m", "z", "1", "2", "3", "4", "9", "0", "10",
        "12", "13", "K", "Q", "R", "B", "N", "C", "W", "P", "O", "x", "=", "+", "#", "-", "!", "?",
        ":", " ", "é", "\u{0}",
    ];
    for _ in 0..3000 {
        let len = rng.below(8);
        let text: String = (0..len).map(|_| *rng.pick(ALPHABET)).collect();
        if let Ok(m) = pos.parse_san(&text) {
            let san = pos.san(m).expect("SAN");
            assert_eq!(pos.parse_san(&san), Ok(m), "{text:?} read as {san}");
        }
        let _ = pos.parse_pgn_move(&text);
    }
}

#[test]
fn random_texts_never_panic() {
    let mut rng = Rng::new(14);
    for variant in san_variants() {
        with_variant!(variant, P => {
            for fen in P::bench_fens(variant) {
                fuzz(&P::from_fen(variant, fen).expect("a bench FEN"), &mut rng);
            }
        });
    }
}
