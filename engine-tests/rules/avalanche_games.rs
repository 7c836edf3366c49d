//! The example games of the seed (`shared/seeds/avalanche-ja.txt`, from the
//! Chess Variant Pages), replayed turn by turn: every turn of the scores
//! must be one of the engine's legal turns, and "//" (no push) must mean
//! that no push was possible. The scores write a turn as `Nf3/c6` (first
//! part / square the pushed pawn lands on); `C` is the Italian knight.
//! Chimera's notation of each turn (the PGN comment after its token) must
//! be the score's text, up to `x` for `:` and check marks.

use chimera::variants::avalanche::AvalanchePosition;
use chimera::variants::view::BoardView;
use chimera::variants::{Rules, VariantId};

/// Piece letters of the board, a1 = 0, from the position's FEN.
fn letters(p: &AvalanchePosition) -> [char; 64] {
    let fen = p.fen();
    let mut out = [' '; 64];
    for (i, row) in fen.split(' ').next().unwrap().split('/').enumerate() {
        let mut file = 0;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
            } else {
                out[(7 - i) * 8 + file] = c;
                file += 1;
            }
        }
    }
    out
}

fn square(text: &str) -> usize {
    let b = text.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

/// Finds the engine turn that a score's `first/push` means.
fn resolve(p: &AvalanchePosition, san: &str) -> String {
    let (first, push) = san.split_once('/').unwrap_or((san, ""));
    let first: String = first.chars().filter(|c| !"!?+#".contains(*c)).collect();
    let push: String = push.chars().filter(|c| !"/!?+#".contains(*c)).collect();
    let board = letters(p);
    let white = p.white_to_move();
    let mut turns = Vec::new();
    p.generate(&mut turns);
    let tokens: Vec<String> = turns.iter().map(|&t| p.format_move(t)).collect();

    let castle = match first.as_str() {
        "00" | "0-0" | "O-O" => Some('g'),
        "000" | "0-0-0" | "O-O-O" => Some('c'),
        _ => None,
    };
    let (role, rest) = match first.chars().next() {
        Some(c @ ('K' | 'Q' | 'R' | 'B' | 'N')) => (c, &first[1..]),
        Some('C') => ('N', &first[1..]),
        _ => ('P', first.as_str()),
    };
    let (rest, promo) = match rest.split_once('=') {
        Some((r, q)) => (r, Some(q.to_ascii_lowercase())),
        None => (rest, None),
    };
    let rest: String = rest.chars().filter(|&c| c != ':' && c != 'x').collect();
    let matching: Vec<&String> = tokens
        .iter()
        .filter(|token| {
            let parts: Vec<&str> = token.split(',').collect();
            let mv = parts[0];
            let (from, to) = (&mv[0..2], &mv[2..4]);
            let push_ok = match parts.get(1) {
                None => push.is_empty(),
                Some(pm) => !push.is_empty() && pm[2..4] == push,
            };
            if !push_ok {
                return false;
            }
            let piece = board[square(from)].to_ascii_uppercase();
            if let Some(file) = castle {
                return piece == 'K' && to.starts_with(file) && from.starts_with('e');
            }
            if piece != role || rest.len() < 2 || &rest[rest.len() - 2..] != to {
                return false;
            }
            let hint = &rest[..rest.len() - 2];
            if !hint.chars().all(|h| from.contains(h)) {
                return false;
            }
            let wanted_promo = promo.clone().or_else(|| {
                let last = if white { '8' } else { '1' };
                (role == 'P' && to.ends_with(last)).then(|| "q".to_string())
            });
            mv.get(4..).filter(|s| !s.is_empty()).map(str::to_string) == wanted_promo
        })
        .collect();
    assert_eq!(
        matching.len(),
        1,
        "{san} at {}: matches {matching:?}",
        p.fen()
    );
    matching[0].clone()
}

/// The score's text as Chimera's notation of the turn writes it
/// (`BoardView::variant_notation`): `x` for `:`, `O-O` for `00`, `N` for
/// the Italian `C`, no check marks or comments.
fn as_written(san: &str) -> String {
    let text: String = san
        .chars()
        .filter(|c| !"!?+#".contains(*c))
        .map(|c| match c {
            ':' => 'x',
            'C' => 'N',
            c => c,
        })
        .collect();
    match text.split_once('/') {
        Some(("00", rest)) => format!("O-O/{rest}"),
        Some(("000", rest)) => format!("O-O-O/{rest}"),
        _ => text,
    }
}

/// Replays a score; every turn's notation must be the score's own text.
fn replay(variant: VariantId, score: &str) -> AvalanchePosition {
    let mut p = AvalanchePosition::start(variant);
    for san in score.split_whitespace() {
        if san.ends_with('.') {
            continue;
        }
        let token = resolve(&p, san);
        let t = p.parse_move(&token).unwrap();
        assert_eq!(
            p.variant_notation(t),
            Some(as_written(san)),
            "{token} at {}",
            p.fen()
        );
        p.play(t);
    }
    p
}

#[test]
fn salvadori_castelli_balanced_1991() {
    let p = replay(
        VariantId::AvalancheBalanced,
        "1. Nf3// Nf6/a3 2. Nc3/c6 d5/h3 3. d4/a6 Ne4/a4 4. Qd3/h6! Bf5/a5 \
         5. Nh4/f6 Bh7/g3 6. N:e4/g6 d:e4/c3 7. Q:e4/e6 Bb4+/c4 8. Bd2/b6 B:d2+/f3 \
         9. K:d2/h5 Qd6/b3 10. e3/c5 c:d4/b4!? 11. Q:a8/d3 Q:b4+/g4 \
         12. K:d3/f5 Qb5/c5+?! 13. Kc2/e5?? Q:c5+/e4 14. Kb2/f4 Qb4+/g5 15. Kc1/b5 Qc3+//",
    );
    // White resigned here, in check.
    assert!(p.in_check());
}

#[test]
fn castelli_salvadori_reversed_1992() {
    let p = replay(
        VariantId::AvalancheReversed,
        "1. Nf3/c6 d5/g3 2. d4/h6 Nf6/c3 3. Qa4/a6 Bg4/a3 4. Bf4/h5 a5/b3 \
         5. Ne5/g6 b5/h3 6. Bg2/b4 b:a3/h4 7. Qb4/a4! Nfd7/e3 8. Qb7/c5 N:e5/e4 \
         9. B:e5/c4 Qc6/f3 10. Q:c6/e6 N:c6/f4 11. B:h8/f6 a:b3/e5 \
         12. B:d5/f5! N:d4// 13. c:d4/a2!! b2// 14. B:c4/g5 b:a1=Q/d5 \
         15. Bf6+// Kc8/d6 16. B:e6+// Kb7/d7 17. 00//!!",
    );
    // Black resigned here.
    assert!(!p.white_to_move());
}

/// The seed's second game breaks at 12...Ng4/f6: the knight f6 is pinned
/// by Bg5 against Kd8 (e7 is empty since 9...Nc6), so the score is wrong
/// there under any reading of the rules. Everything before it replays.
#[test]
fn castelli_kustrin_balanced_1991_up_to_its_error() {
    let p = replay(
        VariantId::AvalancheBalanced,
        "1. e4// e5/f3 2. f4/f6 h5/f5 3. Be2/d6 Qd7/g3 4. B:h5+/a6 Kd8/a3 \
         5. Nc3/c6 Ne7/g4 6. Na4/a5 Qc7/b3 7. c4/b6 Nd7/d3 8. Nc3/c5 Bb7/g5 \
         9. Nb5/g6 Nc6/h3 10. g:f6/d5!? N:f6/h4 11. Bg5/d4! g:h5/a4 12. Nf3//",
    );
    let e = p.parse_move("f6g4,f5f6").unwrap_err();
    assert!(e.to_string().contains("not a legal move"), "{e}");
}
