//! Atomic's own move generator against shakmaty's, which it replaced
//! (the perft files are run by `perft.rs`).

use chimera::variants::atomic::AtomicPosition;
use chimera::variants::{CastlingMode, VariantId};

/// Chimera's atomic generator (`variants::atomic::movegen`) against
/// shakmaty's, the one it replaces: the same legal moves in the same order,
/// the same tactical and quiet subsets, the same verdict on every pseudo-legal move
/// and the same legal en-passant square, at every node of short trees from
/// the perft positions and some checks, and along random games to their
/// end (explosions, kings side by side, checks, castling through attacked
/// squares, en passant and promotions).
#[test]
fn atomic_generator_agrees_with_shakmaty_move_for_move() {
    use chimera::rng::SplitMix64;
    use chimera::variants::atomic::movegen;
    use chimera::variants::Rules;
    use shakmaty::Position;

    fn compare(pos: &AtomicPosition, nodes: &mut u64) {
        *nodes += 1;
        let reference: Vec<shakmaty::Move> = pos.pos.legal_moves().into_iter().collect();
        let mut ours = Vec::new();
        movegen::legal_moves(&pos.pos, &mut ours);
        assert_eq!(ours, reference, "legal moves of {}", pos.fen());
        let mut tactical = Vec::new();
        movegen::tactical_moves(&pos.pos, &mut tactical);
        let expected: Vec<_> = reference
            .iter()
            .copied()
            .filter(|&m| pos.is_tactical(m))
            .collect();
        assert_eq!(tactical, expected, "tactical moves of {}", pos.fen());
        let mut quiet = Vec::new();
        movegen::quiet_moves(&pos.pos, &mut quiet);
        let expected: Vec<_> = reference
            .iter()
            .copied()
            .filter(|&m| !pos.is_tactical(m))
            .collect();
        assert_eq!(quiet, expected, "quiet moves of {}", pos.fen());
        // Every move of every piece of the side to move to every square,
        // as the table could name it (a pawn's with every promotion, also
        // those no generator lists; another piece's also with a wrong
        // role, capture or promotion), every en passant and castling of
        // its pawns and king: legal exactly when shakmaty lists it.
        use shakmaty::{Move, Role};
        let mut scratch = Vec::new();
        let board = pos.pos.board();
        let mut candidates = Vec::new();
        for from in board.by_color(pos.pos.turn()) {
            let role = board.role_at(from).unwrap();
            for to in shakmaty::Square::ALL {
                let capture = board.role_at(to);
                let normal = |role, capture, promotion| Move::Normal {
                    role,
                    from,
                    capture,
                    to,
                    promotion,
                };
                candidates.push(normal(role, capture, None));
                if role == Role::Pawn {
                    candidates.extend(Role::ALL.map(|p| normal(role, capture, Some(p))));
                    candidates.push(Move::EnPassant { from, to });
                } else if (to as u32 + from as u32).is_multiple_of(5) {
                    let other = if role == Role::Knight {
                        Role::Bishop
                    } else {
                        Role::Knight
                    };
                    candidates.push(normal(other, capture, None));
                    let wrong_capture = capture.map_or(Some(Role::Pawn), |_| None);
                    candidates.push(normal(role, wrong_capture, None));
                    candidates.push(normal(role, capture, Some(Role::Queen)));
                }
                if role == Role::King && board.rooks().contains(to) {
                    candidates.push(Move::Castle {
                        king: from,
                        rook: to,
                    });
                }
            }
        }
        for m in candidates {
            assert_eq!(
                movegen::is_legal(&pos.pos, m, &mut scratch),
                reference.contains(&m),
                "{m:?} in {}",
                pos.fen()
            );
            assert!(scratch.is_empty());
        }
        for &m in &reference {
            assert!(movegen::is_legal(&pos.pos, m, &mut scratch), "{m:?}");
        }
        assert_eq!(
            movegen::legal_ep_square(&pos.pos),
            pos.pos.ep_square(shakmaty::EnPassantMode::Legal),
            "en passant in {}",
            pos.fen()
        );
    }

    fn walk(pos: &AtomicPosition, depth: u32, nodes: &mut u64) {
        compare(pos, nodes);
        if depth == 0 || pos.early_end().is_some() {
            return;
        }
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        for m in moves {
            let mut child = pos.clone();
            child.play(m);
            walk(&child, depth - 1, nodes);
        }
    }

    let mut nodes = 0;
    let mut starts = Vec::new();
    for (path, castling) in [
        ("engine-tests/perft/atomic.epd", CastlingMode::Standard),
        ("engine-tests/perft/atomic960.epd", CastlingMode::Chess960),
    ] {
        let text = std::fs::read_to_string(path).unwrap();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let fen = line.split(';').next().unwrap().trim();
            let pos = AtomicPosition::from_fen_with(VariantId::Atomic, fen, castling).unwrap();
            walk(&pos, 2, &mut nodes);
            starts.push(pos);
        }
    }
    // Checks a quiet turn may or may not answer: a rook's (blocks by a
    // knight and a bishop), a knight's, a knight's and a rook's at once,
    // and a rook's whose only block is by a knight pinned by a bishop.
    for fen in [
        "4k3/4r3/8/8/8/2N5/3B4/4K3 w - - 0 1",
        "4k3/8/8/8/8/3n4/8/R3K2R w KQ - 0 1",
        "4r2k/8/8/8/8/3n4/8/R3K3 w Q - 0 1",
        "k3r3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
    ] {
        let pos = AtomicPosition::from_fen(VariantId::Atomic, fen).unwrap();
        assert!(pos.in_check(), "{fen}");
        walk(&pos, 2, &mut nodes);
    }
    let mut rng = SplitMix64::new(36);
    for game in 0..500 {
        let mut pos = starts[game % starts.len()].clone();
        let mut moves = Vec::new();
        for _ in 0..300 {
            compare(&pos, &mut nodes);
            if pos.early_end().is_some() {
                break;
            }
            moves.clear();
            pos.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            // Captures half the time, so games reach the sparse endings.
            let captures: Vec<_> = moves.iter().copied().filter(|m| m.is_capture()).collect();
            let pool = if !captures.is_empty() && rng.below(2) == 0 {
                &captures
            } else {
                &moves
            };
            pos.play(pool[rng.below(pool.len())]);
        }
    }
    assert!(nodes > 20_000, "{nodes} positions compared");
}
