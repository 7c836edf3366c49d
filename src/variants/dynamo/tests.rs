//! Unit tests of the position internals: incremental keys, move codes.

use super::board::ZOBRIST;
use super::*;

/// The placement key computed from scratch.
fn placement_from_scratch(p: &DynamoPosition) -> u64 {
    let mut key = 0;
    for sq in 0..64 {
        let pc = p.board[sq];
        if pc != EMPTY {
            key ^= ZOBRIST.piece[pc as usize][sq];
        }
    }
    key
}

/// Random games: the incremental placement key, the bitboards and the
/// mailbox always agree with each other.
#[test]
fn incremental_state_matches_a_rebuild() {
    let mut seed = 12345u64;
    for _ in 0..20 {
        let mut p = DynamoPosition::start(VariantId::Dynamo);
        for _ in 0..120 {
            assert_eq!(p.placement, placement_from_scratch(&p));
            let mut bits = Bits::default();
            for sq in 0..64u8 {
                if p.board[sq as usize] != EMPTY {
                    bits.put(sq, p.board[sq as usize]);
                }
            }
            assert_eq!(bits, p.bits);
            // Re-reading the FEN gives the same key but for the no-undo part.
            let q = DynamoPosition::from_fen(VariantId::Dynamo, &p.fen()).unwrap();
            assert_eq!(q.placement, p.placement);
            let mut moves = Vec::new();
            p.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            let expected = p.placement_after(m);
            p.play(m);
            assert_eq!(p.placement, expected, "placement_after agrees with play");
        }
    }
}

#[test]
fn move_codes_are_unique_and_non_zero() {
    let mut seed = 99u64;
    let mut p = DynamoPosition::start(VariantId::Dynamo);
    for _ in 0..200 {
        let mut moves = Vec::new();
        p.generate(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mut codes: Vec<u32> = moves.iter().map(|&m| DynamoPosition::encode(m)).collect();
        assert!(codes.iter().all(|&c| c != 0));
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), moves.len());
        for &m in &moves {
            assert!(p.history_index(m) < DynamoPosition::HISTORY_SLOTS);
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        p.play(moves[(seed >> 33) as usize % moves.len()]);
    }
}

#[test]
fn tactical_turns_and_gains() {
    // Rook a1 pushes the black bishop a5 off (+330); knight b1 pulls c3 off
    // with itself (+330 - 320); a pawn promotes (+850).
    let p =
        DynamoPosition::from_fen(VariantId::Dynamo, "4k3/7P/8/b7/8/2b5/8/RN3K2 w - - 0 1").unwrap();
    let off = p.parse_move("a1a5,a5off").unwrap();
    assert!(p.is_tactical(off));
    assert_eq!(p.tactical_gain(off), 330);
    let pull = p.parse_move("b1off,c3off").unwrap();
    assert!(p.is_tactical(pull));
    assert_eq!(p.tactical_gain(pull), 10);
    let promo = p.parse_move("h7h8q").unwrap();
    assert!(p.is_tactical(promo));
    assert_eq!(p.tactical_gain(promo), 850);
    let quiet = p.parse_move("a1a2").unwrap();
    assert!(!p.is_tactical(quiet));
}

#[test]
fn null_move_clears_the_no_undo_placement() {
    let mut p = DynamoPosition::start(VariantId::Dynamo);
    p.play(p.parse_move("e2e4").unwrap());
    assert!(p.forbidden.is_some());
    assert!(p.null_move_allowed());
    p.play_null();
    assert!(p.forbidden.is_none());
    assert!(p.white_to_move());
}

#[test]
fn bench_positions_parse() {
    for fen in DynamoPosition::bench_fens(VariantId::Dynamo) {
        DynamoPosition::from_fen(VariantId::Dynamo, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
}
